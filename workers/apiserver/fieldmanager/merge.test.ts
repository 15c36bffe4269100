import { test } from 'node:test';
import assert from 'node:assert/strict';
import { merge } from './merge.ts';
import { removeItems } from './remove.ts';
import { FieldSet } from './fieldset.ts';
import { deploymentSchema } from './fixtures.test-support.ts';

const names = (...n: string[]) => ({ spec: { template: { spec: { containers: n.map((name) => ({ name })) } } } });
const order = (o: unknown) => (o as ReturnType<typeof names>).spec.template.spec.containers.map((c) => c.name);

test('associative lists: live-only items keep their place, shared and new items follow the configuration', () => {
  assert.deepEqual(order(merge(names('a', 'b', 'c'), names('c', 'd'), deploymentSchema)), ['a', 'b', 'c', 'd']);
  assert.deepEqual(order(merge(names('a', 'x', 'b'), names('b', 'a'), deploymentSchema)), ['x', 'b', 'a']);
  assert.deepEqual(order(merge(names('a'), names('n', 'a', 'm'), deploymentSchema)), ['n', 'a', 'm']);
});

test('items merge field by field; atomic values and scalars are replaced', () => {
  const live = { spec: { replicas: 3, selector: { matchLabels: { a: '1', b: '2' } }, template: { spec: { containers: [{ name: 'c', image: 'old', args: ['x', 'y'], terminationMessagePath: '/dev/t' }] } } } };
  const config = { spec: { selector: { matchLabels: { a: '1' } }, template: { spec: { containers: [{ name: 'c', image: 'new', args: ['z'] }] } } } };
  assert.deepEqual(merge(live, config, deploymentSchema), {
    spec: { replicas: 3, selector: { matchLabels: { a: '1' } }, template: { spec: { containers: [{ name: 'c', image: 'new', args: ['z'], terminationMessagePath: '/dev/t' }] } } },
  });
});

test('granular maps merge per key; a null granular map keeps the live content', () => {
  const live = { metadata: { labels: { a: '1' }, annotations: { x: 'y' } } };
  assert.deepEqual(merge(live, { metadata: { labels: { b: '2' }, annotations: null } }, deploymentSchema), { metadata: { labels: { a: '1', b: '2' }, annotations: { x: 'y' } } });
});

test('map keys named like Object.prototype members merge like any other', () => {
  const live = { metadata: { labels: { constructor: 'live' } } };
  assert.deepEqual(merge(live, { metadata: { labels: { toString: 'applied' } } }, deploymentSchema), { metadata: { labels: { constructor: 'live', toString: 'applied' } } });
});

test('sets merge by value', () => {
  assert.deepEqual(merge({ metadata: { finalizers: ['a', 'b'] } }, { metadata: { finalizers: ['c', 'a'] } }, deploymentSchema), { metadata: { finalizers: ['c', 'a', 'b'] } });
});

test('removing items: member paths go with their subtree; emptied maps and lists disappear, value structs stay', () => {
  const obj = { metadata: { labels: { a: '1' } }, spec: { replicas: 2, strategy: { type: 'Recreate' }, template: { spec: { containers: [{ name: 'a' }, { name: 'b' }] } } } };
  const drop = FieldSet.of(
    [{ field: 'metadata' }, { field: 'labels' }, { field: 'a' }],
    [{ field: 'spec' }, { field: 'strategy' }, { field: 'type' }],
    [{ field: 'spec' }, { field: 'template' }, { field: 'spec' }, { field: 'containers' }, { key: [['name', 'a']] }],
  );
  assert.deepEqual(removeItems(obj, drop, deploymentSchema), { metadata: {}, spec: { replicas: 2, strategy: {}, template: { spec: { containers: [{ name: 'b' }] } } } });
});
