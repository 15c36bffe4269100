import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CustomResourceDefinition } from '../../../lib/api/apiextensions.ts';
import { validateCRD } from './validation.ts';

const crd = (spec: Partial<CustomResourceDefinition['spec']>, name = 'crontabs.stable.example.com'): CustomResourceDefinition => ({
  metadata: { name },
  spec: {
    group: 'stable.example.com',
    scope: 'Namespaced',
    names: { plural: 'crontabs', singular: 'crontab', kind: 'CronTab', listKind: 'CronTabList' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object' } } } } }],
    ...spec,
  },
});
const texts = (c: CustomResourceDefinition) => validateCRD(c).map((e) => `${e.field}: ${e.body}`);

test('a valid CRD has no errors', () => assert.deepEqual(texts(crd({})), []));

test('names, group, scope and versions with Kubernetes texts', () => {
  assert.deepEqual(texts(crd({}, 'crontabs')), ['metadata.name: Invalid value: "crontabs": must be spec.names.plural+"."+spec.group']);
  assert.deepEqual(texts(crd({ scope: 'Everywhere' })), ['spec.scope: Unsupported value: "Everywhere": supported values: "Cluster", "Namespaced"']);
  assert.deepEqual(texts(crd({ versions: [{ name: 'v1', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object' } } }] })), [
    'spec.versions: Invalid value: []string{"v1"}: must have exactly one version marked as storage version',
  ]);
  assert.deepEqual(texts(crd({ versions: [{ name: 'v1', served: true, storage: true }] })), ['spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required']);
});

test('structural schema rules', () => {
  const withSchema = (openAPIV3Schema: object) => crd({ versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema } }] });
  assert.deepEqual(texts(withSchema({ type: 'object', properties: { spec: { properties: { a: { type: 'string' } } } } })), [
    'spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
  ]);
  assert.deepEqual(texts(withSchema({ type: 'object', properties: { l: { type: 'array', items: { type: 'object' }, 'x-kubernetes-list-type': 'map' } } })), [
    'spec.versions[0].schema.openAPIV3Schema.properties[l].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map',
  ]);
  assert.deepEqual(texts(withSchema({ type: 'object', properties: { spec: { type: 'object', properties: { r: { type: 'integer', maximum: 10, default: 20 } } } } })), [
    'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[r].default: Invalid value: 20: spec.r in body should be less than or equal to 10',
  ]);
  assert.deepEqual(texts(withSchema({ type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } })), [
    'spec.versions[0].schema.openAPIV3Schema.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified',
  ]);
});

test('selectable fields: paths to scalars of the schema, not in metadata, at most 8', () => {
  const withFields = (paths: string[]) =>
    crd({
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          selectableFields: paths.map((jsonPath) => ({ jsonPath })),
          schema: { openAPIV3Schema: { type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string' } } }, spec: { type: 'object', properties: { a: { type: 'string' }, list: { type: 'array', items: { type: 'string' } } } } } } },
        },
      ],
    });
  assert.deepEqual(texts(withFields(['.spec.a'])), []);
  assert.deepEqual(texts(withFields(['.metadata.name', '.spec.list[0]', 'spec.a', '', '.spec.'])), [
    'spec.versions[0].selectableFields[0].jsonPath: Invalid value: ".metadata.name": must not point to fields in metadata',
    'spec.versions[0].selectableFields[1].jsonPath: Invalid value: ".spec.list[0]": is an invalid path: array notation is not allowed',
    'spec.versions[0].selectableFields[2].jsonPath: Invalid value: "spec.a": is an invalid path: expected [ or . but got: spec',
    'spec.versions[0].selectableFields[3].jsonPath: Required value',
    'spec.versions[0].selectableFields[4].jsonPath: Invalid value: ".spec.": is an invalid path: unexpected end of JSON path',
  ]);
});
