/**
 * Metrics: the request counters of every apiserver isolate, in one place per shard of clusters
 * (the recorder picks the shard from the cluster's name: workers/apiserver/metrics/recorder.ts).
 * Isolates send batches of samples (`record`); `/metrics` renders one cluster's Prometheus text
 * (`render`). Counters survive the object's eviction (kept in its storage, a key per cluster),
 * like an API server's since its start; a cluster's deletion clears its own (`clear`).
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../workers/apiserver/env.ts';
import { count, emptyCounters, renderCounters, type Counters } from '../workers/apiserver/metrics/counters.ts';
import type { ClusterSample } from '../workers/apiserver/metrics/samples.ts';

const KEY_PREFIX = 'cluster/';
/** keys per storage.put, Cloudflare's limit */
const MAX_PUT = 128;

export class Metrics extends DurableObject<Env> {
  private readonly clusters = new Map<string, Counters>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      for (const [key, counters] of await ctx.storage.list<Counters>({ prefix: KEY_PREFIX })) this.clusters.set(key.slice(KEY_PREFIX.length), counters);
    });
  }

  async record(samples: ClusterSample[]): Promise<void> {
    const touched = new Set<string>();
    for (const { cluster, ...sample } of samples) {
      let c = this.clusters.get(cluster);
      if (!c) this.clusters.set(cluster, (c = emptyCounters()));
      count(c, sample);
      touched.add(cluster);
    }
    const entries = [...touched].map((cluster) => [KEY_PREFIX + cluster, this.clusters.get(cluster)!] as const);
    for (let i = 0; i < entries.length; i += MAX_PUT) await this.ctx.storage.put(Object.fromEntries(entries.slice(i, i + MAX_PUT)));
  }

  /** Forgets the cluster's counters (it was deleted). */
  async clear(cluster: string): Promise<void> {
    this.clusters.delete(cluster);
    await this.ctx.storage.delete(KEY_PREFIX + cluster);
  }

  async render(cluster: string): Promise<string> {
    return renderCounters(this.clusters.get(cluster) ?? emptyCounters());
  }
}
