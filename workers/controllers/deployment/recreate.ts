/**
 * Recreate: every old pod goes before any new one starts. Old ReplicaSets are scaled to zero;
 * while any of their pods still runs (terminating included), nothing else happens; then the new
 * ReplicaSet is created (or found) at full size.
 */
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { deploymentComplete } from './conditions.ts';
import { cleanupDeployment } from './cleanup.ts';
import { newAndOldReplicaSets } from './new-replicaset.ts';
import { syncRolloutStatus } from './progress.ts';
import { active, scaleReplicaSetAndRecordEvent } from './replicasets.ts';
import { specReplicas, sumStatus } from './replicas.ts';
import { latest, type Sync } from './sync.ts';

/** `pods`: the Deployment's pods by the uid of the ReplicaSet controlling them. */
export async function rolloutRecreate(s: Sync, pods: Map<string, Pod[]>): Promise<void> {
  let { newRS, oldRSs } = await newAndOldReplicaSets(s, false);
  const all = () => [...oldRSs, newRS].map((rs) => latest(s, rs));

  let scaledDown = false;
  for (const rs of active(oldRSs)) if ((await scaleReplicaSetAndRecordEvent(s, rs, 0)).scaled) scaledDown = true;
  if (scaledDown || oldPodsRunning(newRS, oldRSs.map((rs) => latest(s, rs)), pods)) return syncRolloutStatus(s, all(), latest(s, newRS));

  if (!newRS) ({ newRS, oldRSs } = await newAndOldReplicaSets(s, true));
  await scaleReplicaSetAndRecordEvent(s, newRS!, specReplicas(s.d));
  if (deploymentComplete(s.d, s.d.status)) await cleanupDeployment(s, oldRSs);
  return syncRolloutStatus(s, all(), latest(s, newRS));
}

function oldPodsRunning(newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[], pods: Map<string, Pod[]>): boolean {
  if (sumStatus(oldRSs, 'replicas') > 0) return true;
  for (const [uid, list] of pods) {
    if (uid === newRS?.metadata.uid) continue;
    // only a finished pod is sure not to run (Unknown may still be running somewhere)
    if (list.some((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed')) return true;
  }
  return false;
}
