/**
 * The kubelet's housekeeping, across agents: sandboxes and containers in the runtime that carry
 * our labels (timonier.dev/node and timonier.dev/cluster) but whose agent is gone for good — a
 * throwaway local cluster, a node renamed, an agent killed — are stopped and removed, on start
 * and then periodically. What this agent owns itself is the relist loop's (relist.ts: pods no
 * longer bound to it); what carries no label of ours (other tools' containers, a kubelet's) is
 * never touched.
 *
 * "Gone" needs care: agents of other nodes or clusters may share this runtime (tests, several
 * local clusters at once). Each running agent keeps a heartbeat file, `<cluster>.<node>`, in a
 * directory of this machine, touched every HEARTBEAT_MS; an owner whose file is missing or
 * older than STALE_MS has no agent on this machine, and its pods are leftovers.
 */
import { mkdir, readdir, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { LABELS, type Runtime } from '../runtime/types.ts';

export const HEARTBEAT_MS = 30_000;
export const STALE_MS = 5 * 60_000;

/** Where agents of this machine keep their heartbeat files. */
export function agentsDir(): string {
  return process.getuid?.() === 0 ? '/run/timonier-node/agents' : join(os.tmpdir(), `timonier-node-agents-${process.getuid?.() ?? 'user'}`);
}

const ownerFile = (dir: string, owner: Record<string, string>) => join(dir, `${owner[LABELS.cluster]}.${owner[LABELS.node]}`);

/** Keeps this agent's heartbeat file fresh until `signal` aborts (then removes it). */
export async function heartbeatFile(dir: string, owner: Record<string, string>, signal: AbortSignal): Promise<void> {
  const file = ownerFile(dir, owner);
  await mkdir(dir, { recursive: true });
  await writeFile(file, `${process.pid}\n`);
  const timer = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => writeFile(file, `${process.pid}\n`).catch(() => undefined));
  }, HEARTBEAT_MS);
  timer.unref();
  signal.addEventListener('abort', () => {
    clearInterval(timer);
    void unlink(file).catch(() => undefined);
  });
}

/** The process id of a running agent of this owner on this machine (a fresh heartbeat file whose process lives), if any. */
export async function runningAgent(dir: string, owner: Record<string, string>, now = Date.now()): Promise<number | undefined> {
  const file = ownerFile(dir, owner);
  const s = await stat(file).catch(() => undefined);
  if (!s || now - s.mtimeMs >= STALE_MS) return undefined;
  const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: it lives, under another user
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** The owners (cluster.node) with a fresh heartbeat file. */
async function liveOwners(dir: string, now: number): Promise<Set<string>> {
  const live = new Set<string>();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const s = await stat(join(dir, name)).catch(() => undefined);
    if (s && now - s.mtimeMs < STALE_MS) live.add(name);
  }
  return live;
}

export interface Sweep {
  sandboxes: number;
  containers: number;
}

/**
 * Removes what agents no longer running left behind. `self` is this agent's owner labels (its
 * own pods are the relist loop's, never this sweep's).
 */
export async function sweepLeftovers(runtime: Runtime, self: Record<string, string>, dir: string, log: (line: string) => void, now = Date.now()): Promise<Sweep> {
  const live = await liveOwners(dir, now);
  live.add(`${self[LABELS.cluster]}.${self[LABELS.node]}`);
  const ours = (labels: Record<string, string>) => labels[LABELS.node] !== undefined && labels[LABELS.cluster] !== undefined;
  const orphaned = (labels: Record<string, string>) => ours(labels) && !live.has(`${labels[LABELS.cluster]}.${labels[LABELS.node]}`);
  const done: Sweep = { sandboxes: 0, containers: 0 };
  for (const c of await runtime.listContainers()) {
    if (!orphaned(c.labels)) continue;
    if (c.state === 'running' || c.state === 'created') await runtime.stopContainer(c.id, 0);
    await runtime.removeContainer(c.id);
    done.containers++;
  }
  for (const sb of await runtime.listSandboxes()) {
    if (!orphaned(sb.labels)) continue;
    await runtime.stopSandbox(sb.id);
    await runtime.removeSandbox(sb.id);
    done.sandboxes++;
  }
  if (done.sandboxes || done.containers) log(`housekeeping: removed ${done.sandboxes} sandboxes and ${done.containers} containers left by agents no longer running`);
  return done;
}
