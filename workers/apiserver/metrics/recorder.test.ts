import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearMetrics, FLUSH_DELAY_MS, flush, LOST_MS, metricsShard, METRICS_SHARDS, recordSample, renderMetrics, type MetricsEnv } from './recorder.ts';
import type { ClusterSample, Sample } from './samples.ts';

/**
 * A Metrics namespace that keeps the batches each object (shard) received, and `batches` a
 * cluster's samples in each of them; `failing` refuses them.
 */
function fakeEnv() {
  const received = new Map<string, ClusterSample[][]>();
  const cleared: string[] = [];
  const state = { failing: false };
  const env: MetricsEnv<string> = {
    METRICS: {
      idFromName: (name) => name,
      get: (id) => ({
        async record(samples) {
          if (state.failing) throw new Error('unreachable');
          received.set(id, [...(received.get(id) ?? []), samples]);
        },
        async render(cluster) {
          return `${(received.get(id) ?? []).flat().filter((s) => s.cluster === cluster).length} samples\n`;
        },
        async clear(cluster) {
          cleared.push(`${id}/${cluster}`);
        },
      }),
    },
  };
  const batches = {
    get: (cluster: string) => {
      const theirs = (received.get(metricsShard(cluster)) ?? []).map((b) => b.filter((s) => s.cluster === cluster)).filter((b) => b.length);
      return theirs.length ? theirs : undefined;
    },
  };
  return { env, batches, received, cleared, state };
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

/** Two cluster names that share a shard (`same`) or do not. */
function clusterNames(prefix: string, same: boolean): [string, string] {
  const first = `${prefix}0`;
  for (let i = 1; ; i++) if ((metricsShard(`${prefix}${i}`) === metricsShard(first)) === same) return [first, `${prefix}${i}`];
}

test("a cluster's samples go to its shard's Metrics object, which tells them from its other clusters'", async () => {
  const { env, batches, received } = fakeEnv();
  const [a, b] = clusterNames('apart-', false);
  void recordSample(env, a, sample(1));
  void recordSample(env, b, sample(2));
  await Promise.all([flush(env, a), flush(env, b)]);
  assert.deepEqual(batches.get(a)?.flat().map((s) => s.seconds), [1]);
  assert.deepEqual(batches.get(b)?.flat().map((s) => s.seconds), [2]);
  assert.equal(received.size, 2, 'two shards');

  const [c, d] = clusterNames('together-', true);
  void recordSample(env, c, sample(3));
  void recordSample(env, d, sample(4));
  await flush(env, c);
  assert.deepEqual(received.get(metricsShard(c))?.at(-1)?.map((s) => [s.cluster, s.seconds]), [[c, 3], [d, 4]], "one call carries the shard's clusters");
  assert.equal(await renderMetrics(env, d), '1 samples\n');
});

test('clusters spread over the shards, and a name always has the same one', () => {
  const shards = new Set(Array.from({ length: 200 }, (_, i) => metricsShard(`student-${i}`)));
  assert.equal(shards.size, METRICS_SHARDS);
  assert.equal(metricsShard('alice'), metricsShard('alice'));
});

test("a deleted cluster's counters are cleared at its shard, and its samples not yet sent are dropped", async () => {
  const { env, batches, cleared } = fakeEnv();
  const [gone, kept] = clusterNames('deleted-', true);
  void recordSample(env, gone, sample(1));
  void recordSample(env, kept, sample(2));
  await clearMetrics(env, gone);
  assert.deepEqual(cleared, [`${metricsShard(gone)}/${gone}`]);
  await flush(env, kept);
  assert.equal(batches.get(gone), undefined);
  assert.deepEqual(batches.get(kept)?.flat().map((s) => s.seconds), [2]);
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
        clear: async () => undefined,
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
