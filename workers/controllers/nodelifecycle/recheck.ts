/**
 * Delayed re-checks without pile-ups. A controller that must look at a key again at a deadline
 * (a lease's grace period, a toleration running out, a retry) requeues it; but the reconcile that
 * the delayed message triggers may compute a new deadline and requeue again, and every change of
 * the key would too, so requeues would multiply. This keeps, per isolate, the one pending re-check
 * of each key: a new one is sent only when none is pending at or before the wanted time. A
 * pending re-check counts as fired once its time has passed (whether the message came or was
 * lost), so a lost message costs at most one extra wait for the next change or the cron resync.
 */
import type { ControllerContext } from '../framework/controller.ts';

/** Delayed messages arrive a little after their time (delays are whole seconds, rounded up). */
const SLACK_MS = 1000;

export class Rechecks {
  private readonly due = new Map<string, number>();

  /** Call at the start of a reconcile of `key`: forget a re-check whose time has come. */
  fired(key: string, now: number): void {
    const at = this.due.get(key);
    if (at !== undefined && at <= now + SLACK_MS) this.due.delete(key);
  }

  /** Look at `key` again at `at` (epoch ms), unless a re-check no later than that is pending. */
  async at(ctx: ControllerContext, key: string, at: number, now: number): Promise<void> {
    const pending = this.due.get(key);
    if (pending !== undefined && pending <= at) return;
    this.due.set(key, at);
    await ctx.requeue(key, Math.max(0, at - now) / 1000);
  }

  /** Whether a re-check of `key` is still to come (its time not passed yet). */
  pending(key: string, now: number): boolean {
    return (this.due.get(key) ?? -Infinity) > now;
  }

  /** Nothing to look at any more (the object is gone or has no deadline). */
  forget(key: string): void {
    this.due.delete(key);
  }
}
