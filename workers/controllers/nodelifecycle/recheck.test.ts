import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rechecks } from './recheck.ts';
import { fakeContext } from './fake-context.test-support.ts';

test('one pending re-check per key: later wishes wait for it, earlier ones are sent', async () => {
  const ctx = fakeContext();
  const r = new Rechecks();
  await r.at(ctx, 'n', 10_000, 0);
  await r.at(ctx, 'n', 12_000, 0);
  assert.deepEqual(ctx.requeued, [{ key: 'n', seconds: 10 }]);
  await r.at(ctx, 'n', 4_000, 0);
  assert.deepEqual(ctx.requeued.at(-1), { key: 'n', seconds: 4 });
  r.fired('n', 2_000);
  await r.at(ctx, 'n', 9_000, 2_000);
  assert.equal(ctx.requeued.length, 2, 'not yet due: still pending');
  r.fired('n', 3_500);
  await r.at(ctx, 'n', 9_000, 3_500);
  assert.deepEqual(ctx.requeued.at(-1), { key: 'n', seconds: 5.5 }, 'due (within a second): fired, so a new one is sent');
  r.forget('n');
  await r.at(ctx, 'n', 20_000, 4_000);
  assert.equal(ctx.requeued.length, 4);
});
