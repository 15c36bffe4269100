/**
 * Authorization: may this user do this? An authorizer is a replaceable step (RBAC comes later).
 * The default one is a union, tried in order, the first "allowed" winning, as kube-apiserver's
 * `--authorization-mode=Node,RBAC` is:
 * - everything for system:masters and the control plane's service accounts in kube-system;
 *   discovery, health and version for everyone, as a fresh cluster's default roles give them;
 * - the Node authorizer for kubelets (node.ts);
 * - the join exchange for bootstrap tokens, and kube-public/cluster-info for everyone, which is
 *   how a joining node learns the cluster CA (bootstrap.ts).
 * A denial carries the first reason any of them gave.
 */
import { forbidden } from '../../../lib/errors.ts';
import type { RequestInfo } from '../request/info.ts';
import type { Storage } from '../storage/types.ts';
import type { UserInfo } from './authn.ts';
import { bootstrapAuthorizer } from './bootstrap.ts';
import { nodeAuthorizer } from './node.ts';

export interface Decision {
  allowed: boolean;
  reason?: string;
}

/** What some authorizers look at beyond the request's attributes (the Node authorizer's graph). */
export interface AuthzContext {
  storage: Storage;
  query: URLSearchParams;
}

export type Authorizer = (user: UserInfo, info: RequestInfo, ctx?: AuthzContext) => Decision | Promise<Decision>;

/** Paths readable by anyone (system:public-info-viewer and system:discovery). */
const PUBLIC_PATHS = [/^\/(healthz|livez|readyz|version)(\/.*)?$/, /^\/(api|apis)(\/[^/]+)?\/?$/, /^\/openapi\/v[23](\/.*)?$/];

/** Until RBAC: the admin group, and the control plane's own service accounts in kube-system. */
const SUPERUSER_GROUPS = ['system:masters', 'system:serviceaccounts:kube-system'];
const SUPERUSERS = ['system:kube-controller-manager', 'system:kube-scheduler'];

export const adminsAndDiscovery: Authorizer = (user, info) => {
  if (user.groups.some((g) => SUPERUSER_GROUPS.includes(g)) || SUPERUSERS.includes(user.username)) return { allowed: true };
  // /api/v1 and /apis/<g>/<v> parse as resource requests with no resource: group-version discovery
  const discovery = info.isResourceRequest ? info.resource === '' && info.verb === 'list' : info.verb === 'get' && PUBLIC_PATHS.some((re) => re.test(info.path));
  if (discovery) return { allowed: true };
  return { allowed: false };
};

/** The first authorizer that allows wins; otherwise the first reason given is the answer's. */
export function union(...authorizers: Authorizer[]): Authorizer {
  return async (user, info, ctx) => {
    let reason: string | undefined;
    for (const a of authorizers) {
      const d = await a(user, info, ctx);
      if (d.allowed) return d;
      reason ??= d.reason;
    }
    return { allowed: false, reason };
  };
}

export const defaultAuthorizer: Authorizer = union(adminsAndDiscovery, nodeAuthorizer, bootstrapAuthorizer);

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
