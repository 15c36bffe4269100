/** The apiserver worker: the HTTP API (app.ts), its Durable Objects, and its cron work. */
import '../../lib/isolate/no-proto-accessor.ts'; // first: map keys named __proto__ are kept
import type { Env } from './env.ts';
import { createApp } from './app.ts';
import { connectStorage } from './storage/connect.ts';
import { ensureSystemObjects, systemObjects } from './bootstrap.ts';
import { expireEvents } from './events-ttl.ts';
import { ROOT_CLUSTER, scopedStorage } from './storage/scoped.ts';
import { tenantsChangedSinceLastVisit } from './clusters/changed.ts';
import { finishTerminatingClusters } from './clusters/kind-handlers.ts';

export { WatchHub } from '../../durable/watch-hub.ts';
export { Metrics } from '../../durable/metrics.ts';
export { NodeTunnel } from '../../durable/node-tunnel.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  /**
   * Every minute: system objects and event expiry (1 h) in the root and in each tenant written
   * since the last run, whose controllers are also asked to resync (idle tenants cost nothing);
   * compaction of the whole log beyond its window (default 5 min).
   */
  async scheduled(_event, env, ctx) {
    const waitUntil = (p: Promise<unknown>) => ctx.waitUntil(p);
    const root = connectStorage(env);
    await ensureSystemObjects(env, root, ROOT_CLUSTER, waitUntil);
    await finishTerminatingClusters(env);
    const tenants = await tenantsChangedSinceLastVisit(root, systemObjects(env).length);
    for (const cluster of [ROOT_CLUSTER, ...tenants]) {
      const storage = scopedStorage(root, cluster);
      if (cluster !== ROOT_CLUSTER) await ensureSystemObjects(env, storage, cluster, waitUntil);
      await expireEvents(env, storage, cluster, waitUntil);
    }
    if (tenants.length) await env.CHANGES?.sendBatch(tenants.map((cluster) => ({ body: { type: 'RESYNC' as const, cluster } })));
    const windowSeconds = Number(env.COMPACTION_WINDOW_SECONDS ?? 300);
    await root.compact(Date.now() - windowSeconds * 1000);
  },
} satisfies ExportedHandler<Env>;
