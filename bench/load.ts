/** Closed-loop load: `clients` concurrent workers run tasks until `count` are done or time is up. */
import { nowMs } from './client.ts';

export interface LoadResult {
  done: number;
  failed: number;
  seconds: number;
  /** per-task latency, ms (successful tasks) */
  latencies: number[];
  firstError?: string;
}

export async function runLoad(opts: { clients: number; count: number; maxSeconds: number; task: (i: number) => Promise<void> }): Promise<LoadResult> {
  const started = nowMs();
  const deadline = started + opts.maxSeconds * 1000;
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  const worker = async () => {
    while (next < opts.count && nowMs() < deadline) {
      const i = next++;
      const t0 = nowMs();
      try {
        await opts.task(i);
        latencies.push(nowMs() - t0);
      } catch (e) {
        failed++;
        firstError ??= (e as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, worker));
  return { done: latencies.length, failed, seconds: (nowMs() - started) / 1000, latencies, firstError };
}
