/**
 * The RBAC objects of a cluster as the authorizer reads them on every request: one FollowedSet
 * (cache/followed.ts) over the four RBAC prefixes, and indexes derived from each snapshot so that
 * a request looks up the bindings of its subjects instead of scanning every binding:
 * - roles by `<namespace>/<name>`, cluster roles by name;
 * - cluster role bindings, and each namespace's role bindings, by subject key.
 * A subject key is `User:<name>`, `Group:<name>`, or for a service account the username it
 * authenticates as (`system:serviceaccount:<ns>:<name>`), so matching one is exactly Kubernetes'
 * string comparison (serviceaccount.MatchesUsername). A role binding's service account subject
 * without a namespace means the binding's namespace; a cluster role binding's never applies.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding, Subject } from '../../../lib/api/rbac.ts';
import { FollowedSet, type Background, type Snapshot } from '../cache/followed.ts';
import type { Storage } from '../storage/types.ts';
import type { UserInfo } from '../auth/authn.ts';

/** Storage prefixes of the four kinds (registry/index.ts storageKey: `<resource>.<group>`). */
export const RBAC_PREFIXES = {
  roles: '/registry/roles.rbac.authorization.k8s.io/',
  clusterRoles: '/registry/clusterroles.rbac.authorization.k8s.io/',
  roleBindings: '/registry/rolebindings.rbac.authorization.k8s.io/',
  clusterRoleBindings: '/registry/clusterrolebindings.rbac.authorization.k8s.io/',
} as const;

/** Bindings of one scope (the cluster, or one namespace), in name order, indexed by subject key. */
export interface BindingSet<B> {
  bindings: B[];
  bySubject: Map<string, number[]>;
}

export interface Policy {
  clusterRoles: Map<string, ClusterRole>;
  /** by `<namespace>/<name>` */
  roles: Map<string, Role>;
  clusterRoleBindings: BindingSet<ClusterRoleBinding>;
  roleBindings: Map<string, BindingSet<RoleBinding>>;
}

const SA_PREFIX = 'system:serviceaccount:';

/** The key a subject is indexed under, or undefined when it can never apply. */
export function subjectKey(s: Subject, bindingNamespace: string): string | undefined {
  switch (s.kind) {
    case 'User':
      return `User:${s.name}`;
    case 'Group':
      return `Group:${s.name}`;
    case 'ServiceAccount': {
      const ns = s.namespace || bindingNamespace;
      return ns ? `${SA_PREFIX}${ns}:${s.name}` : undefined;
    }
    default:
      return undefined;
  }
}

/** The keys under which bindings that apply to `user` are indexed. */
export function userKeys(user: UserInfo): string[] {
  const keys = [`User:${user.username}`, ...user.groups.map((g) => `Group:${g}`)];
  if (user.username.startsWith(SA_PREFIX)) keys.push(user.username);
  return keys;
}

/** Does this subject of a binding in `bindingNamespace` ('' for a cluster binding) name `user`? */
export function appliesToUser(user: UserInfo, s: Subject, bindingNamespace: string): boolean {
  const key = subjectKey(s, bindingNamespace);
  if (key === undefined) return false;
  if (s.kind === 'Group') return user.groups.includes(s.name);
  return s.kind === 'User' ? user.username === s.name : user.username === key;
}

/** Indexes of the bindings of `set` that may apply to `user`, in name order, each once. */
export function candidates<B>(set: BindingSet<B> | undefined, user: UserInfo): B[] {
  if (!set) return [];
  const hits: number[] = [];
  for (const k of userKeys(user)) {
    const found = set.bySubject.get(k);
    if (found) hits.push(...found);
  }
  if (hits.length > 1) hits.sort((a, b) => a - b);
  const out: B[] = [];
  for (let i = 0; i < hits.length; i++) if (i === 0 || hits[i] !== hits[i - 1]) out.push(set.bindings[hits[i]]);
  return out;
}

function bindingSet<B extends KubeObject & { subjects?: Subject[] }>(bindings: B[], namespace: string): BindingSet<B> {
  bindings.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  const bySubject = new Map<string, number[]>();
  bindings.forEach((b, i) => {
    for (const s of b.subjects ?? []) {
      const key = subjectKey(s, namespace);
      if (key === undefined) continue;
      const list = bySubject.get(key);
      if (!list) bySubject.set(key, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  return { bindings, bySubject };
}

/** Builds the indexes from the objects of a snapshot (or any map of RBAC objects by key). */
export function buildPolicy(objects: ReadonlyMap<string, KubeObject>): Policy {
  const clusterRoles = new Map<string, ClusterRole>();
  const roles = new Map<string, Role>();
  const crbs: ClusterRoleBinding[] = [];
  const rbsByNs = new Map<string, RoleBinding[]>();
  for (const [key, o] of objects) {
    const m = o.metadata;
    if (key.startsWith(RBAC_PREFIXES.clusterRoles)) clusterRoles.set(m.name!, o as ClusterRole);
    else if (key.startsWith(RBAC_PREFIXES.roles)) roles.set(`${m.namespace}/${m.name}`, o as Role);
    else if (key.startsWith(RBAC_PREFIXES.clusterRoleBindings)) crbs.push(o as ClusterRoleBinding);
    else if (key.startsWith(RBAC_PREFIXES.roleBindings)) {
      const ns = m.namespace ?? '';
      const list = rbsByNs.get(ns);
      if (list) list.push(o as RoleBinding);
      else rbsByNs.set(ns, [o as RoleBinding]);
    }
  }
  const roleBindings = new Map<string, BindingSet<RoleBinding>>();
  for (const [ns, list] of rbsByNs) roleBindings.set(ns, bindingSet(list, ns));
  return { clusterRoles, roles, clusterRoleBindings: bindingSet(crbs, ''), roleBindings };
}

const followed = new FollowedSet(Object.values(RBAC_PREFIXES));

/** The cluster's RBAC policy as of now (per-isolate cache; never a database read per request). */
export async function policyFor(storage: Storage, cluster: string, background?: Background): Promise<Policy> {
  const snapshot = await followed.read(storage, cluster, background);
  return followed.derived(snapshot, 'rbac-policy', (s: Snapshot) => buildPolicy(s.objects));
}
