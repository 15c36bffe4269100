/**
 * Rule resolution, as Kubernetes' DefaultRuleResolver (pkg/registry/rbac/validation/rule.go):
 * the rules of every ClusterRoleBinding naming the user, then, for a namespaced request, of every
 * RoleBinding of that namespace naming the user (its roleRef a Role of the namespace or a
 * ClusterRole). A binding whose role is missing contributes an error instead of rules; the visit
 * goes on, since rules only ever add permissions.
 */
import type { PolicyRule, RoleRef, Subject } from '../../../lib/api/rbac.ts';
import type { UserInfo } from '../auth/authn.ts';
import { appliesToUser, candidates, type Policy } from './policy.ts';
import { goQuote } from './go-format.ts';

/**
 * How a missing role is named in errors: the authorizer reads informer listers, which say
 * `clusterrole.rbac...` (singular); the escalation check reads the registry, which says
 * `clusterroles.rbac...`.
 */
export type Reader = 'lister' | 'registry';

/** Describes where a rule came from, lazily (only an allowed request's reason needs it). */
export type Source = () => string;

/** Return false to stop the visit. */
export type Visitor = (source: Source | undefined, rule: PolicyRule | undefined, err: string | undefined) => boolean;

const notFound = (reader: Reader, resource: 'role' | 'clusterrole', name: string) =>
  `${reader === 'lister' ? resource : `${resource}s`}.rbac.authorization.k8s.io ${goQuote(name)} not found`;

/** The rules a roleRef grants in `namespace` ('' for a cluster role binding), or why there are none. */
export function roleRefRules(policy: Policy, ref: RoleRef, namespace: string, reader: Reader): { rules: PolicyRule[] } | { error: string } {
  switch (ref.kind) {
    case 'Role': {
      const role = namespace ? policy.roles.get(`${namespace}/${ref.name}`) : undefined;
      return role ? { rules: role.rules ?? [] } : { error: notFound(reader, 'role', ref.name) };
    }
    case 'ClusterRole': {
      const role = policy.clusterRoles.get(ref.name);
      return role ? { rules: role.rules ?? [] } : { error: notFound(reader, 'clusterrole', ref.name) };
    }
    default:
      return { error: `unsupported role reference kind: ${goQuote(ref.kind)}` };
  }
}

function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `${s.kind} ${goQuote(`${s.name}/${s.namespace || bindingNamespace}`)}`;
  return `${s.kind} ${goQuote(s.name)}`;
}

export function visitRulesFor(policy: Policy, user: UserInfo, namespace: string, visitor: Visitor, reader: Reader = 'lister'): void {
  for (const b of candidates(policy.clusterRoleBindings, user)) {
    const subject = (b.subjects ?? []).find((s) => appliesToUser(user, s, ''));
    if (!subject) continue;
    const got = roleRefRules(policy, b.roleRef, '', reader);
    if ('error' in got) {
      if (!visitor(undefined, undefined, got.error)) return;
      continue;
    }
    const source = () => `ClusterRoleBinding ${goQuote(b.metadata.name!)} of ${b.roleRef.kind} ${goQuote(b.roleRef.name)} to ${describeSubject(subject, '')}`;
    for (const rule of got.rules) if (!visitor(source, rule, undefined)) return;
  }
  if (!namespace) return;
  for (const b of candidates(policy.roleBindings.get(namespace), user)) {
    const subject = (b.subjects ?? []).find((s) => appliesToUser(user, s, namespace));
    if (!subject) continue;
    const got = roleRefRules(policy, b.roleRef, namespace, reader);
    if ('error' in got) {
      if (!visitor(undefined, undefined, got.error)) return;
      continue;
    }
    const source = () => `RoleBinding ${goQuote(`${b.metadata.name}/${namespace}`)} of ${b.roleRef.kind} ${goQuote(b.roleRef.name)} to ${describeSubject(subject, namespace)}`;
    for (const rule of got.rules) if (!visitor(source, rule, undefined)) return;
  }
}

/** Every rule that applies to `user` in `namespace`, and the errors met finding them. */
export function rulesFor(policy: Policy, user: UserInfo, namespace: string, reader: Reader = 'lister'): { rules: PolicyRule[]; errors: string[] } {
  const rules: PolicyRule[] = [];
  const errors: string[] = [];
  visitRulesFor(
    policy,
    user,
    namespace,
    (_source, rule, err) => {
      if (rule) rules.push(rule);
      if (err !== undefined) errors.push(err);
      return true;
    },
    reader,
  );
  return { rules, errors };
}
