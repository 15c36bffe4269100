/**
 * Old ReplicaSets beyond spec.revisionHistoryLimit are deleted, lowest revision first: they are
 * what `kubectl rollout undo` goes back to, so only empty ones that their controller has fully
 * seen go, and only as many as exceed the limit.
 */
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { byCreation } from './replicasets.ts';
import { specReplicas } from './replicas.ts';
import { revisionOf } from './revision.ts';
import { latest, type Sync } from './sync.ts';

const byRevision = (a: ReplicaSet, b: ReplicaSet) => (revisionOf(a) ?? 0) - (revisionOf(b) ?? 0) || byCreation(a, b);

export async function cleanupDeployment(s: Sync, oldRSs: ReplicaSet[]): Promise<void> {
  const limit = s.d.spec?.revisionHistoryLimit;
  if (limit === undefined || limit === null) return;
  const cleanable = oldRSs.map((rs) => latest(s, rs)).filter((rs) => !rs.metadata.deletionTimestamp);
  const excess = cleanable.length - limit;
  if (excess <= 0) return;
  for (const rs of cleanable.sort(byRevision).slice(0, excess)) {
    const empty = (rs.status?.replicas ?? 0) === 0 && specReplicas(rs) === 0;
    const observed = (rs.metadata.generation ?? 0) <= (rs.status?.observedGeneration ?? 0);
    if (!empty || !observed) continue;
    await s.ctx.api.delete(RESOURCES.replicasets, rs.metadata.namespace, rs.metadata.name!);
  }
}
