/**
 * RSS of the local runtime, read from /proc (Linux only): the runtime's process (`root`, started by
 * runtime-child.ts) and every process descended from it, workerd counted apart: exactly the
 * runtime, not the benchmark's process or its clients.
 */
import { open, readdir } from 'node:fs/promises';

export interface Rss {
  /** the Node side: the root process and its descendants other than workerd */
  node: number;
  workerd: number;
  total: number;
  /** pids of the workerd processes counted */
  pids: number[];
}

interface Proc {
  name: string;
  ppid: number;
  rssBytes: number;
}

/**
 * A /proc file's first 4 KB (where Name, PPid and VmRSS are). /proc files report a size of 0, so
 * readFile reads each in a 64 KB buffer: ~8 MB of garbage per scan of 120 processes, every 500 ms
 * while a sampler runs.
 */
async function readHead(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(4096);
    const { bytesRead } = await file.read(buf, 0, buf.length, 0);
    return buf.toString('utf8', 0, bytesRead);
  } finally {
    await file.close();
  }
}

async function status(pid: number): Promise<Proc | undefined> {
  try {
    const text = await readHead(`/proc/${pid}/status`);
    const field = (k: string) => new RegExp(`^${k}:\\s*(.*)$`, 'm').exec(text)?.[1] ?? '';
    return { name: field('Name'), ppid: Number(field('PPid')), rssBytes: Number(field('VmRSS').split(/\s+/)[0] || 0) * 1024 };
  } catch {
    return undefined; // gone, or not ours to read
  }
}

/** The processes descended from `root` (not `root` itself), split into workerd and the others. */
export async function descendants(root = process.pid) {
  const procs = new Map<number, Proc>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = await status(Number(entry));
    if (s) procs.set(Number(entry), s);
  }
  const descends = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p && hops < 64; p = procs.get(p)?.ppid, hops++) if (p === root) return true;
    return false;
  };
  const below = [...procs.keys()].filter(descends);
  return {
    procs,
    pids: below.filter((pid) => procs.get(pid)!.name.startsWith('workerd')),
    others: below.filter((pid) => !procs.get(pid)!.name.startsWith('workerd')),
  };
}

/** The workerd processes started (directly or not) by `root`. */
export const workerdPids = async (root: number) => (await descendants(root)).pids;

/** The process tree under `root`, itself included. */
export async function measureRss(root: number): Promise<Rss> {
  const { procs, pids, others } = await descendants(root);
  const sum = (ps: number[]) => ps.reduce((s, pid) => s + (procs.get(pid)?.rssBytes ?? 0), 0);
  const node = sum([root, ...others]);
  const workerd = sum(pids);
  return { node, workerd, total: node + workerd, pids };
}

/** Samples the RSS of the tree under `root` every `everyMs` until stopped; keeps the largest total seen. */
export function rssSampler(root: number, everyMs = 500) {
  let peak: Rss | undefined;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await measureRss(root);
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
