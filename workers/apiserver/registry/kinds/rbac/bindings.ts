/**
 * What RoleBindings and ClusterRoleBindings share: Kubernetes' defaults (rbac/v1 SetDefaults_*) and
 * their printer (pkg/printers/internalversion: printRoleBinding, printClusterRoleBinding).
 */
import { RBAC_GROUP, type RoleBinding, type Subject } from '../../../../../lib/api/rbac.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { TableColumn } from '../../types.ts';

/** roleRef.apiGroup defaults to the RBAC group; a subject's apiGroup to its kind's group. */
export function defaultBinding(b: RoleBinding): void {
  if (b.roleRef && !b.roleRef.apiGroup) b.roleRef.apiGroup = RBAC_GROUP;
  for (const s of b.subjects ?? []) {
    if (!s || s.apiGroup) continue;
    // a service account's group is "", which Go's omitempty leaves out
    if (s.kind === 'User' || s.kind === 'Group') s.apiGroup = RBAC_GROUP;
    else delete s.apiGroup;
  }
}

/** rbac.SubjectsStrings: user names, group names, `namespace/name` of service accounts. */
export function subjectsStrings(subjects: Subject[] | null | undefined): { users: string[]; groups: string[]; serviceAccounts: string[] } {
  const out = { users: [] as string[], groups: [] as string[], serviceAccounts: [] as string[] };
  for (const s of subjects ?? []) {
    if (s.kind === 'ServiceAccount') out.serviceAccounts.push(`${s.namespace ?? ''}/${s.name}`);
    else if (s.kind === 'User') out.users.push(s.name);
    else if (s.kind === 'Group') out.groups.push(s.name);
  }
  return out;
}

/** Role (`Kind/name`) and Age; Users, Groups and ServiceAccounts in the wide output. */
export function bindingTable(roleRefDoc: string, what: 'roleBinding' | 'clusterRoleBinding') {
  const columns: TableColumn[] = [
    nameColumn,
    column('Role', 'string', roleRefDoc),
    ageColumn,
    column('Users', 'string', `Users in the ${what}`, 1),
    column('Groups', 'string', `Groups in the ${what}`, 1),
    column('ServiceAccounts', 'string', `ServiceAccounts in the ${what}`, 1),
  ];
  return {
    columns,
    cells(b: RoleBinding, now: number): unknown[] {
      const { users, groups, serviceAccounts } = subjectsStrings(b.subjects);
      return [b.metadata.name, `${b.roleRef?.kind ?? ''}/${b.roleRef?.name ?? ''}`, age(b.metadata.creationTimestamp, now), users.join(', '), groups.join(', '), serviceAccounts.join(', ')];
    },
  };
}
