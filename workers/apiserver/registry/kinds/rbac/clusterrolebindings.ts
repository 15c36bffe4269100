/** rbac.authorization.k8s.io/v1 clusterrolebindings: a ClusterRole granted everywhere. */
import { clusterRoleBinding, RBAC_GROUP, type ClusterRoleBinding } from '../../../../../lib/api/rbac.ts';
import type { KindDescriptor } from '../../types.ts';
import { bindingTable, defaultBinding } from './bindings.ts';
import { validateBinding, validateRoleRefUnchanged } from './validate.ts';

// rbac/v1beta1 ClusterRoleBinding's roleRef doc, which the printer uses as the Role column's description
const ROLE_REF_DOC = 'RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.';

const desc: KindDescriptor<ClusterRoleBinding> = {
  group: RBAC_GROUP,
  version: 'v1',
  kind: 'ClusterRoleBinding',
  resource: 'clusterrolebindings',
  singular: 'clusterrolebinding',
  namespaced: false,
  schema: clusterRoleBinding,
  openapiName: 'io.k8s.api.rbac.v1.ClusterRoleBinding',
  nameRule: 'path-segment',

  defaults: defaultBinding,
  validate: (b) => validateBinding(b, false),
  validateUpdate: validateRoleRefUnchanged,

  table: bindingTable(ROLE_REF_DOC, 'clusterRoleBinding'),
};

export default desc;
