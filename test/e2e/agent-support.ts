/**
 * What the node agent's end-to-end tests share: why they must be skipped on this machine (no
 * containerd, not root, images not imported), a control plane with a real agent joined to it
 * (containerd over CRI, through the real join and tunnel), and small helpers. Each test file uses
 * its own node name, so files running side by side on one containerd never touch each other's
 * pods, and removes what its node left in containerd when it ends.
 */
import { after, before } from 'node:test';
import { access } from 'node:fs/promises';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { KubeObject } from '../../lib/api/meta.ts';
import { runNode, type NodeOptions, type RunningNode } from '../../node-agent/cli.ts';
import { CriRuntime } from '../../node-agent/runtime/cri.ts';
import { LABELS } from '../../node-agent/runtime/types.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { useCluster, type Cluster } from '../support/cluster.ts';
import { until as pollUntil } from '../support/until.ts';
import type { StartOptions } from '../../local/runtime.ts';

export const CONTAINERD_SOCKET = '/run/containerd/containerd.sock';
export const IMAGES = ['localhost/busybox:1', 'localhost/pause:1'];

/** Why this machine cannot run the e2e tests, or false when it can. */
export async function e2eSkip(): Promise<string | false> {
  if (process.getuid?.() !== 0) return 'needs root (containerd and the pods\' cgroups and network namespaces); run as root, e.g. in CI';
  try {
    await access(CONTAINERD_SOCKET);
  } catch {
    return `no containerd at ${CONTAINERD_SOCKET}: run scripts/setup-containerd.sh (as root) and node scripts/build-images.mjs`;
  }
  const cri = new CriRuntime(`unix://${CONTAINERD_SOCKET}`);
  try {
    await cri.version();
    for (const image of IMAGES) if (!(await cri.imageStatus(image))) return `image ${image} is not in containerd: run node scripts/build-images.mjs`;
  } catch (e) {
    return `containerd does not answer at ${CONTAINERD_SOCKET}: ${(e as Error).message}`;
  } finally {
    cri.close();
  }
  return false;
}

export interface NodeCluster {
  cluster: Cluster;
  nodeName: string;
  /** the real agent (containerd) */
  node: RunningNode;
  /** a CRI client of the test's own, to look at containerd directly */
  cri: CriRuntime;
  /** starts one more agent, simulated, joined to the same cluster */
  addSimulatedNode(name: string, agent?: NodeOptions['agent']): Promise<RunningNode>;
  /** stops the real agent as if its machine went away (containers stay, lease stops) */
  killRealAgent(): Promise<void>;
  /** stops the real agent and starts it again on the same state directory (no join token) */
  restartRealAgent(): Promise<void>;
  stateDir: string;
}

export interface NodeClusterOptions {
  controlPlane?: Partial<StartOptions>;
  agent?: NodeOptions['agent'];
}

/** A control plane and a real node agent for one test file (inside a describe). */
export function useNodeCluster(label: string, opts: NodeClusterOptions = {}): NodeCluster {
  const cluster = useCluster(opts.controlPlane);
  const env = { cluster } as NodeCluster;
  env.nodeName = `e2e-${label}-${Math.random().toString(36).slice(2, 6)}`;
  const extra: RunningNode[] = [];
  const quiet = () => {};
  const log = process.env.E2E_VERBOSE ? (line: string) => console.log(`[${env.nodeName}] ${line}`) : quiet;
  let realStopped = false;

  before(async () => {
    env.stateDir = await mkdtemp(join(tmpdir(), `e2e-node-${label}-`));
    env.cri = new CriRuntime(`unix://${CONTAINERD_SOCKET}`);
    const token = await createJoinToken({ server: cluster.cp.url, token: cluster.cp.token, caPem: cluster.cp.caPem, insecure: false }, { ttlSeconds: 600 });
    env.node = await runNode({ server: cluster.cp.url, token, nodeName: env.nodeName, runtime: 'cri', stateDir: join(env.stateDir, 'real'), caPem: cluster.cp.caPem, log, agent: opts.agent });
    await env.node.tunnel.ready;
  });

  env.killRealAgent = async () => {
    realStopped = true;
    await env.node.stop();
  };

  env.restartRealAgent = async () => {
    await env.node.stop();
    env.node = await runNode({ server: cluster.cp.url, nodeName: env.nodeName, runtime: 'cri', stateDir: join(env.stateDir, 'real'), caPem: cluster.cp.caPem, log, agent: opts.agent });
    await env.node.tunnel.ready;
  };

  env.addSimulatedNode = async (name, agent) => {
    const token = await createJoinToken({ server: cluster.cp.url, token: cluster.cp.token, caPem: cluster.cp.caPem, insecure: false }, { ttlSeconds: 600 });
    const n = await runNode({ server: cluster.cp.url, token, nodeName: name, runtime: 'simulated', subnet: 100 + extra.length, stateDir: join(env.stateDir, name), caPem: cluster.cp.caPem, log, agent });
    extra.push(n);
    return n;
  };

  after(async () => {
    for (const n of extra) await n.stop().catch(() => {});
    if (env.node && !realStopped) await env.node.stop().catch(() => {});
    if (env.cri) {
      await removeNodePods(env.cri, env.nodeName).catch(() => {});
      env.cri.close();
    }
    if (env.stateDir) await rm(env.stateDir, { recursive: true, force: true });
  });
  return env;
}

/** Removes every sandbox (and so container) an agent of this node name left in containerd. */
export async function removeNodePods(cri: CriRuntime, nodeName: string): Promise<void> {
  for (const c of await cri.listContainers({ [LABELS.node]: nodeName })) await cri.stopContainer(c.id, 0);
  for (const s of await cri.listSandboxes({ [LABELS.node]: nodeName })) {
    await cri.stopSandbox(s.id);
    await cri.removeSandbox(s.id);
    const l = s.labels;
    await rm(`/var/log/pods/${l[LABELS.podNamespace]}_${l[LABELS.podName]}_${l[LABELS.podUid]}`, { recursive: true, force: true });
  }
}

/**
 * test/support/until.ts with the e2e tests' pace (a real node is slower: 60 s, every 200 ms), and
 * any falsy value (0, '') as "not yet", as these tests' probes expect.
 */
export function until<T>(what: string, fn: () => Promise<T | undefined | false | null>, timeoutMs = 60_000, everyMs = 200): Promise<T> {
  return pollUntil(what, async () => (await fn()) || undefined, timeoutMs, everyMs);
}

export async function getJson<T extends KubeObject>(cluster: Cluster, path: string): Promise<T | undefined> {
  const r = await cluster.api('GET', path);
  return r.status === 200 ? (r.json as T) : undefined;
}

export async function podsOf(cluster: Cluster, namespace: string, selector: string): Promise<Pod[]> {
  const list = await getJson<KubeObject & { items: Pod[] }>(cluster, `/api/v1/namespaces/${namespace}/pods?labelSelector=${encodeURIComponent(selector)}`);
  return list?.items ?? [];
}

export const isReady = (p: Pod) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/** One HTTP GET to a pod (its IP is in a network namespace this test run created). */
export function httpGet(ip: string, port: number, path = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: ip, port, path, timeout: 5000, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET http://${ip}:${port}${path}: timeout`)));
    req.on('error', reject);
  });
}

/** kubectl that must succeed; returns stdout. */
export async function kubectlOk(cluster: Cluster, args: string[], opts: { input?: string; timeoutMs?: number } = {}): Promise<string> {
  const r = await cluster.kubectl(args, opts);
  if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r.stdout;
}

/** A busybox httpd serving a page naming its pod, on port 8080. */
export const HTTPD_COMMAND = ['sh', '-c', 'mkdir -p /www && echo "hello from $(hostname)" > /www/index.html && echo "httpd starting on $(hostname)" && exec httpd -f -p 8080 -h /www'];
