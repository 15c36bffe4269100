/**
 * A Deployment's ReplicaSets: which are its own (claimed by selector and controller reference),
 * which one is new (its template is the Deployment's), which are old, and how one is resized,
 * with the ScalingReplicaSet event ("Scaled up replica set X from 0 to 3").
 */
import type { Deployment } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { fromLabelSelector, matches } from '../../../lib/selectors/label.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { emit } from '../replicaset/manage.ts';
import { claim } from '../replicaset/ownership.ts';
import { equalIgnoreHash } from './hash.ts';
import { maxSurge, specReplicas } from './replicas.ts';
import { replicasAnnotationsNeedUpdate, setReplicasAnnotations } from './revision.ts';
import { latest, remember, type Sync } from './sync.ts';

const created = (rs: ReplicaSet) => Date.parse(rs.metadata.creationTimestamp ?? '') || 0;

/** Oldest first, then by name (controller.ReplicaSetsByCreationTimestamp). */
export function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  const d = created(a) - created(b);
  if (d !== 0) return d;
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : (a.metadata.name ?? '') > (b.metadata.name ?? '') ? 1 : 0;
}

/** ReplicaSets with pods wanted. */
export const active = (rss: (ReplicaSet | undefined)[]): ReplicaSet[] => rss.filter((rs): rs is ReplicaSet => !!rs && specReplicas(rs) > 0);

/**
 * The ReplicaSets the Deployment controls among `items` (its namespace's, as the batch read them:
 * a write decided from a stale one is refused with 409 and the sync retried with fresh reads),
 * after adopting and releasing.
 */
export async function claimReplicaSets(ctx: ControllerContext, d: Deployment, items: ReplicaSet[]): Promise<ReplicaSet[]> {
  const selector = fromLabelSelector(d.spec?.selector);
  return claim(ctx.api, RESOURCES.replicasets, d, items, (rs) => matches(selector, rs.metadata.labels));
}

/** The ReplicaSet running the Deployment's template; the oldest if, somehow, several do. */
export const findNewReplicaSet = (d: Deployment, rsList: ReplicaSet[]): ReplicaSet | undefined =>
  [...rsList].sort(byCreation).find((rs) => equalIgnoreHash(rs.spec?.template, d.spec?.template));

/** Every other ReplicaSet of the Deployment. */
export function findOldReplicaSets(d: Deployment, rsList: ReplicaSet[]): ReplicaSet[] {
  const newRS = findNewReplicaSet(d, rsList);
  return rsList.filter((rs) => rs.metadata.uid !== newRS?.metadata.uid);
}

/**
 * Resizes a ReplicaSet to `to` and refreshes its size annotations; the event says `op` ("up" or
 * "down"). Returns whether the size changed, and the ReplicaSet as written.
 */
export async function scaleReplicaSet(s: Sync, stale: ReplicaSet, to: number, op: 'up' | 'down'): Promise<{ scaled: boolean; rs: ReplicaSet }> {
  const rs = latest(s, stale);
  const from = specReplicas(rs);
  const desired = specReplicas(s.d);
  const max = desired + maxSurge(s.d);
  const resize = from !== to;
  if (!resize && !replicasAnnotationsNeedUpdate(rs, desired, max)) return { scaled: false, rs };
  const copy = structuredClone(rs);
  copy.spec = { ...copy.spec, replicas: to };
  setReplicasAnnotations(copy, desired, max);
  const written = remember(s, await s.ctx.api.update(RESOURCES.replicasets, copy));
  if (resize) await emit(s.ctx.events.normal(s.d, 'ScalingReplicaSet', `Scaled ${op} replica set ${rs.metadata.name} from ${from} to ${to}`));
  return { scaled: resize, rs: written };
}

/** scaleReplicaSet, the direction read from the sizes; nothing when the size is already right. */
export async function scaleReplicaSetAndRecordEvent(s: Sync, stale: ReplicaSet, to: number): Promise<{ scaled: boolean; rs: ReplicaSet }> {
  const rs = latest(s, stale);
  if (specReplicas(rs) === to) return { scaled: false, rs };
  return scaleReplicaSet(s, rs, to, specReplicas(rs) < to ? 'up' : 'down');
}
