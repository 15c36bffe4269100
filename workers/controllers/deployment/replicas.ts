/**
 * The arithmetic of a rollout (deploymentutil): how far above the desired count a rolling update
 * may go (maxSurge, percentages rounded up) and how far below (maxUnavailable, rounded down), how
 * big the new ReplicaSet may grow, and how a scaling in the middle of a rollout is shared out
 * between the ReplicaSets in proportion to their sizes.
 */
import type { Deployment } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { MAX_REPLICAS_ANNOTATION } from './revision.ts';

export const specReplicas = (o: Deployment | ReplicaSet | undefined): number => o?.spec?.replicas ?? 0;
export const isRollingUpdate = (d: Deployment) => d.spec?.strategy?.type === 'RollingUpdate';

/** intstr.GetScaledValueFromIntOrPercent: an int, or "N%" of total rounded up or down. */
export function scaledValue(v: number | string | undefined, total: number, roundUp: boolean): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) throw new Error(`invalid value for IntOrString: invalid type: string is not a percentage`);
  const scaled = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/**
 * Both fenceposts at once: when both round to zero (say 25 % of 1 unavailable, 0 surge), one pod
 * may be unavailable, or the rollout could never move.
 */
export function resolveFenceposts(d: Deployment): { surge: number; unavailable: number } {
  const ru = d.spec?.strategy?.rollingUpdate;
  const desired = specReplicas(d);
  const surge = scaledValue(ru?.maxSurge as number | string | undefined, desired, true);
  let unavailable = scaledValue(ru?.maxUnavailable as number | string | undefined, desired, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

export const maxSurge = (d: Deployment): number => (isRollingUpdate(d) ? resolveFenceposts(d).surge : 0);

export function maxUnavailable(d: Deployment): number {
  if (!isRollingUpdate(d) || specReplicas(d) === 0) return 0;
  return Math.min(resolveFenceposts(d).unavailable, specReplicas(d));
}

export const sumSpecReplicas = (rss: (ReplicaSet | undefined)[]) => rss.reduce((n, rs) => n + specReplicas(rs), 0);
export const sumStatus = (rss: (ReplicaSet | undefined)[], field: 'replicas' | 'readyReplicas' | 'availableReplicas') =>
  rss.reduce((n, rs) => n + (rs?.status?.[field] ?? 0), 0);

/** The size the new ReplicaSet may have now (deploymentutil.NewRSNewReplicas). */
export function newRSNewReplicas(d: Deployment, allRSs: (ReplicaSet | undefined)[], newRS: ReplicaSet): number {
  if (d.spec?.strategy?.type === 'Recreate') return specReplicas(d);
  const surge = scaledValue(d.spec?.strategy?.rollingUpdate?.maxSurge as number | string | undefined, specReplicas(d), true);
  const maxTotal = specReplicas(d) + surge;
  const current = sumSpecReplicas(allRSs);
  if (current >= maxTotal) return specReplicas(newRS);
  return specReplicas(newRS) + Math.min(maxTotal - current, specReplicas(d) - specReplicas(newRS));
}

/**
 * How many of `toAdd` (negative: to remove) replicas this ReplicaSet takes, given `added` already
 * handed out: its share of the new maximum size, relative to the maximum it was sized for (its
 * max-replicas annotation).
 */
export function proportion(rs: ReplicaSet, d: Deployment, toAdd: number, added: number): number {
  if (specReplicas(rs) === 0 || toAdd === 0 || toAdd === added) return 0;
  const fraction = replicaSetFraction(rs, d);
  const allowed = toAdd - added;
  return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}

function replicaSetFraction(rs: ReplicaSet, d: Deployment): number {
  if (specReplicas(d) === 0) return -specReplicas(rs);
  const maxNow = specReplicas(d) + maxSurge(d);
  let maxBefore = Number(rs.metadata.annotations?.[MAX_REPLICAS_ANNOTATION]);
  if (!Number.isInteger(maxBefore) || maxBefore === 0) {
    // no usable annotation: estimate from the Deployment's current size
    maxBefore = d.status?.replicas ?? 0;
    if (maxBefore === 0) return 0;
  }
  return Math.round((specReplicas(rs) * maxNow) / maxBefore) - specReplicas(rs);
}
