/**
 * A ReplicaSet's status, computed from the pods it controls (before this sync's creations and
 * deletions, as Kubernetes does: their own change messages bring the next count).
 */
import type { ReplicaSet, ReplicaSetCondition, ReplicaSetStatus } from '../../../lib/api/apps/replicaset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { matches, selectorFromSet } from '../../../lib/selectors/label.ts';
import { isAvailable, isReady, readySince } from './pods.ts';

const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * `failure` is the error of creating or deleting pods in this sync, if any; it becomes (or, once
 * gone, clears) the ReplicaFailure condition.
 */
export function replicaSetStatus(rs: ReplicaSet, pods: Pod[], failure: { reason: 'FailedCreate' | 'FailedDelete'; message: string } | undefined, now: Date): ReplicaSetStatus {
  const templateLabels = selectorFromSet(rs.spec?.template?.metadata?.labels ?? {});
  const minReady = rs.spec?.minReadySeconds ?? 0;
  let conditions: ReplicaSetCondition[] = [...(rs.status?.conditions ?? [])];
  const failing = conditions.find((c) => c.type === 'ReplicaFailure');
  if (failure && !failing) conditions.push({ type: 'ReplicaFailure', status: 'True', reason: failure.reason, message: failure.message, lastTransitionTime: rfc3339(now) });
  else if (!failure && failing) conditions = conditions.filter((c) => c.type !== 'ReplicaFailure');
  const status: ReplicaSetStatus = {
    ...rs.status,
    replicas: pods.length,
    fullyLabeledReplicas: pods.filter((p) => matches(templateLabels, p.metadata.labels)).length,
    readyReplicas: pods.filter(isReady).length,
    availableReplicas: pods.filter((p) => isAvailable(p, minReady, now)).length,
    observedGeneration: rs.metadata.generation ?? 0,
  };
  if (conditions.length) status.conditions = conditions;
  else delete status.conditions;
  return status;
}

/** When the first ready-but-not-yet-available pod becomes available (ms), to look again then. */
export function nextAvailableAt(rs: ReplicaSet, pods: Pod[], now: Date): number | undefined {
  const minReady = rs.spec?.minReadySeconds ?? 0;
  if (!minReady) return undefined;
  const times = pods.filter((p) => isReady(p) && !isAvailable(p, minReady, now)).map((p) => (readySince(p) ?? now.getTime()) + minReady * 1000);
  return times.length ? Math.min(...times) : undefined;
}

const comparable = (s: ReplicaSetStatus | undefined) =>
  JSON.stringify([s?.replicas ?? 0, s?.fullyLabeledReplicas ?? 0, s?.readyReplicas ?? 0, s?.availableReplicas ?? 0, s?.observedGeneration ?? 0, s?.conditions ?? []]);

export const sameStatus = (a: ReplicaSetStatus | undefined, b: ReplicaSetStatus | undefined) => comparable(a) === comparable(b);
