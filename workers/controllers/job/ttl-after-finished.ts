/**
 * TTL-after-finished controller: deletes a finished Job (Complete or Failed) ttlSecondsAfterFinished
 * after it finished, with Foreground propagation as Kubernetes' does, so its pods go first. The
 * expiry is a delayed queue message; the deletion is conditional on the Job's uid and revision,
 * so a Job changed meanwhile (its TTL extended) is looked at again instead.
 */
import type { Job } from '../../../lib/api/batch/job.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { keyOf, splitKey, type Controller } from '../framework/controller.ts';
import { requeueAt } from '../replicaset/requeue.ts';
import { conditionOf, isFinished } from './conditions.ts';
import { JOBS } from './resources.ts';

export const TTL_CONTROLLER = 'ttl-after-finished-controller';

/** When the Job may be deleted (ms), or undefined when it has no TTL or is not finished. */
export function expiresAt(job: Job): number | undefined {
  const ttl = job.spec?.ttlSecondsAfterFinished;
  if (ttl == null || !isFinished(job) || job.metadata.deletionTimestamp) return undefined;
  const c = conditionOf(job.status, 'Complete')?.status === 'True' ? conditionOf(job.status, 'Complete') : conditionOf(job.status, 'Failed');
  const finished = Date.parse(job.status?.completionTime ?? c?.lastTransitionTime ?? '');
  return Number.isNaN(finished) ? undefined : finished + ttl * 1000;
}

export const ttlAfterFinishedController: Controller = {
  name: TTL_CONTROLLER,
  resyncMinutes: 5,

  keysFor: (change) => (change.group === 'batch' && change.resource === 'jobs' && change.type !== 'DELETED' ? [`${change.namespace}/${change.name}`] : []),

  async resync(ctx) {
    return (await ctx.api.list<Job>(JOBS)).items.filter((j) => j.spec?.ttlSecondsAfterFinished != null).map(keyOf);
  },

  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    const job = await ctx.shared.get<Job>(JOBS, namespace, name);
    if (!job) return;
    const at = expiresAt(job);
    if (at === undefined) return;
    if (at > ctx.now().getTime()) return requeueAt(ctx, key, at + 500);
    try {
      await ctx.api.delete(JOBS, namespace, name, { propagationPolicy: 'Foreground', preconditions: { uid: job.metadata.uid, resourceVersion: job.metadata.resourceVersion } });
    } catch (e) {
      if (e instanceof ApiError && e.code === 409) return; // changed meanwhile: its change brings it back
      throw e;
    }
  },
};
