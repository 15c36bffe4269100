/**
 * `kubectl debug` and `node-agent leave` on a real node (containerd): an ephemeral container
 * started in the pod's sandbox with `--target` sees the target's processes (`ps` in busybox),
 * through `kubectl logs`, through `debug -i` (stdin) and through `debug -it` in a
 * pseudo-terminal; `kubectl debug node/` sees the node's processes and files; then the node
 * leaves: its Node, its pods and its containers are gone.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { leaveCluster } from '../../node-agent/leave.ts';
import { LABELS } from '../../node-agent/runtime/types.ts';
import { e2eSkip, getJson, kubectlOk, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();

describe('kubectl debug and node-agent leave on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('debug');
  const POD = '/api/v1/namespaces/default/pods/target';
  const ephemeral = async (name: string) => (await getJson<Pod>(env.cluster, POD))?.status?.ephemeralContainerStatuses?.find((s) => s.name === name);
  // a process name only the target runs
  const MARK = 'sleep 3601';

  let started: Promise<void> | undefined;
  const target = () =>
    (started ??= (async () => {
      const overrides = { spec: { nodeName: env.nodeName, terminationGracePeriodSeconds: 1 } };
      await kubectlOk(env.cluster, ['run', 'target', '--image=localhost/busybox:1', '--overrides', JSON.stringify(overrides), '--command', '--', 'sh', '-c', `exec ${MARK}`]);
      await until('target running', async () => (await getJson<Pod>(env.cluster, POD))?.status?.phase === 'Running', 90_000);
    })());

  test('kubectl debug --target: the ephemeral container sees the target\'s processes', { timeout: 120_000 }, async () => {
    await target();
    await kubectlOk(env.cluster, ['debug', 'target', '--image=localhost/busybox:1', '--target=target', '-c', 'ps', '--profile=general', '--', 'ps']);
    const s = await until('ps done', async () => {
      const st = await ephemeral('ps');
      return st?.state?.terminated && st;
    }, 60_000);
    assert.equal(s.state?.terminated?.exitCode, 0);
    assert.equal(s.restartCount, 0);
    const out = await kubectlOk(env.cluster, ['logs', 'target', '-c', 'ps']);
    assert.match(out, new RegExp(MARK), out);
    // an ephemeral container is never restarted; the pod stays Ready
    await new Promise((r) => setTimeout(r, 2000));
    assert.ok((await ephemeral('ps'))?.state?.terminated);
    const pod = await getJson<Pod>(env.cluster, POD);
    assert.ok(pod?.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
    // one sandbox for the pod, both containers in it
    const mine = await env.cri.listContainers({ [LABELS.podUid]: pod!.metadata.uid! });
    assert.equal(new Set(mine.map((c) => c.sandboxId)).size, 1);
  });

  test('kubectl debug -i: a shell in the ephemeral container, through attach', { timeout: 120_000 }, async () => {
    await target();
    // stdin stays open until the answer is there: an attach whose stdin ends loses the output that
    // follows (containerd closes the attached output of a container without stdinOnce, as with Kubernetes)
    const environment = { ...process.env, KUBECONFIG: env.cluster.cp.kubeconfigPath, HOME: env.cluster.dir };
    const child = spawn('kubectl', ['debug', '-i', 'target', '--image=localhost/busybox:1', '--target=target', '-c', 'shell', '--profile=general', '--', 'sh'], { env: environment, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    try {
      await until('the target\'s process', async () => {
        child.stdin.write('ps\n');
        await new Promise((r) => setTimeout(r, 500));
        return out.includes(MARK);
      }, 60_000).catch(() => assert.fail(out));
      child.stdin.end('exit 0\n');
      assert.equal(await exited, 0, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('kubectl debug -it in a pseudo-terminal', { timeout: 120_000 }, async () => {
    await target();
    const environment = { ...process.env, KUBECONFIG: env.cluster.cp.kubeconfigPath, HOME: env.cluster.dir };
    const child = spawn('script', ['-qfec', 'kubectl debug -it target --image=localhost/busybox:1 --target=target -c tty --profile=general -- sh', '/dev/null'], { env: environment, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    try {
      await until('the shell answering', async () => {
        child.stdin.write('echo rea""dy\r');
        await new Promise((r) => setTimeout(r, 500));
        return out.includes('ready');
      }, 60_000);
      child.stdin.write('ps\r');
      await until('the target\'s process', async () => out.includes(MARK), 15_000).catch(() => assert.fail(out));
      child.stdin.write('exit\r');
      assert.equal(await exited, 0, out);
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('kubectl debug node/NAME: a pod in the node\'s namespaces, its file system at /host', { timeout: 120_000 }, async () => {
    const r = await env.cluster.kubectl(['debug', `node/${env.nodeName}`, '--image=localhost/busybox:1', '--profile=general', '--', 'sh', '-c', 'ps; ls /host/run/containerd']);
    assert.equal(r.code, 0, r.stderr);
    const name = /Creating debugging pod (\S+) with container/.exec(r.stdout + r.stderr)?.[1];
    assert.ok(name, r.stdout + r.stderr);
    const path = `/api/v1/namespaces/default/pods/${name}`;
    await until('the debugging pod done', async () => (await getJson<Pod>(env.cluster, path))?.status?.phase === 'Succeeded', 60_000).catch(async (e) => assert.fail(`${e.message}: ${JSON.stringify((await getJson<Pod>(env.cluster, path))?.status)} ${(await env.cluster.kubectl(['get', 'events', '-o', 'wide'])).stdout}`));
    const out = await kubectlOk(env.cluster, ['logs', name!]);
    // the host's processes (containerd itself) and the host's files
    assert.match(out, /containerd/, out);
    assert.match(out, /containerd\.sock/, out);
    await kubectlOk(env.cluster, ['delete', 'pod', name!, '--wait=false']);
  });

  test('node-agent leave: refused while the agent runs; then the Node, its pods and its containers are gone', { timeout: 180_000 }, async () => {
    await target();
    const stateDir = join(env.stateDir, 'real');
    await assert.rejects(leaveCluster({ stateDir, runtime: 'cri', log: () => {} }), /the agent of node ".*" is running on this machine \(pid \d+\): stop it first/);
    assert.ok((await env.cri.listContainers({ [LABELS.node]: env.nodeName })).length > 0);
    await env.killRealAgent();
    const lines: string[] = [];
    const report = await leaveCluster({ stateDir, runtime: 'cri', timeoutMs: 60_000, log: (l) => lines.push(l) });
    assert.deepEqual(report.evicted, ['default/target'], lines.join('\n'));
    assert.deepEqual(report.forced, []);
    assert.equal((await env.cluster.api('GET', `/api/v1/nodes/${env.nodeName}`)).status, 404);
    assert.equal((await env.cluster.api('GET', POD)).status, 404);
    assert.deepEqual(await env.cri.listContainers({ [LABELS.node]: env.nodeName }), []);
    assert.deepEqual(await env.cri.listSandboxes({ [LABELS.node]: env.nodeName }), []);
    await assert.rejects(access(join(stateDir, 'credential.json')));
  });
});
