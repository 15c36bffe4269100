import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initialTracker, nextProbeAt, observe, probeParams } from './state.ts';

test('defaults are the kubelet’s: period 10 s, timeout 1 s, success 1, failure 3, no delay', () => {
  assert.deepEqual(probeParams({}, 'readiness'), { initialDelayMs: 0, periodMs: 10_000, timeoutMs: 1_000, successThreshold: 1, failureThreshold: 3 });
  assert.equal(probeParams({ successThreshold: 3 }, 'liveness').successThreshold, 1);
  assert.equal(probeParams({ successThreshold: 3 }, 'readiness').successThreshold, 3);
  assert.equal(probeParams({ periodSeconds: 2, initialDelaySeconds: 5 }, 'startup').periodMs, 2_000);
});

test('before any probe: not ready, alive, not started', () => {
  assert.equal(initialTracker('readiness').result, 'failure');
  assert.equal(initialTracker('liveness').result, 'success');
  assert.equal(initialTracker('startup').result, 'unknown');
});

test('the result flips only after failureThreshold consecutive failures', () => {
  const p = probeParams({ failureThreshold: 3 }, 'liveness');
  let t = initialTracker('liveness');
  t = observe(t, p, false);
  t = observe(t, p, false);
  assert.equal(t.result, 'success');
  t = observe(t, p, true); // a success in between starts the count over
  t = observe(t, p, false);
  t = observe(t, p, false);
  assert.equal(t.result, 'success');
  t = observe(t, p, false);
  assert.equal(t.result, 'failure');
});

test('readiness needs successThreshold consecutive successes', () => {
  const p = probeParams({ successThreshold: 2 }, 'readiness');
  let t = observe(initialTracker('readiness'), p, true);
  assert.equal(t.result, 'failure');
  t = observe(t, p, true);
  assert.equal(t.result, 'success');
});

test('probes start after the initial delay and run every period', () => {
  const p = probeParams({ initialDelaySeconds: 5, periodSeconds: 2 }, 'readiness');
  assert.equal(nextProbeAt(1000, undefined, p), 6000);
  assert.equal(nextProbeAt(1000, 6000, p), 8000);
});
