import { test } from 'node:test';
import assert from 'node:assert/strict';
import rolebindings from './rolebindings.ts';
import clusterrolebindings from './clusterrolebindings.ts';
import roles from './roles.ts';
import clusterroles from './clusterroles.ts';

const now = Date.parse('2025-01-01T12:00:00Z');

test('roles and clusterroles print Name and Created At', () => {
  for (const d of [roles, clusterroles]) {
    assert.deepEqual(d.table!.columns.map((c) => [c.name, c.type]), [['Name', 'string'], ['Created At', 'date']]);
    assert.deepEqual(d.table!.cells({ metadata: { name: 'view', creationTimestamp: '2025-01-01T11:00:00Z' } }, now), ['view', '2025-01-01T11:00:00Z']);
  }
});

test('bindings print Role as Kind/name, Age, then users, groups and service accounts (wide)', () => {
  assert.deepEqual(rolebindings.table!.columns.map((c) => [c.name, c.priority]), [['Name', 0], ['Role', 0], ['Age', 0], ['Users', 1], ['Groups', 1], ['ServiceAccounts', 1]]);
  assert.equal(clusterrolebindings.table!.columns[3].description, 'Users in the clusterRoleBinding');
  const b = {
    metadata: { name: 'alice-admin', namespace: 'alice', creationTimestamp: '2025-01-01T11:59:00Z' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'admin' },
    subjects: [
      { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' },
      { kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'bob' },
      { kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'eleves' },
      { kind: 'ServiceAccount', name: 'default', namespace: 'alice' },
    ],
  };
  assert.deepEqual(rolebindings.table!.cells(b, now), ['alice-admin', 'ClusterRole/admin', '60s', 'alice, bob', 'eleves', 'alice/default']);
  assert.deepEqual(rolebindings.table!.cells({ ...b, subjects: undefined }, now), ['alice-admin', 'ClusterRole/admin', '60s', '', '', '']);
});
