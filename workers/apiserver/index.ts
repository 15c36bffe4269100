/** The apiserver worker: the HTTP API (app.ts), its Durable Objects, and its cron work. */
import type { Env } from './env.ts';
import { createApp } from './app.ts';
import { connectStorage } from './storage/connect.ts';
import { ensureSystemObjects } from './bootstrap.ts';
import { expireEvents } from './events-ttl.ts';

export { WatchHub } from '../../durable/watch-hub.ts';
export { Metrics } from '../../durable/metrics.ts';
export { NodeTunnel } from '../../durable/node-tunnel.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  /** every minute: the system objects, event expiry (1 h), and compaction of the log beyond its window (default 5 min) */
  async scheduled(_event, env, ctx) {
    const storage = connectStorage(env);
    await ensureSystemObjects(env, storage, 'default', (p) => ctx.waitUntil(p));
    await expireEvents(env, storage, 'default', (p) => ctx.waitUntil(p));
    const windowSeconds = Number(env.COMPACTION_WINDOW_SECONDS ?? 300);
    await storage.compact(Date.now() - windowSeconds * 1000);
  },
} satisfies ExportedHandler<Env>;
