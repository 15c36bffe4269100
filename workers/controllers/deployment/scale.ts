/**
 * Scaling a Deployment (spec.replicas changed, or while it is paused), as opposed to rolling it
 * out. With one active ReplicaSet it simply takes the new size. In the middle of a rollout, the
 * replicas to add or remove are shared out between the active ReplicaSets in proportion to their
 * sizes (largest first; the rounding leftover goes to the largest), so the rollout goes on from
 * where it was, at the new scale.
 */
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { cleanupDeployment } from './cleanup.ts';
import { newAndOldReplicaSets } from './new-replicaset.ts';
import { syncDeploymentStatus } from './progress.ts';
import { active, byCreation, scaleReplicaSet, scaleReplicaSetAndRecordEvent } from './replicasets.ts';
import { isRollingUpdate, maxSurge, proportion, specReplicas, sumSpecReplicas } from './replicas.ts';
import { desiredReplicasOf } from './revision.ts';
import { latest, type Sync } from './sync.ts';

/** A scaling: some active ReplicaSet was sized for another Deployment size than the current one. */
export async function isScalingEvent(s: Sync): Promise<boolean> {
  const { newRS, oldRSs } = await newAndOldReplicaSets(s, false);
  return active([...oldRSs, newRS].map((rs) => latest(s, rs))).some((rs) => {
    const desired = desiredReplicasOf(rs);
    return desired !== undefined && desired !== specReplicas(s.d);
  });
}

/** Scaling and paused Deployments: resize, trim history when paused, write the status. */
export async function syncScaling(s: Sync): Promise<void> {
  const { newRS, oldRSs } = await newAndOldReplicaSets(s, false);
  await scale(s, newRS, oldRSs);
  if (s.d.spec?.paused) await cleanupDeployment(s, oldRSs);
  await syncDeploymentStatus(s, [...oldRSs, newRS].map((rs) => latest(s, rs)), latest(s, newRS));
}

/** The only active ReplicaSet, or the newest when none is active; undefined when several are. */
function activeOrLatest(newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[]): ReplicaSet | undefined {
  if (!newRS && !oldRSs.length) return undefined;
  const act = active([...[...oldRSs].sort(byCreation).reverse(), newRS]);
  if (act.length === 1) return act[0];
  if (act.length === 0) return newRS ?? [...oldRSs].sort(byCreation).at(-1);
  return undefined;
}

/** The new ReplicaSet holds the whole Deployment, and knows it. */
function isSaturated(s: Sync, rs: ReplicaSet | undefined): boolean {
  return !!rs && specReplicas(rs) === specReplicas(s.d) && desiredReplicasOf(rs) === specReplicas(s.d);
}

async function scale(s: Sync, newRS: ReplicaSet | undefined, oldRSs: ReplicaSet[]): Promise<void> {
  const d = s.d;
  const only = activeOrLatest(newRS, oldRSs);
  if (only) {
    if (specReplicas(only) !== specReplicas(d)) await scaleReplicaSetAndRecordEvent(s, only, specReplicas(d));
    return;
  }
  if (isSaturated(s, newRS)) {
    for (const rs of active(oldRSs)) await scaleReplicaSetAndRecordEvent(s, rs, 0);
    return;
  }
  if (!isRollingUpdate(d)) return;

  const all = active([...oldRSs, newRS]);
  const allowed = specReplicas(d) > 0 ? specReplicas(d) + maxSurge(d) : 0;
  const toAdd = allowed - sumSpecReplicas(all);
  // growing: the largest first, newest among equals; shrinking: the largest first, oldest among equals
  all.sort((a, b) => specReplicas(b) - specReplicas(a) || (toAdd > 0 ? byCreation(b, a) : byCreation(a, b)));
  const op = toAdd > 0 ? 'up' : 'down';
  let added = 0;
  const sizes = all.map((rs) => {
    if (toAdd === 0) return specReplicas(rs);
    const p = proportion(rs, d, toAdd, added);
    added += p;
    return specReplicas(rs) + p;
  });
  if (toAdd !== 0 && sizes.length) sizes[0] = Math.max(0, sizes[0] + toAdd - added);
  for (let i = 0; i < all.length; i++) await scaleReplicaSet(s, all[i], sizes[i], op);
}
