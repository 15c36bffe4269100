import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextStep, reconnectDelay } from './resume.ts';

test('start and 410 list; a closed or broken watch resumes from the last version', () => {
  assert.deepEqual(nextStep({ kind: 'start' }, undefined), { action: 'list' });
  assert.deepEqual(nextStep({ kind: 'expired' }, '42'), { action: 'list' });
  assert.deepEqual(nextStep({ kind: 'closed' }, '42'), { action: 'watch', resourceVersion: '42' });
  assert.deepEqual(nextStep({ kind: 'failed' }, '42'), { action: 'watch', resourceVersion: '42' });
  assert.deepEqual(nextStep({ kind: 'failed' }, undefined), { action: 'list' });
});

test('reconnects back off only after failures: 0.5 s doubling to 30 s', () => {
  assert.equal(reconnectDelay({ kind: 'closed' }, 0), 0);
  assert.deepEqual([1, 2, 3, 4, 10].map((n) => reconnectDelay({ kind: 'failed' }, n)), [500, 1000, 2000, 4000, 30_000]);
});
