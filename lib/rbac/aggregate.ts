/**
 * The rules an aggregated ClusterRole should have, as Kubernetes' ClusterRole aggregation
 * controller computes them: for each selector in order, the ClusterRoles it selects sorted by
 * name (the role itself excluded), each of their rules once, in order of first appearance.
 */
import type { ClusterRole, PolicyRule } from '../api/rbac.ts';
import { fromLabelSelector, matches } from '../selectors/label.ts';

/** Semantic equality: an empty list and a missing one are the same. */
function sameRule(a: PolicyRule, b: PolicyRule): boolean {
  const fields: (keyof PolicyRule)[] = ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs'];
  return fields.every((f) => {
    const x = a[f] ?? [];
    const y = b[f] ?? [];
    return x.length === y.length && x.every((v, i) => v === y[i]);
  });
}

export const sameRules = (a: PolicyRule[] | null | undefined, b: PolicyRule[] | null | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((r, i) => sameRule(r, b![i]));

export function aggregatedRules(role: ClusterRole, all: ClusterRole[]): PolicyRule[] {
  const rules: PolicyRule[] = [];
  const byName = [...all].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  for (const sel of role.aggregationRule?.clusterRoleSelectors ?? []) {
    let selector;
    try {
      selector = fromLabelSelector(sel);
    } catch {
      continue; // validation keeps bad selectors out; an old one selects nothing
    }
    for (const other of byName) {
      if (other.metadata.name === role.metadata.name || !matches(selector, other.metadata.labels)) continue;
      for (const rule of other.rules ?? []) if (!rules.some((r) => sameRule(r, rule))) rules.push(rule);
    }
  }
  return rules;
}
