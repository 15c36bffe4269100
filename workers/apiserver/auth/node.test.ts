import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nameFromFieldSelector, nodeAuthorizer } from './node.ts';
import { defaultAuthorizer } from './authz.ts';
import type { AuthzContext } from './authz.ts';
import { requestInfo } from '../request/info.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from '../storage/types.ts';

const n1 = { username: 'system:node:n1', groups: ['system:nodes', 'system:authenticated'] };
const info = (method: string, path: string) => requestInfo(method, new URL(path, 'https://x'));

const pods: KubeObject[] = [
  { metadata: { name: 'a', namespace: 'ns' }, spec: { nodeName: 'n1', serviceAccountName: 'web', volumes: [{ name: 'v', configMap: { name: 'cm1' } }], containers: [{ name: 'c', envFrom: [{ secretRef: { name: 's1' } }] }] } },
  { metadata: { name: 'b', namespace: 'ns' }, spec: { nodeName: 'n2', containers: [{ name: 'c', env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 's2', key: 'k' } } }] }] } },
];
const storage = {
  async list(prefix: string, opts?: { filter?: (o: KubeObject) => boolean }) {
    const items = pods.filter((p) => `/registry/pods/${p.metadata.namespace}/`.startsWith(prefix) || prefix === `/registry/pods/${p.metadata.namespace}/`).filter(opts?.filter ?? (() => true));
    return { items, rev: 1 };
  },
  // nothing changes: the lists the authorizer reads through its copy stay as loaded
  changesAfter: async () => ({ events: [], current: 1 }),
} as unknown as Storage;
const ctx = (q = ''): AuthzContext => ({ storage, query: new URLSearchParams(q), cluster: 'default' });
const allowed = async (method: string, path: string, q = '') => (await nodeAuthorizer(n1, info(method, path), ctx(q))).allowed;

test('a node reads what a kubelet reads and writes nodes, statuses and events', async () => {
  for (const [m, p] of [
    ['GET', '/api/v1/nodes/n2'],
    ['GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dn1'],
    ['GET', '/api/v1/namespaces/ns/services'],
    ['GET', '/apis/discovery.k8s.io/v1/endpointslices'],
    ['POST', '/api/v1/nodes'],
    ['PATCH', '/api/v1/nodes/n1/status'],
    // its own only (NodeRestriction): `node-agent leave`
    ['DELETE', '/api/v1/nodes/n1'],
    ['PUT', '/api/v1/namespaces/ns/pods/a/status'],
    ['DELETE', '/api/v1/namespaces/ns/pods/a'],
    ['POST', '/api/v1/namespaces/ns/events'],
    ['POST', '/apis/events.k8s.io/v1/namespaces/ns/events'],
  ]) assert.equal(await allowed(m, p), true, `${m} ${p}`);
});

test('a node may not change pod specs, read logs, or touch other kinds', async () => {
  for (const [m, p] of [
    ['PATCH', '/api/v1/namespaces/ns/pods/a'],
    ['GET', '/api/v1/namespaces/ns/pods/a/log'],
    ['GET', '/apis/apps/v1/deployments'],
    ['POST', '/api/v1/namespaces'],
  ]) assert.equal(await allowed(m, p), false, `${m} ${p}`);
});

test('secrets, config maps and service account tokens only through a pod bound to the node', async () => {
  assert.equal(await allowed('GET', '/api/v1/namespaces/ns/secrets/s1'), true);
  assert.equal(await allowed('GET', '/api/v1/namespaces/ns/configmaps/cm1'), true);
  assert.equal(await allowed('GET', '/api/v1/namespaces/ns/secrets', 'fieldSelector=metadata.name%3Ds1'), true);
  assert.equal(await allowed('POST', '/api/v1/namespaces/ns/serviceaccounts/web/token'), true);
  const denied = await nodeAuthorizer(n1, info('GET', '/api/v1/namespaces/ns/secrets/s2'), ctx());
  assert.deepEqual(denied, { allowed: false, reason: "no relationship found between node 'n1' and this object" });
  assert.equal((await nodeAuthorizer(n1, info('GET', '/api/v1/namespaces/ns/secrets'), ctx())).reason, 'No Object name found');
  assert.equal((await nodeAuthorizer(n1, info('PUT', '/api/v1/namespaces/ns/secrets/s1'), ctx())).reason, 'can only read resources of this type');
  // without the graph (an access review), no relationship can be shown
  assert.equal((await nodeAuthorizer(n1, info('GET', '/api/v1/namespaces/ns/secrets/s1'))).allowed, false);
});

test('leases: its own, in kube-node-lease, with the verbs a kubelet uses', async () => {
  assert.equal(await allowed('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1'), true);
  assert.equal(await allowed('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases'), true);
  const reason = async (m: string, p: string) => (await nodeAuthorizer(n1, info(m, p), ctx())).reason;
  assert.equal(await reason('PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n2'), 'can only access node lease with the same name as the requesting node');
  assert.equal(await reason('GET', '/apis/coordination.k8s.io/v1/namespaces/default/leases/n1'), 'can only access leases in the "kube-node-lease" system namespace');
  assert.equal(await reason('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases'), 'can only get, create, update, patch, or delete a node lease');
});

test('its own tunnel and credential renewal; other users get no opinion', async () => {
  assert.equal(await allowed('GET', '/timonier/v1/nodes/n1/tunnel'), true);
  assert.equal(await allowed('GET', '/timonier/v1/nodes/n2/tunnel'), false);
  assert.equal(await allowed('POST', '/timonier/v1/node-credentials'), true);
  const other = { username: 'alice', groups: ['system:authenticated'] };
  assert.deepEqual(await nodeAuthorizer(other, info('GET', '/api/v1/nodes'), ctx()), { allowed: false, reason: undefined });
  const nameless = { username: 'system:node:', groups: ['system:nodes'] };
  assert.equal((await nodeAuthorizer(nameless, info('GET', '/api/v1/nodes'), ctx())).reason, 'unknown node for user "system:node:"');
});

test('the default authorizer: bootstrappers may join, anyone may read cluster-info, the reason carries through', async () => {
  const boot = { username: 'system:bootstrap:abcdef', groups: ['system:bootstrappers', 'system:authenticated'] };
  const anon = { username: 'system:anonymous', groups: ['system:unauthenticated'] };
  assert.equal((await defaultAuthorizer(boot, info('POST', '/timonier/v1/node-credentials'))).allowed, true);
  assert.equal((await defaultAuthorizer(anon, info('POST', '/timonier/v1/node-credentials'))).allowed, false);
  assert.equal((await defaultAuthorizer(anon, info('GET', '/api/v1/namespaces/kube-public/configmaps/cluster-info'))).allowed, true);
  assert.equal((await defaultAuthorizer(anon, info('GET', '/api/v1/namespaces/kube-public/configmaps/other'))).allowed, false);
  assert.equal((await defaultAuthorizer(boot, info('GET', '/timonier/v1/nodes/n1/tunnel'))).allowed, false);
  const d = await defaultAuthorizer(n1, info('GET', '/api/v1/namespaces/ns/secrets/s2'), ctx());
  assert.equal(d.reason, "no relationship found between node 'n1' and this object");
});

test('a field selector names the one object of a list only when it is alone', () => {
  assert.equal(nameFromFieldSelector('metadata.name=x'), 'x');
  assert.equal(nameFromFieldSelector('metadata.name==x'), 'x');
  assert.equal(nameFromFieldSelector('metadata.name=x,type=y'), '');
  assert.equal(nameFromFieldSelector(undefined), '');
});
