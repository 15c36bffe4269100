/**
 * RSS of the local runtime: this Node process (Hrana server, miniflare's loopback, the load
 * clients) plus every workerd process descended from it. Read from /proc (Linux only).
 */
import { readdir, readFile } from 'node:fs/promises';

export interface Rss {
  node: number;
  workerd: number;
  total: number;
  /** pids of the workerd processes counted */
  pids: number[];
}

async function status(pid: number): Promise<{ name: string; ppid: number; rssBytes: number } | undefined> {
  try {
    const text = await readFile(`/proc/${pid}/status`, 'utf8');
    const field = (k: string) => new RegExp(`^${k}:\\s*(.*)$`, 'm').exec(text)?.[1] ?? '';
    return { name: field('Name'), ppid: Number(field('PPid')), rssBytes: Number(field('VmRSS').split(/\s+/)[0] || 0) * 1024 };
  } catch {
    return undefined; // gone, or not ours to read
  }
}

async function processes() {
  const procs = new Map<number, { name: string; ppid: number; rssBytes: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = await status(Number(entry));
    if (s) procs.set(Number(entry), s);
  }
  const descends = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p && hops < 64; p = procs.get(p)?.ppid, hops++) if (p === process.pid) return true;
    return false;
  };
  const pids = [...procs].filter(([pid, s]) => s.name.startsWith('workerd') && descends(pid)).map(([pid]) => pid);
  return { procs, pids };
}

/** The workerd processes started (directly or not) by this process. */
export const workerdPids = async () => (await processes()).pids;

export async function measureRss(): Promise<Rss> {
  const { procs, pids } = await processes();
  const node = process.memoryUsage.rss();
  const workerd = pids.reduce((sum, pid) => sum + procs.get(pid)!.rssBytes, 0);
  return { node, workerd, total: node + workerd, pids };
}

/** Samples RSS every `everyMs` until stopped; keeps the largest total seen. */
export function rssSampler(everyMs = 500) {
  let peak: Rss | undefined;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await measureRss();
      if (!peak || r.total > peak.total) peak = r;
      await new Promise((ok) => setTimeout(ok, everyMs));
    }
  })();
  return {
    async stop(): Promise<Rss | undefined> {
      stopped = true;
      await loop;
      return peak;
    },
  };
}
