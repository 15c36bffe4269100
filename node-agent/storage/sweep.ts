/**
 * Reclaim on the node: the directory of a provisioned volume whose PersistentVolume is gone (the
 * binder deleted it, reclaim policy Delete, or an admin did) is removed. Run at start and every
 * minute (a directory younger than a minute is left for the next run: its volume may be being
 * created), so a deletion missed while the agent was down is caught up.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import type { PersistentVolume } from '../../lib/api/core/persistentvolume.ts';
import { STORAGE_RESOURCES as R } from '../../lib/client/storage-resources.ts';
import type { NodeStorageContext } from './claims.ts';
import { volumePath, volumesRoot } from './paths.ts';

/** a directory this young may be one being provisioned, its volume not created yet */
const GRACE_MS = 60_000;

export async function sweepVolumes(ctx: NodeStorageContext, graceMs = GRACE_MS): Promise<string[]> {
  const names = await readdir(volumesRoot(ctx.stateDir)).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const path = volumePath(ctx.stateDir, name);
    if (!path) continue;
    const info = await stat(path).catch(() => undefined);
    if (!info?.isDirectory() || Date.now() - info.mtimeMs < graceMs) continue;
    const pv = await ctx.api.get<PersistentVolume>(R.persistentvolumes, undefined, name);
    if (pv) continue;
    await rm(path, { recursive: true, force: true });
    ctx.log(`volume ${name}: deleted, directory ${path} removed`);
    removed.push(name);
  }
  return removed;
}

/** Sweeps now and every `everyMs` until the signal aborts. */
export function startSweeping(ctx: NodeStorageContext, signal: AbortSignal, everyMs = 60_000): void {
  const run = () => void sweepVolumes(ctx).catch((e: Error) => ctx.log(`volumes: sweep failed: ${e.message}`));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
