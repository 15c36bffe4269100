/**
 * Writing a Deployment's status. During a rollout the Progressing condition says whether it moves
 * (ReplicaSetUpdated, its lastUpdateTime bumped at each step), is done (NewReplicaSetAvailable), or
 * has not moved for progressDeadlineSeconds (ProgressDeadlineExceeded, which makes `kubectl
 * rollout status` fail). A stuck rollout is looked at again when its deadline passes: nothing
 * else would change to bring it back.
 */
import type { Deployment, DeploymentStatus } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { requeueAt } from '../replicaset/requeue.ts';
import {
  calculateStatus,
  deploymentComplete,
  deploymentProgressing,
  deploymentTimedOut,
  getCondition,
  hasProgressDeadline,
  newCondition,
  progressDeadlineAt,
  REASON,
  removeCondition,
  sameStatus,
  setCondition,
} from './conditions.ts';
import { writeStatus, type Sync } from './sync.ts';

/** Status without rollout progress: scaling, paused, or being deleted. */
export async function syncDeploymentStatus(s: Sync, all: (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined): Promise<void> {
  const status = calculateStatus(all, newRS, s.d, s.now);
  if (sameStatus(s.d.status, status)) return;
  s.d = { ...s.d, status };
  await writeStatus(s);
}

export async function syncRolloutStatus(s: Sync, all: (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined): Promise<void> {
  const d = s.d;
  const status = calculateStatus(all, newRS, d, s.now);
  if (!hasProgressDeadline(d)) removeCondition(status, 'Progressing');

  const current = getCondition(d.status, 'Progressing');
  const settled = status.replicas === status.updatedReplicas && current?.reason === REASON.newRSAvailable;
  if (hasProgressDeadline(d) && !settled) {
    const rsName = newRS?.metadata.name;
    if (deploymentComplete(d, status)) {
      const message = rsName ? `ReplicaSet "${rsName}" has successfully progressed.` : `Deployment "${d.metadata.name}" has successfully progressed.`;
      setCondition(status, newCondition('Progressing', 'True', REASON.newRSAvailable, message, s.now));
    } else if (deploymentProgressing(d, status)) {
      const message = rsName ? `ReplicaSet "${rsName}" is progressing.` : `Deployment "${d.metadata.name}" is progressing.`;
      const c = newCondition('Progressing', 'True', REASON.replicaSetUpdated, message, s.now);
      // progress moves lastUpdateTime even when the reason stays; the transition time stays
      if (current?.status === 'True') c.lastTransitionTime = current.lastTransitionTime;
      removeCondition(status, 'Progressing');
      setCondition(status, c);
    } else if (deploymentTimedOut(d, status, s.now)) {
      const message = rsName ? `ReplicaSet "${rsName}" has timed out progressing.` : `Deployment "${d.metadata.name}" has timed out progressing.`;
      setCondition(status, newCondition('Progressing', 'False', REASON.timedOut, message, s.now));
    }
  }

  // a ReplicaSet that cannot create or delete pods makes the Deployment's ReplicaFailure
  const failure = replicaFailure(all, newRS);
  if (failure) setCondition(status, { type: 'ReplicaFailure', status: failure.status, reason: failure.reason, message: failure.message, lastTransitionTime: failure.lastTransitionTime, lastUpdateTime: failure.lastTransitionTime });
  else removeCondition(status, 'ReplicaFailure');

  if (sameStatus(d.status, status)) return requeueStuck(s.ctx, s.key, d, status, s.now);
  s.d = { ...d, status };
  await writeStatus(s);
}

function replicaFailure(all: (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined) {
  const failureOf = (rs: ReplicaSet | undefined) => rs?.status?.conditions?.find((c) => c.type === 'ReplicaFailure');
  return failureOf(newRS) ?? all.map(failureOf).find((c) => c);
}

/** A rollout still under way is looked at again when its deadline passes (+1 s against clock skew). */
async function requeueStuck(ctx: ControllerContext, key: string, d: Deployment, status: DeploymentStatus, now: Date): Promise<void> {
  const c = getCondition(d.status, 'Progressing');
  if (!hasProgressDeadline(d) || !c || deploymentComplete(d, status) || c.reason === REASON.timedOut) return;
  const at = progressDeadlineAt(d, c);
  if (!Number.isNaN(at)) await requeueAt(ctx, key, Math.max(at, now.getTime()) + 1000);
}
