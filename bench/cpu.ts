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

/** Starts counting; `end()` returns the phase's CPU use as % of one core per process. */
export async function cpuMeter() {
  const pids = await workerdPids();
  const wall0 = nowMs();
  const node0 = process.cpuUsage();
  const workerd0 = await workerdCpuSeconds(pids);
  return {
    async end(): Promise<string> {
      const wall = (nowMs() - wall0) / 1000;
      const node = process.cpuUsage(node0);
      const workerd = (await workerdCpuSeconds(pids)) - workerd0;
      const pct = (s: number) => `${fmt((100 * s) / wall, 0)}%`;
      return `cpu over ${fmt(wall, 1)} s: node ${pct((node.user + node.system) / 1e6)}, workerd ${pct(workerd)} (of one core each)`;
    },
  };
}
