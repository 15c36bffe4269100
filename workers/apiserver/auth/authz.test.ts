import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultAuthorizer, forbiddenFor } from './authz.ts';
import { ANONYMOUS } from './authn.ts';
import { requestInfo } from '../request/info.ts';

const info = (method: string, path: string) => requestInfo(method, new URL(path, 'https://x'));

test('anonymous may read discovery, health and version only', async () => {
  for (const p of ['/api', '/apis', '/api/v1', '/apis/apps/v1', '/version', '/readyz', '/livez', '/healthz', '/openapi/v3'])
    assert.equal((await defaultAuthorizer(ANONYMOUS, info('GET', p))).allowed, true, p);
  for (const p of ['/api/v1/namespaces/ch34/configmaps', '/api/v1/nodes', '/metrics'])
    assert.equal((await defaultAuthorizer(ANONYMOUS, info('GET', p))).allowed, false, p);
  assert.equal((await defaultAuthorizer(ANONYMOUS, info('POST', '/api'))).allowed, false);
});

test("administrators and the controllers' service accounts may do anything", async () => {
  assert.equal((await defaultAuthorizer({ username: 'admin', groups: ['system:masters'] }, info('DELETE', '/api/v1/nodes/n'))).allowed, true);
  assert.equal((await defaultAuthorizer({ username: 'system:serviceaccount:kube-system:x', groups: ['system:serviceaccounts:kube-system'] }, info('POST', '/api/v1/namespaces/a/pods'))).allowed, true);
  assert.equal((await defaultAuthorizer({ username: 'system:serviceaccount:a:x', groups: ['system:serviceaccounts:a'] }, info('POST', '/api/v1/namespaces/a/pods'))).allowed, false);
});

test("Kubernetes' Forbidden messages", () => {
  assert.equal(forbiddenFor(ANONYMOUS, info('GET', '/api/v1/namespaces/ch34/configmaps')).status.message, 'configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "ch34"');
  assert.equal(forbiddenFor(ANONYMOUS, info('GET', '/api/v1/nodes')).status.message, 'nodes is forbidden: User "system:anonymous" cannot list resource "nodes" in API group "" at the cluster scope');
  assert.equal(forbiddenFor(ANONYMOUS, info('GET', '/apis/apps/v1/namespaces/ns/deployments/d/scale')).status.message, 'deployments.apps "d" is forbidden: User "system:anonymous" cannot get resource "deployments/scale" in API group "apps" in the namespace "ns"');
  assert.equal(forbiddenFor(ANONYMOUS, info('GET', '/metrics')).status.message, 'forbidden: User "system:anonymous" cannot get path "/metrics"');
});
