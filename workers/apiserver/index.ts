/** The apiserver worker: the HTTP API (app.ts), its Durable Objects, and its cron work. */
import type { Env } from './env.ts';
import { createApp } from './app.ts';
import { connectStorage } from './storage/connect.ts';

export { WatchHub } from '../../durable/watch-hub.ts';
export { Metrics } from '../../durable/metrics.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  /** every minute: compaction of the event log beyond its time window (default 5 minutes) */
  async scheduled(_event, env, _ctx) {
    const windowSeconds = Number(env.COMPACTION_WINDOW_SECONDS ?? 300);
    await connectStorage(env).compact(Date.now() - windowSeconds * 1000);
  },
} satisfies ExportedHandler<Env>;
