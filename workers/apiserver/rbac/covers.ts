/**
 * Do the rules someone holds cover the rules they grant? Kubernetes' Covers
 * (component-helpers/auth/rbac/validation/policy_comparator.go): every granted rule is broken
 * down to one verb × one group × one resource (× one name) or one URL × one verb, and each piece
 * must be covered by a single held rule. The uncovered pieces are compacted for the message as
 * CompactRules does (pkg/registry/rbac/validation/policy_compact.go): simple pieces of the same
 * group, resource and name are merged, their verbs appended in order.
 */
import type { PolicyRule } from '../../../lib/api/rbac.ts';
import { goQuoteList } from './go-format.ts';

export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? [])
    for (const resource of rule.resources ?? [])
      for (const verb of rule.verbs ?? []) {
        if (rule.resourceNames?.length) for (const name of rule.resourceNames) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        else out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
      }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs ?? []) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

const has = (set: readonly string[] | undefined, x: string) => (set ?? []).includes(x);
const hasAll = (set: readonly string[] | undefined, xs: readonly string[] | undefined) => (xs ?? []).every((x) => has(set, x));

function resourceCoversAll(owned: readonly string[] | undefined, wanted: readonly string[] | undefined): boolean {
  if (has(owned, '*') || hasAll(owned, wanted)) return true;
  for (const path of wanted ?? []) {
    if (has(owned, path)) continue;
    const slash = path.indexOf('/');
    if (slash < 0) return false;
    if (!has(owned, `*/${path.slice(slash + 1)}`)) return false;
  }
  return true;
}

function nonResourceURLCovers(owner: string, path: string): boolean {
  return owner === path || (owner.endsWith('*') && path.startsWith(owner.replace(/\*+$/, '')));
}

/** Whether one held rule covers one broken-down piece. */
export function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = has(owner.verbs, '*') || hasAll(owner.verbs, sub.verbs);
  const groups = has(owner.apiGroups, '*') || hasAll(owner.apiGroups, sub.apiGroups);
  const resources = resourceCoversAll(owner.resources, sub.resources);
  const urls = (sub.nonResourceURLs ?? []).every((p) => (owner.nonResourceURLs ?? []).some((o) => nonResourceURLCovers(o, p)));
  const ownerNames = owner.resourceNames ?? [];
  const names = sub.resourceNames?.length ? ownerNames.length === 0 || hasAll(ownerNames, sub.resourceNames) : ownerNames.length === 0;
  return verbs && groups && resources && names && urls;
}

/** The pieces of `servant` that no rule of `owner` covers (empty: covered). */
export function uncovered(owner: readonly PolicyRule[], servant: readonly PolicyRule[]): PolicyRule[] {
  const missing: PolicyRule[] = [];
  for (const rule of servant) for (const sub of breakdownRule(rule)) if (!owner.some((o) => ruleCovers(o, sub))) missing.push(sub);
  return missing;
}

/** A piece with one group, one resource, at most one name, and nothing else. */
function simpleKey(r: PolicyRule): string | undefined {
  if ((r.resourceNames?.length ?? 0) > 1 || r.nonResourceURLs?.length) return undefined;
  if (r.apiGroups?.length !== 1 || r.resources?.length !== 1) return undefined;
  const name = r.resourceNames?.length ? `\u0000${r.resourceNames[0]}` : '';
  return JSON.stringify([r.apiGroups[0], r.resources[0], name]);
}

export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const key = simpleKey(r);
    if (key === undefined) compacted.push(r);
    else {
      const existing = simple.get(key);
      if (existing) existing.verbs = [...(existing.verbs ?? []), ...(r.verbs ?? [])];
      else simple.set(key, { ...r, verbs: [...(r.verbs ?? [])] });
    }
  }
  return [...compacted, ...simple.values()];
}

/** Kubernetes' CompactString: `{APIGroups:[""], Resources:["secrets"], Verbs:["get" "list"]}`. */
export function compactString(r: PolicyRule): string {
  const parts: string[] = [];
  if (r.apiGroups?.length) parts.push(`APIGroups:${goQuoteList(r.apiGroups)}`);
  if (r.resources?.length) parts.push(`Resources:${goQuoteList(r.resources)}`);
  if (r.nonResourceURLs?.length) parts.push(`NonResourceURLs:${goQuoteList(r.nonResourceURLs)}`);
  if (r.resourceNames?.length) parts.push(`ResourceNames:${goQuoteList(r.resourceNames)}`);
  if (r.verbs?.length) parts.push(`Verbs:${goQuoteList(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}
