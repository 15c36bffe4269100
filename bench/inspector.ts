/**
 * V8's sampling profiler on workerd's workers, through their inspector (the Chrome DevTools
 * protocol), for the tools that look for costs (`profile.ts`, `agents-phase.ts --profile`): start
 * it on every worker, stop it and print each worker's functions by self time (and total time).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import WebSocket from 'ws';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** One CDP session on an inspector target. */
async function session(url: string) {
  const ws = new WebSocket(url.replaceAll('#', '%23'));
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
  let id = 0;
  const pending = new Map<number, (r: unknown) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<any>((ok) => {
      pending.set(++id, ok);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => ws.close() };
}

type Session = Awaited<ReturnType<typeof session>>;

const frameKey = (n: Pick<ProfileNode, 'callFrame'>) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber + 1}`;

/** Total (self + callees) time by function, counting each sample once per function on its stack. */
function totalTimes(nodes: ProfileNode[], samples: number[]): { name: string; share: number }[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map<string, number>();
  for (const id of samples) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(frameKey(byId.get(at)!));
    for (const k of seen) hits.set(k, (hits.get(k) ?? 0) + 1);
  }
  return [...hits].map(([name, h]) => ({ name, share: h / samples.length })).sort((a, b) => b.share - a.share);
}

/** Self time by function (name, file and line), largest first. */
function selfTimes(nodes: ProfileNode[], samples: number): { name: string; share: number }[] {
  const byName = new Map<string, number>();
  for (const n of nodes) byName.set(frameKey(n), (byName.get(frameKey(n)) ?? 0) + (n.hitCount ?? 0));
  return [...byName].map(([name, hits]) => ({ name, share: hits / samples })).sort((a, b) => b.share - a.share);
}

export interface ReportOptions {
  /** also list functions with their callees' time */
  total?: boolean;
  /** write each worker's .cpuprofile into this directory */
  saveDir?: string;
}

interface AllocationNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: AllocationNode[];
}

/** Bytes allocated by function (name, file and line) and its caller, largest first. */
function allocationSites(head: AllocationNode): { name: string; share: number }[] {
  const bySite = new Map<string, number>();
  let total = 0;
  const walk = (n: AllocationNode, caller: string) => {
    const name = frameKey(n);
    total += n.selfSize;
    if (n.selfSize) bySite.set(`${name} < ${caller}`, (bySite.get(`${name} < ${caller}`) ?? 0) + n.selfSize);
    for (const c of n.children) walk(c, name);
  };
  walk(head, '');
  return [...bySite].map(([name, bytes]) => ({ name, share: bytes / total })).sort((a, b) => b.share - a.share);
}

/**
 * Opens a session on each of the runtime's workers (`all`: miniflare's own too, e.g. the queue
 * broker; a target that refuses a session is left out, with its name) and starts sampling;
 * `allocations`: also where they allocate (V8's sampling heap profiler, counting the objects the
 * collector has freed since: what makes its work, not what stays).
 */
export async function startProfiling(inspectorPort: number, all = false, allocations = false) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { title: string; webSocketDebuggerUrl: string }[];
  const wanted = targets.filter((t) => all || t.title.includes('core:user:'));
  const opened = await Promise.all(wanted.map(async (t) => ({ title: t.title, s: await session(t.webSocketDebuggerUrl).catch((e: Error) => void console.log(`${t.title}: ${e.message}`)) })));
  const sessions = opened.filter((o): o is { title: string; s: Session } => o.s !== undefined);
  for (const { s } of sessions) {
    await s.call('Profiler.enable');
    await s.call('Profiler.setSamplingInterval', { interval: 200 });
    await s.call('Profiler.start');
    if (allocations) await s.call('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  return {
    /** stops sampling and prints, for each worker, its busy share and its costliest functions */
    async stopAndReport(o: ReportOptions = {}): Promise<void> {
      for (const { title, s } of sessions) {
        const { profile } = (await s.call('Profiler.stop')) as { profile: Profile };
        const idle = profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').reduce((a, n) => a + (n.hitCount ?? 0), 0);
        const total = profile.samples.length;
        console.log(`\n${title}: ${total} samples, ${((100 * (total - idle)) / total).toFixed(0)}% busy`);
        for (const { name, share } of selfTimes(profile.nodes, total).slice(0, 30)) console.log(`  ${(100 * share).toFixed(1).padStart(5)}%  ${name}`);
        if (o.total) {
          console.log(`  total (self + callees):`);
          for (const { name, share } of totalTimes(profile.nodes, profile.samples).slice(0, 60)) console.log(`  ${(100 * share).toFixed(1).padStart(5)}%  ${name}`);
        }
        if (allocations) {
          const { profile: heap } = (await s.call('HeapProfiler.stopSampling')) as { profile: { head: AllocationNode } };
          console.log(`  allocations by function < its caller:`);
          for (const { name, share } of allocationSites(heap.head).slice(0, 30)) console.log(`  ${(100 * share).toFixed(1).padStart(5)}%  ${name}`);
        }
        if (o.saveDir) await writeFile(join(o.saveDir, `${title.split(':').pop()}.cpuprofile`), JSON.stringify(profile));
        s.close();
      }
    },
  };
}
