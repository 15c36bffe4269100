/**
 * Does a policy's matchConstraints (or a binding's matchResources) select a request, as
 * Kubernetes' plugin/policy/matching decides: the namespace selector, the object selector, no
 * excludeResourceRules rule matching, then a resourceRules rule matching exactly or — with
 * `matchPolicy: Equivalent` — for another version of the same resource. A rule with
 * resourceNames matches only those names.
 */
import type { MatchResources, NamedRuleWithOperations } from '../../../../lib/api/admissionregistration/vap.ts';
import type { KubeObject, LabelSelector } from '../../../../lib/api/meta.ts';
import { fromLabelSelector, matches } from '../../../../lib/selectors/label.ts';
import { sharingStorage } from '../../registry/index.ts';
import type { KindDescriptor } from '../../registry/types.ts';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** A request as admission sees it. */
export interface Attributes {
  operation: Operation;
  desc: KindDescriptor;
  subresource: string;
  /** '' for cluster-scoped objects */
  namespace: string;
  name: string;
  object?: KubeObject;
  oldObject?: KubeObject;
}

const anyOf = (items: string[] | undefined, v: string) => (items ?? []).some((i) => i === '*' || i === v);

function ruleMatches(r: NamedRuleWithOperations, a: Attributes, as: KindDescriptor): boolean {
  const scope = r.scope ?? '*';
  const isNamespace = as.group === '' && as.resource === 'namespaces';
  const clusterScoped = isNamespace || !as.namespaced;
  if (scope === 'Namespaced' && clusterScoped) return false;
  if (scope === 'Cluster' && !clusterScoped) return false;
  if (!anyOf(r.operations, a.operation)) return false;
  if (!anyOf(r.apiGroups, as.group) || !anyOf(r.apiVersions, as.version)) return false;
  if (r.resourceNames?.length && !r.resourceNames.includes(a.name)) return false;
  return (r.resources ?? []).some((rs) => {
    const slash = rs.indexOf('/');
    const [res, sub] = slash < 0 ? [rs, ''] : [rs.slice(0, slash), rs.slice(slash + 1)];
    return (res === '*' || res === as.resource) && (sub === '*' || sub === a.subresource);
  });
}

const isEmpty = (s: LabelSelector | undefined) => !s || (!Object.keys(s.matchLabels ?? {}).length && !(s.matchExpressions ?? []).length);

/**
 * The kind the policy sees the request as (the request's own, or an equivalent version's), or
 * undefined when it does not match. `namespaceLabels` reads the request's namespace's labels.
 */
export async function matchResources(
  m: MatchResources,
  a: Attributes,
  namespaceLabels: () => Promise<Record<string, string> | undefined>,
  /** a binding's matchResources without resourceRules does not constrain the resource */
  rulesOptional = false,
): Promise<KindDescriptor | undefined> {
  const isNamespace = a.desc.group === '' && a.desc.resource === 'namespaces';
  if (!isEmpty(m.namespaceSelector) && (a.namespace !== '' || isNamespace)) {
    const labels = isNamespace ? (a.object ?? a.oldObject)?.metadata.labels ?? {} : await namespaceLabels();
    if (!matches(fromLabelSelector(m.namespaceSelector), labels ?? {})) return undefined;
  }
  if (!isEmpty(m.objectSelector)) {
    const s = fromLabelSelector(m.objectSelector);
    const hit = [a.object, a.oldObject].some((o) => o && matches(s, o.metadata.labels ?? {}));
    if (!hit) return undefined;
  }
  if ((m.excludeResourceRules ?? []).some((r) => ruleMatches(r, a, a.desc))) return undefined;
  const rules = m.resourceRules ?? [];
  if (!rules.length && rulesOptional) return a.desc;
  if (rules.some((r) => ruleMatches(r, a, a.desc))) return a.desc;
  if ((m.matchPolicy ?? 'Equivalent') !== 'Equivalent') return undefined;
  for (const d of sharingStorage(a.desc)) if (d !== a.desc && rules.some((r) => ruleMatches(r, a, d))) return d;
  return undefined;
}
