/**
 * The default policy as API objects, as kube-apiserver's RBAC post-start hook builds them: every
 * object labelled kubernetes.io/bootstrapping=rbac-defaults and annotated
 * rbac.authorization.kubernetes.io/autoupdate=true.
 */
import { RBAC_GROUP, type ClusterRole, type Role, type RoleBinding } from '../../../../lib/api/rbac.ts';
import { aggregatedRules, sameRules } from '../../../../lib/rbac/aggregate.ts';
import { clusterRoles } from './cluster-roles.ts';
import { clusterRoleBindings } from './cluster-role-bindings.ts';
import { CONTROLLER_PREFIX, controllerRoles } from './controller-roles.ts';
import { namespaceRoleBindings, namespaceRoles } from './namespace-roles.ts';

export const AUTOUPDATE = 'rbac.authorization.kubernetes.io/autoupdate';
const API_VERSION = `${RBAC_GROUP}/v1`;
const aggregateLabel = (to: string) => `rbac.authorization.k8s.io/aggregate-to-${to}`;

function meta(name: string, namespace?: string, extraLabels: Record<string, string> = {}) {
  return {
    name,
    ...(namespace ? { namespace } : {}),
    labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults', ...extraLabels },
    annotations: { [AUTOUPDATE]: 'true' },
  };
}

const roleRef = (kind: 'Role' | 'ClusterRole', name: string) => ({ apiGroup: RBAC_GROUP, kind, name });

export function defaultClusterRoles(): ClusterRole[] {
  const out: ClusterRole[] = clusterRoles.map((d) => ({
    apiVersion: API_VERSION,
    kind: 'ClusterRole',
    metadata: meta(d.name, undefined, d.aggregateTo ? { [aggregateLabel(d.aggregateTo)]: 'true' } : {}),
    ...(d.aggregates ? { aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [aggregateLabel(d.aggregates)]: 'true' } }] } } : { rules: structuredClone(d.rules ?? []) }),
  }));
  for (const [name, rules] of Object.entries(controllerRoles))
    out.push({ apiVersion: API_VERSION, kind: 'ClusterRole', metadata: meta(CONTROLLER_PREFIX + name), rules: structuredClone(rules) });
  return out;
}

/**
 * The default ClusterRoles with the aggregated ones' rules filled in, as their controller would
 * leave them (admin selects edit, which selects view: repeated until nothing changes). What is
 * created when a default role is missing: `kubectl create rolebinding --clusterrole=admin` works
 * at once, not after the aggregation controller's first pass.
 */
export function defaultClusterRolesAggregated(): ClusterRole[] {
  const roles = defaultClusterRoles();
  for (let changed = true, round = 0; changed && round < 10; round++) {
    changed = false;
    for (const role of roles.filter((r) => r.aggregationRule)) {
      const rules = aggregatedRules(role, roles);
      if (!sameRules(rules, role.rules)) [role.rules, changed] = [rules, true];
    }
  }
  return roles;
}

export function defaultClusterRoleBindings(): RoleBinding[] {
  const out: RoleBinding[] = Object.entries(clusterRoleBindings).map(([name, subjects]) => ({
    apiVersion: API_VERSION,
    kind: 'ClusterRoleBinding',
    metadata: meta(name),
    roleRef: roleRef('ClusterRole', name),
    ...(subjects.length ? { subjects: structuredClone(subjects) } : {}),
  }));
  for (const name of Object.keys(controllerRoles))
    out.push({
      apiVersion: API_VERSION,
      kind: 'ClusterRoleBinding',
      metadata: meta(CONTROLLER_PREFIX + name),
      roleRef: roleRef('ClusterRole', CONTROLLER_PREFIX + name),
      subjects: [{ kind: 'ServiceAccount', name, namespace: 'kube-system' }],
    });
  return out;
}

export function defaultRoles(): Role[] {
  return namespaceRoles.map((d) => ({ apiVersion: API_VERSION, kind: 'Role', metadata: meta(d.name, d.namespace), rules: structuredClone(d.rules) }));
}

export function defaultRoleBindings(): RoleBinding[] {
  return namespaceRoleBindings.map((d) => ({
    apiVersion: API_VERSION,
    kind: 'RoleBinding',
    metadata: meta(d.name, d.namespace),
    roleRef: roleRef('Role', d.role),
    subjects: structuredClone(d.subjects),
  }));
}
