/**
 * What the workload controllers read from a pod (Kubernetes' controller_utils and podutil): whether
 * it still counts, whether it is ready, since when, and whether it has been ready long enough to
 * be available.
 */
import type { Pod, PodCondition } from '../../../lib/api/core/pod.ts';

/** Counts toward a ReplicaSet: not finished and not being deleted. */
export const isActive = (p: Pod): boolean => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && !p.metadata.deletionTimestamp;

const readyCondition = (p: Pod): PodCondition | undefined => p.status?.conditions?.find((c) => c.type === 'Ready');

export const isReady = (p: Pod): boolean => readyCondition(p)?.status === 'True';

/** When the pod last became ready (ms), undefined when it is not ready or does not say. */
export function readySince(p: Pod): number | undefined {
  const c = readyCondition(p);
  if (c?.status !== 'True' || !c.lastTransitionTime) return undefined;
  const t = Date.parse(c.lastTransitionTime);
  return Number.isNaN(t) ? undefined : t;
}

/** Ready for at least minReadySeconds (podutil.IsPodAvailable). */
export function isAvailable(p: Pod, minReadySeconds: number, now: Date): boolean {
  if (!isReady(p)) return false;
  if (!minReadySeconds) return true;
  const since = readySince(p);
  return since !== undefined && since + minReadySeconds * 1000 < now.getTime();
}

/** The most restarts of any of the pod's containers. */
export const maxRestarts = (p: Pod): number => Math.max(0, ...(p.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
