/**
 * The per-student cluster commands end to end, as a teacher types them (`npx timonier ...`, the
 * real kubectl with the kubeconfigs they print): cluster create/delete, token create --cluster,
 * kubectl get clusters, class create/status; each student cluster-admin in her cluster and
 * nobody elsewhere; a node joined to alice's cluster runs only alice's pods; the Cluster status
 * follows nodes and pods; deletion leaves no row; the instructor reads every student's cluster.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '@libsql/client/web';
import { parse } from 'yaml';
import { useCluster } from '../support/cluster.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
const BIN = join(import.meta.dirname, '../../bin/timonier.mjs');
const nodes: RunningNode[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Run = { code: number; stdout: string; stderr: string };

after(async () => {
  for (const n of nodes) await n.stop().catch(() => {});
});

/** `npx timonier ...` with the root administrator's kubeconfig ($KUBECONFIG, as npm start leaves it). */
function timonier(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile('node', [BIN, ...args], { cwd: cluster.dir, env: { ...process.env, KUBECONFIG: cluster.cp.kubeconfigPath }, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function ok(args: string[]): Promise<string> {
  const r = await timonier(args);
  assert.equal(r.code, 0, `timonier ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** kubectl with a kubeconfig file of ours. */
function kubectl(kubeconfig: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile('kubectl', args, { env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: join(cluster.dir, 'kubecache', kubeconfig.replace(/\W/g, '_')), HOME: cluster.dir }, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function kOk(kubeconfig: string, args: string[]): Promise<string> {
  const r = await kubectl(kubeconfig, args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')} (${kubeconfig}): ${r.stderr}`);
  return r.stdout;
}


const file = (name: string) => join(cluster.dir, name);
const tokenOf = async (kubeconfig: string) => (parse(await readFile(kubeconfig, 'utf8')) as { users: { user: { token: string } }[] }).users[0].user.token;
const SYSTEM_NAMESPACES = ['namespace/default', 'namespace/kube-node-lease', 'namespace/kube-public', 'namespace/kube-system'];

async function joinNode(server: string, token: string, name: string, subnet: number): Promise<void> {
  const node = await runNode({ server, token, nodeName: name, runtime: 'simulated', subnet, stateDir: join(cluster.dir, name), caPem: cluster.cp.caPem, log: () => {}, agent: {} });
  nodes.push(node);
  await node.tunnel.ready;
}

test('cluster create prints a kubeconfig of the new cluster, whose admin is cluster-admin there and nobody elsewhere', async () => {
  const started = Date.now();
  const alice = await timonier(['cluster', 'create', 'alice', '--admin', 'alice']);
  const elapsed = Date.now() - started;
  assert.equal(alice.code, 0, alice.stderr);
  await writeFile(file('alice.kubeconfig'), alice.stdout);
  await writeFile(file('bob.kubeconfig'), await ok(['cluster', 'create', 'bob', '--admin', 'bob']));
  // how long it takes is the benchmark's to say (bench/clusters.ts), not a test's
  console.log(`# cluster create: ${elapsed} ms for the whole command`);

  const config = parse(alice.stdout);
  assert.equal(config.clusters[0].cluster.server, `${cluster.cp.url}/clusters/alice`);
  assert.equal(config.users[0].name, 'alice');
  assert.equal(config.contexts[0].context.namespace, 'default');
  const a = file('alice.kubeconfig');
  assert.deepEqual((await kOk(a, ['get', 'ns', '-o', 'name'])).trim().split('\n'), SYSTEM_NAMESPACES);
  assert.match(await kOk(a, ['auth', 'whoami']), /Username\s+alice/);
  assert.equal((await kOk(a, ['auth', 'can-i', '*', '*'])).trim(), 'yes');
  await kOk(a, ['create', 'clusterrole', 'exercise', '--verb=get', '--resource=pods']);
  await kOk(a, ['create', 'namespace', 'lab1']);
  await kOk(a, ['-n', 'lab1', 'create', 'configmap', 'notes', '--from-literal=by=alice']);

  // her token is nobody's elsewhere: the root, bob's cluster
  const token = await tokenOf(a);
  for (const path of ['/api/v1/namespaces', '/clusters/bob/api/v1/namespaces', '/apis/tenancy.timonier.dev/v1alpha1/clusters']) {
    const r = await cluster.api('GET', path, { token });
    assert.equal(r.status, 401, `alice's token at ${path}`);
  }
  const b = file('bob.kubeconfig');
  assert.equal((await kubectl(b, ['get', 'ns', 'lab1'])).code, 1, 'bob has no lab1');
  assert.equal((await kubectl(b, ['get', 'clusterrole', 'exercise'])).code, 1, 'nor alice\'s ClusterRole');
  assert.equal((await cluster.kubectl(['get', 'ns', 'lab1'])).code, 1, 'nor does the root');
});

test('kubectl get clusters: NAME PHASE NODES PODS AGE, and ADMINS CLASS LAST ACTIVITY wide', async () => {
  const table = (await cluster.kubectl(['get', 'clusters'])).stdout.split('\n');
  assert.match(table[0], /^NAME\s+PHASE\s+NODES\s+PODS\s+AGE$/);
  assert.match(table.find((l) => l.startsWith('alice '))!, /^alice\s+Active\s+0\/0\s+0\/0\s+\d+s$/);
  const wide = (await cluster.kubectl(['get', 'clusters', '-o', 'wide'])).stdout.split('\n');
  assert.match(wide[0], /^NAME\s+PHASE\s+NODES\s+PODS\s+AGE\s+ADMINS\s+CLASS\s+LAST ACTIVITY$/);
  assert.match(wide.find((l) => l.startsWith('bob '))!, /^bob\s+Active\s+0\/0\s+0\/0\s+\S+\s+bob\s+<none>\s+(\S+|<none>)$/);
  // not a tenant's kind: not in its discovery, 404 at its path
  const inTenant = await kubectl(file('alice.kubeconfig'), ['get', 'clusters']);
  assert.notEqual(inTenant.code, 0);
  assert.match(inTenant.stderr, /the server doesn't have a resource type "clusters"/);
  assert.doesNotMatch(await kOk(file('alice.kubeconfig'), ['api-resources']), /tenancy\.timonier\.dev/);
  assert.match((await cluster.kubectl(['api-resources'])).stdout, /clusters\s+tenancy\.timonier\.dev\/v1alpha1\s+false\s+Cluster/);
  const raw = await cluster.api('GET', '/clusters/alice/apis/tenancy.timonier.dev/v1alpha1/clusters', { token: await tokenOf(file('alice.kubeconfig')) });
  assert.equal(raw.status, 404, 'alice is cluster-admin in her cluster, which has no clusters');
  assert.match(raw.json.message, /served by the root cluster only/);
});

test("token create --cluster: a node joined with it runs alice's pods only; bob cannot see it; the status follows", async () => {
  const r = await timonier(['token', 'create', '--cluster', 'alice']);
  assert.equal(r.code, 0, r.stderr);
  const token = r.stdout.trim();
  assert.match(token, /^[a-z0-9]{6}\.[a-z0-9]{16}$/);
  const server = `${cluster.cp.url}/clusters/alice`;
  assert.ok(r.stderr.includes(`npx timonier node-agent join --server ${server} --token ${token}`), r.stderr);
  const missing = await timonier(['token', 'create', '--cluster', 'nobody']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /cluster "nobody" does not exist/);

  await joinNode(server, token, 'alice-laptop', 181);
  const a = file('alice.kubeconfig');
  const b = file('bob.kubeconfig');
  await until('alice-laptop Ready', async () => (await kOk(a, ['get', 'node', 'alice-laptop', '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}'])) === 'True');
  assert.equal((await kOk(b, ['get', 'nodes', '-o', 'name'])).trim(), '', 'bob sees no node');
  assert.equal((await cluster.kubectl(['get', 'nodes', '-o', 'name'])).stdout.trim(), '', 'nor does the root');

  await kOk(a, ['create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=2']);
  await kOk(b, ['create', 'deployment', 'web', '--image=nginx:1.27']);
  await until("alice's two pods Running on her laptop", async () => {
    const pods = JSON.parse(await kOk(a, ['get', 'pods', '-o', 'json'])).items as { spec: { nodeName?: string }; status: { phase?: string } }[];
    return pods.length === 2 && pods.every((p) => p.status.phase === 'Running' && p.spec.nodeName === 'alice-laptop');
  });
  const bobs = JSON.parse(await kOk(b, ['get', 'pods', '-o', 'json'])).items as { spec: { nodeName?: string } }[];
  assert.ok(bobs.length <= 1 && bobs.every((p) => !p.spec.nodeName), "bob's pod is not on alice's node");

  await until('alice 1/1 nodes and 2/2 pods in kubectl get clusters', async () => /^alice\s+Active\s+1\/1\s+2\/2\s/m.test((await cluster.kubectl(['get', 'clusters'])).stdout));
  const status = (await cluster.api('GET', '/apis/tenancy.timonier.dev/v1alpha1/clusters/alice')).json.status;
  assert.ok(Date.now() - Date.parse(status.lastActivity) < 120_000, `lastActivity ${status.lastActivity}`);
});

test('class create: a cluster, kubeconfig and join script per student, and an instructor who reads them all', async () => {
  const out = file('class');
  const created = await timonier(['class', 'create', 'k8s-101', '--students', 'carol,dave', '--out', out]);
  assert.equal(created.code, 0, created.stderr);
  for (const f of ['carol.kubeconfig', 'carol.join.sh', 'dave.kubeconfig', 'dave.join.sh', 'instructor.kubeconfig']) await stat(join(out, f));
  assert.ok(((await stat(join(out, 'carol.join.sh'))).mode & 0o100) !== 0, 'the join script is executable');

  const carol = join(out, 'carol.kubeconfig');
  const dave = join(out, 'dave.kubeconfig');
  assert.deepEqual((await kOk(carol, ['get', 'ns', '-o', 'name'])).trim().split('\n'), SYSTEM_NAMESPACES);
  await kOk(carol, ['create', 'namespace', 'homework']);
  assert.equal((await kubectl(dave, ['get', 'ns', 'homework'])).code, 1, "dave's cluster is his own");
  const wide = (await cluster.kubectl(['get', 'clusters', '-o', 'wide'])).stdout;
  assert.match(wide, /^k8s-101-carol\s+Active\s+\S+\s+\S+\s+\S+\s+carol\s+k8s-101\s/m);

  // the instructor: one context per student, read only
  const instructor = join(out, 'instructor.kubeconfig');
  assert.deepEqual((await kOk(instructor, ['config', 'get-contexts', '-o', 'name'])).trim().split('\n').sort(), ['carol', 'dave']);
  for (const student of ['carol', 'dave']) {
    assert.equal((await kubectl(instructor, ['--context', student, 'get', 'pods', '-A'])).code, 0, `the instructor reads ${student}'s pods`);
    assert.match(await kOk(instructor, ['--context', student, 'auth', 'whoami']), /Username\s+instructor/);
    const write = await kubectl(instructor, ['--context', student, 'create', 'configmap', 'graffiti']);
    assert.notEqual(write.code, 0, `the instructor cannot write in ${student}'s cluster`);
    assert.match(write.stderr, /forbidden: User "instructor" cannot create resource "configmaps"/);
  }
  assert.match(await kOk(instructor, ['--context', 'carol', 'get', 'ns']), /homework/);

  // class status, before and after carol's laptop joins and runs a pod
  const before = await ok(['class', 'status', 'k8s-101']);
  const lines = before.trim().split('\n');
  assert.match(lines[0], /^STUDENT\s+NODES-READY\s+PODS\s+LAST-ACTIVITY$/);
  assert.match(lines[1], /^carol\s+0\/0\s+0\/0\s+/);
  assert.match(lines[2], /^dave\s+0\/0\s+0\/0\s+/);
  const script = await readFile(join(out, 'carol.join.sh'), 'utf8');
  const [, server, token] = /--server (\S+) --token (\S+)/.exec(script)!;
  assert.equal(server, `${cluster.cp.url}/clusters/k8s-101-carol`);
  await joinNode(server, token, 'carol-laptop', 182);
  await kOk(carol, ['run', 'hello', '--image=busybox:1.36', '--', 'sleep', '3600']);
  const row = await until('carol 1/1 nodes and 1/1 pods in class status', async () => {
    const line = (await ok(['class', 'status', 'k8s-101'])).split('\n').find((l) => l.startsWith('carol '));
    return line && /^carol\s+1\/1\s+1\/1\s+\d+s ago$/.test(line) && line;
  });
  assert.ok(row);
  assert.match((await ok(['class', 'status', 'k8s-101'])).split('\n').find((l) => l.startsWith('dave '))!, /^dave\s+0\/0\s+0\/0\s/);
  const unknown = await timonier(['class', 'status', 'no-such-class']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /no cluster of class "no-such-class"/);

  // run again: the same clusters, fresh credentials
  assert.equal((await timonier(['class', 'create', 'k8s-101', '--students', 'carol,dave', '--out', out])).code, 0);
  assert.match(await kOk(carol, ['get', 'ns']), /homework/);
});

test('cluster delete removes everything of hers; the root and bob are unaffected', async () => {
  const db = createClient({ url: cluster.cp.database.url, authToken: cluster.cp.database.authToken });
  const rows = async (prefix: string) => Number((await db.execute({ sql: 'SELECT (SELECT count(*) FROM log WHERE key >= ?1 AND key < ?2) + (SELECT count(*) FROM objects WHERE key >= ?1 AND key < ?2)', args: [prefix, prefix + '\uffff'] })).rows[0][0]);
  try {
    assert.ok((await rows('/clusters/alice/')) > 0);
    const bobBefore = await rows('/clusters/bob/');
    const rootNamespaces = (await cluster.kubectl(['get', 'ns', '-o', 'name'])).stdout;

    const r = await timonier(['cluster', 'delete', 'alice']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /cluster "alice" deleted/);
    assert.equal(await rows('/clusters/alice/'), 0, 'no object or log row of alice is left');
    assert.equal((await cluster.api('GET', '/apis/tenancy.timonier.dev/v1alpha1/clusters/alice')).status, 404);
    assert.doesNotMatch((await cluster.kubectl(['get', 'clusters', '-o', 'name'])).stdout, /alice/);
    const gone = await kubectl(file('alice.kubeconfig'), ['get', 'ns']);
    assert.notEqual(gone.code, 0, 'her kubeconfig reaches nothing');
    const again = await timonier(['cluster', 'delete', 'alice']);
    assert.equal(again.code, 0);
    assert.match(again.stderr, /does not exist/);

    assert.ok((await rows('/clusters/bob/')) >= bobBefore, "bob's rows are all there");
    assert.match(await kOk(file('bob.kubeconfig'), ['get', 'deploy', 'web', '-o', 'name']), /deployment.apps\/web/);
    assert.equal((await cluster.kubectl(['get', 'ns', '-o', 'name'])).stdout, rootNamespaces);
  } finally {
    db.close();
  }
});
