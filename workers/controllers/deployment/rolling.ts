/**
 * RollingUpdate: grow the new ReplicaSet while the total stays within replicas + maxSurge, shrink
 * the old ones while the available pods stay at or above replicas - maxUnavailable. One step per
 * sync; the ReplicaSets' status changes bring the next one. Old ReplicaSets whose pods are not
 * available are shrunk first: removing pods that serve nothing costs no availability.
 */
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { deploymentComplete } from './conditions.ts';
import { cleanupDeployment } from './cleanup.ts';
import { newAndOldReplicaSets } from './new-replicaset.ts';
import { syncRolloutStatus } from './progress.ts';
import { active, byCreation, scaleReplicaSetAndRecordEvent } from './replicasets.ts';
import { maxUnavailable, newRSNewReplicas, specReplicas, sumSpecReplicas, sumStatus } from './replicas.ts';
import { latest, type Sync } from './sync.ts';

export async function rolloutRolling(s: Sync): Promise<void> {
  const { newRS, oldRSs } = await newAndOldReplicaSets(s, true);
  const all = () => [...oldRSs, newRS].map((rs) => latest(s, rs));
  if (await reconcileNewReplicaSet(s, all(), newRS!)) return syncRolloutStatus(s, all(), latest(s, newRS));
  if (await reconcileOldReplicaSets(s, all(), active(oldRSs.map((rs) => latest(s, rs))), latest(s, newRS!))) return syncRolloutStatus(s, all(), latest(s, newRS));
  if (deploymentComplete(s.d, s.d.status)) await cleanupDeployment(s, oldRSs);
  return syncRolloutStatus(s, all(), latest(s, newRS));
}

async function reconcileNewReplicaSet(s: Sync, all: (ReplicaSet | undefined)[], newRS: ReplicaSet): Promise<boolean> {
  const want = specReplicas(s.d);
  if (specReplicas(newRS) === want) return false;
  if (specReplicas(newRS) > want) return (await scaleReplicaSetAndRecordEvent(s, newRS, want)).scaled;
  return (await scaleReplicaSetAndRecordEvent(s, newRS, newRSNewReplicas(s.d, all, newRS))).scaled;
}

async function reconcileOldReplicaSets(s: Sync, all: (ReplicaSet | undefined)[], oldRSs: ReplicaSet[], newRS: ReplicaSet): Promise<boolean> {
  if (sumSpecReplicas(oldRSs) === 0) return false; // nothing left to scale down
  const minAvailable = specReplicas(s.d) - maxUnavailable(s.d);
  const newUnavailable = specReplicas(newRS) - (newRS.status?.availableReplicas ?? 0);
  // the most that can go: everything above minAvailable, minus the new pods not yet available
  // (they may never become so: scaling old ones down for them could take the service down)
  const maxScaledDown = sumSpecReplicas(all) - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return false;
  const { rss, count } = await cleanupUnhealthyReplicas(s, oldRSs, maxScaledDown);
  const scaled = await scaleDownOldForRollingUpdate(s, [...rss, newRS], rss);
  return count + scaled > 0;
}

/** Removes up to `max` old pods that are not available, oldest ReplicaSets first. */
async function cleanupUnhealthyReplicas(s: Sync, oldRSs: ReplicaSet[], max: number): Promise<{ rss: ReplicaSet[]; count: number }> {
  const rss = [...oldRSs].sort(byCreation);
  let count = 0;
  for (let i = 0; i < rss.length && count < max; i++) {
    const rs = rss[i];
    const unhealthy = specReplicas(rs) - (rs.status?.availableReplicas ?? 0);
    if (specReplicas(rs) === 0 || unhealthy <= 0) continue;
    const down = Math.min(max - count, unhealthy);
    rss[i] = (await scaleReplicaSetAndRecordEvent(s, rs, specReplicas(rs) - down)).rs;
    count += down;
  }
  return { rss, count };
}

/** Scales old ReplicaSets down by what availability allows, oldest first. */
async function scaleDownOldForRollingUpdate(s: Sync, all: ReplicaSet[], oldRSs: ReplicaSet[]): Promise<number> {
  const minAvailable = specReplicas(s.d) - maxUnavailable(s.d);
  const available = sumStatus(all, 'availableReplicas');
  if (available <= minAvailable) return 0;
  const target = available - minAvailable;
  let done = 0;
  for (const rs of [...oldRSs].sort(byCreation)) {
    if (done >= target) break;
    if (specReplicas(rs) === 0) continue;
    const down = Math.min(specReplicas(rs), target - done);
    await scaleReplicaSetAndRecordEvent(s, rs, specReplicas(rs) - down);
    done += down;
  }
  return done;
}
