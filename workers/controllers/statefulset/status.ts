/** A StatefulSet's status from its pods (updateStatus and completeRollingUpdate). */
import type { StatefulSet, StatefulSetStatus } from '../../../lib/api/apps/statefulset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { isAvailable, isReady } from '../replicaset/pods.ts';
import { revisionOfPod } from './identity.ts';

export const isCreated = (p: Pod) => !!p.status?.phase;
export const isTerminating = (p: Pod) => !!p.metadata.deletionTimestamp;
export const isRunningAndReady = (p: Pod) => p.status?.phase === 'Running' && isReady(p);
export const isHealthy = (p: Pod) => isRunningAndReady(p) && !isTerminating(p);

export function statefulSetStatus(set: StatefulSet, pods: Pod[], currentRevision: string, updateRevision: string, collisionCount: number, now: Date): StatefulSetStatus {
  const s: StatefulSetStatus = { observedGeneration: set.metadata.generation, replicas: 0, readyReplicas: 0, currentReplicas: 0, updatedReplicas: 0, availableReplicas: 0 };
  const count = (k: 'replicas' | 'readyReplicas' | 'currentReplicas' | 'updatedReplicas' | 'availableReplicas') => (s[k] = (s[k] ?? 0) + 1);
  for (const p of pods) {
    if (isCreated(p)) count('replicas');
    if (isRunningAndReady(p)) {
      count('readyReplicas');
      if (isAvailable(p, set.spec?.minReadySeconds ?? 0, now)) count('availableReplicas');
    }
    if (isCreated(p) && !isTerminating(p)) {
      if (revisionOfPod(p) === currentRevision) count('currentReplicas');
      if (revisionOfPod(p) === updateRevision) count('updatedReplicas');
    }
  }
  s.currentRevision = currentRevision;
  s.updateRevision = updateRevision;
  s.collisionCount = collisionCount;
  // a rolling update is complete when every replica is updated and ready
  const want = set.spec?.replicas ?? 1;
  if (set.spec?.updateStrategy?.type === 'RollingUpdate' && s.updatedReplicas === want && s.readyReplicas === want && s.replicas === want) {
    s.currentReplicas = s.updatedReplicas;
    s.currentRevision = updateRevision;
  }
  // omitempty counters are left out at 0, as Go writes them
  for (const k of ['readyReplicas', 'currentReplicas', 'updatedReplicas'] as const) if (!s[k]) delete s[k];
  if (!s.observedGeneration) delete s.observedGeneration;
  return { ...s, conditions: set.status?.conditions };
}

/** Same status, whatever the key order and omitted zeros. */
export function sameStatus(a: StatefulSetStatus | undefined, b: StatefulSetStatus): boolean {
  const norm = (s: StatefulSetStatus | undefined) =>
    JSON.stringify(
      Object.entries(s ?? {})
        .filter(([, v]) => v !== undefined && v !== null && v !== 0 && v !== '')
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    );
  return norm(a) === norm(b);
}
