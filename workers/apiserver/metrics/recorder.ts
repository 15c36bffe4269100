/** Per-isolate buffer of samples, flushed to the Metrics Durable Object after each request. */
import type { Env } from '../env.ts';
import type { Sample } from './samples.ts';

let pending: Sample[] = [];
let inFlight: Promise<void> | undefined;

const metricsObject = (env: Env, cluster: string) => env.METRICS.get(env.METRICS.idFromName(cluster));

/** Records a sample; returns the flush to hand to waitUntil (one flush at a time per isolate). */
export function recordSample(env: Env, cluster: string, sample: Sample): Promise<void> {
  pending.push(sample);
  return flush(env, cluster);
}

export async function flush(env: Env, cluster: string): Promise<void> {
  while (inFlight) await inFlight;
  if (pending.length === 0) return;
  const batch = pending;
  pending = [];
  inFlight = metricsObject(env, cluster)
    .record(batch)
    .catch(() => {
      pending.unshift(...batch); // retried with the next flush
    })
    .finally(() => {
      inFlight = undefined;
    });
  await inFlight;
}

export async function renderMetrics(env: Env, cluster: string): Promise<string> {
  await flush(env, cluster);
  return metricsObject(env, cluster).render();
}
