/**
 * Cron for the local runtime. Miniflare never fires cron triggers, so the runtime calls the
 * workers' scheduled handlers itself, every minute as Cloudflare would. Only the every-minute
 * schedule is emulated: any other would need a cron parser to fire on time, so it is refused at
 * start rather than fired at the wrong moments.
 */
import type { Miniflare } from 'miniflare';
import { workerRequest } from './miniflare.ts';
import type { WranglerConfig } from './wrangler-config.ts';

export const EVERY_MINUTE = '* * * * *';

export function checkCrons(configs: WranglerConfig[]): void {
  for (const c of configs) {
    const other = c.triggers.crons.filter((x) => x !== EVERY_MINUTE);
    if (other.length) throw new Error(`${c.name}: the local runtime only fires "${EVERY_MINUTE}", not ${other.join(', ')}`);
  }
}

/**
 * Runs the scheduled handler of every worker that declares `cron`; rejects when one fails.
 * `scheduledTime` (ms): the run's time as the handlers see it (default now).
 */
export function cronTrigger(mf: Miniflare, configs: WranglerConfig[]) {
  return async (cron: string = EVERY_MINUTE, scheduledTime?: number): Promise<void> => {
    const due = configs.filter((c) => c.triggers.crons.includes(cron));
    if (!due.length) throw new Error(`no worker declares the cron "${cron}"`);
    // miniflare's scheduled trigger (its `unsafeTriggerHandlers`), whose answer is the outcome
    const query = new URLSearchParams({ cron, ...(scheduledTime === undefined ? {} : { time: String(scheduledTime) }) });
    for (const c of due) {
      const outcome = await (await workerRequest(mf, c.name, `/cdn-cgi/handler/scheduled?${query}`)).text();
      if (outcome !== 'ok') throw new Error(`${c.name}: scheduled handler for "${cron}" ended with ${outcome}`);
    }
  };
}

/** Calls `fire` every 60 s, one run at a time; `stop` waits for a run in progress. */
export function everyMinute(fire: () => Promise<void>) {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = fire()
      .catch((e: Error) => console.error(`cron: ${e.message}`))
      .finally(() => (running = undefined));
  }, 60_000);
  // the server keeps the process alive, not this timer
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
