import { test } from 'node:test';
import assert from 'node:assert/strict';
import { customTable } from './printer.ts';
import { evaluate, parseJsonPath } from './jsonpath.ts';

const obj = {
  metadata: { name: 'a', creationTimestamp: '2024-05-01T10:00:00Z' },
  spec: { cronSpec: '* * * * */5', replicas: 3, ratio: 2.7, on: true, tags: ['x', 'y'], nested: { a: 1 } },
  status: { conditions: [{ type: 'Ready', status: 'True' }, { type: 'Synced', status: 'False' }] },
};

test('the JSONPath subset of printer columns', () => {
  const at = (p: string) => evaluate(parseJsonPath(p), obj);
  assert.deepEqual(at('.spec.replicas'), [3]);
  assert.deepEqual(at('.spec.tags[1]'), ['y']);
  assert.deepEqual(at('.spec.tags[-1]'), ['y']);
  assert.deepEqual(at('.spec.tags[*]'), ['x', 'y']);
  assert.deepEqual(at(".spec['cronSpec']"), ['* * * * */5']);
  assert.deepEqual(at('.status.conditions[?(@.type=="Ready")].status'), ['True']);
  assert.deepEqual(at('.spec.absent.deeper'), []);
  assert.throws(() => parseJsonPath('.spec[?(bad'));
});

test('cells: Name, then each column coerced as Kubernetes does; dates as ages; missing is null', () => {
  const t = customTable([
    { name: 'Spec', type: 'string', jsonPath: '.spec.cronSpec' },
    { name: 'Replicas', type: 'integer', jsonPath: '.spec.ratio' },
    { name: 'On', type: 'boolean', jsonPath: '.spec.on' },
    { name: 'Nested', type: 'string', jsonPath: '.spec.nested', priority: 1 },
    { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
    { name: 'Missing', type: 'string', jsonPath: '.spec.none' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ]);
  assert.deepEqual(
    t.columns.map((c) => [c.name, c.type, c.priority]),
    [['Name', 'string', 0], ['Spec', 'string', 0], ['Replicas', 'integer', 0], ['On', 'boolean', 0], ['Nested', 'string', 1], ['Ready', 'string', 0], ['Missing', 'string', 0], ['Age', 'date', 0]],
  );
  assert.equal(t.columns[1].description, 'Custom resource definition column (in JSONPath format): .spec.cronSpec');
  const now = Date.parse('2024-05-01T10:05:00Z');
  assert.deepEqual(t.cells(obj, now), ['a', '* * * * */5', 2, true, '{"a":1}', 'True', null, '5m']);
  // no declared column: Age
  const d = customTable(undefined);
  assert.deepEqual(d.columns.map((c) => c.name), ['Name', 'Age']);
  assert.deepEqual(d.cells(obj, now), ['a', '5m']);
});
