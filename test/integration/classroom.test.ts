/**
 * The classroom flow of the identity issue, command by command with the real kubectl: the
 * instructor (the admin kubeconfig) issues kubeconfigs to two students and binds each to `admin`
 * in her namespace; each student then has exactly those rights, escalation is refused, and a
 * revoked student is locked out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const CLI = fileURLToPath(new URL('../../bin/timonier.mjs', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], kubeconfig: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { env: { ...process.env, KUBECONFIG: kubeconfig, KUBECACHEDIR: join(cluster.dir, `cache-${kubeconfig.length}`), HOME: cluster.dir }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const admin = (args: string[]) => run('kubectl', args, cluster.cp.kubeconfigPath);
const timonier = (args: string[]) => run(process.execPath, [CLI, ...args], cluster.cp.kubeconfigPath);
const kubeconfigs: Record<string, string> = {};
const as = (student: string, args: string[]) => run('kubectl', args, kubeconfigs[student]);

function ok(r: Run, what: string): string {
  assert.equal(r.code, 0, `${what}: ${r.stderr}`);
  return r.stdout;
}

test('the instructor issues a kubeconfig per student and gives each her namespace', async () => {
  for (const student of ['alice', 'bob']) {
    const out = ok(await timonier(['kubeconfig', 'create', '--user', student, '--group', 'eleves', '--namespace', student, '--ttl', '720h']), `kubeconfig create ${student}`);
    kubeconfigs[student] = join(cluster.dir, `${student}.kubeconfig`);
    await writeFile(kubeconfigs[student], out);
    ok(await admin(['create', 'namespace', student]), 'create namespace');
    ok(await admin(['-n', student, 'create', 'rolebinding', `${student}-admin`, '--clusterrole=admin', `--user=${student}`]), 'create rolebinding');
  }
  const yes = await admin(['auth', 'can-i', 'create', 'deployments', '-n', 'alice', '--as', 'alice']);
  assert.equal(yes.code, 0, yes.stderr);
  assert.equal(yes.stdout.trim(), 'yes');
  const no = await admin(['auth', 'can-i', 'create', 'deployments', '-n', 'bob', '--as', 'alice']);
  assert.equal(no.code, 1);
  assert.equal(no.stdout.trim(), 'no');
});

test('a student is who her kubeconfig says, with her groups', async () => {
  const out = ok(await as('alice', ['auth', 'whoami']), 'whoami');
  assert.match(out, /^Username\s+alice$/m);
  assert.match(out, /^Groups\s+\[eleves system:authenticated\]$/m);
});

test('a student works in her namespace and nowhere else', async () => {
  ok(await as('alice', ['create', 'deployment', 'web', '--image=nginx:1.30-alpine']), 'create deployment');
  assert.match(ok(await as('alice', ['get', 'deployments']), 'get deployments'), /^web\s/m);

  const denied = await as('alice', ['get', 'pods', '-n', 'bob']);
  assert.equal(denied.code, 1);
  assert.equal(denied.stderr.trim(), 'Error from server (Forbidden): pods is forbidden: User "alice" cannot list resource "pods" in API group "" in the namespace "bob"');
  const bobs = await as('bob', ['get', 'deployment', 'web', '-n', 'alice']);
  assert.equal(bobs.stderr.trim(), 'Error from server (Forbidden): deployments.apps "web" is forbidden: User "bob" cannot get resource "deployments" in API group "apps" in the namespace "alice"');
  const nodes = await as('alice', ['get', 'nodes']);
  assert.match(nodes.stderr, /nodes is forbidden: User "alice" cannot list resource "nodes" in API group "" at the cluster scope/);
});

test('can-i --list tells a student what she may do', async () => {
  const out = ok(await as('alice', ['auth', 'can-i', '--list']), 'can-i --list');
  assert.match(out, /^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs$/m);
  const deployments = /^deployments\.apps\s+\[\]\s+\[\]\s+\[(.*)\]$/m.exec(out)?.[1].split(' ') ?? [];
  for (const verb of ['create', 'delete', 'get', 'list', 'watch', 'patch', 'update']) assert.ok(deployments.includes(verb), `${verb} on deployments.apps:\n${out}`);
  assert.match(out, /^selfsubjectaccessreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]$/m);
  const elsewhere = ok(await as('alice', ['auth', 'can-i', '--list', '-n', 'bob']), 'can-i --list -n bob');
  assert.doesNotMatch(elsewhere, /^deployments\.apps/m);
});

test('binding herself to cluster-admin is refused as an escalation', async () => {
  const r = await as('alice', ['create', 'rolebinding', 'x', '--clusterrole=cluster-admin', '--user=alice']);
  assert.equal(r.code, 1);
  assert.ok(
    r.stderr.includes('rolebindings.rbac.authorization.k8s.io "x" is forbidden: user "alice" (groups=["eleves" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:'),
    r.stderr,
  );
  assert.match(r.stderr, /\{APIGroups:\["\*"\], Resources:\["\*"\], Verbs:\["\*"\]\}/);
  // binding what she holds is fine
  ok(await as('alice', ['create', 'rolebinding', 'viewers', '--clusterrole=view', '--group=eleves']), 'bind view');
});

test('a revoked student is locked out; the other keeps working', async () => {
  ok(await timonier(['kubeconfig', 'revoke', '--user', 'alice']), 'revoke');
  const r = await as('alice', ['get', 'deployments']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /You must be logged in to the server \(Unauthorized\)/);
  ok(await as('bob', ['get', 'pods']), 'bob still works');
});
