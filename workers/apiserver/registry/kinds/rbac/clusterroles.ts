/**
 * rbac.authorization.k8s.io/v1 clusterroles. With an aggregationRule, the rules are the
 * aggregation controller's to write. No printer (Name, Created At).
 */
import { clusterRole, RBAC_GROUP, type ClusterRole } from '../../../../../lib/api/rbac.ts';
import { defaultTable } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';
import { validateAggregationRule, validateRules } from './validate.ts';

const desc: KindDescriptor<ClusterRole> = {
  group: RBAC_GROUP,
  version: 'v1',
  kind: 'ClusterRole',
  resource: 'clusterroles',
  singular: 'clusterrole',
  namespaced: false,
  schema: clusterRole,
  openapiName: 'io.k8s.api.rbac.v1.ClusterRole',
  nameRule: 'path-segment',

  validate: (r) => [...validateRules(r.rules, false), ...validateAggregationRule(r.aggregationRule)],

  table: defaultTable,
};

export default desc;
