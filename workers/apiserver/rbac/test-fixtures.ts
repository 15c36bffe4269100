/** Builders of RBAC objects for the unit tests, shaped like Kubernetes' rbac_test.go helpers. */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { PolicyRule, Subject } from '../../../lib/api/rbac.ts';
import { buildPolicy, RBAC_PREFIXES, type Policy } from './policy.ts';

/** `"User:alice"`, `"Group:g"`, `"ServiceAccount:ns:name"` or `"ServiceAccount::name"` (no namespace). */
export function subject(s: string): Subject {
  const [kind, ...rest] = s.split(':');
  if (kind === 'ServiceAccount') {
    const [namespace, name] = rest;
    return namespace ? { kind, name, namespace } : { kind, name };
  }
  return { kind, apiGroup: 'rbac.authorization.k8s.io', name: rest.join(':') };
}

export const rule = (verbs: string, apiGroups: string, resources: string, extra: Partial<PolicyRule> = {}): PolicyRule => ({
  verbs: verbs.split(','),
  apiGroups: apiGroups.split(','),
  resources: resources.split(','),
  ...extra,
});
export const urlRule = (verbs: string, urls: string): PolicyRule => ({ verbs: verbs.split(','), nonResourceURLs: urls.split(',') });

export interface Fixture {
  roles?: { namespace: string; name: string; rules: PolicyRule[] }[];
  clusterRoles?: { name: string; rules: PolicyRule[] }[];
  roleBindings?: { namespace: string; name: string; role: string; kind: 'Role' | 'ClusterRole'; subjects: string[] }[];
  clusterRoleBindings?: { name: string; role: string; subjects: string[] }[];
}

/** The objects by storage key, as the FollowedSet holds them. */
export function objectsOf(f: Fixture): Map<string, KubeObject> {
  const m = new Map<string, KubeObject>();
  const ref = (kind: string, name: string) => ({ apiGroup: 'rbac.authorization.k8s.io', kind, name });
  for (const r of f.roles ?? []) m.set(`${RBAC_PREFIXES.roles}${r.namespace}/${r.name}`, { metadata: { namespace: r.namespace, name: r.name }, rules: r.rules });
  for (const r of f.clusterRoles ?? []) m.set(`${RBAC_PREFIXES.clusterRoles}${r.name}`, { metadata: { name: r.name }, rules: r.rules });
  for (const b of f.roleBindings ?? [])
    m.set(`${RBAC_PREFIXES.roleBindings}${b.namespace}/${b.name}`, { metadata: { namespace: b.namespace, name: b.name }, roleRef: ref(b.kind, b.role), subjects: b.subjects.map(subject) });
  for (const b of f.clusterRoleBindings ?? [])
    m.set(`${RBAC_PREFIXES.clusterRoleBindings}${b.name}`, { metadata: { name: b.name }, roleRef: ref('ClusterRole', b.role), subjects: b.subjects.map(subject) });
  return m;
}

export const policyOf = (f: Fixture): Policy => buildPolicy(objectsOf(f));
