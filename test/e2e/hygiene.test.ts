/**
 * Node hygiene and the kubelet's in-place update on a real node (containerd): what agents no
 * longer running left in containerd is removed, while the live agent's pods and containers
 * without our labels are left alone; `kubectl set image pod/P` restarts the container with the
 * new image (RESTARTS 1).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { agentsDir, sweepLeftovers } from '../../node-agent/pods/housekeeping.ts';
import { LABELS, type SandboxSpec } from '../../node-agent/runtime/types.ts';
import { e2eSkip, getJson, kubectlOk, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();

describe('node hygiene and in-place updates on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('hygiene');

  async function sandbox(name: string, labels: Record<string, string>): Promise<string> {
    const uid = `${name}-${Math.random().toString(36).slice(2, 8)}`;
    const logDirectory = await mkdtemp(join(tmpdir(), 'hyg-'));
    const spec: SandboxSpec = { name, namespace: 'default', uid, attempt: 0, hostname: name, logDirectory, cgroupParent: `/kubepods/besteffort/pod${uid}`, hostNetwork: false, portMappings: [], labels: { ...labels, [LABELS.podUid]: uid }, annotations: {} };
    const id = await env.cri.runSandbox(spec);
    const c = await env.cri.createContainer(
      id,
      { name: 'c', attempt: 0, image: 'localhost/busybox:1', userImage: 'localhost/busybox:1', command: ['sleep', '3600'], args: [], env: [], mounts: [], logPath: 'c/0.log', tty: false, stdin: false, stdinOnce: false, privileged: false, labels: { ...labels, [LABELS.podUid]: uid, [LABELS.containerName]: 'c' }, annotations: {} },
      spec,
    );
    await env.cri.startContainer(c);
    return id;
  }

  test('leftovers of a stopped agent are removed; the live agent and foreign containers are not touched', { timeout: 120_000 }, async () => {
    await kubectlOk(env.cluster, ['run', 'keep', '--image=localhost/busybox:1', '--overrides', JSON.stringify({ spec: { nodeName: env.nodeName, terminationGracePeriodSeconds: 1 } }), '--command', '--', 'sleep', '3600']);
    await until('keep running', async () => (await getJson<Pod>(env.cluster, '/api/v1/namespaces/default/pods/keep'))?.status?.phase === 'Running', 90_000);
    const leftover = await sandbox('leftover', { [LABELS.node]: 'gone-node', [LABELS.cluster]: 'deadbeef0000' });
    const foreign = await sandbox('foreign', { 'example.com/owner': 'someone-else' });
    try {
      const done = await sweepLeftovers(env.cri, { [LABELS.node]: 'sweeper', [LABELS.cluster]: 'aaaaaaaaaaaa' }, agentsDir(), () => {});
      assert.ok(done.sandboxes >= 1 && done.containers >= 1, JSON.stringify(done));
      assert.equal(await env.cri.sandboxStatus(leftover), undefined, 'the leftover sandbox is gone');
      assert.ok(await env.cri.sandboxStatus(foreign), 'the foreign sandbox stays');
      assert.ok((await env.cri.listContainers({ [LABELS.node]: env.nodeName })).some((c) => c.state === 'running'), "the live agent's containers stay");
      const pod = await getJson<Pod>(env.cluster, '/api/v1/namespaces/default/pods/keep');
      assert.equal(pod?.status?.containerStatuses?.[0]?.restartCount, 0);
    } finally {
      for (const c of await env.cri.listContainers({ 'example.com/owner': 'someone-else' })) await env.cri.stopContainer(c.id, 0);
      await env.cri.stopSandbox(foreign);
      await env.cri.removeSandbox(foreign);
    }
  });

  test('kubectl set image pod/P restarts the container with the new image', { timeout: 120_000 }, async () => {
    // a second name for the same image, so nothing is pulled from a registry
    const { execFileSync } = await import('node:child_process');
    execFileSync('ctr', ['-n', 'k8s.io', 'images', 'tag', '--force', 'localhost/busybox:1', 'localhost/busybox:2']);
    await kubectlOk(env.cluster, ['run', 'web', '--image=localhost/busybox:1', '--overrides', JSON.stringify({ spec: { nodeName: env.nodeName, terminationGracePeriodSeconds: 1 } }), '--command', '--', 'sleep', '3600']);
    await until('web running', async () => (await getJson<Pod>(env.cluster, '/api/v1/namespaces/default/pods/web'))?.status?.containerStatuses?.[0]?.ready, 90_000);
    await kubectlOk(env.cluster, ['set', 'image', 'pod/web', 'web=localhost/busybox:2']);
    const s = await until('the restart', async () => {
      const st = (await getJson<Pod>(env.cluster, '/api/v1/namespaces/default/pods/web'))?.status?.containerStatuses?.[0];
      return st?.restartCount === 1 && st.ready && st.image === 'localhost/busybox:2' ? st : undefined;
    }, 60_000);
    assert.ok(s.lastState?.terminated);
    const running = (await env.cri.listContainers({ [LABELS.node]: env.nodeName, [LABELS.containerName]: 'web' })).filter((c) => c.state === 'running');
    assert.equal(running.length, 1);
    assert.equal(running[0].annotations['timonier.dev/image'], 'localhost/busybox:2');
  });
});
