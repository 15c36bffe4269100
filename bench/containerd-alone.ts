/**
 * The floor under bench/containerd.ts' figure that is not the control plane's nor the agent's: the
 * same two busybox httpd pods made straight through CRI, in parallel, with no agent and no API —
 * RunPodSandbox, CreateContainer, StartContainer, then HTTP GETs every 2 ms until httpd answers
 * (the agent's readiness probe). The specs are the agent's minus its volumes, DNS and service
 * rules, so this is a lower bound of containerd's share of a run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CriRuntime } from '../node-agent/runtime/cri.ts';
import { LABELS, type SandboxSpec } from '../node-agent/runtime/types.ts';
import { HTTPD_COMMAND, removeNodePods } from '../test/e2e/agent-support.ts';
import { nowMs } from './client.ts';

const IMAGE = 'localhost/busybox:1';

/** Makes one pod and waits until its httpd answers; its sandbox stays (removed by `removeNodePods`). */
async function servingPod(cri: CriRuntime, dir: string, owner: string, name: string): Promise<void> {
  const uid = `${name}-${Math.random().toString(36).slice(2, 10)}`;
  const labels = { [LABELS.node]: owner, [LABELS.podName]: name, [LABELS.podNamespace]: 'bench-alone', [LABELS.podUid]: uid };
  const logDirectory = await mkdtemp(join(dir, `${name}-`));
  const sandbox: SandboxSpec = { name, namespace: 'bench-alone', uid, attempt: 0, hostname: name, logDirectory, cgroupParent: `/kubepods/besteffort/pod${uid}`, hostNetwork: false, portMappings: [{ containerPort: 8080, protocol: 'TCP' }], labels, annotations: {} };
  const id = await cri.runSandbox(sandbox);
  const ip = (await cri.sandboxStatus(id))?.ips[0];
  if (!ip) throw new Error(`sandbox ${name} has no IP`);
  const container = await cri.createContainer(
    id,
    { name: 'httpd', attempt: 0, image: IMAGE, userImage: IMAGE, command: HTTPD_COMMAND, args: [], env: [], mounts: [], logPath: 'httpd/0.log', tty: false, stdin: false, stdinOnce: false, privileged: false, labels: { ...labels, [LABELS.containerName]: 'httpd' }, annotations: {} },
    sandbox,
  );
  await cri.startContainer(container);
  for (const deadline = nowMs() + 30_000; ; await sleep(2)) {
    const ok = await fetch(`http://${ip}:8080/`).then((r) => r.arrayBuffer().then(() => r.ok), () => false);
    if (ok) return;
    if (nowMs() > deadline) throw new Error(`httpd of ${name} not answering after 30 s`);
  }
}

/** `runs` times two pods at once, after one run not counted: each run's ms until both serve. */
export async function measureContainerdAlone(socket: string, dir: string, runs: number): Promise<number[]> {
  const cri = new CriRuntime(`unix://${socket}`);
  const owner = `bench-alone-${Math.random().toString(36).slice(2, 6)}`;
  const times: number[] = [];
  try {
    for (let i = 0; i <= runs; i++) {
      const t0 = nowMs();
      await Promise.all([servingPod(cri, dir, owner, `alone-${i}-a`), servingPod(cri, dir, owner, `alone-${i}-b`)]);
      if (i > 0) times.push(nowMs() - t0);
      await removeNodePods(cri, owner);
      await sleep(300); // the agent's runs start from quiet too
    }
  } finally {
    await removeNodePods(cri, owner).catch(() => undefined);
    cri.close();
    await rm(dir, { recursive: true, force: true });
  }
  return times;
}
