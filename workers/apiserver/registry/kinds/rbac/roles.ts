/** rbac.authorization.k8s.io/v1 roles: namespaced rules, no non-resource URLs. No printer (Name, Created At). */
import { RBAC_GROUP, role, type Role } from '../../../../../lib/api/rbac.ts';
import { defaultTable } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';
import { validateRules } from './validate.ts';

const desc: KindDescriptor<Role> = {
  group: RBAC_GROUP,
  version: 'v1',
  kind: 'Role',
  resource: 'roles',
  singular: 'role',
  namespaced: true,
  schema: role,
  openapiName: 'io.k8s.api.rbac.v1.Role',
  nameRule: 'path-segment',

  validate: (r) => validateRules(r.rules, true),

  table: defaultTable,
};

export default desc;
