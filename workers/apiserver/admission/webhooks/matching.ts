/**
 * Which webhooks a request calls, as Kubernetes decides (webhook/predicates/rules,
 * namespace/matcher.go, object/matcher.go, generic/webhook.go ShouldCallHook): the namespace
 * selector, the object selector, then the rules (operation, group, version, resource and
 * subresource, scope), then — with `matchPolicy: Equivalent` — the same rules against the other
 * versions of the resource.
 */
import type { RuleWithOperations, Webhook } from '../../../../lib/api/admissionregistration/webhooks.ts';
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { notFound } from '../../../../lib/errors.ts';
import { fromLabelSelector, matches } from '../../../../lib/selectors/label.ts';
import { sharingStorage } from '../../registry/index.ts';
import type { KindDescriptor } from '../../registry/types.ts';
import type { Storage } from '../../storage/types.ts';
import type { Operation } from './types.ts';

/** Kubernetes never calls webhooks for the objects that configure admission (a bad one could lock everyone out). */
const EXEMPT_KINDS = new Set(['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding']);
export const isExempt = (desc: KindDescriptor) => desc.group === 'admissionregistration.k8s.io' && EXEMPT_KINDS.has(desc.kind);

/** What the rules look at: the request as the webhook would see it. */
export interface RuleAttributes {
  operation: Operation;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  /** the request's namespace: '' for cluster-scoped objects (a Namespace's own name for its update and delete) */
  namespace: string;
}

const exactOrWildcard = (items: string[] | undefined, v: string) => (items ?? []).some((i) => i === '*' || i === v);

export function ruleMatches(rule: RuleWithOperations, a: RuleAttributes): boolean {
  const scope = rule.scope ?? '*';
  const isNamespace = a.group === '' && a.resource === 'namespaces';
  if (scope === 'Namespaced' && (isNamespace || a.namespace === '')) return false;
  if (scope === 'Cluster' && !(isNamespace || a.namespace === '')) return false;
  if (!exactOrWildcard(rule.operations, a.operation)) return false;
  if (!exactOrWildcard(rule.apiGroups, a.group) || !exactOrWildcard(rule.apiVersions, a.version)) return false;
  return (rule.resources ?? []).some((rs) => {
    const slash = rs.indexOf('/');
    const [res, sub] = slash < 0 ? [rs, ''] : [rs.slice(0, slash), rs.slice(slash + 1)];
    return (res === '*' || res === a.resource) && (sub === '*' || sub === a.subresource);
  });
}

/**
 * The kind a matching webhook is called with: the request's own, or (matchPolicy Equivalent) the
 * first equivalent resource a rule names — here, the other version of Events. Undefined: no call.
 */
export function invocationKind(hook: Webhook, desc: KindDescriptor, a: RuleAttributes): KindDescriptor | undefined {
  const rules = hook.rules ?? [];
  if (rules.some((r) => ruleMatches(r, a))) return desc;
  if ((hook.matchPolicy ?? 'Equivalent') !== 'Equivalent') return undefined;
  const equivalents = sharingStorage(desc).filter((d) => d !== desc);
  for (const r of rules) for (const d of equivalents) if (ruleMatches(r, { ...a, group: d.group, version: d.version, resource: d.resource })) return d;
  return undefined;
}

const labelsOf = (o: KubeObject | undefined) => o?.metadata?.labels ?? {};
const isEmpty = (sel: Webhook['namespaceSelector']) => !sel || (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0);

/** objectSelector: either the new or the old object matches; no object never matches (an empty selector always does). */
export function objectSelectorMatches(hook: Webhook, obj: KubeObject | undefined, old: KubeObject | undefined): boolean {
  if (isEmpty(hook.objectSelector)) return true;
  const s = fromLabelSelector(hook.objectSelector);
  return (!!obj && matches(s, labelsOf(obj))) || (!!old && matches(s, labelsOf(old)));
}

/**
 * namespaceSelector: cluster-scoped objects other than namespaces always match; a Namespace is
 * matched by its own labels; anything else by its namespace's, read once per request (`labels`
 * caches the read). A missing namespace is Kubernetes' 404.
 */
export async function namespaceSelectorMatches(
  hook: Webhook,
  a: RuleAttributes,
  objs: { obj?: KubeObject; old?: KubeObject },
  namespaceLabels: () => Promise<Record<string, string> | undefined>,
): Promise<boolean> {
  const isNamespace = a.group === '' && a.resource === 'namespaces';
  if (a.namespace === '' && !isNamespace) return true;
  if (isEmpty(hook.namespaceSelector)) return true;
  let labels: Record<string, string> | undefined;
  if (isNamespace && a.subresource === '') labels = labelsOf(a.operation === 'DELETE' ? objs.old : (objs.obj ?? objs.old));
  else {
    labels = await namespaceLabels();
    if (!labels) throw notFound({ group: '', resource: 'namespaces' }, a.namespace);
  }
  return matches(fromLabelSelector(hook.namespaceSelector), labels);
}

/** A namespace's labels, read at most once per admission. */
export function namespaceLabelsReader(storage: Storage, namespace: string): () => Promise<Record<string, string> | undefined> {
  let read: Promise<Record<string, string> | undefined> | undefined;
  return () => (read ??= storage.get(`/registry/namespaces/${namespace}`).then((ns) => (ns ? (ns.metadata.labels ?? {}) : undefined)));
}
