import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { maxSurge, maxUnavailable, newRSNewReplicas, proportion, resolveFenceposts, scaledValue } from './replicas.ts';

const deployment = (replicas: number, surge: number | string = '25%', unavailable: number | string = '25%', type = 'RollingUpdate'): Deployment => ({
  metadata: { name: 'd' },
  spec: { replicas, strategy: { type, rollingUpdate: type === 'RollingUpdate' ? { maxSurge: surge, maxUnavailable: unavailable } : undefined } },
  status: {},
});
const rs = (replicas: number, maxReplicas?: number): ReplicaSet => ({
  metadata: { name: `rs-${replicas}`, annotations: maxReplicas === undefined ? undefined : { 'deployment.kubernetes.io/max-replicas': String(maxReplicas) } },
  spec: { replicas },
});

test('percentages: surge rounds up, unavailable rounds down', () => {
  assert.equal(scaledValue('25%', 3, true), 1);
  assert.equal(scaledValue('25%', 3, false), 0);
  assert.equal(scaledValue('25%', 10, true), 3);
  assert.equal(scaledValue('25%', 10, false), 2);
  assert.equal(scaledValue(2, 10, false), 2);
  assert.throws(() => scaledValue('25', 10, true), /not a percentage/);
});

test('fenceposts: both zero lets one pod be unavailable; unavailable never exceeds the replicas', () => {
  assert.deepEqual(resolveFenceposts(deployment(3)), { surge: 1, unavailable: 0 });
  assert.deepEqual(resolveFenceposts(deployment(1, 0, '25%')), { surge: 0, unavailable: 1 });
  assert.equal(maxUnavailable(deployment(2, 0, 5)), 2);
  assert.equal(maxUnavailable(deployment(0)), 0);
  assert.equal(maxSurge(deployment(3, '25%', '25%', 'Recreate')), 0);
  assert.equal(maxUnavailable(deployment(3, '25%', '25%', 'Recreate')), 0);
});

test('the new ReplicaSet grows within replicas + maxSurge, and never beyond the replicas', () => {
  const d = deployment(3);
  assert.equal(newRSNewReplicas(d, [rs(0)], rs(0)), 3, 'a first rollout starts at full size');
  assert.equal(newRSNewReplicas(d, [rs(3), rs(0)], rs(0)), 1, 'beside 3 old pods: one surge pod');
  assert.equal(newRSNewReplicas(d, [rs(3), rs(1)], rs(1)), 1, 'at the surge limit: no growth');
  assert.equal(newRSNewReplicas(d, [rs(2), rs(1)], rs(1)), 2);
  assert.equal(newRSNewReplicas(deployment(3, '25%', '25%', 'Recreate'), [rs(3), rs(0)], rs(0)), 3);
});

test('proportions: a scaling mid-rollout is shared by size, relative to the size each was made for', () => {
  const d = deployment(6); // max 6 + 2 = 8, the ReplicaSets were sized for 3 + 1 = 4
  assert.equal(proportion(rs(3, 4), d, 4, 0), 3);
  assert.equal(proportion(rs(1, 4), d, 4, 3), 1);
  assert.equal(proportion(rs(1, 4), d, 4, 4), 0, 'nothing left to hand out');
  const down = deployment(1); // max 1 + 1 = 2 from 4: 3 becomes 1.5, rounded to 2
  assert.equal(proportion(rs(3, 4), down, -2, 0), -1);
  assert.equal(proportion(rs(3, 4), deployment(0), -4, 0), -3, 'to zero: all of it');
  assert.equal(proportion(rs(3, 4), deployment(0), -4, -2), -2, 'shrinking: never more than what is left to remove');
  assert.equal(proportion(rs(0, 4), d, 4, 0), 0, 'an empty ReplicaSet is never grown proportionally');
  assert.equal(proportion(rs(2), { ...d, status: { replicas: 4 } }, 4, 0), 2, 'without annotation: the Deployment size');
});
