/**
 * The local runtime fires the workers' cron every 60 s from its start (local/cron.ts): the
 * controllers' full resync and the log's compaction, on the same workerd thread as the API. A
 * phase that overlapped it would measure the cron, so phases step around it, and the cron's own
 * cost is one figure of its own.
 */
import { nowMs } from './client.ts';
import { cpuMeter, waitForQuiet } from './cpu.ts';
import type { RuntimeProcess } from './runtime-child.ts';
import type { Figure } from './figures.ts';
import { fmt } from './stats.ts';

const PERIOD_MS = 60_000;

/** `startedAt`: when the runtime (process `runtimePid`) was up, which its cron counts from */
export function cronClock(startedAt: number, runtimePid: number) {
  const next = () => startedAt + PERIOD_MS * Math.ceil((nowMs() - startedAt + 1) / PERIOD_MS);
  return {
    /** If the runtime's cron would fire within the next `seconds`, waits until it has run. */
    async stepAround(seconds: number): Promise<void> {
      const at = next();
      if (at - nowMs() > (seconds + 2) * 1000) return;
      await new Promise((ok) => setTimeout(ok, at - nowMs() + 500));
      await waitForQuiet(runtimePid);
    },
  };
}

/** One scheduled run, triggered by hand: its duration and the workerd CPU it and its aftermath take. */
export async function measureCron(cp: RuntimeProcess, objects: number): Promise<Figure[]> {
  const cpu = await cpuMeter(cp.pid);
  const t0 = nowMs();
  await cp.triggerCron();
  const ms = nowMs() - t0;
  await waitForQuiet(cp.pid);
  const used = await cpu.end();
  return [{ name: 'cron run (resync, compaction)', value: ms, unit: 'ms', note: `${objects} objects; then workerd busy until ${fmt(used.wall, 1)} s, ${fmt(used.workerd, 1)} s of CPU` }];
}
