/**
 * Joining and node identity: `timonier token create` makes a bootstrap token, an agent exchanges
 * it for its credential (system:node:<name>), the credential outlives a restart of the control
 * plane, and the API holds a node to its own Node, Lease and pods (Node authorizer +
 * NodeRestriction, with Kubernetes' messages).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { useCluster } from '../support/cluster.ts';
import { until } from '../support/until.ts';
import { joinCluster, CREDENTIAL_FILE } from '../../node-agent/tunnel/index.ts';

const cluster = useCluster();
const CLI = fileURLToPath(new URL('../../bin/timonier.mjs', import.meta.url));
const TOKEN = /^([a-z0-9]{6})\.[a-z0-9]{16}$/;
const b64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

let token = '';
let credential = '';
const stateDir = () => join(cluster.dir, 'agent-n1');
const as = (bearer: string) => ({ token: bearer });

async function tokenCreate(args: string[] = []) {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'token', 'create', '--kubeconfig', cluster.cp.kubeconfigPath, ...args]);
  return { stdout, stderr };
}

test('timonier token create stores a bootstrap token Secret and signs cluster-info', async () => {
  const { stdout, stderr } = await tokenCreate(['--ttl', '1h']);
  token = stdout.trim();
  const id = TOKEN.exec(token)?.[1];
  assert.ok(id, `not a token: ${stdout}`);
  assert.match(stderr, new RegExp(`--token ${token.replace('.', '\\.')}`));

  const secret = (await cluster.api('GET', `/api/v1/namespaces/kube-system/secrets/bootstrap-token-${id}`)).json;
  assert.equal(secret.type, 'bootstrap.kubernetes.io/token');
  assert.equal(b64(secret.data['token-id']), id);
  assert.equal(b64(secret.data['token-secret']), token.split('.')[1]);
  assert.equal(b64(secret.data['usage-bootstrap-authentication']), 'true');
  const expires = Date.parse(b64(secret.data.expiration));
  assert.ok(Math.abs(expires - (Date.now() + 3600_000)) < 60_000, `expiration ${b64(secret.data.expiration)}`);

  // readable without credentials: that is how a joining node finds the CA
  const info = await cluster.api('GET', '/api/v1/namespaces/kube-public/configmaps/cluster-info', { token: null });
  assert.equal(info.status, 200);
  assert.match(info.json.data.kubeconfig, /certificate-authority-data/);
  assert.match(info.json.data[`jws-kubeconfig-${id}`], /^[\w-]+\.\.[\w-]+$/);
  assert.equal((await cluster.api('GET', '/api/v1/namespaces/kube-public/configmaps', { token: null })).status, 403);
});

test('a bootstrap token authenticates as system:bootstrap:<id>, which may not read nodes', async () => {
  const nodes = await cluster.api('GET', '/api/v1/nodes', as(token));
  assert.equal(nodes.status, 403);
  assert.equal(nodes.json.message, `nodes is forbidden: User "system:bootstrap:${token.split('.')[0]}" cannot list resource "nodes" in API group "" at the cluster scope`);
});

test('joining exchanges the token for a node credential kept with mode 0600', async () => {
  // no CA given: the agent checks cluster-info's signature with its token
  ({ credential } = await joinCluster({ server: cluster.cp.url, token, nodeName: 'n1', stateDir: stateDir() }));
  const file = await stat(join(stateDir(), CREDENTIAL_FILE));
  assert.equal(file.mode & 0o777, 0o600);
  const review = await cluster.api('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }, ...as(credential) });
  assert.equal(review.status, 201, review.text);
  assert.equal(review.json.status.userInfo.username, 'system:node:n1');
  assert.ok(review.json.status.userInfo.groups.includes('system:nodes'));
});

test('an unknown or expired bootstrap token is 401', async () => {
  assert.equal((await cluster.api('GET', '/api/v1/nodes', as('abcdef.0123456789abcdef'))).status, 401);
  const expired = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'bootstrap-token-old123', namespace: 'kube-system' },
    type: 'bootstrap.kubernetes.io/token',
    stringData: { 'token-id': 'old123', 'token-secret': 'abcdefghij012345', expiration: '2020-01-01T00:00:00Z', 'usage-bootstrap-authentication': 'true' },
  };
  assert.equal((await cluster.api('POST', '/api/v1/namespaces/kube-system/secrets', { body: expired })).status, 201);
  const r = await cluster.api('POST', '/timonier/v1/node-credentials', { body: { nodeName: 'n9' }, ...as('old123.abcdefghij012345') });
  assert.equal(r.status, 401);
  assert.equal(r.json.message, 'Unauthorized');
  await assert.rejects(joinCluster({ server: cluster.cp.url, token: 'old123.abcdefghij012345', nodeName: 'n9', stateDir: join(cluster.dir, 'agent-n9'), caPem: cluster.cp.caPem }), /refused the token \(401 Unauthorized\)/);
});

test('a node writes its own Node and Lease, and nobody else\'s', async () => {
  const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } });
  assert.equal((await cluster.api('POST', '/api/v1/nodes', { body: node('n1'), ...as(credential) })).status, 201);
  assert.equal((await cluster.api('POST', '/api/v1/nodes', { body: node('n2') })).status, 201); // by the admin

  let r = await cluster.api('POST', '/api/v1/nodes', { body: node('n3'), ...as(credential) });
  assert.equal(r.status, 403);
  assert.equal(r.json.message, 'nodes "n3" is forbidden: node "n1" is not allowed to modify node "n3"');
  const merge = { contentType: 'application/merge-patch+json', ...as(credential) };
  r = await cluster.api('PATCH', '/api/v1/nodes/n2', { body: { metadata: { labels: { mine: 'yes' } } }, ...merge });
  assert.equal(r.status, 403);
  assert.equal(r.json.message, 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"');
  r = await cluster.api('PATCH', '/api/v1/nodes/n2/status', { body: { status: { phase: 'Running' } }, ...merge });
  assert.equal(r.status, 403);
  r = await cluster.api('PATCH', '/api/v1/nodes/n1/status', { body: { status: { conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }] } }, ...merge });
  assert.equal(r.status, 200, r.text);

  const lease = (name: string) => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name }, spec: { holderIdentity: name, leaseDurationSeconds: 40 } });
  r = await cluster.api('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { body: lease('n1'), ...as(credential) });
  assert.equal(r.status, 201, r.text);
  r = await cluster.api('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { body: lease('n2'), ...as(credential) });
  assert.equal(r.status, 403);
  assert.equal(r.json.message, 'leases.coordination.k8s.io "n2" is forbidden: can only access node lease with the same name as the requesting node');
  r = await cluster.api('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n2', as(credential));
  assert.equal(r.status, 403);
  assert.match(r.json.message, /cannot get resource "leases" in API group "coordination.k8s.io" in the namespace "kube-node-lease": can only access node lease with the same name as the requesting node$/);
});

test('a node updates and deletes only the pods bound to it; reads only the secrets they use', async () => {
  const pod = (name: string, node: string, secret?: string) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { nodeName: node, containers: [{ name: 'c', image: 'busybox', ...(secret ? { envFrom: [{ secretRef: { name: secret } }] } : {}) }] },
  });
  for (const p of [pod('mine', 'n1', 'used'), pod('theirs', 'n2')]) assert.equal((await cluster.api('POST', '/api/v1/namespaces/default/pods', { body: p })).status, 201);
  for (const name of ['used', 'unused'])
    assert.equal((await cluster.api('POST', '/api/v1/namespaces/default/secrets', { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: { k: 'v' } } })).status, 201);

  const status = { body: { status: { phase: 'Running' } }, contentType: 'application/merge-patch+json', ...as(credential) };
  let r = await cluster.api('PATCH', '/api/v1/namespaces/default/pods/mine/status', status);
  assert.equal(r.status, 200, r.text);
  r = await cluster.api('PATCH', '/api/v1/namespaces/default/pods/theirs/status', status);
  assert.equal(r.status, 403);
  assert.equal(r.json.message, 'pods "theirs" is forbidden: node "n1" can only update pod status for pods with spec.nodeName set to itself');
  r = await cluster.api('DELETE', '/api/v1/namespaces/default/pods/theirs', as(credential));
  assert.equal(r.status, 403);
  assert.equal(r.json.message, 'pods "theirs" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself');
  r = await cluster.api('PATCH', '/api/v1/namespaces/default/pods/mine', { body: { metadata: { labels: { a: 'b' } } }, contentType: 'application/merge-patch+json', ...as(credential) });
  assert.equal(r.status, 403);
  assert.equal(r.json.message, 'pods "mine" is forbidden: User "system:node:n1" cannot patch resource "pods" in API group "" in the namespace "default"');

  assert.equal((await cluster.api('GET', '/api/v1/namespaces/default/secrets/used', as(credential))).status, 200);
  r = await cluster.api('GET', '/api/v1/namespaces/default/secrets?fieldSelector=metadata.name%3Dused', as(credential));
  assert.equal(r.status, 200, r.text);
  r = await cluster.api('GET', '/api/v1/namespaces/default/secrets/unused', as(credential));
  assert.equal(r.status, 403);
  assert.equal(r.json.message, `secrets "unused" is forbidden: User "system:node:n1" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node 'n1' and this object`);
  assert.equal((await cluster.api('GET', '/api/v1/namespaces/default/pods', as(credential))).status, 200);

  // tokens: only bound to a pod of its own, named with its uid; bound to the node too (for the
  // pods' account, which the ServiceAccount controller makes soon after the control plane starts)
  await until('the default ServiceAccount', async () => (await cluster.api('GET', '/api/v1/namespaces/default/serviceaccounts/default')).status === 200);
  const uidOf = async (path: string) => (await cluster.api('GET', path)).json.metadata.uid as string;
  const [mine, theirs, n1] = await Promise.all([uidOf('/api/v1/namespaces/default/pods/mine'), uidOf('/api/v1/namespaces/default/pods/theirs'), uidOf('/api/v1/nodes/n1')]);
  const tokenFor = (boundObjectRef?: Record<string, string>) =>
    cluster.api('POST', '/api/v1/namespaces/default/serviceaccounts/default/token', { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: boundObjectRef ? { boundObjectRef } : {} }, ...as(credential) });
  r = await tokenFor({ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: mine });
  assert.equal(r.status, 201, r.text);
  const claims = JSON.parse(Buffer.from(r.json.status.token.split('.')[1], 'base64url').toString())['kubernetes.io'];
  assert.deepEqual([claims.pod, claims.node], [{ name: 'mine', uid: mine }, { name: 'n1', uid: n1 }]);
  const refusals: [Record<string, string> | undefined, string][] = [
    [undefined, 'node requested token not bound to a pod'],
    [{ apiVersion: 'v1', kind: 'Secret', name: 'used', uid: 'x' }, 'node requested token not bound to a pod'],
    [{ apiVersion: 'v1', kind: 'Pod', name: 'mine' }, 'node requested token with a pod binding without a uid'],
    [{ apiVersion: 'v1', kind: 'Pod', name: 'mine', uid: 'old' }, 'the UID in the bound object reference (old) does not match the UID in record. The object might have been deleted and then recreated'],
    [{ apiVersion: 'v1', kind: 'Pod', name: 'theirs', uid: theirs }, 'node requested token bound to a pod scheduled on a different node'],
  ];
  for (const [ref, why] of refusals) {
    r = await tokenFor(ref);
    assert.equal(r.status, 403, r.text);
    assert.equal(r.json.message, `serviceaccounts "default" is forbidden: ${why}`);
  }
});

test('kubectl shows a node\'s refusal as Kubernetes does', async () => {
  const r = await cluster.kubectl(['--token', credential, 'label', 'node', 'n2', 'x=y']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /Error from server \(Forbidden\): nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"/);
});

test('the credential works after a restart of the control plane, and a restarted agent needs no token', async () => {
  await cluster.restart();
  const r = await cluster.api('GET', '/api/v1/nodes/n1', as(credential));
  assert.equal(r.status, 200, r.text);
  const again = await joinCluster({ server: cluster.cp.url, nodeName: 'n1', stateDir: stateDir() });
  assert.equal(again.credential, credential);
  assert.equal(again.caPem.trim(), cluster.cp.caPem.trim());
});
