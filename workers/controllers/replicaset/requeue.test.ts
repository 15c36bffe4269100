import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeApi, fakeContext } from '../framework/fake-api.test-support.ts';
import { requeueAt } from './requeue.ts';

test('a key due at a time is requeued once; an earlier time, or a time already past, asks again', async () => {
  const api = new FakeApi();
  const ctx = fakeContext(api);
  const now = api.clock.getTime();
  await requeueAt(ctx, 'c', 'ns/a', now + 10_000);
  await requeueAt(ctx, 'c', 'ns/a', now + 10_000);
  await requeueAt(ctx, 'c', 'ns/a', now + 20_000);
  assert.deepEqual(ctx.requeued, [['ns/a', 10]]);
  await requeueAt(ctx, 'c', 'ns/a', now + 5_000);
  await requeueAt(ctx, 'other', 'ns/a', now + 10_000);
  assert.deepEqual(ctx.requeued, [['ns/a', 10], ['ns/a', 5], ['ns/a', 10]]);
  api.clock = new Date(now + 6_000);
  await requeueAt(ctx, 'c', 'ns/a', now + 7_000);
  assert.deepEqual(ctx.requeued.at(-1), ['ns/a', 1]);
});
