/**
 * Looking at a key again at a given time (a minReadySeconds elapsing, a progress deadline), once:
 * every sync of a waiting object asks again, and each ask would otherwise be another delayed queue
 * message. Isolate-local and best effort: another isolate may ask too, and a lost timer is caught
 * by the cron resync.
 */
import type { ControllerContext } from '../framework/controller.ts';

const dueAt = new Map<string, number>();
const MAX_REMEMBERED = 10_000;

/** Requeues `key` for `at` (ms) unless this isolate already did for a time between now and then. */
export async function requeueAt(ctx: ControllerContext, controller: string, key: string, at: number): Promise<void> {
  const id = `${ctx.cluster ?? ''}/${controller}/${key}`;
  const now = ctx.now().getTime();
  const known = dueAt.get(id);
  if (known !== undefined && known > now && known <= at) return;
  if (dueAt.size >= MAX_REMEMBERED) dueAt.clear();
  dueAt.set(id, at);
  await ctx.requeue(key, Math.max(0, (at - now) / 1000));
}
