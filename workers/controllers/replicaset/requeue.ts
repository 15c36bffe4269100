/**
 * Looking at a key again at a given time (a minReadySeconds elapsing, a progress deadline): every
 * sync of a waiting object asks again, and the context sends one message per key, the earliest
 * asked (framework/requeues.ts). A lost timer is caught by the cron resync.
 */
import type { ControllerContext } from '../framework/controller.ts';

/** Requeues `key` for `at` (ms). */
export async function requeueAt(ctx: ControllerContext, key: string, at: number): Promise<void> {
  await ctx.requeue(key, Math.max(0, (at - ctx.now().getTime()) / 1000));
}
