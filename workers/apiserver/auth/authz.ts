/**
 * Authorization: may this user do this? An authorizer is a replaceable step.
 * The default one is a union, tried in order, the first "allowed" winning, as kube-apiserver's
 * `--authorization-mode=Node,RBAC` is:
 * - everything for system:masters, the only group no policy restricts;
 * - the Node authorizer for kubelets (node.ts);
 * - RBAC: roles and bindings (rbac/authorizer.ts), including the default policy that gives
 *   discovery, health and version to everyone (rbac/policy/);
 * - the join exchange for bootstrap tokens, and kube-public/cluster-info for everyone, which is
 *   how a joining node learns the cluster CA (bootstrap.ts).
 * A denial carries the reasons they gave, one a line.
 */
import { forbidden } from '../../../lib/errors.ts';
import type { RequestInfo } from '../request/info.ts';
import type { Background } from '../cache/followed.ts';
import type { Storage } from '../storage/types.ts';
import type { UserInfo } from './authn.ts';
import { bootstrapAuthorizer } from './bootstrap.ts';
import { nodeAuthorizer } from './node.ts';
import { rbacAuthorizer } from '../rbac/authorizer.ts';

export interface Decision {
  allowed: boolean;
  reason?: string;
}

/** What some authorizers look at beyond the request's attributes (the Node authorizer's graph). */
export interface AuthzContext {
  storage: Storage;
  query: URLSearchParams;
  /** the cluster whose policy applies (RBAC reads its roles and bindings) */
  cluster: string;
  /** its uid (none for the root): what tells a cluster made again under a name from its predecessor */
  clusterUid?: string;
  /** the request's waitUntil: the policy's copy is refreshed there rather than before the answer */
  background?: Background;
}

export type Authorizer = (user: UserInfo, info: RequestInfo, ctx?: AuthzContext) => Decision | Promise<Decision>;

/** kube-apiserver's privileged group: every request of its members is allowed. */
export const SUPERUSER_GROUP = 'system:masters';

export const superuser: Authorizer = (user) => ({ allowed: user.groups.includes(SUPERUSER_GROUP) });

/** The first authorizer that allows wins; otherwise the reasons given, one a line (Kubernetes' union). */
export function union(...authorizers: Authorizer[]): Authorizer {
  return async (user, info, ctx) => {
    const reasons: string[] = [];
    for (const a of authorizers) {
      const d = await a(user, info, ctx);
      if (d.allowed) return d;
      if (d.reason) reasons.push(d.reason);
    }
    return { allowed: false, reason: reasons.length ? reasons.join('\n') : undefined };
  };
}

export const defaultAuthorizer: Authorizer = union(superuser, nodeAuthorizer, rbacAuthorizer, bootstrapAuthorizer);

/** Kubernetes' Forbidden message for a denied request (errors-validation-defaults.md §1.4). */
export function forbiddenFor(user: UserInfo, info: RequestInfo, reason?: string) {
  const suffix = reason ? `: ${reason}` : '';
  if (!info.isResourceRequest) return forbidden(undefined, undefined, `User "${user.username}" cannot ${info.verb} path "${info.path}"${suffix}`);
  const res = info.subresource ? `${info.resource}/${info.subresource}` : info.resource;
  const scope = info.namespace ? `in the namespace "${info.namespace}"` : 'at the cluster scope';
  const err = `User "${user.username}" cannot ${info.verb} resource "${res}" in API group "${info.group}" ${scope}${suffix}`;
  return forbidden({ group: info.group, resource: info.resource }, info.name || undefined, escapeHtml(err));
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
