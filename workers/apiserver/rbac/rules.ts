/**
 * Does one PolicyRule allow a request? Kubernetes' RuleAllows (plugin/pkg/auth/authorizer/rbac)
 * and the matchers of pkg/apis/rbac/v1/evaluation_helpers.go, to the letter:
 * - `*` in verbs, apiGroups, resources or nonResourceURLs matches anything;
 * - a subresource request matches `resource/subresource` exactly, or `*\/subresource`; `resource`
 *   alone never covers its subresources (and `resource/*` is no wildcard: it matches only itself);
 * - empty resourceNames means every name, else the request's name must be listed (a list or a
 *   create, which have no name, never match a rule with resourceNames);
 * - a nonResourceURL ending in `*` matches every path starting with what precedes the `*`.
 */
import type { PolicyRule } from '../../../lib/api/rbac.ts';

/** What RBAC looks at in a request (Kubernetes' authorizer.Attributes, the parts RBAC reads). */
export type Attributes =
  | { resourceRequest: true; verb: string; group: string; resource: string; subresource: string; name: string; namespace: string }
  | { resourceRequest: false; verb: string; path: string };

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return (rule.verbs ?? []).some((v) => v === '*' || v === verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === '*' || g === group);
}

export function resourceMatches(rule: PolicyRule, combinedResource: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combinedResource) return true;
    if (subresource && r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === '*' || u === path) return true;
    // Go's strings.TrimRight(u, "*") drops every trailing star
    if (u.endsWith('*') && path.startsWith(u.replace(/\*+$/, ''))) return true;
  }
  return false;
}

export function ruleAllows(a: Attributes, rule: PolicyRule): boolean {
  if (a.resourceRequest) {
    const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
    return verbMatches(rule, a.verb) && apiGroupMatches(rule, a.group) && resourceMatches(rule, combined, a.subresource) && resourceNameMatches(rule, a.name);
  }
  return verbMatches(rule, a.verb) && nonResourceURLMatches(rule, a.path);
}
