/**
 * Issue 3's chain: a Deployment of 2 replicas created through the API, until both its pods are
 * bound (the Deployment, ReplicaSet and scheduler controllers in turn), and until the Deployment
 * reports 2 available (the benchmark's kubelet marks each pod Running and Ready as soon as it is
 * bound, then the ReplicaSet and Deployment controllers report it). Times run from just before
 * the POST to the arrival of the watch event that completes the condition; p50 over `runs` runs,
 * each on a Deployment of its own, one at a time.
 *
 * Wall time swings with the machine's other load, so the run's work is counted too: workerd's CPU
 * time until both pods are bound and until the run is quiet, and the API requests a run costs
 * (all clients: controllers, scheduler, the benchmark's kubelet, from the apiserver's /metrics).
 */
import { readdir, readFile } from 'node:fs/promises';
import { minus, requestTotals, type Counts } from './agent-costs.ts';
import { expectStatus, nowMs, type Api } from './client.ts';
import { waitForQuiet } from './cpu.ts';
import type { Figure } from './figures.ts';
import { simNodes } from './sim-nodes.ts';
import { fmt, percentile } from './stats.ts';
import { track, type Obj } from './tracker.ts';
import { workerdPids } from './rss.ts';

/** CPU time the threads of `pids` have run, in ms (schedstat's first field: ns, finer than /proc/<pid>/stat's ticks). */
async function cpuMsOf(pids: number[]): Promise<number> {
  let ns = 0;
  for (const pid of pids) {
    try {
      for (const tid of await readdir(`/proc/${pid}/task`)) ns += Number((await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')).split(' ')[0]) || 0;
    } catch {
      // exited
    }
  }
  return ns / 1e6;
}

/** Requests the apiserver has served, every client (its /metrics), by verb and resource. */
async function requestsServed(api: Api): Promise<Counts> {
  return requestTotals(expectStatus(await api.request('GET', '/metrics'), 200).body);
}

export interface ChainOptions {
  namespace: string;
  runs: number;
  targets: { boundMs: number; availableMs: number };
  /** the runtime's process (runtime-child.ts): its workerd are the ones counted */
  runtimePid: number;
}

const deployment = (name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: 'nginx:1.30-alpine' }] } },
  },
});

export async function measureChain(api: Api, o: ChainOptions): Promise<Figure[]> {
  const nodes = await simNodes(api, { prefix: 'bench-chain', count: 2, kubelet: { namespace: o.namespace } });
  const pods = await track(api, `/api/v1/namespaces/${o.namespace}/pods`);
  const deployments = await track(api, `/apis/apps/v1/namespaces/${o.namespace}/deployments`);
  const bound: number[] = [];
  const available: number[] = [];
  const posts: number[] = [];
  const cpuUntilBound: number[] = [];
  const cpuPerRun: number[] = [];
  const workerd = await workerdPids(o.runtimePid);
  let failed = 0;
  let firstError = '';
  const served0 = await requestsServed(api);
  let requestsPerRun = NaN;
  let byKind = '';
  try {
    for (let i = 0; i < o.runs; i++) {
      const name = `chain-${String(i).padStart(2, '0')}`;
      const mine = (p: Obj) => p.metadata.labels?.app === name && !p.metadata.deletionTimestamp;
      const cpu0 = await cpuMsOf(workerd);
      const t0 = nowMs();
      const posted = api.request('POST', `/apis/apps/v1/namespaces/${o.namespace}/deployments`, deployment(name));
      const both = pods.until(`${name}: 2 pods bound`, (m) => [...m.values()].filter((p) => mine(p) && p.spec?.nodeName).length >= 2, 30_000);
      const ready = deployments.until(`${name}: 2 available`, (m) => (m.get(`${o.namespace}/${name}`)?.status?.availableReplicas ?? 0) >= 2, 30_000);
      try {
        posts.push(expectStatus(await posted, 201).ms);
        bound.push((await both) - t0);
        cpuUntilBound.push((await cpuMsOf(workerd)) - cpu0);
        available.push((await ready) - t0);
      } catch (e) {
        failed++;
        firstError ||= (e as Error).message;
        both.catch(() => undefined);
        ready.catch(() => undefined);
      }
      // what the run left behind (events, status writes) settles before the next one
      await waitForQuiet(o.runtimePid, 5, 0.15, 200);
      cpuPerRun.push((await cpuMsOf(workerd)) - cpu0);
    }
    // each run's requests were served before its quiet (the second /metrics read is taken off)
    const served = minus(await requestsServed(api), served0);
    served.set('GET (non-resource)', (served.get('GET (non-resource)') ?? 0) - 1);
    requestsPerRun = [...served.values()].reduce((a, b) => a + b, 0) / o.runs;
    byKind = [...served].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${fmt(n / o.runs, 1)}`).join(', ');
  } finally {
    // the Deployments go while the nodes' kubelet still finalizes their pods
    for (const d of [...deployments.objects.values()]) await api.request('DELETE', `/apis/apps/v1/namespaces/${o.namespace}/deployments/${d.metadata.name}`);
    await pods.until('the pods gone', (m) => m.size === 0, 60_000).catch(() => undefined);
    pods.close();
    deployments.close();
    await nodes.remove();
  }
  const note = `${bound.length}/${o.runs} runs, 2 simulated nodes${failed ? `, ${failed} failed: ${firstError}` : ''}`;
  return [
    { name: 'Deployment (2 replicas) → both pods bound, p50', value: percentile(bound, 50), unit: 'ms', note, target: { atMost: o.targets.boundMs } },
    { name: 'Deployment → both pods bound, max', value: percentile(bound, 100), unit: 'ms' },
    { name: 'Deployment → 2 available, p50', value: percentile(available, 50), unit: 'ms', note, target: { atMost: o.targets.availableMs } },
    { name: 'Deployment → 2 available, max', value: percentile(available, 100), unit: 'ms', note: `POST of the Deployment p50 ${fmt(percentile(posts, 50))} ms` },
    { name: 'Deployment chain: workerd CPU until both bound, p50', value: percentile(cpuUntilBound, 50), unit: 'ms', note: `whole run p50 ${fmt(percentile(cpuPerRun, 50))} ms` },
    { name: 'Deployment chain: API requests per run', value: requestsPerRun, unit: 'requests', note: `every client's (controllers, scheduler, the benchmark's kubelet and nodes' leases), until the run is quiet: ${byKind}` },
  ];
}

