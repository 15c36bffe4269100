/**
 * The delay before a failed pod is replaced: Kubernetes waits 10 s after the first failure,
 * doubling with each consecutive failure (since the last success), up to 10 minutes. Kubernetes
 * keeps the count in memory; here it is read from the pods themselves (failed pods stay, only
 * their finalizer is removed), so a restart of the controllers forgets nothing. A failed pod that
 * was deleted by hand is no longer counted: its replacement then comes sooner.
 */
import type { Job } from '../../../lib/api/batch/job.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { finishedAt, isFailed, isSucceeded } from './pods.ts';

export const BACKOFF_BASE_MS = 10_000;
export const BACKOFF_MAX_MS = 10 * 60_000;

/** The time (ms) before which no replacement pod is created, or undefined when none is due. */
export function backoffUntil(job: Job, pods: Pod[]): number | undefined {
  const lastSuccess = Math.max(0, ...pods.filter(isSucceeded).map((p) => finishedAt(p) ?? 0));
  const failures = pods.filter((p) => isFailed(p, job)).map((p) => finishedAt(p) ?? 0).filter((t) => t > lastSuccess);
  if (failures.length === 0) return undefined;
  const delay = Math.min(BACKOFF_BASE_MS * 2 ** (failures.length - 1), BACKOFF_MAX_MS);
  return Math.max(...failures) + delay;
}
