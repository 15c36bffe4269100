import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IsolateMemo } from './memo.ts';

const never = () => new Promise<string>(() => undefined);

test('a load under way in one request is never awaited by another: it loads for itself', async () => {
  const memo = new IsolateMemo<string, string>();
  const a = {};
  const b = {};
  void memo.get(a, 'k', never); // request a's load never settles (a cancelled request)
  let loads = 0;
  const value = await memo.get(b, 'k', async () => (loads++, 'from b'));
  assert.equal(value, 'from b');
  assert.equal(loads, 1);
  // b's settled result now serves everyone, a new request too
  assert.equal(await memo.get({}, 'k', never), 'from b');
});

test('within one request, concurrent gets share one load', async () => {
  const memo = new IsolateMemo<string, number>();
  const scope = {};
  let loads = 0;
  let release!: (n: number) => void;
  const load = () => (loads++, new Promise<number>((ok) => (release = ok)));
  const first = memo.get(scope, 'k', load);
  const second = memo.get(scope, 'k', load);
  release(7);
  assert.deepEqual(await Promise.all([first, second]), [7, 7]);
  assert.equal(loads, 1);
});

test('a failed load is not kept: the next get loads again', async () => {
  const memo = new IsolateMemo<string, number>();
  const scope = {};
  await assert.rejects(
    memo.get(scope, 'k', async () => {
      throw new Error('boom');
    }),
    /boom/,
  );
  assert.equal(await memo.get(scope, 'k', async () => 2), 2);
});

test('a value older than maxAgeMs is loaded again', async () => {
  let now = 0;
  const memo = new IsolateMemo<string, number>(Infinity, () => now);
  assert.equal(await memo.get({}, 'k', async () => 1, 100), 1);
  now = 50;
  assert.equal(await memo.get({}, 'k', async () => 2, 100), 1);
  now = 150;
  assert.equal(await memo.get({}, 'k', async () => 3, 100), 3);
});

test('a load that settles after its key was deleted is not kept', async () => {
  const memo = new IsolateMemo<string, string>();
  let release!: (s: string) => void;
  const pending = memo.get({}, 'k', () => new Promise<string>((ok) => (release = ok)));
  memo.delete('k');
  release('before the deletion');
  await pending;
  assert.equal(await memo.get({}, 'k', async () => 'after'), 'after');
});

test('past maxEntries the oldest entry goes', async () => {
  const memo = new IsolateMemo<string, number>(2);
  for (const [k, v] of [['a', 1], ['b', 2], ['c', 3]] as const) await memo.get({}, k, async () => v);
  assert.equal(memo.size, 2);
  assert.equal(await memo.get({}, 'a', async () => 10), 10);
  assert.equal(await memo.get({}, 'c', async () => 30), 3);
});
