import { test } from 'node:test';
import assert from 'node:assert/strict';
import { limit, recordScale, rulesOf, stabilize, type Memory } from './behavior.ts';

const fresh = (): Memory => ({ recommendations: [], up: [], down: [] });

test('scale down waits for the 300 s window: the highest recommendation of the window wins', () => {
  const mem = fresh();
  const { up, down } = rulesOf(undefined);
  assert.equal(stabilize(mem, 5, 5, up, down, 0), 5);
  assert.equal(stabilize(mem, 5, 2, up, down, 60_000), 5);
  assert.equal(stabilize(mem, 5, 2, up, down, 301_000), 2);
  // scale up is not stabilized by default
  assert.equal(stabilize(mem, 2, 7, up, down, 302_000), 7);
});

test('default scale-up policies: the more of 4 pods and 100 % per 15 s; then maxReplicas', () => {
  const mem = fresh();
  const { up, down } = rulesOf(undefined);
  assert.deepEqual(limit(mem, 1, 20, 1, 10, up, down, 0), { replicas: 5, reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' });
  assert.deepEqual(limit(mem, 8, 20, 1, 10, up, down, 0), { replicas: 10, reason: 'TooManyReplicas', message: 'the desired replica count is more than the maximum replica count' });
  // after scaling 1 → 5, the period's start is 1 again: no more than 5 until 15 s have passed
  recordScale(mem, 1, 5, up, down, 0);
  assert.equal(limit(mem, 5, 20, 1, 30, up, down, 10_000).replicas, 5);
  assert.equal(limit(mem, 5, 20, 1, 30, up, down, 16_000).replicas, 10);
  assert.deepEqual(limit(mem, 5, 5, 1, 30, up, down, 16_000).reason, 'DesiredWithinRange');
});

test('a Pods scale-down policy, and minReplicas', () => {
  const mem = fresh();
  const { up, down } = rulesOf({ scaleDown: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } });
  assert.deepEqual(limit(mem, 5, 1, 1, 10, up, down, 0), { replicas: 4, reason: 'ScaleDownLimit', message: 'the desired replica count is decreasing faster than the maximum scale rate' });
  assert.equal(limit(mem, 2, 0, 2, 10, up, down, 0).reason, 'TooFewReplicas');
  const disabled = rulesOf({ scaleUp: { selectPolicy: 'Disabled', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }] } });
  assert.equal(limit(mem, 3, 9, 1, 10, disabled.up, disabled.down, 0).replicas, 3);
});
