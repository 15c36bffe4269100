/**
 * CPU time of the local runtime's processes during a phase: the runtime runs in a process of its
 * own (runtime-child.ts), whose pid is `root`; its Node side (Hrana server, TLS front, miniflare's
 * loopback) is that process and its descendants other than workerd, and the workerd processes are
 * its own (the workers themselves). The benchmark's process and its clients are not counted. On 2
 * cores, a process near 100% of one core is the bottleneck of the phase.
 */
import { readdir, readFile } from 'node:fs/promises';
import { nowMs } from './client.ts';
import { descendants } from './rss.ts';
import { fmt } from './stats.ts';

const TICKS_PER_S = 100; // USER_HZ on Linux

async function cpuSeconds(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // fields after the command name: state is 3rd, utime 14th, stime 15th (1-based, man proc)
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // exited
    }
  }
  return ticks / TICKS_PER_S;
}

/**
 * Seconds the processes' threads spent runnable but waiting for a CPU (/proc/<pid>/task/<tid>/schedstat,
 * second field, ns): on a shared machine, how much of a phase workerd could not run at all.
 */
async function runQueueSeconds(pids: number[]): Promise<number> {
  let ns = 0;
  for (const pid of pids) {
    try {
      for (const tid of await readdir(`/proc/${pid}/task`)) ns += Number((await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')).split(' ')[1]) || 0;
    } catch {
      // exited
    }
  }
  return ns / 1e9;
}

export interface CpuUse {
  /** seconds of wall time, and of CPU time in each process */
  wall: number;
  node: number;
  workerd: number;
  /** seconds workerd's threads were runnable but waited for a CPU (the machine's other load) */
  workerdWaiting: number;
  /** e.g. "cpu over 7.0 s: node 27%, workerd 85% (of one core each)" */
  text: string;
}

/** Starts counting; `end()` returns the phase's CPU use by the process tree under `root`. */
export async function cpuMeter(root: number) {
  const tree = await descendants(root);
  const nodePids = [root, ...tree.others];
  const nodeSeconds = () => cpuSeconds(nodePids);
  const wall0 = nowMs();
  const node0 = await nodeSeconds();
  const workerd0 = await cpuSeconds(tree.pids);
  const waiting0 = await runQueueSeconds(tree.pids);
  return {
    async end(): Promise<CpuUse> {
      const wall = (nowMs() - wall0) / 1000;
      const node = (await nodeSeconds()) - node0;
      const workerd = (await cpuSeconds(tree.pids)) - workerd0;
      const workerdWaiting = (await runQueueSeconds(tree.pids)) - waiting0;
      const pct = (s: number) => `${fmt((100 * s) / wall, 0)}%`;
      return { wall, node, workerd, workerdWaiting, text: `cpu over ${fmt(wall, 1)} s: node ${pct(node)}, workerd ${pct(workerd)} (of one core each)` };
    },
  };
}

/**
 * Waits until workerd has been nearly idle for one sampling interval (below `threshold` of a
 * core), at most `maxSeconds`; returns the seconds waited. Creates leave work behind them (the
 * change queue, the controllers, their API calls), which would otherwise load the next phase.
 * `root`: the runtime's process; only the workerd under it count.
 */
export async function waitForQuiet(root: number, maxSeconds = 60, threshold = 0.1, intervalMs = 500): Promise<number> {
  const pids = (await descendants(root)).pids;
  const started = nowMs();
  for (;;) {
    const before = await cpuSeconds(pids);
    await new Promise((ok) => setTimeout(ok, intervalMs));
    const busy = ((await cpuSeconds(pids)) - before) / (intervalMs / 1000);
    const waited = (nowMs() - started) / 1000;
    if (busy < threshold || waited >= maxSeconds) return waited;
  }
}
