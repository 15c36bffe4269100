/**
 * Every kubectl minor students may have, 1.27 to 1.33, against the local control plane: apply,
 * diff, explain, get, describe, rollout, logs and exec, one version after the other. A real node
 * agent with the simulated runtime runs the pods (logs and exec go through its tunnel). kubectl
 * 1.27 and 1.28 read /openapi/v2 (protobuf) for apply, diff and explain; they speak only SPDY for
 * exec, which Workers cannot serve: for them the test checks that kubectl prints why.
 *
 * The binaries: `kubectl.1.<minor>` beside the real file of the `kubectl` on the PATH, or in
 * .tools/bin (scripts/ensure-kubectl-versions.sh puts them there on machines without them).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { useCluster } from '../support/cluster.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';

const MINORS = [27, 28, 29, 30, 31, 32, 33];
const cluster = useCluster();
let node: RunningNode | undefined;

/** kubectl.1.<minor>: beside the dispatcher on the PATH, else in .tools/bin. */
function binaryOf(minor: number): string | undefined {
  const dirs: string[] = [];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const k = join(dir, 'kubectl');
    if (dir && existsSync(k)) dirs.push(dirname(realpathSync(k)));
  }
  dirs.push(join(import.meta.dirname, '../../.tools/bin'));
  return dirs.map((d) => join(d, `kubectl.1.${minor}`)).find((f) => existsSync(f));
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function kubectl(minor: number, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const bin = binaryOf(minor)!;
  return new Promise((resolve) => {
    execFile(
      bin,
      args,
      {
        env: { ...process.env, ...env, KUBECONFIG: cluster.cp.kubeconfigPath, KUBECACHEDIR: join(cluster.dir, `kubecache-${minor}`), HOME: cluster.dir },
        timeout: 90_000,
        maxBuffer: 16 << 20,
      },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: unknown }).code as number) ?? 1 : 0, stdout, stderr }),
    );
  });
}

async function ok(minor: number, args: string[], env?: Record<string, string>): Promise<string> {
  const r = await kubectl(minor, args, env);
  assert.equal(r.code, 0, `kubectl 1.${minor} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const manifest = (name: string, replicas: number) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: app
        image: nginx:1.27
        ports:
        - containerPort: 80
`;

/** The node, once (node 20 runs top-level before hooks concurrently, so not in one). */
let setup: Promise<void> | undefined;
const ready = () => (setup ??= start());

async function start() {
  const missing = MINORS.filter((m) => !binaryOf(m));
  assert.deepEqual(missing, [], `kubectl minors not found (run scripts/ensure-kubectl-versions.sh): ${missing.map((m) => `1.${m}`).join(', ')}`);
  const token = await createJoinToken({ server: cluster.cp.url, token: cluster.cp.token, caPem: cluster.cp.caPem, insecure: false }, { ttlSeconds: 600 });
  node = await runNode({ server: cluster.cp.url, token, nodeName: 'versions', runtime: 'simulated', subnet: 173, stateDir: join(cluster.dir, 'node'), caPem: cluster.cp.caPem, log: () => {}, agent: {} });
  await node.tunnel.ready;
}

after(async () => {
  await node?.stop();
});

for (const minor of MINORS) {
  test(`kubectl 1.${minor}: apply, rollout, diff, explain, get, describe, logs, exec`, { timeout: 180_000 }, async () => {
    await ready();
    const name = `web-1-${minor}`;
    const v1 = join(cluster.dir, `${name}-1.yaml`);
    const v2 = join(cluster.dir, `${name}-2.yaml`);
    await writeFile(v1, manifest(name, 1));
    await writeFile(v2, manifest(name, 2));

    assert.match(await ok(minor, ['version', '--client', '-o', 'json']), new RegExp(`"minor": "${minor}"`));
    assert.equal((await ok(minor, ['apply', '-f', v1])).trim(), `deployment.apps/${name} created`);
    assert.match(await ok(minor, ['rollout', 'status', `deployment/${name}`, '--timeout=90s']), new RegExp(`deployment "${name}" successfully rolled out`));

    // diff exits 1 when the live object differs
    const diff = await kubectl(minor, ['diff', '-f', v2]);
    assert.equal(diff.code, 1, diff.stderr);
    assert.match(diff.stdout, /^-  replicas: 1$/m);
    assert.match(diff.stdout, /^\+  replicas: 2$/m);
    assert.equal((await ok(minor, ['apply', '-f', v2])).trim(), `deployment.apps/${name} configured`);
    assert.equal(await ok(minor, ['get', 'deployment', name, '-o', 'jsonpath={.spec.replicas}']), '2');
    assert.equal((await kubectl(minor, ['diff', '-f', v2])).code, 0, 'no difference once applied');

    const explain = await ok(minor, ['explain', 'deployment.spec.replicas']);
    assert.match(explain, /replicas\s+<integer>/);
    assert.match(explain, /DESCRIPTION:/);
    assert.match(await ok(minor, ['explain', 'pods.spec.containers.ports']), /containerPort\s+<integer>/);

    const described = await ok(minor, ['describe', 'deployment', name]);
    assert.match(described, new RegExp(`^Name:\\s+${name}$`, 'm'));
    assert.match(described, /^Replicas:\s+2 desired/m);

    assert.match(await ok(minor, ['logs', `deployment/${name}`]), /simulated container app started/);

    // exec: WebSockets from 1.30 (1.29 behind its feature gate); 1.27 and 1.28 only speak SPDY
    if (minor >= 29) {
      const env: Record<string, string> = minor === 29 ? { KUBECTL_REMOTE_COMMAND_WEBSOCKETS: 'true' } : {};
      assert.equal(await ok(minor, ['exec', `deployment/${name}`, '--', 'echo', 'hello', String(minor)], env), `hello ${minor}\n`);
    } else {
      const r = await kubectl(minor, ['exec', `deployment/${name}`, '--', 'echo', 'hello']);
      assert.notEqual(r.code, 0);
      assert.match(r.stderr, /cannot upgrade to SPDY/);
    }
    assert.match(await ok(minor, ['delete', 'deployment', name]), new RegExp(`deployment.apps "${name}" deleted`));
  });
}
