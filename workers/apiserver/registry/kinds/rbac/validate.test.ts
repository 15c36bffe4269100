import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClusterRole, Role, RoleBinding } from '../../../../../lib/api/rbac.ts';
import roles from './roles.ts';
import clusterroles from './clusterroles.ts';
import rolebindings from './rolebindings.ts';
import clusterrolebindings from './clusterrolebindings.ts';

const texts = (errs: { field: string; body: string }[]) => errs.map((e) => `${e.field}: ${e.body}`);
const role = (rules: Role['rules']): Role => ({ metadata: { name: 'r', namespace: 'ns' }, rules });
const binding = (b: Partial<RoleBinding>): RoleBinding => ({ metadata: { name: 'b', namespace: 'ns' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, ...b });

test('policy rules: verbs, api groups and resources required', () => {
  assert.deepEqual(roles.validate!(role([{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }])), []);
  assert.deepEqual(texts(roles.validate!(role([{ verbs: [] }]))), [
    'rules[0].verbs: Required value: verbs must contain at least one value',
    'rules[0].apiGroups: Required value: resource rules must supply at least one api group',
    'rules[0].resources: Required value: resource rules must supply at least one resource',
  ]);
});

test('non-resource URLs: ClusterRoles only, never with resources', () => {
  assert.deepEqual(clusterroles.validate!({ metadata: { name: 'c' }, rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/api/*'] }] }), []);
  assert.deepEqual(texts(roles.validate!(role([{ verbs: ['get'], nonResourceURLs: ['/healthz'] }]))), [
    'rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs',
  ]);
  assert.deepEqual(texts(clusterroles.validate!({ metadata: { name: 'c' }, rules: [{ verbs: ['get'], resources: ['pods'], nonResourceURLs: ['/x'] }] })), [
    'rules[0].nonResourceURLs: Invalid value: []string{"/x"}: rules cannot apply to both regular resources and non-resource URLs',
  ]);
});

test('aggregation rule: at least one valid selector', () => {
  const cr = (aggregationRule: ClusterRole['aggregationRule']): ClusterRole => ({ metadata: { name: 'c' }, aggregationRule });
  assert.deepEqual(clusterroles.validate!(cr({ clusterRoleSelectors: [{ matchLabels: { 'rbac.example.com/aggregate-to-x': 'true' } }] })), []);
  assert.deepEqual(texts(clusterroles.validate!(cr({ clusterRoleSelectors: [] }))), [
    'aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil',
  ]);
  assert.deepEqual(texts(clusterroles.validate!(cr({ clusterRoleSelectors: [{ matchExpressions: [{ key: 'a', operator: 'Bad' }] }] }))), [
    'aggregationRule.clusterRoleSelectors[0].matchExpressions[0].operator: Invalid value: "Bad": not a valid selector operator',
    'aggregationRule.clusterRoleSelectors[0]: Invalid value: "null": invalid label selector.',
  ]);
});

test('roleRef: RBAC group, Role or ClusterRole (ClusterRole only in ClusterRoleBindings), a name', () => {
  assert.deepEqual(rolebindings.validate!(binding({ roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' } })), []);
  assert.deepEqual(texts(rolebindings.validate!(binding({ roleRef: { apiGroup: 'x', kind: 'Pod', name: '' } }))), [
    'roleRef.apiGroup: Unsupported value: "x": supported values: "rbac.authorization.k8s.io"',
    'roleRef.kind: Unsupported value: "Pod": supported values: "Role", "ClusterRole"',
    'roleRef.name: Required value',
  ]);
  assert.deepEqual(texts(clusterrolebindings.validate!({ metadata: { name: 'b' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'a/b' } })), [
    'roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"',
    "roleRef.name: Invalid value: \"a/b\": may not contain '/'",
  ]);
});

test('subjects: kinds, api groups, service account names and namespaces', () => {
  const subjects: RoleBinding['subjects'] = [
    { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' },
    { kind: 'Group', apiGroup: '', name: 'eleves' },
    { kind: 'ServiceAccount', apiGroup: 'rbac.authorization.k8s.io', name: 'Bad_Name' },
    { kind: 'Robot', name: '' },
  ];
  assert.deepEqual(texts(rolebindings.validate!(binding({ subjects }))), [
    'subjects[1].apiGroup: Unsupported value: "": supported values: "rbac.authorization.k8s.io"',
    "subjects[2].name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    'subjects[2].apiGroup: Unsupported value: "rbac.authorization.k8s.io": supported values: ""',
    'subjects[3].name: Required value',
    'subjects[3].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"',
  ]);
  // a RoleBinding's service account defaults to the binding's namespace; a ClusterRoleBinding's must say it
  assert.deepEqual(rolebindings.validate!(binding({ subjects: [{ kind: 'ServiceAccount', name: 'default' }] })), []);
  assert.deepEqual(texts(clusterrolebindings.validate!({ metadata: { name: 'b' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'ServiceAccount', name: 'default' }] })), [
    'subjects[0].namespace: Required value',
  ]);
});

test('defaults: roleRef and subject api groups', () => {
  const b = binding({ roleRef: { apiGroup: '', kind: 'ClusterRole', name: 'view' }, subjects: [{ kind: 'User', name: 'a' }, { kind: 'Group', name: 'g' }, { kind: 'ServiceAccount', apiGroup: '', name: 's', namespace: 'ns' }] });
  rolebindings.defaults!(b);
  assert.equal(b.roleRef.apiGroup, 'rbac.authorization.k8s.io');
  assert.deepEqual(b.subjects!.map((s) => s.apiGroup), ['rbac.authorization.k8s.io', 'rbac.authorization.k8s.io', undefined]);
  assert.ok(!('apiGroup' in b.subjects![2]), 'an empty group is left out, as Go omits it');
});

test('roleRef is immutable', () => {
  const old = binding({});
  assert.deepEqual(rolebindings.validateUpdate!(binding({ subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'x' }] }), old), []);
  assert.deepEqual(texts(rolebindings.validateUpdate!(binding({ roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'edit' } }), old)), [
    'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"edit"}: cannot change roleRef',
  ]);
});
