/**
 * Impersonation, as kube-apiserver's filter does it (apiserver/pkg/endpoints/filters/
 * impersonation.go): `Impersonate-User`, `Impersonate-Group` (repeatable), `Impersonate-Uid` and
 * `Impersonate-Extra-<key>` headers replace the authenticated user, each asked of the authorizer
 * on its own as verb `impersonate` on users, groups, serviceaccounts (namespace and name, when the
 * user is system:serviceaccount:<ns>:<name>), uids or userextras/<key>; the first refusal is 403
 * with Kubernetes' message. The impersonated user gets system:authenticated as Kubernetes adds it,
 * and a service account its groups when none are asked for.
 */
import { internal } from '../../../lib/errors.ts';
import { serviceAccountGroups } from '../../../lib/auth/tokens.ts';
import type { UserInfo } from '../auth/authn.ts';
import { forbiddenFor, type Authorizer, type AuthzContext } from '../auth/authz.ts';
import type { ResourceRequestInfo, Verb } from '../request/info.ts';
import { AUTHENTICATED } from './user-info.ts';

const EXTRA_PREFIX = 'impersonate-extra-';
const UNAUTHENTICATED = 'system:unauthenticated';
const ANONYMOUS = 'system:anonymous';
const SA_USER = /^system:serviceaccount:([^:]+):([^:]+)$/;

/** One thing to be allowed to impersonate. */
interface Wanted {
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name: string;
}

/** The impersonation asked for by the headers (empty when none), in Kubernetes' order. */
export function impersonationRequests(headers: Headers): Wanted[] {
  const out: Wanted[] = [];
  const user = headers.get('Impersonate-User') ?? '';
  if (user) {
    const sa = SA_USER.exec(user);
    out.push(sa ? { group: '', resource: 'serviceaccounts', namespace: sa[1], name: sa[2] } : { group: '', resource: 'users', name: user });
  }
  const groups = headerValues(headers, 'Impersonate-Group');
  for (const g of groups) out.push({ group: '', resource: 'groups', name: g });
  let extras = false;
  // Every request passes here and almost none impersonates: forEach walks the headers for the
  // extras at half the cost of iterating them in workerd (~2 µs, not ~5), names in lower case
  const extraHeaders: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name.startsWith(EXTRA_PREFIX)) extraHeaders.push([name, value]);
  });
  for (const [name, value] of extraHeaders) {
    extras = true;
    let key: string;
    try {
      key = decodeURIComponent(name.slice(EXTRA_PREFIX.length));
    } catch {
      throw internal(`failed to escape header ${name}`);
    }
    for (const v of splitValues(value)) out.push({ group: 'authentication.k8s.io', resource: 'userextras', subresource: key, name: v });
  }
  const uid = headers.get('Impersonate-Uid') ?? '';
  if (uid) out.push({ group: 'authentication.k8s.io', resource: 'uids', name: uid });
  // Kubernetes answers this with an internal error; kubectl never sends it (--as-group needs --as)
  if ((groups.length || extras || uid) && !user) throw internal(`requested ${out.map(describe).join(' ')} without impersonating a user`);
  return out;
}

const describe = (w: Wanted) => `{${w.resource} ${w.namespace ?? ''} ${w.name}}`;

/** Headers fold repeated values into `a, b`; a group name never holds a comma-space in practice. */
const headerValues = (headers: Headers, name: string) => {
  const v = headers.get(name);
  return v === null ? [] : splitValues(v);
};
const splitValues = (v: string) => v.split(', ');

/**
 * The user the request acts as: the authenticated one when nothing is impersonated, else the
 * impersonated one once the authenticated user may impersonate every part of it.
 */
export async function impersonate(requestor: UserInfo, headers: Headers, authorizer: Authorizer, ctx: AuthzContext): Promise<UserInfo> {
  const wanted = impersonationRequests(headers);
  if (!wanted.length) return requestor;
  let username = '';
  let uid: string | undefined;
  let groups: string[] = [];
  const extra: Record<string, string[]> = {};
  const groupsSpecified = headers.has('Impersonate-Group');
  for (const w of wanted) {
    const attrs: ResourceRequestInfo = {
      isResourceRequest: true,
      verb: 'impersonate' as Verb,
      path: '',
      prefix: w.group ? 'apis' : 'api',
      group: w.group,
      version: '',
      namespace: w.namespace ?? '',
      resource: w.resource,
      subresource: w.subresource ?? '',
      name: w.name,
    };
    if (w.resource === 'serviceaccounts') {
      username = `system:serviceaccount:${w.namespace}:${w.name}`;
      if (!groupsSpecified) groups = serviceAccountGroups(w.namespace!).filter((g) => g !== AUTHENTICATED);
    } else if (w.resource === 'users') username = w.name;
    else if (w.resource === 'groups') groups.push(w.name);
    else if (w.resource === 'userextras') (extra[w.subresource!] ??= []).push(w.name);
    else if (w.resource === 'uids') uid = w.name;
    const decision = await authorizer(requestor, attrs, ctx);
    if (!decision.allowed) throw forbiddenFor(requestor, attrs, decision.reason);
  }
  if (username !== ANONYMOUS && !groups.includes(AUTHENTICATED) && !groups.includes(UNAUTHENTICATED)) groups.push(AUTHENTICATED);
  return { username, ...(uid ? { uid } : {}), groups, ...(Object.keys(extra).length ? { extra } : {}) };
}
