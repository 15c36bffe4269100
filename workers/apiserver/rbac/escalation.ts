/**
 * RBAC escalation prevention, as Kubernetes' policy-based storages of the four RBAC kinds
 * (pkg/registry/rbac/{role,clusterrole,rolebinding,clusterrolebinding}/policybased):
 * - system:masters may write anything (EscalationAllowed);
 * - a Role or ClusterRole may be written by whoever may `escalate` it, or holds every permission
 *   it grants (in the request's namespace; cluster-wide for a ClusterRole); an aggregationRule
 *   needs every permission there is;
 * - a RoleBinding or ClusterRoleBinding may be written by whoever may `bind` its role, or holds
 *   every permission of that role;
 * - an update that only touches ownerReferences and finalizers (the garbage collector) passes.
 * The holder's rules are resolved from the same cache as the authorizer's, naming a missing role
 * as the registry does (`roles.rbac.authorization.k8s.io "x" not found`).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { RBAC_GROUP, type ClusterRole, type PolicyRule, type Role, type RoleBinding } from '../../../lib/api/rbac.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { UserInfo } from '../auth/authn.ts';
import { jsonEqual } from '../rest/meta.ts';
import type { Policy } from './policy.ts';
import { roleRefRules, rulesFor } from './resolver.ts';
import { compactRules, compactString, uncovered } from './covers.ts';
import { aggregate, goQuote, goQuoteList } from './go-format.ts';

const PRIVILEGED_GROUP = 'system:masters';
const FULL_AUTHORITY: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];
const ROLE_RESOURCES = new Set(['roles', 'clusterroles']);
const BINDING_RESOURCES = new Set(['rolebindings', 'clusterrolebindings']);

/** What the check needs of the request. */
export interface EscalationContext {
  user: UserInfo;
  /** the cluster's RBAC policy (policy.ts) */
  policy(): Promise<Policy>;
  /** the authorizer's answer for the user, on a role (`bind`, `escalate`: RoleEscalationAuthorized, BindingAuthorized) */
  may(verb: 'escalate' | 'bind', resource: 'roles' | 'clusterroles', namespace: string, name: string): Promise<boolean>;
}

/**
 * ConfirmNoEscalation: undefined when `user`'s rules in `namespace` cover `rules`, else the
 * message saying what is missing.
 */
export function confirmNoEscalation(policy: Policy, user: UserInfo, namespace: string, rules: readonly PolicyRule[]): string | undefined {
  const held = rulesFor(policy, user, namespace, 'registry');
  const missing = uncovered(held.rules, rules);
  if (!missing.length) return undefined;
  const lines = [...new Set(compactRules(missing).map(compactString))].sort();
  let msg = `user ${goQuote(user.username)} (groups=${goQuoteList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${lines.join('\n')}`;
  // Go prints a []error holding the resolver's aggregate: `[<aggregate>]`
  if (held.errors.length) msg += `; resolution errors: [${aggregate(held.errors)}]`;
  return msg;
}

/** IsOnlyMutatingGCFields: equal once ownerReferences, finalizers and deletion marks are taken from the old object. */
function onlyGCFields(obj: KubeObject, old: KubeObject): boolean {
  const strip = (o: KubeObject) => {
    const { ownerReferences: _o, finalizers: _f, deletionTimestamp: _d, deletionGracePeriodSeconds: _g, resourceVersion: _rv, managedFields: _mf, ...meta } = o.metadata;
    return { ...o, metadata: meta };
  };
  return jsonEqual(strip(obj), strip(old));
}

/**
 * The check on a create (`old` undefined) or an update of an RBAC object; `urlName` is the name
 * in the request's URL ('' on a create), which the `escalate` check is made against.
 */
export async function checkEscalation(ctx: EscalationContext, resource: string, obj: KubeObject, old: KubeObject | undefined, urlName: string): Promise<void> {
  if (!ROLE_RESOURCES.has(resource) && !BINDING_RESOURCES.has(resource)) return;
  if (ctx.user.groups.includes(PRIVILEGED_GROUP)) return;
  const namespace = resource === 'roles' || resource === 'rolebindings' ? (obj.metadata.namespace ?? '') : '';
  const name = obj.metadata.name ?? '';
  const gr = { group: RBAC_GROUP, resource };

  if (ROLE_RESOURCES.has(resource)) {
    if (await ctx.may('escalate', resource as 'roles' | 'clusterroles', namespace, urlName)) return;
    if (old && onlyGCFields(obj, old)) return;
    const policy = await ctx.policy();
    const err = confirmNoEscalation(policy, ctx.user, namespace, (obj as Role).rules ?? []);
    if (err) throw forbidden(gr, name, err);
    const aggregated = (o: KubeObject | undefined) => !!(o as ClusterRole | undefined)?.aggregationRule?.clusterRoleSelectors?.length;
    if (resource === 'clusterroles' && (aggregated(obj) || aggregated(old)) && confirmNoEscalation(policy, ctx.user, namespace, FULL_AUTHORITY))
      throw forbidden(gr, name, 'must have cluster-admin privileges to use the aggregationRule');
    return;
  }

  if (old && onlyGCFields(obj, old)) return;
  const ref = (obj as RoleBinding).roleRef;
  // an invalid roleRef is left to validation (422), where Kubernetes would fail with a 500
  if (!ref || (ref.kind !== 'Role' && ref.kind !== 'ClusterRole')) return;
  if (await ctx.may('bind', ref.kind === 'Role' ? 'roles' : 'clusterroles', namespace, ref.name)) return;
  const policy = await ctx.policy();
  const got = roleRefRules(policy, ref, namespace, 'registry');
  if ('error' in got) throw notFound({ group: RBAC_GROUP, resource: ref.kind === 'Role' ? 'roles' : 'clusterroles' }, ref.name);
  const err = confirmNoEscalation(policy, ctx.user, namespace, got.rules);
  if (err) throw forbidden(gr, name, err);
}
