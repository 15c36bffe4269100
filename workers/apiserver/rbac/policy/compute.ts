/**
 * What reconciling one default object against what is stored means, as Kubernetes'
 * pkg/registry/rbac/reconciliation does it with RemoveExtraPermissions/RemoveExtraSubjects off:
 * labels and annotations are merged (the stored values win), missing rules (as the uncovered
 * pieces of Covers), missing aggregation selectors and missing subjects are added, extra ones
 * kept. An object annotated rbac.authorization.kubernetes.io/autoupdate=false is protected: it
 * is never changed. A binding whose roleRef differs is recreated (roleRef is immutable).
 */
import type { KubeObject, LabelSelector } from '../../../../lib/api/meta.ts';
import type { ClusterRole, RoleBinding, Subject } from '../../../../lib/api/rbac.ts';
import { uncovered } from '../covers.ts';
import { jsonEqual } from '../../rest/meta.ts';
import { AUTOUPDATE } from './defaults.ts';

export type Reconciled<T> = { op: 'none' } | { op: 'update' | 'recreate'; object: T };

export const isProtected = (o: KubeObject) => o.metadata.annotations?.[AUTOUPDATE] === 'false';

/** merge(expected, existing): the stored value wins where both have a key. */
function mergeMaps(expected: Record<string, string> | undefined, existing: Record<string, string> | undefined): Record<string, string> | undefined {
  const merged = { ...(expected ?? {}), ...(existing ?? {}) };
  return Object.keys(merged).length ? merged : undefined;
}

function withMergedMetadata<T extends KubeObject>(existing: T, expected: T): T {
  const next = structuredClone(existing);
  const labels = mergeMaps(expected.metadata.labels, existing.metadata.labels);
  const annotations = mergeMaps(expected.metadata.annotations, existing.metadata.annotations);
  if (labels) next.metadata.labels = labels;
  if (annotations) next.metadata.annotations = annotations;
  return next;
}

const changed = (a: KubeObject, b: KubeObject) => !jsonEqual(a, b);

/** A Role or ClusterRole (aggregated roles' rules are the aggregation controller's). */
export function reconcileRole<T extends ClusterRole>(existing: T, expected: T): Reconciled<T> {
  if (isProtected(existing)) return { op: 'none' };
  const next = withMergedMetadata(existing, expected);
  const have: LabelSelector[] = existing.aggregationRule?.clusterRoleSelectors ?? [];
  const missingSelectors = (expected.aggregationRule?.clusterRoleSelectors ?? []).filter((s) => !have.some((h) => jsonEqual(h, s)));
  if (missingSelectors.length) next.aggregationRule = { clusterRoleSelectors: [...have, ...structuredClone(missingSelectors)] };
  const missingRules = uncovered(existing.rules ?? [], expected.rules ?? []);
  if (missingRules.length) next.rules = [...(existing.rules ?? []), ...missingRules];
  return changed(next, existing) ? { op: 'update', object: next } : { op: 'none' };
}

const sameSubject = (a: Subject, b: Subject) => a.kind === b.kind && (a.apiGroup ?? '') === (b.apiGroup ?? '') && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');

/** A RoleBinding or ClusterRoleBinding. */
export function reconcileBinding<T extends RoleBinding>(existing: T, expected: T): Reconciled<T> {
  if (isProtected(existing)) return { op: 'none' };
  if (!jsonEqual(existing.roleRef, expected.roleRef)) return { op: 'recreate', object: structuredClone(expected) };
  const next = withMergedMetadata(existing, expected);
  const missing = (expected.subjects ?? []).filter((s) => !(existing.subjects ?? []).some((e) => sameSubject(e, s)));
  if (missing.length) next.subjects = [...(existing.subjects ?? []), ...structuredClone(missing)];
  return changed(next, existing) ? { op: 'update', object: next } : { op: 'none' };
}
