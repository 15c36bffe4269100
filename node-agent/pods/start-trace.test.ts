import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markStart, traceStarts } from './start-trace.ts';

test('milestones reach the listener until it stops; none without one, nor without a uid', () => {
  const seen: string[] = [];
  markStart('u1', 'seen'); // no listener yet
  const stop = traceStarts((uid, step, at) => {
    assert.ok(Number.isFinite(at));
    seen.push(`${uid} ${step}`);
  });
  markStart('u1', 'sandbox-asked');
  markStart(undefined, 'sandbox-made');
  markStart('u2', 'status-ready');
  stop();
  markStart('u1', 'started');
  assert.deepEqual(seen, ['u1 sandbox-asked', 'u2 status-ready']);
});

test('stopping an earlier listener leaves a newer one in place', () => {
  const seen: string[] = [];
  const stopFirst = traceStarts(() => seen.push('first'));
  const stopSecond = traceStarts(() => seen.push('second'));
  stopFirst();
  markStart('u', 'seen');
  stopSecond();
  assert.deepEqual(seen, ['second']);
});
