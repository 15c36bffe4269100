/**
 * Issue 4's Défi V figure on a real node: `kubectl apply` of the course's manifest (a namespace,
 * a Deployment of two busybox httpd replicas with a readiness probe, its Service) until both pods
 * are Ready and both their IPs are ready in the Service's EndpointSlice, with a real node agent
 * driving containerd over CRI, as the e2e tests do (test/e2e/agent-support.ts). Each run uses a
 * namespace of its own, deleted (and its containers gone) before the next; a first run, not
 * counted, warms kubectl's discovery cache. Times end at the arrival of the watch event that
 * completes the condition, and are given from kubectl's start and from the Deployment's creation
 * (the course measured 757 ms from the latter to the EndpointSlice, 772 ms to the last write).
 * Only where containerd answers and we are root; otherwise the figure says why it was skipped.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeProcess } from './runtime-child.ts';
import { runNode, type RunningNode } from '../node-agent/cli.ts';
import { CriRuntime } from '../node-agent/runtime/cri.ts';
import { createJoinToken } from '../node-agent/tunnel/token-create.ts';
import { CONTAINERD_SOCKET, e2eSkip, HTTPD_COMMAND, removeNodePods } from '../test/e2e/agent-support.ts';
import { expectStatus, nowMs, type Api } from './client.ts';
import { measureContainerdAlone } from './containerd-alone.ts';
import { AgentSteps } from './containerd-steps.ts';
import type { Figure } from './figures.ts';
import { fmt, percentile } from './stats.ts';
import { track, type Obj, type Tracker } from './tracker.ts';

export interface ContainerdOptions {
  runs: number;
  targetMs: number;
}

const manifest = (ns: string) => `
apiVersion: v1
kind: Namespace
metadata: { name: ${ns} }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: temoin, namespace: ${ns} }
spec:
  replicas: 2
  selector: { matchLabels: { app: temoin } }
  template:
    metadata: { labels: { app: temoin } }
    spec:
      terminationGracePeriodSeconds: 1
      containers:
        - name: httpd
          image: localhost/busybox:1
          command: ${JSON.stringify(HTTPD_COMMAND)}
          ports: [{ name: http, containerPort: 8080 }]
          readinessProbe: { httpGet: { path: /, port: http }, periodSeconds: 1 }
---
apiVersion: v1
kind: Service
metadata: { name: temoin, namespace: ${ns} }
spec:
  selector: { app: temoin }
  ports: [{ port: 80, targetPort: http }]
`;

function kubectl(cp: RuntimeProcess, home: string, args: string[], input: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile('kubectl', args, { env: { ...process.env, KUBECONFIG: cp.kubeconfigPath, KUBECACHEDIR: join(home, 'cache'), HOME: home }, timeout: 60_000 }, (err, _out, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
    );
    child.stdin!.end(input);
  });
}

const isReady = (p: Obj) => (p.status?.conditions as { type: string; status: string }[] | undefined)?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

/** Both pods Ready, and both their IPs ready in the Service's slice. */
function chainDone(pods: Map<string, Obj>, slices: Map<string, Obj>): boolean {
  const ready = [...pods.values()].filter((p) => !p.metadata.deletionTimestamp && isReady(p) && p.status?.podIP);
  if (ready.length < 2) return false;
  const inSlices = new Set(
    [...slices.values()]
      .filter((s) => s.metadata.labels?.['kubernetes.io/service-name'] === 'temoin')
      .flatMap((s) => ((s.endpoints as { addresses: string[]; conditions?: { ready?: boolean } }[] | undefined) ?? []).filter((e) => e.conditions?.ready).flatMap((e) => e.addresses)),
  );
  return ready.every((p) => inSlices.has(p.status.podIP));
}

export async function measureContainerd(cp: RuntimeProcess, api: Api, o: ContainerdOptions): Promise<Figure[]> {
  const skip = await e2eSkip();
  const name = 'kubectl apply → 2 pods Ready and in the EndpointSlice (containerd), p50';
  if (skip) {
    console.log(`  skipped: ${skip}`);
    return [{ name, value: NaN, unit: 'ms', note: `skipped: ${skip}`, target: { atMost: o.targetMs } }];
  }
  const home = await mkdtemp(join(tmpdir(), 'timonier-bench-ctr-'));
  const nodeName = `bench-ctr-${Math.random().toString(36).slice(2, 6)}`;
  /** the pods' containers outlive the agent: they go with the benchmark, even on Ctrl-C */
  const removeContainers = async () => {
    const cri = new CriRuntime(`unix://${CONTAINERD_SOCKET}`);
    await removeNodePods(cri, nodeName).catch(() => undefined);
    cri.close();
  };
  const onInterrupt = () => void removeContainers();
  let node: RunningNode | undefined;
  const fromApply: number[] = [];
  const fromDeployment: number[] = [];
  const toAvailable: number[] = [];
  /** where the time goes, run by run: kubectl, the controllers and scheduler, the node agent, the endpointslice controller */
  const steps = { kubectl: [] as number[], bound: [] as number[], ready: [] as number[], sliced: [] as number[] };
  const elsewhere: string[] = [];
  let failed = 0;
  let firstError = '';
  const agentSteps = new AgentSteps();
  try {
    const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600, description: 'bench' });
    node = await runNode({ server: cp.url, token, nodeName, runtime: 'cri', stateDir: join(home, 'node'), caPem: cp.caPem, log: () => {} });
    process.once('SIGINT', onInterrupt);
    const nodes = await track(api, '/api/v1/nodes');
    await nodes.until('the containerd node Ready', (m) => !!m.get(nodeName) && isReady(m.get(nodeName)!), 60_000).finally(() => nodes.close());

    for (let i = 0; i <= o.runs; i++) {
      const ns = `bench-ctr-${i}`;
      expectStatus(await api.request('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }), 201);
      const pods = await track(api, `/api/v1/namespaces/${ns}/pods`);
      const slices = await track(api, `/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices`);
      const deployments = await track(api, `/apis/apps/v1/namespaces/${ns}/deployments`);
      let created = NaN;
      deployments.onEvent = (type, _d, at) => void (type === 'ADDED' && Number.isNaN(created) && (created = at));
      try {
        const t0 = nowMs();
        const applied = kubectl(cp, home, ['apply', '-f', '-'], manifest(ns));
        const marks: Milestones = {};
        const done = chainComplete(pods, slices, 30_000, marks, agentSteps);
        const available = deployments.until(`${ns}: 2 available`, (m) => (m.get(`${ns}/temoin`)?.status?.availableReplicas ?? 0) >= 2, 30_000);
        available.catch(() => undefined); // awaited below, unless the chain fails first
        done.catch(() => undefined);
        const r = await applied;
        if (r.code !== 0) throw new Error(`kubectl apply: ${r.stderr.trim()}`);
        const end = await done;
        const avail = await available;
        for (const p of pods.objects.values()) if (p.spec?.nodeName !== nodeName) elsewhere.push(`${p.metadata.name} on ${p.spec?.nodeName}`);
        if (i > 0) {
          agentSteps.count([...pods.objects.values()].map((p) => p.metadata.uid as string));
          fromApply.push(end - t0);
          fromDeployment.push(end - created);
          toAvailable.push(avail - created);
          steps.kubectl.push(created - t0);
          steps.bound.push((marks.bound ?? NaN) - created);
          steps.ready.push((marks.ready ?? NaN) - (marks.bound ?? NaN));
          steps.sliced.push(end - (marks.ready ?? NaN));
        }
      } catch (e) {
        failed++;
        firstError ||= (e as Error).message;
      } finally {
        await api.request('DELETE', `/api/v1/namespaces/${ns}`);
        await pods.until(`${ns}: pods gone`, (m) => m.size === 0, 60_000).catch(() => undefined);
        pods.close();
        slices.close();
        deployments.close();
      }
    }
  } finally {
    agentSteps.close();
    process.off('SIGINT', onInterrupt);
    await node?.stop().catch(() => undefined);
    await removeContainers();
    await api.request('DELETE', `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${nodeName}`);
    await api.request('DELETE', `/api/v1/nodes/${nodeName}`);
    await rm(home, { recursive: true, force: true });
  }
  const alone = await measureContainerdAlone(CONTAINERD_SOCKET, await mkdtemp(join(tmpdir(), 'timonier-bench-alone-')), o.runs).catch((e: Error) => {
    console.log(`  containerd alone: ${e.message}`);
    return [];
  });
  const floor = percentile(steps.kubectl, 50) + percentile(alone, 50);
  const note = `${fromApply.length}/${o.runs} runs on a real node (busybox httpd, readiness probe every 1 s)${failed ? `, ${failed} failed: ${firstError}` : ''}${elsewhere.length ? `; pods elsewhere: ${elsewhere.slice(0, 2).join(', ')}` : ''}`;
  return [
    { name, value: percentile(fromApply, 50), unit: 'ms', note, target: { atMost: o.targetMs } },
    { name: "  kubectl's part + containerd alone, p50", value: floor, unit: 'ms', note: `the floor under this figure on this machine: ${fmt(o.targetMs - floor, 0)} ms of the target left for the rest` },
    { name: '  Deployment created → same, p50', value: percentile(fromDeployment, 50), unit: 'ms', note: "the course's minikube: 757 ms (772 ms to its last write)" },
    { name: '  Deployment created → 2 available, p50', value: percentile(toAvailable, 50), unit: 'ms', note: `max of the chain from kubectl ${fmt(percentile(fromApply, 100), 0)} ms` },
    { name: '    kubectl start → Deployment created, p50', value: percentile(steps.kubectl, 50), unit: 'ms', note: 'kubectl: its start, OpenAPI, the Namespace' },
    { name: '    Deployment created → both pods bound, p50', value: percentile(steps.bound, 50), unit: 'ms', note: 'deployment and replicaset controllers, scheduler' },
    { name: '    both bound → both Ready, p50', value: percentile(steps.ready, 50), unit: 'ms', note: 'the node agent: sandbox, containers, first probe, status' },
    { name: '      containerd alone: 2 pods made at once until httpd answers, p50', value: percentile(alone, 50), unit: 'ms', note: `${alone.length} runs straight through CRI, no agent nor API (containerd-alone.ts)` },
    ...agentSteps.figures(),
    { name: '    both Ready → in the EndpointSlice, p50', value: percentile(steps.sliced, 50), unit: 'ms', note: 'endpointslice controller' },
  ];
}

/** When both pods were first seen bound, then both Ready (arrival times of the events). */
interface Milestones {
  bound?: number;
  ready?: number;
}

function noteMilestones(pods: Map<string, Obj>, at: number, marks: Milestones, agentSteps: AgentSteps) {
  const live = [...pods.values()].filter((p) => !p.metadata.deletionTimestamp);
  for (const p of live) {
    if (p.spec?.nodeName) agentSteps.mark(p.metadata.uid as string, 'bound-seen', at);
    if (isReady(p)) agentSteps.mark(p.metadata.uid as string, 'ready-seen', at);
  }
  if (marks.bound === undefined && live.filter((p) => p.spec?.nodeName).length >= 2) marks.bound = at;
  if (marks.ready === undefined && live.filter((p) => isReady(p) && p.status?.podIP).length >= 2) marks.ready = at;
}

/** The arrival time of the first pod or slice event after which the chain is complete. */
function chainComplete(pods: Tracker, slices: Tracker, timeoutMs: number, marks: Milestones, agentSteps: AgentSteps): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready and in the EndpointSlice after ${timeoutMs} ms`)), timeoutMs);
    const check = (_type: string, _o: Obj, at: number) => {
      noteMilestones(pods.objects, at, marks, agentSteps);
      if (!chainDone(pods.objects, slices.objects)) return;
      clearTimeout(timer);
      pods.onEvent = slices.onEvent = undefined;
      resolve(at);
    };
    pods.onEvent = slices.onEvent = check;
  });
}

