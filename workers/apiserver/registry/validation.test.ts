import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invalid } from '../../../lib/errors.ts';
import {
  dns1035Label,
  dns1123Label,
  dns1123Subdomain,
  labelValue,
  qualifiedName,
  validateAnnotations,
  validateLabelSelector,
  validateLabels,
  validateObjectMeta,
  validateObjectMetaUpdate,
} from './validation.ts';

const SUBDOMAIN_TEXT =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

test('the Bad_Name example renders exactly', () => {
  const errs = validateObjectMeta({ metadata: { name: 'Bad_Name', namespace: 'default' } }, { namespaced: true, nameRule: 'subdomain', isCreate: true });
  const status = invalid({ group: '', kind: 'ConfigMap' }, 'Bad_Name', errs).status;
  assert.equal(status.message, `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": ${SUBDOMAIN_TEXT}`);
  assert.deepEqual(status.details?.causes, [{ reason: 'FieldValueInvalid', message: `Invalid value: "Bad_Name": ${SUBDOMAIN_TEXT}`, field: 'metadata.name' }]);
});

test('name or generateName is required', () => {
  const errs = validateObjectMeta({ metadata: { namespace: 'default' } }, { namespaced: true, nameRule: 'subdomain', isCreate: true });
  assert.equal(invalid({ group: '', kind: 'ConfigMap' }, '', errs).status.message, 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');
  // generateName alone is enough on create (the name is generated), and is checked with the trailing dash masked
  assert.deepEqual(validateObjectMeta({ metadata: { generateName: 'web-', namespace: 'default' } }, { namespaced: true, nameRule: 'subdomain', isCreate: true }), []);
  const bad = validateObjectMeta({ metadata: { generateName: 'Web-', namespace: 'd' } }, { namespaced: true, nameRule: 'subdomain', isCreate: true });
  assert.equal(bad[0].field, 'metadata.generateName');
});

test('DNS-1123 label messages, double space before "or"', () => {
  assert.deepEqual(dns1123Label('ok-1'), []);
  assert.deepEqual(dns1123Label('a.b'), ['must not contain dots']);
  assert.deepEqual(dns1123Label('A'), [
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  ]);
  assert.deepEqual(dns1123Label('a'.repeat(64)), ['must be no more than 63 characters']);
  assert.equal(dns1123Label('-' + 'a'.repeat(63)).length, 2);
});

test('subdomain, DNS-1035, label value', () => {
  assert.deepEqual(dns1123Subdomain('example.com'), []);
  assert.deepEqual(dns1123Subdomain('x'.repeat(254)), ['must be no more than 253 characters']);
  assert.deepEqual(dns1035Label('1abc'), [
    "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
  ]);
  assert.deepEqual(labelValue(''), []);
  assert.deepEqual(labelValue('My_Value.1'), []);
  assert.deepEqual(labelValue('-x'), [
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
  ]);
});

test('qualified names', () => {
  assert.deepEqual(qualifiedName('example.com/MyName'), []);
  assert.deepEqual(qualifiedName('app'), []);
  assert.deepEqual(qualifiedName('/x'), ['prefix part must be non-empty']);
  const empty = qualifiedName('a/');
  assert.equal(empty[0], 'name part must be non-empty');
  assert.match(empty[1], /^name part must consist of alphanumeric characters/);
  assert.match(qualifiedName('a/b/c')[0], /^a qualified name must consist .* with an optional DNS subdomain prefix and '\/' \(e\.g\. 'example\.com\/MyName'\)$/);
  assert.match(qualifiedName('Bad_Prefix/x')[0], /^prefix part a lowercase RFC 1123 subdomain/);
  assert.deepEqual(qualifiedName('x'.repeat(64)), ['name part must be no more than 63 characters']);
});

test('labels and annotations report at the map path', () => {
  const errs = validateLabels({ 'bad key!': 'ok', good: '-bad' }, 'metadata.labels');
  assert.deepEqual(
    errs.map((e) => [e.field, e.body.slice(0, 30)]),
    [
      ['metadata.labels', 'Invalid value: "bad key!": nam'],
      ['metadata.labels', 'Invalid value: "-bad": a valid'],
    ],
  );
  assert.deepEqual(validateAnnotations({ 'Example.COM/Key': 'v' }, 'metadata.annotations'), []);
  const big = validateAnnotations({ a: 'x'.repeat(262144) }, 'metadata.annotations');
  assert.deepEqual(big, [{ type: 'FieldValueTooLong', field: 'metadata.annotations', body: 'Too long: may not be more than 262144 bytes' }]);
});

test('label selectors', () => {
  const errs = validateLabelSelector(
    {
      matchExpressions: [
        { key: 'a', operator: 'In', values: [] },
        { key: 'b', operator: 'Exists', values: ['x'] },
        { key: 'c', operator: 'Near' },
      ],
    },
    'spec.selector',
  );
  assert.deepEqual(
    errs.map((e) => `${e.field}: ${e.body}`),
    [
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      "spec.selector.matchExpressions[1].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
      'spec.selector.matchExpressions[2].operator: Invalid value: "Near": not a valid selector operator',
    ],
  );
});

test('namespace scope, generation, finalizers, owner references', () => {
  const rules = { namespaced: false, nameRule: 'subdomain' as const, isCreate: true };
  const errs = validateObjectMeta(
    {
      metadata: {
        name: 'n',
        namespace: 'x',
        generation: -1,
        finalizers: ['bad/name/x'],
        ownerReferences: [
          { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'a', uid: '1', controller: true },
          { apiVersion: '', kind: 'ReplicaSet', name: 'b', uid: '2', controller: true },
        ],
      },
    },
    rules,
  );
  const texts = errs.map((e) => `${e.field}: ${e.body}`);
  assert.ok(texts.includes('metadata.namespace: Forbidden: not allowed on this type'));
  assert.ok(texts.includes('metadata.generation: Invalid value: -1: must be greater than or equal to 0'));
  assert.ok(texts.includes('metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty'));
  assert.ok(texts.some((t) => t.endsWith('Only one reference can have Controller set to true. Found "true" in references for ReplicaSet/a and ReplicaSet/b')));
  assert.ok(texts.some((t) => t.startsWith('metadata.finalizers: Invalid value: "bad/name/x": a qualified name')));
  const missingNs = validateObjectMeta({ metadata: { name: 'n' } }, { ...rules, namespaced: true });
  assert.deepEqual(missingNs, [{ type: 'FieldValueRequired', field: 'metadata.namespace', body: 'Required value' }]);
});

test('update: immutable fields, no new finalizers while deleting, generation', () => {
  const old = { metadata: { name: 'x', namespace: 'ns', uid: 'u1', creationTimestamp: '2025-01-01T00:00:00Z', generation: 2, deletionTimestamp: '2025-01-02T00:00:00Z', finalizers: ['a.io/f'] } };
  const now = { metadata: { ...old.metadata, name: 'y', uid: 'u2', generation: 1, finalizers: ['a.io/f', 'b.io/g'] } };
  const texts = validateObjectMetaUpdate(now, old).map((e) => `${e.field}: ${e.body}`);
  assert.deepEqual(texts, [
    'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"b.io/g"}',
    'metadata.generation: Invalid value: 1: must not be decremented',
    'metadata.name: Invalid value: "y": field is immutable',
    'metadata.uid: Invalid value: "u2": field is immutable',
  ]);
  assert.deepEqual(validateObjectMetaUpdate(old, old), []);
});
