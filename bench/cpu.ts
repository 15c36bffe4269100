/**
 * CPU time of the local runtime's processes during a phase: this Node process (Hrana server,
 * miniflare's loopback, the load clients) and the workerd processes (the workers themselves).
 * On 2 cores, a process near 100% of one core is the bottleneck of the phase.
 */
import { readFile } from 'node:fs/promises';
import { nowMs } from './client.ts';
import { workerdPids } from './rss.ts';
import { fmt } from './stats.ts';

const TICKS_PER_S = 100; // USER_HZ on Linux

async function workerdCpuSeconds(pids: number[]): Promise<number> {
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

export interface CpuUse {
  /** seconds of wall time, and of CPU time in each process */
  wall: number;
  node: number;
  workerd: number;
  /** e.g. "cpu over 7.0 s: node 27%, workerd 85% (of one core each)" */
  text: string;
}

/** Starts counting; `end()` returns the phase's CPU use. */
export async function cpuMeter() {
  const pids = await workerdPids();
  const wall0 = nowMs();
  const node0 = process.cpuUsage();
  const workerd0 = await workerdCpuSeconds(pids);
  return {
    async end(): Promise<CpuUse> {
      const wall = (nowMs() - wall0) / 1000;
      const used = process.cpuUsage(node0);
      const node = (used.user + used.system) / 1e6;
      const workerd = (await workerdCpuSeconds(pids)) - workerd0;
      const pct = (s: number) => `${fmt((100 * s) / wall, 0)}%`;
      return { wall, node, workerd, text: `cpu over ${fmt(wall, 1)} s: node ${pct(node)}, workerd ${pct(workerd)} (of one core each)` };
    },
  };
}

/**
 * Waits until workerd has been nearly idle for one sampling interval (below `threshold` of a
 * core), at most `maxSeconds`; returns the seconds waited. Creates leave work behind them (the
 * change queue, the controllers, their API calls), which would otherwise load the next phase.
 */
export async function waitForQuiet(maxSeconds = 60, threshold = 0.1, intervalMs = 500): Promise<number> {
  const pids = await workerdPids();
  const started = nowMs();
  for (;;) {
    const before = await workerdCpuSeconds(pids);
    await new Promise((ok) => setTimeout(ok, intervalMs));
    const busy = ((await workerdCpuSeconds(pids)) - before) / (intervalMs / 1000);
    const waited = (nowMs() - started) / 1000;
    if (busy < threshold || waited >= maxSeconds) return waited;
  }
}
