/**
 * Issue 4 at scale, on one machine: `agents` node agents with the simulated runtime (each joined
 * with a join token as a real machine would, with its tunnel, watch, leases and status loops)
 * run in this process, then Deployments bring `pods` pods onto them, the cluster stays busy for
 * a while, and the Deployments are deleted. Every API write the agents make is timed at their
 * fetch (request to response headers): the figure is its p99. Every node is watched: one whose
 * Ready condition leaves True while its agent runs was wrongly marked NotReady.
 *
 * The runtime runs in a process of its own (runtime-child.ts): its RSS and CPU are that process
 * tree's (its Node process: Hrana server, miniflare; and its workerd), not the agents', which
 * stand for the students' laptops. The agents share this process's event loop with the
 * benchmark only; its delay and CPU are printed beside the figures, as part of what the writes
 * waited for.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Fetch } from '../lib/client/client.ts';
import { runNode, type RunningNode } from '../node-agent/cli.ts';
import { httpsFetch } from '../node-agent/http.ts';
import { createJoinToken } from '../node-agent/tunnel/token-create.ts';
import { expectStatus, nowMs, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { deployment, isReady } from './objects.ts';
import { eachLimited } from './sim-nodes.ts';
import { cpuMeter } from './cpu.ts';
import { rssFigure } from './memory.ts';
import { rssSampler, type Rss } from './rss.ts';
import type { RuntimeProcess } from './runtime-child.ts';
import { fmt, mb, percentile } from './stats.ts';
import { track, type Obj } from './tracker.ts';

export interface AgentsOptions {
  namespace: string;
  agents: number;
  /** spread over `deployments` Deployments */
  pods: number;
  deployments: number;
  /** how long the cluster runs with every pod up, for the leases to be renewed a few times */
  steadySeconds: number;
  maxSeconds: number;
  targetP99Ms: number;
  /** workerd's share of one core while every pod runs (leases, status, probes), at most */
  targetSteadyCpu?: number;
  /** RSS of the whole runtime (its Node process and workerd) during the phase, at most (MB) */
  targetPeakRssMb?: number;
  /** where the phase is (joined, pods up, deleting), for a long run */
  progress?: (line: string) => void;
  /** called as the Deployments are created and once every pod is Ready (a profiler's window) */
  podsStarting?: ProfileWindow;
  /** called as the steady state's measure begins and ends (a profiler's window) */
  steadyState?: ProfileWindow;
}

export interface ProfileWindow {
  begin(): Promise<void>;
  end(): Promise<void>;
}

/** The issue's targets at each of its scale points: 100 agents + 1 000 pods, 200 agents + 2 000 pods. */
export function issueTargets(agents: number): Pick<AgentsOptions, 'targetP99Ms' | 'targetSteadyCpu' | 'targetPeakRssMb'> {
  return agents > 100 ? { targetP99Ms: 2_000 } : { targetP99Ms: 1_000, targetSteadyCpu: 25, targetPeakRssMb: 1_200 };
}

/** the controllers have caught up once their queue has been empty this long */
const CAUGHT_UP_MS = 3_000;
const BACKLOG_POLL_MS = 250;

/** Waits until the change queue has been empty for CAUGHT_UP_MS (at most `maxSeconds`). */
async function controllersCaughtUp(cp: RuntimeProcess, maxSeconds: number): Promise<{ seconds: number; drained: boolean }> {
  const t0 = nowMs();
  let emptySince: number | undefined;
  while (nowMs() - t0 < maxSeconds * 1000) {
    const now = nowMs();
    if ((await cp.controllersBacklog()) > 0) emptySince = undefined;
    else if ((emptySince ??= now) <= now - CAUGHT_UP_MS) return { seconds: (emptySince - t0) / 1000, drained: true };
    await new Promise((ok) => setTimeout(ok, BACKLOG_POLL_MS));
  }
  return { seconds: maxSeconds, drained: false };
}

/** What a write was, from its method and path, for the breakdown: `pods/status PUT`, `leases PUT`. */
function kindOf(method: string, path: string): string {
  let parts = path.split('/').slice(path.startsWith('/apis/') ? 4 : 3); // after /api/v1 or /apis/<group>/<version>
  if (parts[0] === 'namespaces' && parts.length > 2) parts = parts.slice(2);
  const [resource, , sub] = parts;
  return `${resource}${sub ? `/${sub}` : ''} ${method}`;
}

/** A read of the agents (GET, LIST, WATCH), by kind: `configmaps LIST`. */
interface Read {
  kind: string;
  at: number;
}

/** `/api/v1/namespaces/ns/configmaps` (a list or watch), not `/api/v1/namespaces/ns/configmaps/x`. */
function isCollection(path: string): boolean {
  const parts = path.split('/').slice(path.startsWith('/apis/') ? 4 : 3);
  return parts[0] === 'namespaces' ? parts.length === 3 : parts.length === 1;
}

interface Write {
  kind: string;
  ms: number;
  node: string;
  at: number;
  status: number;
  /** why there was no answer (status 0) */
  error?: string;
}

/** The agents' fetch, timing every write (GETs and watches are not writes, but are counted by kind in `reads`). */
function timedFetch(caPem: string, node: string, writes: Write[], leaseAt: Map<string, number[]>, reads: Read[]): Fetch {
  const inner = httpsFetch(caPem);
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = typeof input === 'string' ? input : input.url;
    if (method === 'GET') {
      const u = new URL(url);
      const verb = u.searchParams.get('watch') === 'true' ? 'WATCH' : isCollection(u.pathname) ? 'LIST' : 'GET';
      reads.push({ kind: kindOf(verb, u.pathname), at: nowMs() });
      return inner(input, init);
    }
    const path = new URL(url).pathname;
    const t0 = nowMs();
    const kind = kindOf(method, path);
    const res = await inner(input, init).catch((e: unknown) => {
      writes.push({ kind, ms: nowMs() - t0, node, at: t0, status: 0, error: e instanceof Error ? e.message : String(e) }); // no answer at all
      throw e;
    });
    writes.push({ kind, ms: nowMs() - t0, node, at: t0, status: res.status });
    if (kind.startsWith('leases ') && res.ok) (leaseAt.get(node) ?? leaseAt.set(node, []).get(node)!).push(t0);
    return res;
  };
}


/** `cp`: a runtime of its own, whose process tree is measured; the agents join it from this process. */
export async function measureAgents(cp: RuntimeProcess, api: Api, o: AgentsOptions): Promise<Figure[]> {
  const stateRoot = await mkdtemp(join(tmpdir(), 'timonier-bench-agents-'));
  const names = Array.from({ length: o.agents }, (_, i) => `bench-agent-${String(i).padStart(3, '0')}`);
  const deployments = Math.max(1, Math.min(o.deployments, o.pods));
  const mine = new Set(names);
  const writes: Write[] = [];
  const reads: Read[] = [];
  const leaseAt = new Map<string, number[]>();
  const running: RunningNode[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const nodes = await track(api, '/api/v1/nodes');
  const wronglyNotReady = new Map<string, string>(); // node → the Ready condition it was given
  let watching = false;
  nodes.onEvent = (type, n) => {
    const name = n.metadata.name;
    if (!watching || type === 'DELETED' || !mine.has(name) || isReady(n)) return;
    const ready = (n.status?.conditions as { type: string; status: string; reason?: string }[] | undefined)?.find((c) => c.type === 'Ready');
    wronglyNotReady.set(name, `${ready?.status ?? 'none'} (${ready?.reason ?? ''})`);
  };
  const pods = await track(api, `/api/v1/namespaces/${o.namespace}/pods`);
  const figures: Figure[] = [];
  const peak = rssSampler(cp.pid);
  try {
    // join and start the agents, a few at a time (one join token for all, as a fleet would)
    const t0 = nowMs();
    const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 3600, description: 'bench' });
    await eachLimited(names, 10, async (name, i) => {
      const fetch = timedFetch(cp.caPem, name, writes, leaseAt, reads);
      running.push(await runNode({ server: cp.url, token, nodeName: name, runtime: 'simulated', subnet: i, stateDir: join(stateRoot, name), caPem: cp.caPem, log: () => {}, agent: { fetch } }));
    });
    await nodes.until(`${o.agents} agents' nodes Ready`, (m) => names.every((n) => m.get(n) && isReady(m.get(n)!)), Math.max(60, o.agents) * 1000);
    const joinedMs = nowMs() - t0;
    o.progress?.(`  ${o.agents} agents joined and Ready in ${fmt(joinedMs / 1000)} s`);
    watching = true;
    loop.enable();

    // the pods, through Deployments
    await o.podsStarting?.begin();
    const tPods = nowMs();
    const startCpu = await cpuMeter(cp.pid);
    const startAgentsCpu0 = process.cpuUsage();
    for (let d = 0; d < deployments; d++) {
      const replicas = Math.floor(o.pods / deployments) + (d < o.pods % deployments ? 1 : 0);
      expectStatus(await api.request('POST', `/apis/apps/v1/namespaces/${o.namespace}/deployments`, deployment(`fleet-${d}`, replicas)), 201);
    }
    const readyPods = (m: Map<string, Obj>) => [...m.values()].filter((p) => !p.metadata.deletionTimestamp && p.status?.phase === 'Running' && isReady(p)).length;
    const allUp = await pods
      .until(`${o.pods} pods Ready`, (m) => readyPods(m) >= o.pods, o.maxSeconds * 1000)
      .then((at) => at - tPods)
      .catch(() => NaN);
    const upCount = readyPods(pods.objects);
    const startingCpu = await startCpu.end();
    const startingAgentsCpu = ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(startAgentsCpu0));
    await o.podsStarting?.end();
    o.progress?.(`  ${upCount} pods Ready in ${fmt(allUp / 1000)} s; steady for ${o.steadySeconds} s`);
    const perNode = new Map<string, number>();
    for (const p of pods.objects.values()) if (p.spec?.nodeName) perNode.set(p.spec.nodeName, (perNode.get(p.spec.nodeName) ?? 0) + 1);

    // steady state: every pod runs and the controllers have caught up with their start (the last
    // ReplicaSet statuses, EndpointSlices, events); what remains is leases, statuses, probes and the cron
    const caughtUp = await controllersCaughtUp(cp, o.maxSeconds);
    o.progress?.(`  the controllers caught up ${fmt(caughtUp.seconds)} s after the last pod was Ready`);
    await o.steadyState?.begin();
    const steady = await cpuMeter(cp.pid);
    const agentsCpu0 = process.cpuUsage();
    await new Promise((ok) => setTimeout(ok, o.steadySeconds * 1000));
    const steadyCpu = await steady.end();
    await o.steadyState?.end();
    const agentsCpu = ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(agentsCpu0));

    // and away again
    o.progress?.(`  deleting the Deployments`);
    const tDelete = nowMs();
    for (let d = 0; d < deployments; d++) await api.request('DELETE', `/apis/apps/v1/namespaces/${o.namespace}/deployments/fleet-${d}`);
    const allGone = await pods
      .until('pods gone', (m) => m.size === 0, o.maxSeconds * 1000)
      .then((at) => at - tDelete)
      .catch(() => NaN);
    loop.disable();
    watching = false;

    const measured = writes.filter((w) => w.at >= tPods);
    const readKinds = new Map<string, number>();
    for (const r of reads) if (r.at >= tPods) readKinds.set(r.kind, (readKinds.get(r.kind) ?? 0) + 1);
    const readCount = [...readKinds.values()].reduce((a, b) => a + b, 0);
    const ms = measured.map((w) => w.ms);
    const byKind = new Map<string, number[]>();
    for (const w of measured) (byKind.get(w.kind) ?? byKind.set(w.kind, []).get(w.kind)!).push(w.ms);
    const breakdown = [...byKind].sort((a, b) => b[1].length - a[1].length).map(([k, v]) => `${k} ${v.length}× p99 ${fmt(percentile(v, 99), 0)}`).join(', ');
    const failed = measured.filter((w) => w.status >= 500 || w.status === 0).length;
    const throttled = measured.filter((w) => w.status === 429).length;
    const unanswered = new Map<string, number>(); // `pods/status PUT 500` → count: what failed, for a run that goes wrong
    for (const w of measured) {
      if (w.status < 429 && w.status !== 0) continue;
      const key = `${w.kind} ${w.status || `no answer (${w.error?.slice(0, 60)})`}`;
      unanswered.set(key, (unanswered.get(key) ?? 0) + 1);
    }
    // how many of the agents' writes were in flight when one was refused: near 200 points at the
    // nodes' max-in-flight budget (workers/apiserver/request/inflight.ts), not their fair share
    const refusedAt = measured.filter((w) => w.status === 429).map((r) => measured.filter((w) => w.at <= r.at && r.at < w.at + w.ms).length);
    const pct = (seconds: number, wall: number) => `${fmt((100 * seconds) / wall, 0)}%`;
    const gaps = [...leaseAt.values()].flatMap((ts) => ts.filter((t) => t >= tPods).map((t, i, a) => (i ? t - a[i - 1] : 0)).slice(1));
    const spread = perNode.size ? `${Math.min(...perNode.values())}–${Math.max(...perNode.values())} pods per node` : 'no pods placed';
    figures.push(
      { name: `agents' API writes p99 (${o.agents} agents, ${o.pods} pods)`, value: percentile(ms, 99), unit: 'ms', note: `${ms.length} writes, p50 ${fmt(percentile(ms, 50))} ms, max ${fmt(percentile(ms, 100), 0)} ms${failed ? `, ${failed} failed (5xx or no answer)` : ''}${throttled ? `, ${throttled} refused with 429` : ''}`, target: { atMost: o.targetP99Ms } },
      { name: '  writes by kind', value: ms.length, unit: 'writes', note: breakdown },
      { name: "  the agents' reads by kind", value: readCount, unit: 'reads', note: [...readKinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}×`).join(', ') },
      ...(unanswered.size ? [{ name: '  writes refused or failed', value: [...unanswered.values()].reduce((a, b) => a + b, 0), unit: 'writes', note: `${[...unanswered].map(([k, n]) => `${k}: ${n}`).join(', ')}${refusedAt.length ? `; the agents' writes in flight when one was refused: p50 ${fmt(percentile(refusedAt, 50), 0)}, max ${fmt(percentile(refusedAt, 100), 0)}` : ''}` }] : []),
      { name: '  workerd CPU while the pods start', value: (100 * startingCpu.workerd) / startingCpu.wall, unit: '% of a core', note: `over ${fmt(startingCpu.wall, 0)} s, workerd waiting for a CPU ${pct(startingCpu.workerdWaiting, startingCpu.wall)} of it; the runtime's node ${pct(startingCpu.node, startingCpu.wall)}, the agents' process ${pct(startingAgentsCpu, startingCpu.wall)}` },
      { name: '  nodes Ready throughout', value: o.agents - wronglyNotReady.size, unit: 'nodes', note: wronglyNotReady.size ? `NotReady: ${[...wronglyNotReady].slice(0, 5).map(([n, r]) => `${n} ${r}`).join(', ')}` : `of ${o.agents}`, target: { atLeast: o.agents } },
      { name: '  lease renewal interval, max', value: percentile(gaps, 100) / 1000, unit: 's', note: `renewed every 10 s; the lease lasts 40 s, the grace period is 50 s` },
      { name: `  ${o.pods} pods Ready (${deployments} Deployments)`, value: allUp / 1000, unit: 's', note: `${upCount} Ready, ${spread}` },
      { name: '  pods deleted', value: allGone / 1000, unit: 's', note: 'Deployments deleted → every pod gone (agents kill and confirm)' },
      { name: '  agents joined and Ready', value: joinedMs / 1000, unit: 's', note: `${o.agents} agents, 10 joining at a time` },
      { name: "  the controllers caught up, after the last pod's Ready", value: caughtUp.seconds, unit: 's', note: caughtUp.drained ? `their queue empty for ${CAUGHT_UP_MS / 1000} s, the steady state's start` : `their queue never empty for ${CAUGHT_UP_MS / 1000} s: the steady state measured anyway` },
      { name: `workerd CPU at steady state (${o.agents} agents, ${o.pods} pods)`, value: (100 * steadyCpu.workerd) / steadyCpu.wall, unit: '% of a core', note: `over ${fmt(steadyCpu.wall, 0)} s with every pod up and the controllers caught up, workerd waiting for a CPU ${pct(steadyCpu.workerdWaiting, steadyCpu.wall)} of it; the runtime's node ${pct(steadyCpu.node, steadyCpu.wall)}, the agents' process ${pct(agentsCpu, steadyCpu.wall)}`, ...(o.targetSteadyCpu ? { target: { atMost: o.targetSteadyCpu } } : {}) },
      runtimeRss(`RSS peak (${o.agents} agents, ${o.pods} pods)`, await peak.stop(), o.targetPeakRssMb),
      { name: "  event loop delay p99 (the agents' process)", value: loop.percentile(99) / 1e6, unit: 'ms', note: `max ${fmt(loop.max / 1e6, 0)} ms; the agents and the benchmark share it, the runtime does not` },
    );
    return figures;
  } finally {
    await peak.stop();
    nodes.close();
    pods.close();
    // their nodes and leases go with the runtime, which is stopped after this
    await eachLimited(running, 10, (n) => n.stop().catch(() => undefined));
    await rm(stateRoot, { recursive: true, force: true });
  }
}


/** The peak RSS of the runtime's process tree, saying what is counted. */
function runtimeRss(name: string, r: Rss | undefined, targetMb?: number): Figure {
  const f = rssFigure(name, r, targetMb);
  return r ? { ...f, note: `the runtime: node ${fmt(mb(r.node), 0)} MB + ${r.pids.length} workerd ${fmt(mb(r.workerd), 0)} MB (not the agents)` } : f;
}
