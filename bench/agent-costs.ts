/**
 * What a node agent and a pod cost the API, in requests: `npx tsx bench/agent-costs.ts
 * [--agents 30] [--pods 300] [--seconds 120]`. On a fresh control plane:
 *
 * 1. `agents` agents (simulated runtime) join and sit idle for `seconds`: requests per agent per
 *    minute at rest (leases, node status, watches, tunnels);
 * 2. `pods` pods come through Deployments: requests per pod to start it (from the Deployment's
 *    creation to every pod Running, Ready);
 * 3. the pods run for `seconds`: requests per pod per minute at rest, on top of the agents'.
 *
 * Counts come from the apiserver's own `/metrics` (`apiserver_request_total`, every client:
 * agents, controllers, scheduler, this script), by verb and resource; the agents' share is counted
 * at their fetch (user agent `kubelet/...`). The windows include the runtime's cron (every 60 s).
 * The runtime runs in a process of its own (runtime-child.ts): CPU and RSS are its, not the agents'.
 * Prints the figures; never asserts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Fetch } from '../lib/client/client.ts';
import { runNode, type RunningNode } from '../node-agent/cli.ts';
import { httpsFetch } from '../node-agent/http.ts';
import { createJoinToken } from '../node-agent/tunnel/token-create.ts';
import { apiClient, expectStatus, nowMs, type Api } from './client.ts';
import { cpuMeter, waitForQuiet } from './cpu.ts';
import { createNamespace, deployment, isReady } from './objects.ts';
import { measureRss, rssSampler } from './rss.ts';
import { startRuntimeProcess, type RuntimeProcess } from './runtime-child.ts';
import { eachLimited } from './sim-nodes.ts';
import { fmt } from './stats.ts';
import { track, type Obj } from './tracker.ts';

export type Counts = Map<string, number>;

/** `apiserver_request_total` summed by `VERB resource[/subresource]` (codes merged). */
export function requestTotals(metricsText: string): Counts {
  const out: Counts = new Map();
  for (const line of metricsText.split('\n')) {
    if (!line.startsWith('apiserver_request_total{')) continue;
    const labels = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const n = Number(line.slice(line.lastIndexOf(' ') + 1));
    const key = `${labels.verb} ${labels.resource || '(non-resource)'}${labels.subresource ? `/${labels.subresource}` : ''}`;
    out.set(key, (out.get(key) ?? 0) + n);
  }
  return out;
}

export const minus = (a: Counts, b: Counts): Counts => new Map([...a].map(([k, v]) => [k, v - (b.get(k) ?? 0)] as [string, number]).filter(([, v]) => v > 0));
const total = (c: Counts) => [...c.values()].reduce((s, v) => s + v, 0);

/** What a request of an agent was: `PUT leases`, `GET configmaps`, `WATCH pods`. */
function agentKind(method: string, url: string): string {
  const u = new URL(url);
  let parts = u.pathname.split('/').slice(u.pathname.startsWith('/apis/') ? 4 : 3);
  if (parts[0] === 'namespaces' && parts.length > 2) parts = parts.slice(2);
  const [resource, , sub] = parts;
  const verb = method === 'GET' ? (u.searchParams.get('watch') === 'true' ? 'WATCH' : parts.length === 1 ? 'LIST' : 'GET') : method;
  return `${verb} ${resource ?? u.pathname}${sub ? `/${sub}` : ''}`;
}

function countingFetch(caPem: string, counts: Counts): Fetch {
  const inner = httpsFetch(caPem);
  return (input, init) => {
    const k = agentKind(init?.method ?? 'GET', typeof input === 'string' ? input : input.url);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    return inner(input, init);
  };
}


const table = (c: Counts, per: number, minutes = 1) =>
  [...c]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `    ${k.padEnd(36)} ${fmt(v / per / minutes, 2)}`)
    .join('\n');

async function metrics(api: Api): Promise<Counts> {
  return requestTotals(expectStatus(await api.request('GET', '/metrics'), 200).body);
}

async function main() {
  const { values } = parseArgs({ options: { agents: { type: 'string', default: '30' }, pods: { type: 'string', default: '300' }, seconds: { type: 'string', default: '120' } } });
  const agents = Number(values.agents);
  const podCount = Number(values.pods);
  const seconds = Number(values.seconds);
  const minutes = seconds / 60;
  console.log(`agent costs: ${agents} agents, ${podCount} pods, windows of ${seconds} s; load average ${loadavg().map((l) => fmt(l, 2)).join(' ')}`);
  const dir = await mkdtemp(join(tmpdir(), 'timonier-agent-costs-'));
  let cp: RuntimeProcess | undefined;
  const running: RunningNode[] = [];
  try {
    cp = await startRuntimeProcess();
    const api = apiClient(cp);
    await createNamespace(api, 'costs');
    const peak = rssSampler(cp.pid);
    const names = Array.from({ length: agents }, (_, i) => `cost-agent-${String(i).padStart(3, '0')}`);
    const counts: Counts = new Map();
    const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 3600, description: 'costs' });
    const nodes = await track(api, '/api/v1/nodes');
    await eachLimited(names, 10, async (name, i) => {
      running.push(await runNode({ server: cp!.url, token, nodeName: name, runtime: 'simulated', subnet: i, stateDir: join(dir, name), caPem: cp!.caPem, log: () => {}, agent: { fetch: countingFetch(cp!.caPem, counts) } }));
    });
    await nodes.until('nodes Ready', (m) => names.every((n) => m.get(n) && isReady(m.get(n)!)), 60_000);
    nodes.close();
    await waitForQuiet(cp.pid, 30);

    // 1. agents at rest
    let cpu = await cpuMeter(cp.pid);
    let m0 = await metrics(api);
    let a0 = new Map(counts);
    await new Promise((ok) => setTimeout(ok, seconds * 1000));
    const idleAll = minus(await metrics(api), m0);
    const idleAgents = minus(counts, a0);
    console.log(`\n1. ${agents} agents at rest, ${seconds} s (${(await cpu.end()).text})`);
    console.log(`  all requests per agent per minute: ${fmt(total(idleAll) / agents / minutes, 2)}\n${table(idleAll, agents, minutes)}`);
    console.log(`  of which the agents' own, per agent per minute: ${fmt(total(idleAgents) / agents / minutes, 2)}\n${table(idleAgents, agents, minutes)}`);

    // 2. pods start
    const pods = await track(api, '/api/v1/namespaces/costs/pods');
    m0 = await metrics(api);
    a0 = new Map(counts);
    const t0 = nowMs();
    const deployments = Math.max(1, Math.min(10, podCount));
    for (let d = 0; d < deployments; d++) {
      const replicas = Math.floor(podCount / deployments) + (d < podCount % deployments ? 1 : 0);
      expectStatus(await api.request('POST', '/apis/apps/v1/namespaces/costs/deployments', deployment(`costs-${d}`, replicas)), 201);
    }
    const readyPods = (m: Map<string, Obj>) => [...m.values()].filter((p) => p.status?.phase === 'Running' && isReady(p)).length;
    await pods.until('pods Ready', (m) => readyPods(m) >= podCount, 300_000);
    const upSeconds = (nowMs() - t0) / 1000;
    await waitForQuiet(cp.pid, 60);
    const startAll = minus(await metrics(api), m0);
    const startAgents = minus(counts, a0);
    console.log(`\n2. ${podCount} pods started in ${fmt(upSeconds, 1)} s (counted until workerd was quiet)`);
    console.log(`  all requests per pod: ${fmt(total(startAll) / podCount, 2)}\n${table(startAll, podCount)}`);
    console.log(`  of which the agents', per pod: ${fmt(total(startAgents) / podCount, 2)}\n${table(startAgents, podCount)}`);

    // 3. pods at rest
    cpu = await cpuMeter(cp.pid);
    m0 = await metrics(api);
    a0 = new Map(counts);
    await new Promise((ok) => setTimeout(ok, seconds * 1000));
    const busyAll = minus(await metrics(api), m0);
    const busyAgents = minus(counts, a0);
    console.log(`\n3. ${agents} agents and ${podCount} pods at rest, ${seconds} s (${(await cpu.end()).text})`);
    const perPod = (all: Counts, idle: Counts) => (total(all) / minutes - total(idle) / minutes) / podCount;
    console.log(`  all requests per minute: ${fmt(total(busyAll) / minutes, 1)}; per pod per minute beyond the agents' rest: ${fmt(perPod(busyAll, idleAll), 2)}\n${table(busyAll, podCount, minutes)}`);
    console.log(`  of which the agents', per pod per minute beyond their rest: ${fmt(perPod(busyAgents, idleAgents), 2)}\n${table(busyAgents, podCount, minutes)}`);
    pods.close();
    const rss = await peak.stop();
    const now = await measureRss(cp.pid);
    console.log(`\nRSS peak ${fmt((rss?.total ?? 0) / 2 ** 20, 0)} MB (node ${fmt((rss?.node ?? 0) / 2 ** 20, 0)}, workerd ${fmt((rss?.workerd ?? 0) / 2 ** 20, 0)}); now ${fmt(now.total / 2 ** 20, 0)} MB`);
    console.log(`load average ${loadavg().map((l) => fmt(l, 2)).join(' ')} at the end`);
    api.close();
  } finally {
    await eachLimited(running, 10, (n) => n.stop().catch(() => undefined));
    await cp?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('agent-costs.ts')) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
