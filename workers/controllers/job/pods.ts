/**
 * What the Job controller reads from its pods (Kubernetes' job_controller helpers): finished or
 * not, failed (a pod being deleted before it succeeded counts as failed, unless the Job replaces
 * only Failed pods), ready, when it ended, and whether its end is still to be counted (it carries
 * the tracking finalizer).
 */
import type { Job } from '../../../lib/api/batch/job.ts';
import { JOB_TRACKING_FINALIZER } from '../../../lib/api/batch/labels.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';

export const hasTrackingFinalizer = (p: Pod) => p.metadata.finalizers?.includes(JOB_TRACKING_FINALIZER) ?? false;

/** The Job waits for a replaced pod to reach Failed (podReplacementPolicy Failed, set with a podFailurePolicy). */
export const onlyReplaceFailedPods = (job: Job) => job.spec?.podReplacementPolicy === 'Failed' || !!job.spec?.podFailurePolicy;

export const isSucceeded = (p: Pod) => p.status?.phase === 'Succeeded';

export function isFailed(p: Pod, job: Job): boolean {
  if (p.status?.phase === 'Failed') return true;
  if (onlyReplaceFailedPods(job)) return false;
  return !!p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded';
}

export const isFinished = (p: Pod, job: Job) => isSucceeded(p) || isFailed(p, job);

/** Pending or running and not being deleted. */
export const isActive = (p: Pod) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && !p.metadata.deletionTimestamp;

/** Being deleted, not yet finished. */
export const isTerminating = (p: Pod) => !!p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed';

export const isReady = (p: Pod) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/** When the pod ended (its last container's finish, else its deletion), in ms; undefined when unknown. */
export function finishedAt(p: Pod): number | undefined {
  let t: number | undefined;
  for (const s of [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])]) {
    const f = s.state?.terminated?.finishedAt;
    if (f) t = Math.max(t ?? 0, Date.parse(f));
  }
  if (t === undefined && p.metadata.deletionTimestamp) t = Date.parse(p.metadata.deletionTimestamp);
  return t;
}

/** The restarts of a pod's containers (restartPolicy OnFailure counts them against the backoff limit). */
export const restarts = (p: Pod) => [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])].reduce((n, s) => n + (s.restartCount ?? 0), 0);
