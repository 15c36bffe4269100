/**
 * The "clusters" phase (issue 8): many tenant clusters on one control plane.
 * 1. the idle runtime's CPU and RSS with no tenant cluster (the baseline), once it has created and
 *    deleted as many clusters as step 2 creates: the same runtime, less the clusters. A fresh
 *    runtime would not do: creating 1 000 clusters leaves workerd ~30 MB larger for good, as
 *    creating and deleting them does (its allocator keeps what the burst used), and the idle
 *    clusters themselves cost ~10 MB of it (measured in session 14);
 * 2. creating N clusters one after another through the Cluster kind: time per creation;
 * 3. the idle runtime's CPU and RSS with those N clusters idle, against the baseline (≤ 1.1×);
 * 4. one cluster's GET p99 alone, and while another cluster's student runs a 16-client write
 *    storm (≤ 1.2×): the storm meets its cluster's write rate (clusters/limits.ts, defaults).
 *    The two sides take turns over a few rounds, the storm started and stopped each time.
 * Idle CPU is read from /proc over windows (10 ms ticks) that each hold one cron run, on both sides
 * (the first after the creations, which reads what they wrote, is timed apart): the median of
 * `idleWindows` windows, as one window's reading moved 2× between runs of the same code (4.2 to
 * 8.1 % of a core, the runtime's Node side mostly); both sides are floored at 1 % of a core,
 * below which the ratio would be noise over nothing.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeProcess } from './runtime-child.ts';
import { signToken } from '../lib/auth/tokens.ts';
import { apiClient, expectStatus, nowMs, type Api } from './client.ts';
import { cpuMeter, waitForQuiet } from './cpu.ts';
import type { Figure } from './figures.ts';
import { measureRss, type Rss } from './rss.ts';
import { fmt, mb, percentile } from './stats.ts';
import type { Phase } from './workloads.ts';

const CLUSTERS = '/apis/tenancy.timonier.dev/v1alpha1/clusters';
const TARGETS = { createP99Ms: 1_000, idleRatio: 1.1, neighbourRatio: 1.2 };
const CPU_FLOOR = 0.01;

export const CLUSTERS_PLAN = {
  full: { clusters: 1_000, warmUp: 1_000, idleSeconds: 10, idleWindows: 5, gets: 2_000, rounds: 5, stormClients: 16, settleSeconds: 240 },
  quick: { clusters: 100, warmUp: 10, idleSeconds: 10, idleWindows: 1, gets: 400, rounds: 2, stormClients: 16, settleSeconds: 90 },
};

interface Idle {
  cpu: number; // of one core, workerd and node together: the median window's
  rss: Rss;
  /** every window's CPU, in order */
  windows: number[];
}

/**
 * CPU (all the runtime's processes) over `seconds` of doing nothing but one cron run, started by
 * hand as the window opens, once at rest; RSS at the end. The runtime's own cron fires every 60 s:
 * without the run by hand a 10 s window caught it or not, and moved the ratio from 1× to 18×.
 * The run is made as at `cronAt`, the same for both windows: which controllers resync depends on
 * the minute (framework/resync.ts), and the garbage collector's full resync alone moved it 2×.
 */
async function idle(cp: RuntimeProcess, seconds: number, windows: number, cronAt: number): Promise<Idle> {
  const cpu: number[] = [];
  for (let i = 0; i < windows; i++) {
    await cp.settled(); // the memory given back after the last work (local/idle-gc.ts) is part of getting there
    const meter = await cpuMeter(cp.pid);
    const cron = cp.triggerCron(undefined, cronAt);
    await new Promise((ok) => setTimeout(ok, seconds * 1000));
    await cron;
    const used = await meter.end();
    cpu.push((used.node + used.workerd) / used.wall);
  }
  return { cpu: percentile(cpu, 50), rss: await measureRss(cp.pid), windows: cpu };
}

/** One cron run by hand, in ms: the runtime's per-minute cost of its clusters (an idle one: none). */
async function cronMs(cp: RuntimeProcess): Promise<number> {
  const t0 = nowMs();
  await cp.triggerCron();
  return nowMs() - t0;
}

const rssText = (r: Rss) => `${fmt(mb(r.total), 0)} MB (workerd ${fmt(mb(r.workerd), 0)})`;

const cluster = (name: string) => ({ apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name } });

async function studentOf(cp: RuntimeProcess, api: Api, name: string): Promise<Api> {
  const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'bench-student' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'student' }] };
  expectStatus(await api.request('POST', `/clusters/${name}/apis/rbac.authorization.k8s.io/v1/clusterrolebindings`, binding), 201);
  const key = (await readFile(join(cp.dataDir, 'token-signing-key'), 'utf8')).trim();
  const student = apiClient(cp, 32, await signToken(key, { sub: 'student', groups: ['system:authenticated'], cluster: name }));
  // the binding is seen by the student's next request, or should be: a 403 before it is, said and waited out (5 s at most)
  const t0 = nowMs();
  for (let tries = 1; ; tries++) {
    const r = await student.request('GET', `/clusters/${name}/api/v1/namespaces/default/configmaps`);
    if (r.status !== 403) break;
    if (nowMs() - t0 > 5_000) throw new Error(`the student's ClusterRoleBinding in ${name} still not in effect after 5 s`);
    if (tries === 1) console.log(`  the student's new ClusterRoleBinding in ${name} was not yet in effect for its first request (403)`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return student;
}

async function getTimes(api: Api, path: string, count: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) ms.push(expectStatus(await api.request('GET', path), 200).ms);
  return ms;
}

/**
 * `clients` writers creating ConfigMaps in `cluster` as fast as they are let; a 429 is retried
 * after its Retry-After, as client-go does. Counts the answers by status in `codes`.
 */
function writeStorm(api: Api, cluster: string, clients: number, codes: Map<number, number>) {
  let stopping = false;
  let refused = () => {};
  const firstRefusal = new Promise<void>((ok) => (refused = ok));
  let wake = () => {};
  const stopped = new Promise<void>((ok) => (wake = ok));
  const pause = (seconds: number) => Promise.race([new Promise((ok) => setTimeout(ok, seconds * 1000)), stopped]);
  const writers = Array.from({ length: clients }, async () => {
    while (!stopping) {
      const name = `storm-${randomUUID()}`;
      const r = await api.request('POST', `/clusters/${cluster}/api/v1/namespaces/default/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'b' } });
      codes.set(r.status, (codes.get(r.status) ?? 0) + 1);
      if (r.status === 429) {
        refused();
        await pause(r.retryAfter ?? 1);
      }
    }
  });
  return {
    /** resolves at the storm's first 429, or after `ms` */
    throttled: (ms: number) => Promise.race([firstRefusal, new Promise((ok) => setTimeout(ok, ms))]),
    /** resolves once every writer's last request is answered */
    async stop() {
      stopping = true;
      wake();
      await Promise.all(writers);
    },
  };
}

/**
 * Creates `count` clusters and deletes them again, until each is gone. The baseline is then a
 * runtime that has done what the measured phase does (workerd's code pages and what its allocator
 * kept of the burst are in its RSS, as in any runtime that has served), holding no tenant
 * cluster: the ratio is what the idle clusters cost, not what creating them cost.
 */
async function createAndDelete(cp: RuntimeProcess, api: Api, prefix: string, count: number, settleSeconds: number): Promise<void> {
  for (let i = 0; i < count; i++) expectStatus(await api.request('POST', CLUSTERS, cluster(`${prefix}${i}`)), 201);
  await waitForQuiet(cp.pid, settleSeconds);
  for (let i = 0; i < count; i++) expectStatus(await api.request('DELETE', `${CLUSTERS}/${prefix}${i}`), 200, 202);
  for (let i = 0; i < count; i++) {
    for (const t0 = nowMs(); (await api.request('GET', `${CLUSTERS}/${prefix}${i}`)).status !== 404; await new Promise((ok) => setTimeout(ok, 100)))
      if (nowMs() - t0 > 30_000) throw new Error(`cluster ${prefix}${i} still there 30 s after its deletion`);
  }
}

/** `fresh`: the control plane served nothing before this section (its idle baseline is a new runtime's) */
export async function measureClusters(o: { cp: RuntimeProcess; api: Api; phase: Phase; quick: boolean; fresh: boolean }): Promise<void> {
  const plan = o.quick ? CLUSTERS_PLAN.quick : CLUSTERS_PLAN.full;
  const { api } = o;
  const prefix = 'bench-c';

  await o.cp.settled();
  const cold = await measureRss(o.cp.pid);
  const cronAt = Date.now();
  await o.phase(`clusters: creating and deleting ${plan.warmUp} clusters (the baseline's warm-up)`, 30, async () => {
    await createAndDelete(o.cp, api, 'bench-warm', plan.warmUp, plan.settleSeconds);
    return { figures: [] as Figure[] };
  });
  const windows = `${plan.idleWindows > 1 ? `${plan.idleWindows} windows of ` : ''}${plan.idleSeconds} s`;
  const none = await o.phase(`clusters: idle runtime with no tenant cluster (${windows})`, (plan.idleSeconds + 2) * plan.idleWindows, async () => {
    const r = await idle(o.cp, plan.idleSeconds, plan.idleWindows, cronAt);
    return { r, figures: [] as Figure[] };
  });

  await o.phase(`clusters: creating ${plan.clusters} clusters, one after another`, plan.clusters / 10, async () => {
    const ms: number[] = [];
    const t0 = nowMs();
    for (let i = 0; i < plan.clusters; i++) ms.push(expectStatus(await api.request('POST', CLUSTERS, cluster(`${prefix}${i}`)), 201).ms);
    const seconds = (nowMs() - t0) / 1000;
    const note = `${plan.clusters} clusters in ${fmt(seconds)} s, sequential, each with its system objects`;
    return {
      figures: [
        { name: 'cluster creation p50', value: percentile(ms, 50), unit: 'ms', note },
        { name: 'cluster creation p99', value: percentile(ms, 99), unit: 'ms', note, target: { atMost: TARGETS.createP99Ms } },
      ],
    };
  });

  // the controllers' resync of each new cluster (default service accounts, kube-root-ca.crt, aggregated roles)
  const settled = await waitForQuiet(o.cp.pid, plan.settleSeconds);
  console.log(`  the controllers settled ${plan.clusters} new clusters in ${fmt(settled)} s`);
  // the first cron after the creations reads the log they wrote (which tenants changed): a cost of creating them, paid once
  const firstCron = await cronMs(o.cp);
  await waitForQuiet(o.cp.pid, plan.settleSeconds);
  console.log(`  the first cron run after the creations: ${fmt(firstCron)} ms; the next: ${fmt(await cronMs(o.cp))} ms`);

  await o.phase(`clusters: idle runtime with ${plan.clusters} idle clusters (${windows})`, (plan.idleSeconds + 2) * plan.idleWindows, async () => {
    const r = await idle(o.cp, plan.idleSeconds, plan.idleWindows, cronAt);
    const base = none.r;
    const cpuRatio = Math.max(r.cpu, CPU_FLOOR) / Math.max(base.cpu, CPU_FLOOR);
    const pct = (x: number) => `${fmt(100 * x, 1)}%`;
    return {
      figures: [
        { name: `idle CPU, ${plan.clusters} clusters / none`, value: cpuRatio, unit: '×', target: { atMost: TARGETS.idleRatio }, note: `${pct(r.cpu)} vs ${pct(base.cpu)} of a core, the median of ${plan.idleWindows} windows of ${plan.idleSeconds} s each with one cron run (${r.windows.map(pct).join(', ')} vs ${base.windows.map(pct).join(', ')}), floored at ${pct(CPU_FLOOR)}` },
        { name: `idle RSS, ${plan.clusters} clusters / none`, value: r.rss.total / base.rss.total, unit: '×', target: { atMost: TARGETS.idleRatio }, note: `${rssText(r.rss)} vs ${rssText(base.rss)}, after ${plan.warmUp} clusters created and deleted (before them: ${rssText(cold)})${o.fresh ? '' : '; the baseline is the runtime as the sections before left it: --only=clusters measures a fresh one'}` },
      ],
    };
  });

  await o.phase(`clusters: a cluster's GETs alone, then beside another cluster's ${plan.stormClients}-client write storm, ${plan.rounds} rounds`, 90, async () => {
    const quiet = `${prefix}0`;
    const noisy = `${prefix}1`;
    const path = `/clusters/${quiet}/api/v1/namespaces/default/configmaps/probe`;
    expectStatus(await api.request('POST', `/clusters/${quiet}/api/v1/namespaces/default/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'probe' }, data: { a: 'b' } }), 201);
    const reader = await studentOf(o.cp, api, quiet);
    const stormer = await studentOf(o.cp, api, noisy);
    await getTimes(reader, path, 50); // warm-up: the isolate's caches of that cluster

    // alone and beside the storm in turns, so that both sides see the same moments of a shared
    // machine (its other load moves a p99 more than the storm does)
    const alone: number[] = [];
    const beside: number[] = [];
    const codes = new Map<number, number>();
    let stormSeconds = 0;
    const perRound = Math.ceil(plan.gets / plan.rounds);
    for (let round = 0; round < plan.rounds; round++) {
      await waitForQuiet(o.cp.pid, 10); // the last round's storm fully handled (controllers included): it must not slow the GETs "alone"
      alone.push(...(await getTimes(reader, path, perRound)));
      const storm = writeStorm(stormer, noisy, plan.stormClients, codes);
      // timed once the storm is throttled (its cluster's burst spent, as in a long storm): each
      // round restarts it, and the bucket refilled meanwhile would otherwise be most of a round
      await storm.throttled(5_000);
      const t0 = nowMs();
      beside.push(...(await getTimes(reader, path, perRound)));
      stormSeconds += (nowMs() - t0) / 1000;
      await storm.stop();
    }
    reader.close();
    stormer.close();
    const stormText = [...codes].sort().map(([c, k]) => `${k}×${c}`).join(' ');
    const ratio = percentile(beside, 99) / percentile(alone, 99);
    const samples = `${plan.rounds} rounds of ${perRound} sequential GETs each side`;
    return {
      figures: [
        { name: 'GET p99, one cluster alone', value: percentile(alone, 99), unit: 'ms', note: `${samples}, p50 ${fmt(percentile(alone, 50), 2)} ms` },
        { name: "GET p99 beside another cluster's write storm", value: percentile(beside, 99), unit: 'ms', note: `p50 ${fmt(percentile(beside, 50), 2)} ms; storm over ${fmt(stormSeconds)} s: ${stormText}` },
        { name: 'GET p99 ratio, storm / alone', value: ratio, unit: '×', target: { atMost: TARGETS.neighbourRatio } },
      ],
    };
  });
}
