/**
 * Authorization: may this user do this? An authorizer is a replaceable step (RBAC and the Node
 * authorizer come later); this one grants everything to system:masters and the controllers'
 * service accounts, and only discovery, health and version to everyone else, as a fresh
 * cluster's default roles do for anonymous users.
 */
import { forbidden } from '../../../lib/errors.ts';
import type { RequestInfo } from '../request/info.ts';
import type { UserInfo } from './authn.ts';

export interface Decision {
  allowed: boolean;
  reason?: string;
}
export type Authorizer = (user: UserInfo, info: RequestInfo) => Decision | Promise<Decision>;

/** Paths readable by anyone (system:public-info-viewer and system:discovery). */
const PUBLIC_PATHS = [/^\/(healthz|livez|readyz|version)(\/.*)?$/, /^\/(api|apis)(\/[^/]+)?\/?$/, /^\/openapi\/v[23](\/.*)?$/];

/** Until RBAC: the admin group, and the control plane's own service accounts in kube-system. */
const SUPERUSER_GROUPS = ['system:masters', 'system:serviceaccounts:kube-system'];

export const defaultAuthorizer: Authorizer = (user, info) => {
  if (user.groups.some((g) => SUPERUSER_GROUPS.includes(g))) return { allowed: true };
  // /api/v1 and /apis/<g>/<v> parse as resource requests with no resource: group-version discovery
  const discovery = info.isResourceRequest ? info.resource === '' && info.verb === 'list' : info.verb === 'get' && PUBLIC_PATHS.some((re) => re.test(info.path));
  if (discovery) return { allowed: true };
  return { allowed: false };
};

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
