import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerContext } from '../framework/controller.ts';
import { forget, oncePerBatch } from './batch-cache.ts';

const batch = () => ({ api: {} }) as unknown as ControllerContext;

test('a read is done once per batch, again in the next batch or once forgotten, and again after a failure', async () => {
  let reads = 0;
  const read = async () => ++reads;
  const one = batch();
  assert.equal(await oncePerBatch(one, 'k', read), 1);
  assert.equal(await oncePerBatch(one, 'k', read), 1);
  assert.equal(await oncePerBatch(batch(), 'k', read), 2, 'another batch reads again');
  forget(one, 'k');
  assert.equal(await oncePerBatch(one, 'k', read), 3);
  await assert.rejects(oncePerBatch(one, 'bad', () => Promise.reject(new Error('503'))));
  assert.equal(await oncePerBatch(one, 'bad', read), 4, 'a failed read is not kept');
});
