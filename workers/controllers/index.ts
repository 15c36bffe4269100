/** The controllers worker: queue consumer + cron. (skeleton — issue 3) */
import type { ChangeMessage } from '../apiserver/env.ts';

interface Env {
  API: Fetcher;
}

export default {
  async queue(batch, _env, _ctx) {
    batch.ackAll();
  },
  async scheduled(_event, _env, _ctx) {},
} satisfies ExportedHandler<Env, ChangeMessage>;
