import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forbiddenFor, superuser, union } from './authz.ts';
import { ANONYMOUS } from './authn.ts';
import { requestInfo } from '../request/info.ts';

const info = (method: string, path: string) => requestInfo(method, new URL(path, 'https://x'));

test('system:masters may do anything; nobody else is allowed without a policy saying so', async () => {
  assert.equal((await superuser({ username: 'admin', groups: ['system:masters'] }, info('DELETE', '/api/v1/nodes/n'))).allowed, true);
  for (const user of [ANONYMOUS, { username: 'system:serviceaccount:kube-system:x', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system'] }, { username: 'system:kube-controller-manager', groups: ['system:authenticated'] }])
    assert.equal((await superuser(user, info('GET', '/api'))).allowed, false, user.username);
});

test('a union allows on the first yes, else gives every reason, one a line', async () => {
  const no = (reason?: string) => () => ({ allowed: false, reason });
  const yes = () => ({ allowed: true, reason: 'ok' });
  assert.deepEqual(await union(no('a'), yes, no('b'))(ANONYMOUS, info('GET', '/api')), { allowed: true, reason: 'ok' });
  assert.deepEqual(await union(no('a'), no(), no('b'))(ANONYMOUS, info('GET', '/api')), { allowed: false, reason: 'a\nb' });
  assert.deepEqual(await union(no(), no())(ANONYMOUS, info('GET', '/api')), { allowed: false, reason: undefined });
});

test("Kubernetes' Forbidden messages", () => {
  assert.equal(forbiddenFor(ANONYMOUS, info('GET', '/api/v1/namespaces/ch34/configmaps')).status.message, 'configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "ch34"');
  assert.equal(forbiddenFor(ANONYMOUS, info('GET', '/api/v1/nodes')).status.message, 'nodes is forbidden: User "system:anonymous" cannot list resource "nodes" in API group "" at the cluster scope');
  assert.equal(forbiddenFor(ANONYMOUS, info('GET', '/apis/apps/v1/namespaces/ns/deployments/d/scale')).status.message, 'deployments.apps "d" is forbidden: User "system:anonymous" cannot get resource "deployments/scale" in API group "apps" in the namespace "ns"');
  assert.equal(forbiddenFor(ANONYMOUS, info('GET', '/metrics')).status.message, 'forbidden: User "system:anonymous" cannot get path "/metrics"');
});
