/**
 * Per-isolate buffers of request samples, sent in batches to the Metrics Durable Objects: a few
 * shards, each holding the counters of the clusters whose names hash to it.
 *
 * Shards, not an object per cluster: in the local runtime every live Durable Object costs workerd
 * ~0.2 MB (its SQLite files and actor), which its allocator keeps after the object idles out (a
 * worker waking 1 000 objects: +585 MB for good), and each cluster's creation and deletion woke
 * its own; on Cloudflare a flush carries every cluster of its shard in one call. An idle cluster
 * costs no object either way.
 *
 * Samples wait up to FLUSH_DELAY_MS and go as one batch: a flush per request (a Durable Object
 * call and a storage write each) cost more workerd CPU than a GET itself (bench/README.md).
 * The request whose sample starts a wait carries the flush (waitUntil); the others only add to
 * the batch. /metrics flushes first, so it counts every request answered before it in this
 * isolate.
 *
 * The buffers are shared by the isolate's requests, and no request may wait on a promise another
 * request's I/O settles (workerd takes it as hung: lib/isolate/memo.ts): a flush waits for the
 * batch another request is sending on timers of its own, and a flush or a batch whose request
 * workerd ended without running its code again counts as lost after LOST_MS.
 */
import { fnv32a } from '../../../lib/hash/safe-hash.ts';
import type { ClusterSample, Sample } from './samples.ts';

/**
 * The one binding used here (Env's METRICS), by shape: the Metrics object's RPC methods. Not
 * `Env` itself, which would bring the Durable Object classes into the tests' (Node) program.
 */
export interface MetricsEnv<Id = unknown> {
  METRICS: {
    idFromName(name: string): Id;
    get(id: Id): { record(samples: ClusterSample[]): Promise<void>; render(cluster: string): Promise<string>; clear(cluster: string): Promise<void> };
  };
}

export const FLUSH_DELAY_MS = 500;
/** enough that no shard is a hot spot on Cloudflare (an isolate calls each twice a second at most) */
export const METRICS_SHARDS = 16;
/** beyond this many unsent samples (the object unreachable for long), the oldest are dropped */
const MAX_PENDING = 10_000;

/** a flush or a batch of a request that went away without ending it */
export const LOST_MS = 30_000;
const POLL_MS = 5;

interface Buffer {
  samples: ClusterSample[];
  /** when the delayed flush that will take `samples` was set, once one is waiting */
  scheduledAt?: number;
  /** when the batch being sent was sent; one at a time, so batches arrive in order */
  sendingSince?: number;
}

const sleep = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));
const current = (since: number | undefined, now: number) => since !== undefined && now - since < LOST_MS;

const utf8 = new TextEncoder();

/** The name of the Metrics object that counts `cluster`'s requests. */
export const metricsShard = (cluster: string) => `shard-${fnv32a(utf8.encode(cluster)) % METRICS_SHARDS}`;

/** by shard */
const buffers = new Map<string, Buffer>();

const bufferOf = (shard: string): Buffer => {
  let b = buffers.get(shard);
  if (!b) buffers.set(shard, (b = { samples: [] }));
  return b;
};

const metricsObject = <Id>(env: MetricsEnv<Id>, shard: string) => env.METRICS.get(env.METRICS.idFromName(shard));

/** Records a sample; returns what to hand to waitUntil: the delayed flush, or undefined when another request carries it. */
export function recordSample<Id>(env: MetricsEnv<Id>, cluster: string, sample: Sample): Promise<void> | undefined {
  const shard = metricsShard(cluster);
  const b = bufferOf(shard);
  b.samples.push({ ...sample, cluster });
  if (b.samples.length > MAX_PENDING) b.samples.splice(0, b.samples.length - MAX_PENDING);
  const now = Date.now();
  if (current(b.scheduledAt, now - FLUSH_DELAY_MS)) return undefined;
  const at = (b.scheduledAt = now);
  return sleep(FLUSH_DELAY_MS).then(() => {
    if (b.scheduledAt === at) b.scheduledAt = undefined;
    return flushShard(env, shard);
  });
}

/** Sends the pending samples of `cluster` (and of its shard's other clusters) now, after the batch in flight if any. */
export const flush = <Id>(env: MetricsEnv<Id>, cluster: string) => flushShard(env, metricsShard(cluster));

async function flushShard<Id>(env: MetricsEnv<Id>, shard: string): Promise<void> {
  const b = bufferOf(shard);
  while (current(b.sendingSince, Date.now())) await sleep(POLL_MS);
  if (b.samples.length === 0) return;
  const batch = b.samples;
  b.samples = [];
  const since = (b.sendingSince = Date.now());
  try {
    await metricsObject(env, shard).record(batch);
  } catch {
    b.samples.unshift(...batch); // retried with the next flush
  } finally {
    if (b.sendingSince === since) b.sendingSince = undefined;
  }
}

export async function renderMetrics<Id>(env: MetricsEnv<Id>, cluster: string): Promise<string> {
  await flush(env, cluster);
  return metricsObject(env, metricsShard(cluster)).render(cluster);
}

/** Forgets `cluster`'s counters (it was deleted), and the samples of it this isolate has not sent. */
export async function clearMetrics<Id>(env: MetricsEnv<Id>, cluster: string): Promise<void> {
  const shard = metricsShard(cluster);
  const b = bufferOf(shard);
  b.samples = b.samples.filter((s) => s.cluster !== cluster);
  await metricsObject(env, shard).clear(cluster);
}
