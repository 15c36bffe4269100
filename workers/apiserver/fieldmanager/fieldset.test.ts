import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FieldSet } from './fieldset.ts';
import { fieldSet, typedErrors } from './owned.ts';
import { pathString } from './path.ts';
import { strip } from './strip.ts';
import { deploymentSchema, vitrineConfig } from './fixtures.test-support.ts';
import { objectEntries } from '../../../lib/api/meta.ts';
import * as v from 'valibot';

const json = (x: unknown) => JSON.stringify(x);

test('an applied Deployment owns what the chapter shows, in the same key order', () => {
  const set = strip(fieldSet(vitrineConfig(2), deploymentSchema));
  const expected = {
    'f:spec': {
      'f:replicas': {},
      'f:selector': {},
      'f:template': {
        'f:metadata': { 'f:labels': { 'f:app': {} } },
        'f:spec': {
          'f:containers': {
            'k:{"name":"web"}': { '.': {}, 'f:args': {}, 'f:image': {}, 'f:name': {}, 'f:resources': { 'f:requests': { 'f:cpu': {}, 'f:memory': {} } } },
          },
        },
      },
    },
  };
  assert.equal(json(set.toFieldsV1()), json(expected));
});

test('keys sort numbers as numbers, fields before keys before values; `.` comes first', () => {
  const set = FieldSet.fromFieldsV1({
    'v:"b"': {},
    'k:{"containerPort":443,"protocol":"TCP"}': {},
    'f:z': {},
    'k:{"containerPort":80,"protocol":"TCP"}': { 'f:name': {}, '.': {} },
    'v:"a"': {},
    'f:a': { 'f:b': {} },
  });
  assert.equal(
    json(set.toFieldsV1()),
    json({
      'f:a': { 'f:b': {} },
      'f:z': {},
      'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:name': {} },
      'k:{"containerPort":443,"protocol":"TCP"}': {},
      'v:"a"': {},
      'v:"b"': {},
    }),
  );
});

test('fieldsV1 round-trips, and `.` marks a path that is itself owned', () => {
  const raw = { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:replicas': {} } };
  const set = FieldSet.fromFieldsV1(raw);
  assert.deepEqual(set.toFieldsV1(), raw);
  assert.equal(set.has([{ field: 'metadata' }, { field: 'labels' }]), true);
  assert.equal(set.has([{ field: 'metadata' }]), false);
  assert.deepEqual(set.paths().map(pathString), ['.metadata.labels', '.metadata.labels.app', '.spec.replicas']);
});

test('key fields are compact JSON sorted by name; a missing protocol defaults to TCP', () => {
  const obj = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { template: { spec: { containers: [{ name: 'c', ports: [{ protocol: 'UDP', containerPort: 53 }, { containerPort: 80 }] }] } } } };
  const ports = fieldSet(obj, deploymentSchema).toFieldsV1() as any;
  const c = ports['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"c"}'];
  assert.deepEqual(Object.keys(c['f:ports']), ['k:{"containerPort":53,"protocol":"UDP"}', 'k:{"containerPort":80,"protocol":"TCP"}']);
});

test('sets own each value; null and {} struct fields are owned themselves; atomic values are leaves', () => {
  const obj = {
    metadata: { name: 'x', finalizers: ['b', 'a'], labels: {} },
    spec: { strategy: {}, replicas: null, selector: { matchLabels: { a: 'b' } }, template: { spec: { nodeSelector: { disk: 'ssd' }, containers: [] } } },
  };
  assert.deepEqual(strip(fieldSet(obj, deploymentSchema)).toFieldsV1(), {
    'f:metadata': { 'f:finalizers': { 'v:"a"': {}, 'v:"b"': {} }, 'f:labels': {} },
    'f:spec': { 'f:replicas': {}, 'f:selector': {}, 'f:strategy': {}, 'f:template': { 'f:spec': { 'f:nodeSelector': {} } } },
  });
});

test('never-tracked fields are stripped', () => {
  const obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'n', uid: 'u', resourceVersion: '3', labels: { a: 'b' } }, data: { k: 'v' } };
  const schema = v.object({ ...objectEntries, data: v.optional(v.record(v.string(), v.string())) });
  assert.deepEqual(strip(fieldSet(obj, schema)).toFieldsV1(), { 'f:data': { 'f:k': {} }, 'f:metadata': { 'f:labels': { 'f:a': {} } } });
});

test('a configuration a typed conversion would refuse is reported with structured-merge-diff wording', () => {
  const obj = { spec: { template: { spec: { containers: [{ image: 'x' }, { name: 'a' }, { name: 'a' }] } } } };
  assert.deepEqual(typedErrors(obj, deploymentSchema), [
    `.spec.template.spec.containers: element 0: associative list with keys has an element that omits key field "name" (and doesn't have default value)`,
    '.spec.template.spec.containers: duplicate entries for key [name="a"]',
  ]);
});

test('set algebra: difference is per member, recursiveDifference drops whole subtrees', () => {
  const a = FieldSet.of([{ field: 'spec' }], [{ field: 'spec' }, { field: 'replicas' }], [{ field: 'status' }, { field: 'x' }]);
  const spec = FieldSet.of([{ field: 'spec' }]);
  assert.deepEqual(a.difference(spec).paths().map(pathString), ['.spec.replicas', '.status.x']);
  assert.deepEqual(a.recursiveDifference(spec).paths().map(pathString), ['.status.x']);
  assert.deepEqual(a.intersection(FieldSet.of([{ field: 'status' }, { field: 'x' }])).paths().map(pathString), ['.status.x']);
  assert.equal(a.difference(a).isEmpty(), true);
});
