/**
 * Tenant clusters on one control plane, with the real kubectl: two clusters made through the
 * Cluster kind (tenancy.timonier.dev/v1alpha1, root cluster only), each addressed as
 * `<url>/clusters/<name>`, each with its own system objects, objects, watches, controllers and
 * nodes; tokens valid in their cluster only; an unknown cluster is 404; deletion leaves nothing;
 * the root cluster is unaffected throughout.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '@libsql/client/web';
import { useCluster } from '../support/cluster.ts';
import { writeKubeconfig } from '../../local/kubeconfig.ts';
import { signToken } from '../../lib/auth/tokens.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { CREDENTIAL_FILE } from '../../node-agent/tunnel/index.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
const CLUSTERS = '/apis/tenancy.timonier.dev/v1alpha1/clusters';
const named = (name: string) => ({ apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name } });
const nodes: RunningNode[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** kubectl with a kubeconfig whose server is the tenant's URL (admin token). */
async function kubectlIn(name: string, args: string[], timeoutMs = 60_000): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = join(cluster.dir, `${name}.kubeconfig`);
  await writeKubeconfig(file, { server: `${cluster.cp.url}/clusters/${name}`, caPem: cluster.cp.caPem, token: cluster.cp.token });
  return new Promise((resolve) => {
    execFile('kubectl', args, { env: { ...process.env, KUBECONFIG: file, KUBECACHEDIR: join(cluster.dir, `kubecache-${name}`), HOME: cluster.dir }, timeout: timeoutMs }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function ok(name: string, args: string[]): Promise<string> {
  const r = await kubectlIn(name, args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')} in ${name}: ${r.stderr}`);
  return r.stdout;
}


const signingKey = () => readFile(join(cluster.cp.dataDir, 'token-signing-key'), 'utf8').then((s) => s.trim());

after(async () => {
  for (const n of nodes) await n.stop().catch(() => {});
});

test('the Cluster kind: RBAC-gated, root cluster only, names are DNS labels, never the root\'s', async () => {
  const a = await cluster.api('POST', CLUSTERS, { body: named('a') });
  assert.equal(a.status, 201, a.text);
  assert.equal(a.json.kind, 'Cluster');
  assert.equal(a.json.apiVersion, 'tenancy.timonier.dev/v1alpha1');
  assert.equal(a.json.status.phase, 'Active');
  assert.equal((await cluster.api('POST', CLUSTERS, { body: named('b') })).status, 201);

  const again = await cluster.api('POST', CLUSTERS, { body: named('a') });
  assert.equal(again.status, 409);
  assert.equal(again.json.message, 'clusters.tenancy.timonier.dev "a" already exists');
  const root = await cluster.api('POST', CLUSTERS, { body: named('default') });
  assert.equal(root.status, 422);
  assert.match(root.json.message, /"default" is the root cluster's name/);
  const bad = await cluster.api('POST', CLUSTERS, { body: named('Not_A_Label') });
  assert.equal(bad.status, 422);
  assert.match(bad.json.message, /^Cluster\.tenancy\.timonier\.dev "Not_A_Label" is invalid: metadata\.name: Invalid value: "Not_A_Label": a lowercase RFC 1123 label/);

  const component = await signToken(await signingKey(), { sub: 'system:kube-controller-manager', groups: ['system:authenticated'] });
  const denied = await cluster.api('POST', CLUSTERS, { body: named('c'), token: component });
  assert.equal(denied.status, 403, 'RBAC: only who may create clusters');
  assert.match(denied.json.message, /cannot create resource "clusters" in API group "tenancy.timonier.dev" at the cluster scope/);
  for (const [method, path] of [['POST', `/clusters/a${CLUSTERS}`], ['GET', `/clusters/a${CLUSTERS}`], ['GET', `/clusters/a${CLUSTERS}/a`], ['DELETE', `/clusters/a${CLUSTERS}/b`]]) {
    const inTenant = await cluster.api(method, path, method === 'POST' ? { body: named('c') } : {});
    assert.equal(inTenant.status, 404, `${method} ${path}: a tenant has no clusters`);
    assert.match(inTenant.json.message, /served by the root cluster only/);
  }
  assert.equal(a.json.metadata.finalizers[0], 'tenancy.timonier.dev/cleanup');
  const list = await cluster.api('GET', CLUSTERS);
  assert.deepEqual(list.json.items.map((c: { metadata: { name: string } }) => c.metadata.name), ['a', 'b']);
});

test('an unknown cluster is 404 with a Status, for every path', async () => {
  for (const path of ['/clusters/nope/api/v1/namespaces', '/clusters/nope/version', '/clusters/default/api', '/clusters/NOPE/apis']) {
    const r = await cluster.api('GET', path);
    assert.equal(r.status, 404, path);
    assert.deepEqual([r.json.kind, r.json.reason, r.json.message], ['Status', 'NotFound', 'the server could not find the requested resource'], path);
  }
  const k = await kubectlIn('nope', ['get', 'pods']);
  assert.notEqual(k.code, 0);
  assert.match(k.stderr, /the server could not find the requested resource/);
});

test('a tenant has its own system objects, discovery, OpenAPI and raw paths', async () => {
  assert.deepEqual((await ok('a', ['get', 'ns', '-o', 'name'])).trim().split('\n'), ['namespace/default', 'namespace/kube-node-lease', 'namespace/kube-public', 'namespace/kube-system']);
  assert.match(await ok('a', ['get', 'svc', 'kubernetes', '-o', 'jsonpath={.spec.clusterIP}']), /^10\.96\.0\.1$/);
  assert.match(await ok('a', ['api-resources']), /deployments\s+deploy\s+apps\/v1\s+true\s+Deployment/);
  assert.match(await ok('a', ['explain', 'pods.spec.nodeName']), /nodeName/, 'OpenAPI v3 under the prefix');
  assert.match(await ok('a', ['version']), /Server Version: v1\.32/);
  // kubectl 1.32's `get --raw` takes the path from the host, not under the server URL's path: a
  // tenant's raw path carries its prefix
  const uid = await ok('a', ['get', 'ns', 'kube-system', '-o', 'jsonpath={.metadata.uid}']);
  assert.equal(JSON.parse(await ok('a', ['get', '--raw', '/clusters/a/api/v1/namespaces/kube-system'])).metadata.uid, uid);
  assert.notEqual(JSON.parse(await ok('a', ['get', '--raw', '/api/v1/namespaces/kube-system'])).metadata.uid, uid, "without it, the root's (this admin token is valid there)");
  // with the root's kubeconfig, the prefixed path reaches the tenant
  const raw = await cluster.kubectl(['get', '--raw', '/clusters/a/api/v1/namespaces/default/services/kubernetes']);
  assert.equal(raw.code, 0, raw.stderr);
  assert.equal(JSON.parse(raw.stdout).metadata.name, 'kubernetes');
  assert.equal((await cluster.api('GET', '/clusters/a/readyz')).text, 'ok');
  // the default service account and kube-root-ca.crt come from the controllers, through the tenant's path
  await until('default service account in a', async () => (await kubectlIn('a', ['get', 'sa', 'default'])).code === 0);
  await until('kube-root-ca.crt in a', async () => (await kubectlIn('a', ['get', 'cm', 'kube-root-ca.crt'])).code === 0);
});

test('objects of the same name live apart: namespaced and cluster-scoped', async () => {
  await ok('a', ['create', 'namespace', 'team']);
  await ok('a', ['-n', 'team', 'create', 'configmap', 'cfg', '--from-literal=owner=a']);
  await ok('b', ['create', 'configmap', 'cfg', '--from-literal=owner=b']);
  assert.equal(await ok('a', ['-n', 'team', 'get', 'cm', 'cfg', '-o', 'jsonpath={.data.owner}']), 'a');
  assert.equal(await ok('b', ['get', 'cm', 'cfg', '-o', 'jsonpath={.data.owner}']), 'b');
  const missing = await kubectlIn('b', ['get', 'ns', 'team']);
  assert.notEqual(missing.code, 0);
  assert.match(missing.stderr, /namespaces "team" not found/);
  assert.equal((await kubectlIn('a', ['get', 'cm', 'cfg'])).code, 1, "b's default/cfg is not in a");
  assert.doesNotMatch(await ok('a', ['get', 'cm', '-A']), /default\s+cfg/);
  assert.doesNotMatch((await cluster.kubectl(['get', 'ns'])).stdout, /team/, 'the root has no namespace team');
  assert.equal((await cluster.kubectl(['get', 'cm', 'cfg'])).code, 1, 'nor a configmap cfg');
});

test("a watch sees its cluster's changes only", async () => {
  const list = await cluster.api('GET', '/clusters/a/api/v1/namespaces/default/configmaps');
  const w = await cluster.watch(`/clusters/a/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${list.json.metadata.resourceVersion}`);
  try {
    await ok('b', ['create', 'configmap', 'w1']);
    await cluster.kubectl(['create', 'configmap', 'w1']);
    await ok('a', ['create', 'configmap', 'w1', '--from-literal=in=a']);
    const [ev] = await w.waitFor(1);
    assert.equal(ev.type, 'ADDED');
    assert.deepEqual(ev.object.data, { in: 'a' });
    await sleep(1500); // a hub pump and a poll later: nothing else came
    assert.equal(w.events.length, 1, JSON.stringify(w.events.map((e) => e.object.metadata.name)));
  } finally {
    w.close();
  }
  // kubectl's own watch through the tenant's path
  const r = await kubectlIn('a', ['get', 'cm', 'w1', '--watch', '--request-timeout=2s', '-o', 'name'], 20_000);
  assert.match(r.stdout, /configmap\/w1/);
});

test("deployments become pods through the controllers; a node joined to a runs a's pods only", async () => {
  const server = `${cluster.cp.url}/clusters/a`;
  const token = await createJoinToken({ server, token: cluster.cp.token, caPem: cluster.cp.caPem, insecure: false }, { ttlSeconds: 600 });
  const node = await runNode({ server, token, nodeName: 'node-a', runtime: 'simulated', subnet: 171, stateDir: join(cluster.dir, 'node-a'), caPem: cluster.cp.caPem, log: () => {}, agent: {} });
  nodes.push(node);
  await node.tunnel.ready;
  // the join token is a Secret of a: in b and in the root it is nobody's
  for (const other of ['/clusters/b', '']) {
    const r = await cluster.api('POST', `${other}/timonier/v1/node-credentials`, { body: { nodeName: 'intruder' }, token });
    assert.equal(r.status, 401, `a's join token at ${other || 'the root'}`);
  }
  await until('node-a Ready in a', async () => (await ok('a', ['get', 'node', 'node-a', '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}'])) === 'True');
  assert.equal((await ok('b', ['get', 'nodes', '-o', 'name'])).trim(), '', 'b sees no node');
  assert.equal((await cluster.kubectl(['get', 'nodes', '-o', 'name'])).stdout.trim(), '', 'the root sees no node');

  await ok('a', ['create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=2']);
  await ok('b', ['create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=1']);
  const running = await until('two running pods of web in a', async () => {
    const pods = JSON.parse(await ok('a', ['get', 'pods', '-l', 'app=web', '-o', 'json'])).items as { spec: { nodeName?: string }; status: { phase?: string } }[];
    return pods.length === 2 && pods.every((p) => p.status.phase === 'Running') && pods;
  });
  assert.deepEqual(running.map((p) => p.spec.nodeName), ['node-a', 'node-a']);
  const inB = await until('a pod of web in b', async () => {
    const pods = JSON.parse(await ok('b', ['get', 'pods', '-l', 'app=web', '-o', 'json'])).items as { spec: { nodeName?: string }; status: { phase?: string } }[];
    return pods.length === 1 && pods;
  });
  await sleep(1000);
  const stillPending = JSON.parse(await ok('b', ['get', 'pods', '-l', 'app=web', '-o', 'json'])).items;
  assert.equal(stillPending[0].spec.nodeName, undefined, `b's pod was not given a's node: ${JSON.stringify(inB)}`);
  assert.equal(stillPending[0].status.phase, 'Pending');
  assert.match(await ok('b', ['get', 'events', '--field-selector', 'reason=FailedScheduling', '-o', 'jsonpath={.items[*].message}']), /no nodes available to schedule pods/);

  // logs and exec through the tenant's tunnel
  const pod = JSON.parse(await ok('a', ['get', 'pods', '-l', 'app=web', '-o', 'json'])).items[0].metadata.name;
  assert.match(await ok('a', ['logs', pod]), /simulated container nginx started/);
  assert.equal(await ok('a', ['exec', pod, '--', 'echo', 'hello', 'from', 'a']), 'hello from a\n', 'exec (a WebSocket) through the prefix and the tunnel');
  assert.equal((await cluster.kubectl(['get', 'pods', '-A', '-o', 'name'])).stdout.trim(), '', 'the root has no pod');
});

test('tokens are valid in the cluster they name only', async () => {
  const key = await signingKey();
  const manager = { sub: 'system:kube-controller-manager', groups: ['system:authenticated'] };
  const ofA = await signToken(key, { ...manager, cluster: 'a' });
  const ofRoot = await signToken(key, manager);
  const nodesPath = '/api/v1/nodes';
  assert.equal((await cluster.api('GET', `/clusters/a${nodesPath}`, { token: ofA })).status, 200);
  for (const [path, token, why] of [
    [`/clusters/b${nodesPath}`, ofA, "a's token in b"],
    [nodesPath, ofA, "a's token in the root"],
    [`/clusters/a${nodesPath}`, ofRoot, "the root's token in a"],
  ] as const) {
    const r = await cluster.api('GET', path, { token });
    assert.equal(r.status, 401, why);
    assert.equal(r.json.reason, 'Unauthorized', why);
  }
  assert.equal((await cluster.api('GET', nodesPath, { token: ofRoot })).status, 200);

  // the node credential issued in a
  const credential = JSON.parse(await readFile(join(cluster.dir, 'node-a', CREDENTIAL_FILE), 'utf8')).credential as string;
  assert.equal(JSON.parse(Buffer.from(credential.split('.')[1], 'base64url').toString()).cluster, 'a');
  assert.equal((await cluster.api('GET', '/clusters/a/api/v1/nodes/node-a', { token: credential })).status, 200);
  assert.equal((await cluster.api('GET', '/clusters/b/api/v1/nodes/node-a', { token: credential })).status, 401);
  assert.equal((await cluster.api('GET', '/api/v1/nodes/node-a', { token: credential })).status, 401);

  // a service account token (TokenRequest) of a
  const sa = (await ok('a', ['-n', 'kube-system', 'create', 'token', 'default'])).trim();
  // discovery is every authenticated user's (system:discovery), so 200 means authenticated
  assert.equal((await cluster.api('GET', '/clusters/a/api/v1', { token: sa })).status, 200);
  assert.equal((await cluster.api('GET', '/clusters/b/api/v1', { token: sa })).status, 401);
});

test('the cron visits the tenants that changed', async () => {
  await cluster.cp.triggerCron();
  // still serving, still separate
  assert.equal(await ok('b', ['get', 'cm', 'cfg', '-o', 'jsonpath={.data.owner}']), 'b');
});

/** apiserver_request_total of GETs of ConfigMaps answered 404, in a /metrics text */
function missedGets(metrics: { status: number; text: string }): number {
  assert.equal(metrics.status, 200, metrics.text);
  const line = metrics.text.split('\n').find((l) => l.startsWith('apiserver_request_total{') && l.includes('verb="GET"') && l.includes('resource="configmaps"') && l.includes('code="404"'));
  return line ? Number(line.split(' ').pop()) : 0;
}

test('deleting a cluster removes every object and log row; the others and the root are untouched', async () => {
  const db = createClient({ url: cluster.cp.database.url, authToken: cluster.cp.database.authToken });
  const rows = async (prefix: string) => Number((await db.execute({ sql: 'SELECT (SELECT count(*) FROM log WHERE key >= ?1 AND key < ?2) + (SELECT count(*) FROM objects WHERE key >= ?1 AND key < ?2)', args: [prefix, prefix + '\uffff'] })).rows[0][0]);
  try {
    assert.ok((await rows('/clusters/a/')) > 0);
    const bBefore = await rows('/clusters/b/');
    // each cluster's /metrics counts its own requests; a's counters go with a
    const [aMissed, bMissed] = [missedGets(await cluster.api('GET', '/clusters/a/metrics')), missedGets(await cluster.api('GET', '/clusters/b/metrics'))];
    for (let i = 0; i < 3; i++) assert.equal((await cluster.api('GET', '/clusters/a/api/v1/namespaces/default/configmaps/no-such')).status, 404);
    assert.equal(missedGets(await cluster.api('GET', '/clusters/a/metrics')), aMissed + 3);
    assert.equal(missedGets(await cluster.api('GET', '/clusters/b/metrics')), bMissed, "b's /metrics does not count a's requests");
    const rootBefore = JSON.parse((await cluster.kubectl(['get', 'ns', '-o', 'json'])).stdout).items.length;

    const del = await cluster.api('DELETE', `${CLUSTERS}/a`);
    assert.equal(del.status, 200, del.text);
    assert.equal(del.json.status, 'Success', 'the cleanup finalizer ran within the request');
    assert.equal(await rows('/clusters/a/'), 0, 'no object or log row of a is left');
    assert.equal((await cluster.api('GET', '/clusters/a/api/v1/namespaces')).status, 404);
    assert.equal((await cluster.api('DELETE', `${CLUSTERS}/a`)).status, 404);
    const k = await kubectlIn('a', ['get', 'ns']);
    assert.notEqual(k.code, 0);

    assert.ok((await rows('/clusters/b/')) >= bBefore, "b's rows are all there");
    assert.equal(await ok('b', ['get', 'cm', 'cfg', '-o', 'jsonpath={.data.owner}']), 'b');
    assert.equal(JSON.parse((await cluster.kubectl(['get', 'ns', '-o', 'json'])).stdout).items.length, rootBefore);

    // a cluster of the same name starts empty, and refuses the tokens its predecessor issued
    const credential = JSON.parse(await readFile(join(cluster.dir, 'node-a', CREDENTIAL_FILE), 'utf8')).credential as string;
    assert.equal((await cluster.api('POST', CLUSTERS, { body: named('a') })).status, 201);
    assert.equal((await cluster.api('GET', '/clusters/a/api/v1/nodes/node-a', { token: credential })).status, 401, "the old a's node credential");
    assert.deepEqual((await ok('a', ['get', 'ns', '-o', 'name'])).trim().split('\n'), ['namespace/default', 'namespace/kube-node-lease', 'namespace/kube-public', 'namespace/kube-system']);
    assert.equal((await ok('a', ['get', 'deploy,pods,nodes', '-A', '-o', 'name'])).trim(), '');
    assert.equal(missedGets(await cluster.api('GET', '/clusters/a/metrics')), 0, "the new a's counters start from nothing");
  } finally {
    db.close();
  }
});

test('the root cluster is unaffected', async () => {
  const ns = JSON.parse((await cluster.kubectl(['get', 'ns', '-o', 'json'])).stdout).items.map((n: { metadata: { name: string } }) => n.metadata.name);
  assert.deepEqual(ns.sort(), ['default', 'kube-node-lease', 'kube-public', 'kube-system']);
  assert.equal((await cluster.kubectl(['get', 'deploy', '-A', '-o', 'name'])).stdout.trim(), '');
  assert.equal((await cluster.kubectl(['get', 'cm', 'w1', '-o', 'name'])).stdout.trim(), 'configmap/w1', 'its own objects are there');
});

test('server-side apply creates a cluster as POST does; kubectl delete and deletecollection empty them', async () => {
  const manifest = (name: string) => `apiVersion: tenancy.timonier.dev/v1alpha1\nkind: Cluster\nmetadata:\n  name: ${name}\n  labels:\n    tenancy.timonier.dev/class: x\n`;
  const applied = await cluster.kubectl(['apply', '--server-side', '-f', '-'], { input: manifest('x1') });
  assert.equal(applied.code, 0, applied.stderr);
  assert.equal((await cluster.kubectl(['apply', '-f', '-'], { input: manifest('x2') })).code, 0, 'client-side apply: a GET then a POST');
  for (const name of ['x1', 'x2']) {
    assert.deepEqual((await ok(name, ['get', 'ns', '-o', 'name'])).trim().split('\n'), ['namespace/default', 'namespace/kube-node-lease', 'namespace/kube-public', 'namespace/kube-system'], `${name} is bootstrapped`);
    assert.deepEqual((await cluster.api('GET', `${CLUSTERS}/${name}`)).json.metadata.finalizers, ['tenancy.timonier.dev/cleanup']);
  }
  assert.equal((await cluster.kubectl(['apply', '--server-side', '-f', '-'], { input: manifest('x1') })).code, 0, 'applying again is an update');

  const del = await cluster.api('DELETE', `${CLUSTERS}?labelSelector=${encodeURIComponent('tenancy.timonier.dev/class=x')}`);
  assert.equal(del.status, 200, del.text);
  assert.deepEqual(del.json.items.map((c: { metadata: { name: string } }) => c.metadata.name), ['x1', 'x2']);
  for (const name of ['x1', 'x2']) assert.equal((await cluster.api('GET', `/clusters/${name}/api/v1/namespaces`)).status, 404);
  assert.equal((await cluster.kubectl(['get', 'clusters', '-l', 'tenancy.timonier.dev/class=x', '-o', 'name'])).stdout.trim(), '');

  const k = await cluster.kubectl(['delete', 'cluster', 'b']);
  assert.equal(k.code, 0, k.stderr);
  assert.equal(k.stdout.trim(), 'cluster.tenancy.timonier.dev "b" deleted');
  assert.equal((await cluster.api('GET', '/clusters/b/api/v1/namespaces')).status, 404);
});

test("a namespace deleted in a tenant cluster is emptied and goes: the controllers find its kinds through that cluster's discovery", async () => {
  const made = await cluster.api('POST', CLUSTERS, { body: { apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name: 'nsdel' } } });
  assert.equal(made.status, 201, made.text);
  const base = '/clusters/nsdel/api/v1/namespaces';
  assert.equal((await cluster.api('POST', base, { body: { metadata: { name: 'gone' } } })).status, 201);
  assert.equal((await cluster.api('POST', `${base}/gone/configmaps`, { body: { metadata: { name: 'c' }, data: { k: 'v' } } })).status, 201);
  assert.equal((await cluster.api('DELETE', `${base}/gone`)).status, 200);
  await until('the namespace gone', async () => ((await cluster.api('GET', `${base}/gone`)).status === 404 ? true : undefined), 20_000);
  assert.equal((await cluster.api('GET', `${base}/gone/configmaps/c`)).status, 404);
  assert.equal((await cluster.api('DELETE', `${CLUSTERS}/nsdel`)).status, 200);
});
