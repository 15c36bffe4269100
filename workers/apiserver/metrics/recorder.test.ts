import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FLUSH_DELAY_MS, flush, LOST_MS, recordSample, renderMetrics, type MetricsEnv } from './recorder.ts';
import type { Sample } from './samples.ts';

/** A Metrics namespace that keeps the batches each object received; `failing` refuses them. */
function fakeEnv() {
  const batches = new Map<string, Sample[][]>();
  const state = { failing: false };
  const env: MetricsEnv<string> = {
    METRICS: {
      idFromName: (name) => name,
      get: (id) => ({
        async record(samples) {
          if (state.failing) throw new Error('unreachable');
          batches.set(id, [...(batches.get(id) ?? []), samples]);
        },
        async render() {
          return `${(batches.get(id) ?? []).flat().length} samples\n`;
        },
      }),
    },
  };
  return { env, batches, state };
}

const sample = (seconds: number): Sample => ({
  labels: { verb: 'GET', group: '', version: 'v1', resource: 'pods', subresource: '', scope: 'resource', component: 'apiserver', dry_run: '' },
  code: 200,
  seconds,
});

test('samples recorded together go to the Metrics object as one batch, after the delay', async () => {
  const { env, batches } = fakeEnv();
  const started = Date.now();
  const first = recordSample(env, 'c1', sample(1));
  const others = [recordSample(env, 'c1', sample(2)), recordSample(env, 'c1', sample(3))];
  assert.deepEqual(others, [undefined, undefined], 'only the request that starts the wait has a flush to wait for');
  await Promise.all(others);
  assert.equal(batches.get('c1'), undefined, 'nothing is sent before the delay');
  await first;
  assert.ok(Date.now() - started >= FLUSH_DELAY_MS - 5);
  assert.deepEqual(batches.get('c1')?.map((b) => b.map((s) => s.seconds)), [[1, 2, 3]]);
});

test('/metrics sends what is pending first, and the delayed flush then has nothing left to send', async () => {
  const { env, batches } = fakeEnv();
  const delayed = recordSample(env, 'c2', sample(1));
  assert.equal(await renderMetrics(env, 'c2'), '1 samples\n');
  await delayed;
  assert.equal(batches.get('c2')?.length, 1);
});

test('a batch the object did not take is sent again with the next flush, in order', async () => {
  const { env, batches, state } = fakeEnv();
  state.failing = true;
  void recordSample(env, 'c3', sample(1));
  await flush(env, 'c3');
  assert.equal(batches.get('c3'), undefined);
  state.failing = false;
  void recordSample(env, 'c3', sample(2));
  await flush(env, 'c3');
  assert.deepEqual(batches.get('c3')?.map((b) => b.map((s) => s.seconds)), [[1, 2]]);
});

test("each cluster's samples go to its own Metrics object", async () => {
  const { env, batches } = fakeEnv();
  void recordSample(env, 'c4', sample(1));
  void recordSample(env, 'c5', sample(2));
  await Promise.all([flush(env, 'c4'), flush(env, 'c5')]);
  assert.deepEqual(batches.get('c4')?.flat().map((s) => s.seconds), [1]);
  assert.deepEqual(batches.get('c5')?.flat().map((s) => s.seconds), [2]);
});

test('a batch whose request went away (its call never answered) holds the next flushes back LOST_MS at most', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const sent: number[][] = [];
  let calls = 0;
  const env: MetricsEnv<string> = {
    METRICS: {
      idFromName: (name) => name,
      get: () => ({
        record: async (samples) => {
          if (++calls === 1) return new Promise<void>(() => undefined); // its request was cancelled
          sent.push(samples.map((s) => s.seconds));
        },
        render: async () => '',
      }),
    },
  };
  void recordSample(env, 'c6', sample(1));
  void flush(env, 'c6');
  void recordSample(env, 'c6', sample(2));
  let done = false;
  const next = flush(env, 'c6').then(() => (done = true));
  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  await settle();
  t.mock.timers.tick(LOST_MS / 2);
  await settle();
  assert.equal(done, false, 'a batch in flight is waited for');
  t.mock.timers.tick(LOST_MS);
  await next;
  assert.deepEqual(sent, [[2]]);
});
