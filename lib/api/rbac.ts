/** rbac.authorization.k8s.io/v1: Role, ClusterRole, RoleBinding, ClusterRoleBinding. Field numbers from k8s.io/api/rbac/v1/generated.proto. */
import * as v from 'valibot';
import { list, message, obj, str, strList } from '../schema/fields.ts';
import { labelSelector, objectEntries, type KubeObject, type LabelSelector } from './meta.ts';

export const RBAC_GROUP = 'rbac.authorization.k8s.io';

export const policyRule = message({
  verbs: strList(1, { listType: 'atomic', doc: 'Verbs is a list of Verbs that apply to ALL the ResourceKinds contained in this rule. \'*\' represents all verbs.' }),
  apiGroups: strList(2, { listType: 'atomic', doc: 'APIGroups is the name of the APIGroup that contains the resources. "" represents the core API group and "*" represents all API groups.' }),
  resources: strList(3, { listType: 'atomic', doc: 'Resources is a list of resources this rule applies to. \'*\' represents all resources.' }),
  resourceNames: strList(4, { listType: 'atomic', doc: 'ResourceNames is an optional white list of names that the rule applies to. An empty set means that everything is allowed.' }),
  nonResourceURLs: strList(5, { listType: 'atomic', doc: 'NonResourceURLs is a set of partial urls that a user should have access to. *s are allowed, but only as the full, final step in the path.' }),
});

export const subject = message(
  {
    kind: str(1, { doc: 'Kind of object being referenced: "User", "Group", or "ServiceAccount".' }),
    apiGroup: str(2, { doc: 'APIGroup holds the API group of the referenced subject. Defaults to "" for ServiceAccount subjects, "rbac.authorization.k8s.io" for User and Group subjects.' }),
    name: str(3, { doc: 'Name of the object being referenced.' }),
    namespace: str(4, { doc: 'Namespace of the referenced object. Must be empty for User or Group subjects.' }),
  },
  { structType: 'atomic' },
);

export const roleRef = message(
  {
    apiGroup: str(1, { doc: 'APIGroup is the group for the resource being referenced.' }),
    kind: str(2, { doc: 'Kind is the type of resource being referenced.' }),
    name: str(3, { doc: 'Name is the name of resource being referenced.' }),
  },
  { structType: 'atomic' },
);

export const aggregationRule = message({
  clusterRoleSelectors: list(1, labelSelector, { listType: 'atomic', doc: 'ClusterRoleSelectors holds a list of selectors which will be used to find ClusterRoles and create the rules.' }),
});

const rules = list(2, policyRule, { listType: 'atomic', doc: 'Rules holds all the PolicyRules for this Role.' });

export const role = v.object({ ...objectEntries, rules });

export const clusterRole = v.object({
  ...objectEntries,
  rules,
  aggregationRule: obj(3, aggregationRule, { ptr: true, doc: 'AggregationRule is an optional field that describes how to build the Rules for this ClusterRole. If set, Rules are controller managed.' }),
});

const bindingEntries = {
  ...objectEntries,
  subjects: list(2, subject, { listType: 'atomic', doc: 'Subjects holds references to the objects the role applies to.' }),
  roleRef: obj(3, roleRef, { keep: true, doc: 'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. Immutable.' }),
};

export const roleBinding = v.object(bindingEntries);
export const clusterRoleBinding = v.object(bindingEntries);

export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

export interface Subject {
  kind: 'User' | 'Group' | 'ServiceAccount' | string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

export interface RoleRef {
  apiGroup: string;
  kind: 'Role' | 'ClusterRole' | string;
  name: string;
}

export interface Role extends KubeObject {
  rules?: PolicyRule[];
}

export interface ClusterRole extends Role {
  aggregationRule?: { clusterRoleSelectors?: LabelSelector[] };
}

export interface RoleBinding extends KubeObject {
  subjects?: Subject[];
  roleRef: RoleRef;
}

export type ClusterRoleBinding = RoleBinding;
