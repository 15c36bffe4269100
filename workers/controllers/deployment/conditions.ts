/**
 * A Deployment's status and conditions, with Kubernetes' reasons and messages (deploymentutil,
 * progress.go). Available says whether enough pods are up (MinimumReplicasAvailable /
 * MinimumReplicasUnavailable); Progressing tells the rollout's story (NewReplicaSetCreated,
 * FoundNewReplicaSet, ReplicaSetUpdated, NewReplicaSetAvailable, ProgressDeadlineExceeded,
 * DeploymentPaused, DeploymentResumed). A condition is rewritten only when its status or reason
 * changes, so a settled Deployment's status stops changing.
 */
import type { Deployment, DeploymentCondition, DeploymentStatus } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { maxUnavailable, specReplicas, sumSpecReplicas, sumStatus } from './replicas.ts';

export const REASON = {
  replicaSetUpdated: 'ReplicaSetUpdated',
  failedRSCreate: 'ReplicaSetCreateError',
  newReplicaSet: 'NewReplicaSetCreated',
  foundNewRS: 'FoundNewReplicaSet',
  newRSAvailable: 'NewReplicaSetAvailable',
  timedOut: 'ProgressDeadlineExceeded',
  paused: 'DeploymentPaused',
  resumed: 'DeploymentResumed',
  minimumAvailable: 'MinimumReplicasAvailable',
  minimumUnavailable: 'MinimumReplicasUnavailable',
} as const;

export type ConditionType = 'Available' | 'Progressing' | 'ReplicaFailure';

const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function newCondition(type: ConditionType, status: 'True' | 'False' | 'Unknown', reason: string, message: string, now: Date): DeploymentCondition {
  const t = rfc3339(now);
  return { type, status, lastUpdateTime: t, lastTransitionTime: t, reason, message };
}

export const getCondition = (status: DeploymentStatus | undefined, type: ConditionType) => status?.conditions?.find((c) => c.type === type);

export function removeCondition(status: DeploymentStatus, type: ConditionType): void {
  status.conditions = (status.conditions ?? []).filter((c) => c.type !== type);
  if (!status.conditions.length) delete status.conditions;
}

/** Same status and reason: left as is. Same status: keeps its transition time. */
export function setCondition(status: DeploymentStatus, c: DeploymentCondition): void {
  const current = getCondition(status, c.type as ConditionType);
  if (current && current.status === c.status && current.reason === c.reason) return;
  if (current && current.status === c.status) c = { ...c, lastTransitionTime: current.lastTransitionTime };
  status.conditions = [...(status.conditions ?? []).filter((x) => x.type !== c.type), c];
}

/** deploymentutil.HasProgressDeadline: set, and not MaxInt32 (which means none). */
export const hasProgressDeadline = (d: Deployment) => d.spec?.progressDeadlineSeconds != null && d.spec.progressDeadlineSeconds !== 2147483647;

/** The counts, summed over the ReplicaSets, and the Available condition (deployment calculateStatus). */
export function calculateStatus(all: (ReplicaSet | undefined)[], newRS: ReplicaSet | undefined, d: Deployment, now: Date): DeploymentStatus {
  const available = sumStatus(all, 'availableReplicas');
  const status: DeploymentStatus = {
    observedGeneration: d.metadata.generation ?? 0,
    replicas: sumStatus(all, 'replicas'),
    updatedReplicas: sumStatus([newRS], 'replicas'),
    readyReplicas: sumStatus(all, 'readyReplicas'),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, sumSpecReplicas(all) - available),
  };
  if (d.status?.collisionCount != null) status.collisionCount = d.status.collisionCount;
  if (d.status?.conditions?.length) status.conditions = d.status.conditions.map((c) => ({ ...c }));
  if (available >= specReplicas(d) - maxUnavailable(d)) setCondition(status, newCondition('Available', 'True', REASON.minimumAvailable, 'Deployment has minimum availability.', now));
  else setCondition(status, newCondition('Available', 'False', REASON.minimumUnavailable, 'Deployment does not have minimum availability.', now));
  return status;
}

/** Every desired pod updated and available, nothing old left, the latest spec seen. */
export function deploymentComplete(d: Deployment, s: DeploymentStatus | undefined): boolean {
  const want = specReplicas(d);
  return (s?.updatedReplicas ?? 0) === want && (s?.replicas ?? 0) === want && (s?.availableReplicas ?? 0) === want && (s?.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
}

/** Progress since the last status: more updated pods, fewer old ones, or more available. */
export function deploymentProgressing(d: Deployment, s: DeploymentStatus): boolean {
  const old = d.status ?? {};
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = (s.replicas ?? 0) - (s.updatedReplicas ?? 0);
  return (s.updatedReplicas ?? 0) > (old.updatedReplicas ?? 0) || newOld < oldOld || (s.availableReplicas ?? 0) > (old.availableReplicas ?? 0);
}

/** No progress reported for progressDeadlineSeconds. */
export function deploymentTimedOut(d: Deployment, s: DeploymentStatus, now: Date): boolean {
  if (!hasProgressDeadline(d)) return false;
  const c = getCondition(s, 'Progressing');
  if (!c || c.reason === REASON.newRSAvailable) return false;
  if (c.reason === REASON.timedOut) return true;
  return progressDeadlineAt(d, c) < now.getTime();
}

/** When a rollout whose Progressing condition last moved at `c.lastUpdateTime` times out (ms). */
export const progressDeadlineAt = (d: Deployment, c: DeploymentCondition): number => Date.parse(c.lastUpdateTime ?? '') + (d.spec?.progressDeadlineSeconds ?? 0) * 1000;

/** Field by field, as the status would be stored (absent conditions and empty ones alike). */
export function sameStatus(a: DeploymentStatus | undefined, b: DeploymentStatus | undefined): boolean {
  const norm = (s: DeploymentStatus | undefined) => ({
    observedGeneration: s?.observedGeneration ?? 0,
    replicas: s?.replicas ?? 0,
    updatedReplicas: s?.updatedReplicas ?? 0,
    readyReplicas: s?.readyReplicas ?? 0,
    availableReplicas: s?.availableReplicas ?? 0,
    unavailableReplicas: s?.unavailableReplicas ?? 0,
    collisionCount: s?.collisionCount ?? null,
    conditions: (s?.conditions ?? []).map((c) => [c.type, c.status, c.reason ?? '', c.message ?? '', c.lastUpdateTime ?? '', c.lastTransitionTime ?? '']),
  });
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
