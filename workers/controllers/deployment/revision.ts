/**
 * The annotations a Deployment keeps on its ReplicaSets, which `kubectl rollout history/undo`
 * read: each ReplicaSet's revision (the newest is the highest; a rollback gives the old one a new
 * number and remembers the previous ones in revision-history), and the Deployment size it was
 * sized for (desired-replicas, max-replicas), which tells a scaling from a rollout.
 */
import type { Deployment } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';

export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';

/** Deployment annotations that are not copied onto its ReplicaSets (nor back by a rollback). */
const NOT_COPIED = new Set([
  'kubectl.kubernetes.io/last-applied-configuration',
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  'deprecated.deployment.rollback.to',
]);

/** Kubernetes caps revision-history at this many characters, dropping the oldest. */
const MAX_HISTORY_CHARS = 2000;

/** The revision of a ReplicaSet; 0 when it has none, undefined when it is not a number. */
export function revisionOf(rs: ReplicaSet): number | undefined {
  const v = rs.metadata.annotations?.[REVISION_ANNOTATION];
  if (v === undefined || v === '') return 0;
  return /^\d+$/.test(v) ? Number(v) : undefined;
}

export const maxRevision = (rss: ReplicaSet[]): number => Math.max(0, ...rss.map((rs) => revisionOf(rs) ?? 0));

/**
 * Brings the new ReplicaSet's annotations up to date (mutating `rs`): the Deployment's own
 * annotations, the revision (raised to `newRevision`, never lowered), and on creation the sizes.
 * Returns whether anything changed.
 */
export function setNewReplicaSetAnnotations(d: Deployment, rs: ReplicaSet, newRevision: number, exists: boolean, maxSurge: number): boolean {
  const a = (rs.metadata.annotations ??= {});
  let changed = false;
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (NOT_COPIED.has(k) || a[k] === v) continue;
    a[k] = v;
    changed = true;
  }
  const had = REVISION_ANNOTATION in a;
  const old = revisionOf(rs);
  if (old === undefined) return false; // a revision we cannot read is left alone
  if (old < newRevision) {
    a[REVISION_ANNOTATION] = String(newRevision);
    changed = true;
    // an older revision brought back (rollback): remember the numbers it had
    if (had) a[REVISION_HISTORY_ANNOTATION] = appendHistory(a[REVISION_HISTORY_ANNOTATION], String(old));
  }
  if (!exists && setReplicasAnnotations(rs, d.spec?.replicas ?? 0, (d.spec?.replicas ?? 0) + maxSurge)) changed = true;
  return changed;
}

function appendHistory(history: string | undefined, revision: string): string {
  if (!history) return revision;
  const parts = history.split(',');
  let total = history.length + revision.length + 1;
  let start = 0;
  while (total > MAX_HISTORY_CHARS && start < parts.length) total -= parts[start++].length + 1;
  return total <= MAX_HISTORY_CHARS ? [...parts.slice(start), revision].join(',') : history;
}

export function replicasAnnotationsNeedUpdate(rs: ReplicaSet, desired: number, max: number): boolean {
  const a = rs.metadata.annotations ?? {};
  return a[DESIRED_REPLICAS_ANNOTATION] !== String(desired) || a[MAX_REPLICAS_ANNOTATION] !== String(max);
}

/** Records the Deployment size a ReplicaSet is sized for (mutating `rs`); whether it changed. */
export function setReplicasAnnotations(rs: ReplicaSet, desired: number, max: number): boolean {
  if (!replicasAnnotationsNeedUpdate(rs, desired, max)) return false;
  const a = (rs.metadata.annotations ??= {});
  a[DESIRED_REPLICAS_ANNOTATION] = String(desired);
  a[MAX_REPLICAS_ANNOTATION] = String(max);
  return true;
}

/** The desired-replicas annotation, when it is a number. */
export function desiredReplicasOf(rs: ReplicaSet): number | undefined {
  const v = rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION];
  return v !== undefined && /^[+-]?\d+$/.test(v) ? Number(v) : undefined;
}

/** Sets the Deployment's revision annotation (mutating `d`); whether it changed. */
export function setDeploymentRevision(d: Deployment, revision: string): boolean {
  const a = (d.metadata.annotations ??= {});
  if (a[REVISION_ANNOTATION] === revision) return false;
  a[REVISION_ANNOTATION] = revision;
  return true;
}
