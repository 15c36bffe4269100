import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eachLimited, gate } from './limit.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

test('runs every item, never more than the limit at once', async () => {
  let running = 0;
  let most = 0;
  const done: number[] = [];
  await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
    most = Math.max(most, ++running);
    await tick();
    running--;
    done.push(n);
  });
  assert.equal(most, 3);
  assert.deepEqual(done.sort(), [1, 2, 3, 4, 5, 6, 7]);
});

test('a failure does not stop the others; the first one is thrown once all have settled', async () => {
  const done: number[] = [];
  await assert.rejects(
    eachLimited([1, 2, 3, 4], 2, async (n) => {
      await tick();
      if (n % 2 === 0) throw new Error(`bad ${n}`);
      done.push(n);
    }),
    /bad 2/,
  );
  assert.deepEqual(done.sort(), [1, 3]);
});

test('a gate lets at most its limit run at once, in arrival order, and passes errors through', async () => {
  const run = gate(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const results = await Promise.allSettled(
    [1, 2, 3, 4, 5].map((n) =>
      run(async () => {
        started.push(n);
        most = Math.max(most, ++running);
        await tick();
        running--;
        if (n === 3) throw new Error('bad 3');
        return n * 10;
      }),
    ),
  );
  assert.equal(most, 2);
  assert.deepEqual(started, [1, 2, 3, 4, 5]);
  assert.deepEqual(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)), [10, 20, 'bad 3', 40, 50]);
  assert.equal(await run(async () => 'after'), 'after'); // no slot was lost
});
