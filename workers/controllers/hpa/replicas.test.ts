import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replicasForUtilization, type PodSample } from './replicas.ts';

const NOW = 10 * 60_000;
const pod = (name: string, o: Partial<PodSample> = {}): PodSample => ({ name, phase: 'Running', ready: true, startedAt: 0, request: 100, ...o });
const usage = (m: Record<string, number>) => new Map(Object.entries(m));

test('desired = ceil(current × usage / target), nothing within the 0.1 tolerance', () => {
  assert.deepEqual(replicasForUtilization(1, [pod('a')], usage({ a: 150 }), 'cpu', 50, NOW), { replicas: 3, utilization: 150, rawAverage: 150 });
  // 54 % of a 50 % target is within 10 %: no change
  assert.equal((replicasForUtilization(2, [pod('a'), pod('b')], usage({ a: 54, b: 54 }), 'cpu', 50, NOW) as { replicas: number }).replicas, 2);
  assert.equal((replicasForUtilization(4, [pod('a'), pod('b'), pod('c'), pod('d')], usage({ a: 10, b: 10, c: 10, d: 10 }), 'cpu', 50, NOW) as { replicas: number }).replicas, 1);
});

test('a pod without a request stops the computation with Kubernetes’ message', () => {
  const r = replicasForUtilization(1, [pod('a', { request: undefined, missingRequestIn: 'app' })], usage({ a: 10 }), 'cpu', 50, NOW);
  assert.deepEqual(r, { error: 'missing request for cpu in container app of Pod a' });
});

test('missing metrics count as 100 % when scaling down and 0 % when scaling up', () => {
  // scaling down: the pod without metrics counts as its full request, which holds the scale
  const down = replicasForUtilization(2, [pod('a'), pod('b')], usage({ a: 10 }), 'cpu', 50, NOW) as { replicas: number };
  assert.equal(down.replicas, 2);
  // scaling up: it counts as 0 %: 200 % + 0 % over two pods = 100 % → 4, not 8
  const up = replicasForUtilization(2, [pod('a'), pod('b')], usage({ a: 200 }), 'cpu', 50, NOW) as { replicas: number };
  assert.equal(up.replicas, 4);
});

test('unready pods do not count their usage and count as 0 % when scaling up; failed and deleting pods are ignored', () => {
  const pods = [pod('a'), pod('b', { ready: false, startedAt: NOW - 1000 }), pod('c', { phase: 'Failed' }), pod('d', { deleting: true })];
  const r = replicasForUtilization(2, pods, usage({ a: 200, b: 900, c: 900, d: 900 }), 'cpu', 50, NOW) as { replicas: number; utilization: number };
  assert.equal(r.utilization, 200);
  assert.equal(r.replicas, 4); // (200 + 0) / 2 = 100 % of 50 % → 2 × 2
  assert.deepEqual(replicasForUtilization(1, [pod('x', { phase: 'Pending' })], usage({}), 'cpu', 50, NOW), { error: 'did not receive metrics for targeted pods (pods might be unready)' });
});
