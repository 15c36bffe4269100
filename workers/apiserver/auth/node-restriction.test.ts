import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeRestriction } from './node-restriction.ts';
import { requestInfo } from '../request/info.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from '../storage/types.ts';
import type { UserInfo } from './authn.ts';

const n1: UserInfo = { username: 'system:node:n1', groups: ['system:nodes'] };
const objects: Record<string, KubeObject> = {
  '/registry/pods/ns/mine': { metadata: { name: 'mine', namespace: 'ns' }, spec: { nodeName: 'n1' } },
  '/registry/pods/ns/theirs': { metadata: { name: 'theirs', namespace: 'ns' }, spec: { nodeName: 'n2' } },
};
const storage = { get: async (k: string) => objects[k] } as unknown as Storage;

async function check(method: string, path: string, body?: KubeObject, user = n1): Promise<string | undefined> {
  try {
    await nodeRestriction({ user, info: requestInfo(method, new URL(path, 'https://x')), storage, body: async () => body });
    return undefined;
  } catch (e) {
    return (e as { status: { code: number; message: string } }).status.message;
  }
}

test('a node modifies only its own Node', async () => {
  assert.equal(await check('PATCH', '/api/v1/nodes/n1/status'), undefined);
  assert.equal(await check('POST', '/api/v1/nodes', { metadata: { name: 'n1' } }), undefined);
  assert.equal(await check('PATCH', '/api/v1/nodes/n2'), 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
  assert.equal(await check('DELETE', '/api/v1/nodes/n1'), undefined);
  assert.equal(await check('DELETE', '/api/v1/nodes/n2'), 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
  assert.equal(await check('POST', '/api/v1/nodes', { metadata: { name: 'n3' } }), 'nodes "n3" is forbidden: node "n1" is not allowed to modify node "n3"');
});

test('a node evicts only the pods bound to it; its status writes and deletes are left to admission, unread', async () => {
  assert.equal(await check('POST', '/api/v1/namespaces/ns/pods/mine/eviction'), undefined);
  assert.equal(await check('POST', '/api/v1/namespaces/ns/pods/theirs/eviction'), 'pods "theirs" is forbidden: node n1 can only evict pods with spec.nodeName set to itself');
  assert.equal(await check('POST', '/api/v1/namespaces/ns/pods/gone/eviction'), 'pods "gone" not found');
  assert.equal(await check('PATCH', '/api/v1/namespaces/ns/pods/mine'), 'pods "mine" is forbidden: unexpected operation "UPDATE", node "n1" can only create and delete mirror pods');
  // the pod they concern is the write's own (admission/node-restriction.ts): no read here
  const unread = { get: () => assert.fail('read before the handler') } as unknown as Storage;
  for (const [method, path] of [['PUT', '/api/v1/namespaces/ns/pods/theirs/status'], ['PATCH', '/api/v1/namespaces/ns/pods/theirs/status'], ['DELETE', '/api/v1/namespaces/ns/pods/theirs']])
    await nodeRestriction({ user: n1, info: requestInfo(method, new URL(path, 'https://x')), storage: unread, body: async () => undefined });
});

test('pods a node creates must be mirror pods bound to and owned by it', async () => {
  const pod = (annotations: Record<string, string>, nodeName: string, owner?: object): KubeObject => ({ metadata: { name: 'static', annotations, ownerReferences: owner ? [owner as never] : [] }, spec: { nodeName } });
  const mirror = { 'kubernetes.io/config.mirror': 'hash' };
  const own = { apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'u', controller: true };
  assert.equal(await check('POST', '/api/v1/namespaces/ns/pods', pod({}, 'n1', own)), 'pods "static" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "n1" can only create mirror pods');
  assert.equal(await check('POST', '/api/v1/namespaces/ns/pods', pod(mirror, 'n2', own)), 'pods "static" is forbidden: node "n1" can only create pods with spec.nodeName set to itself');
  assert.equal(await check('POST', '/api/v1/namespaces/ns/pods', pod(mirror, 'n1')), 'pods "static" is forbidden: node "n1" can only create pods with an owner reference set to itself');
  assert.equal(await check('POST', '/api/v1/namespaces/ns/pods', pod(mirror, 'n1', own)), undefined);
});

test('leases: its own, in kube-node-lease; others and reads are not restricted here', async () => {
  assert.equal(await check('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { metadata: { name: 'n1' } }), undefined);
  assert.equal(await check('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { metadata: { name: 'n2' } }), 'leases.coordination.k8s.io "n2" is forbidden: can only access node lease with the same name as the requesting node');
  assert.equal(await check('PUT', '/apis/coordination.k8s.io/v1/namespaces/default/leases/n1'), 'leases.coordination.k8s.io "n1" is forbidden: can only access leases in the "kube-node-lease" system namespace');
  assert.equal(await check('GET', '/api/v1/namespaces/ns/pods/theirs'), undefined);
  assert.equal(await check('PATCH', '/api/v1/nodes/n2', undefined, { username: 'admin', groups: ['system:masters'] }), undefined);
});
