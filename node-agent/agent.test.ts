/**
 * The agent with the simulated runtime against the local control plane (no root, no
 * containerd), joined with a node credential: it registers its Node, renews its Lease, runs pods to Running/Ready with IPs,
 * serves logs and exec, and deletes pods through the grace-period flow.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Node } from '../lib/api/core/node.ts';
import type { Pod } from '../lib/api/core/pod.ts';
import type { Lease } from '../lib/api/coordination.ts';
import type { KubeObject } from '../lib/api/meta.ts';
import { useCluster } from '../test/support/cluster.ts';
import { startAgent, type Agent } from './agent.ts';
import { SimulatedRuntime } from './runtime/simulated.ts';
import { joinCluster } from './tunnel/index.ts';
import { createJoinToken } from './tunnel/token-create.ts';

describe('node agent with the simulated runtime', () => {
  const cluster = useCluster();
  let agent: Agent;
  let runtime: SimulatedRuntime;
  let stateDir: string;
  const NODE = 'sim-agent-1';

  async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: unknown;
    for (;;) {
      try {
        const v = await fn();
        if (v) return v;
      } catch (e) {
        last = e;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  before(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'agent-sim-'));
    runtime = new SimulatedRuntime({ subnet: 7, sandboxDelayMs: 20, startDelayMs: 20 });
    // joined as any node: a join token, then the node's own credential (system:node:<name>)
    const token = await createJoinToken({ server: cluster.cp.url, token: cluster.cp.token, caPem: cluster.cp.caPem, insecure: false }, { ttlSeconds: 600 });
    const { credential } = await joinCluster({ server: cluster.cp.url, token, nodeName: NODE, stateDir, caPem: cluster.cp.caPem });
    agent = await startAgent({ server: cluster.cp.url, credential, caPem: cluster.cp.caPem, nodeName: NODE, runtime, stateDir, leaseRenewMs: 500, statusCheckMs: 1000 });
  });

  after(async () => {
    await agent?.stop();
    runtime?.close();
    if (stateDir) await rm(stateDir, { recursive: true, force: true });
  });

  const get = <T extends KubeObject>(path: string) => cluster.api('GET', path).then((r) => (r.status === 200 ? (r.json as T) : undefined));

  test('the node registers Ready, with capacity, addresses and the runtime version', async () => {
    const node = await until('node', () => get<Node>(`/api/v1/nodes/${NODE}`));
    assert.equal(node.status?.conditions?.find((c) => c.type === 'Ready')?.status, 'True');
    assert.ok(Number(node.status?.capacity?.cpu) >= 1);
    assert.match(node.status?.capacity?.memory ?? '', /^\d+Ki$/);
    assert.equal(node.status?.capacity?.pods, '110');
    assert.equal(node.status?.nodeInfo?.containerRuntimeVersion, 'simulated://0.1.0');
    assert.equal(node.metadata.labels?.['kubernetes.io/hostname'], NODE);
    assert.ok(node.status?.addresses?.some((a) => a.type === 'Hostname' && a.address === NODE));
  });

  test('the lease is held by the node, lasts 40 s, and is renewed', async () => {
    const first = await until('lease', () => get<Lease>(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${NODE}`));
    assert.equal(first.spec?.holderIdentity, NODE);
    assert.equal(first.spec?.leaseDurationSeconds, 40);
    assert.equal(first.metadata.ownerReferences?.[0]?.kind, 'Node');
    const renewed = await until('renewal', async () => {
      const l = await get<Lease>(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${NODE}`);
      return l && l.spec?.renewTime !== first.spec?.renewTime && l;
    });
    assert.ok(Date.parse(renewed.spec!.renewTime!) > Date.parse(first.spec!.renewTime!));
  });

  test('a pod bound to the node runs: Running, Ready, an IP, container statuses and kubelet events', async () => {
    const created = await cluster.api('POST', '/api/v1/namespaces/default/pods', {
      body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'sim-direct' }, spec: { nodeName: NODE, containers: [{ name: 'web', image: 'localhost/busybox:1', readinessProbe: { exec: { command: ['true'] }, periodSeconds: 1 } }] } },
    });
    assert.equal(created.status, 201, created.text);
    const pod = await until('pod ready', async () => {
      const p = await get<Pod>('/api/v1/namespaces/default/pods/sim-direct');
      return p?.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True' && p;
    });
    assert.equal(pod.status?.phase, 'Running');
    assert.match(pod.status?.podIP ?? '', /^10\.135\.\d+\.\d+$/);
    assert.ok(pod.status?.startTime);
    const cs = pod.status?.containerStatuses?.[0];
    assert.equal(cs?.ready, true);
    assert.equal(cs?.started, true);
    assert.equal(cs?.restartCount, 0);
    assert.match(cs?.containerID ?? '', /^simulated:\/\//);
    for (const t of ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready', 'PodReadyToStartContainers']) assert.equal(pod.status?.conditions?.find((c) => c.type === t)?.status, 'True', t);

    const events = await until('events', async () => {
      const r = await get<KubeObject & { items: { reason: string; source?: { component?: string }; reportingComponent?: string; involvedObject: { uid?: string } }[] }>('/api/v1/namespaces/default/events');
      const mine = r?.items.filter((e) => e.involvedObject.uid === pod.metadata.uid) ?? [];
      return ['Pulled', 'Created', 'Started'].every((reason) => mine.some((e) => e.reason === reason)) && mine;
    });
    assert.ok(events.every((e) => e.source?.component === 'kubelet' && e.reportingComponent === 'kubelet'));
  });

  test('logs and exec are served for the tunnel', async () => {
    const chunks: Uint8Array[] = [];
    const out = { write: async (c: Uint8Array) => void chunks.push(c) } as unknown as WritableStreamDefaultWriter<Uint8Array>;
    await agent.handlers.logs({ namespace: 'default', pod: 'sim-direct', container: '', follow: false, previous: false, timestamps: false }, out, new AbortController().signal);
    assert.match(Buffer.concat(chunks).toString(), /simulated container web started/);
    const r = await agent.handlers.exec({ namespace: 'default', pod: 'sim-direct', container: 'web', command: ['echo', 'hi'], stdin: false, tty: false });
    assert.equal(new TextDecoder().decode(r.stdout), 'hi\n');
    assert.equal(r.exitCode, 0);
    await assert.rejects(agent.handlers.logs({ namespace: 'default', pod: 'sim-direct', container: 'web', follow: false, previous: true, timestamps: false }, out, new AbortController().signal), /previous terminated container "web"/);
  });

  test('deleting the pod stops its containers and the agent removes it from the API', async () => {
    const r = await cluster.api('DELETE', '/api/v1/namespaces/default/pods/sim-direct');
    assert.equal(r.status, 200, r.text);
    await until('pod gone', async () => (await cluster.api('GET', '/api/v1/namespaces/default/pods/sim-direct')).status === 404);
    await until('sandbox removed', async () => (await runtime.listSandboxes()).length === 0);
  });

  test("a Deployment's pods are scheduled here and go Running and Ready", async () => {
    const deploy = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'simweb' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'simweb' } }, template: { metadata: { labels: { app: 'simweb' } }, spec: { containers: [{ name: 'web', image: 'localhost/busybox:1' }] } } },
    };
    const r = await cluster.api('POST', '/apis/apps/v1/namespaces/default/deployments', { body: deploy });
    assert.equal(r.status, 201, r.text);
    const pods = await until(
      '2 ready pods',
      async () => {
        const list = await get<KubeObject & { items: Pod[] }>('/api/v1/namespaces/default/pods?labelSelector=app%3Dsimweb');
        const ready = list?.items.filter((p) => p.spec?.nodeName === NODE && p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) ?? [];
        return ready.length === 2 && ready;
      },
      60_000,
    );
    assert.notEqual(pods[0].status?.podIP, pods[1].status?.podIP);
    assert.equal(pods[0].metadata.ownerReferences?.[0]?.kind, 'ReplicaSet');
    const d = await until('deployment available', async () => {
      const dep = await get<KubeObject & { status?: { availableReplicas?: number } }>('/apis/apps/v1/namespaces/default/deployments/simweb');
      return dep?.status?.availableReplicas === 2 && dep;
    });
    assert.equal(d.status?.availableReplicas, 2);
  });
});
