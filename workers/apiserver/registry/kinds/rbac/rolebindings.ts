/** rbac.authorization.k8s.io/v1 rolebindings: a Role or ClusterRole granted in one namespace. */
import { RBAC_GROUP, roleBinding, type RoleBinding } from '../../../../../lib/api/rbac.ts';
import type { KindDescriptor } from '../../types.ts';
import { bindingTable, defaultBinding } from './bindings.ts';
import { validateBinding, validateRoleRefUnchanged } from './validate.ts';

// rbac/v1beta1 RoleBinding's roleRef doc, which the printer uses as the Role column's description
const ROLE_REF_DOC = 'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.';

const desc: KindDescriptor<RoleBinding> = {
  group: RBAC_GROUP,
  version: 'v1',
  kind: 'RoleBinding',
  resource: 'rolebindings',
  singular: 'rolebinding',
  namespaced: true,
  schema: roleBinding,
  openapiName: 'io.k8s.api.rbac.v1.RoleBinding',
  nameRule: 'path-segment',

  defaults: defaultBinding,
  validate: (b) => validateBinding(b, true),
  validateUpdate: validateRoleRefUnchanged,

  table: bindingTable(ROLE_REF_DOC, 'roleBinding'),
};

export default desc;
