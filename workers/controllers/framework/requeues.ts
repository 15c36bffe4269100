/**
 * Delayed requeues held as client-go's delaying queue holds them (`AddAfter`): one pending timer
 * per key, the earliest wins. A key already waiting for a time at or before the one asked is not
 * sent again: the later time is kept, and sent when the pending message comes (`delivered`), so
 * no time asked for is lost (a controller may remember that it asked, as nodelifecycle's Rechecks
 * do, and not ask again). An earlier time is sent at once (a queue message cannot be taken back:
 * the later one still comes, and costs one reconcile). Without this, every failed reconcile and every sync of a
 * waiting object sent one more delayed message, and the local queue keeps a timer for each: under
 * 200 agents miniflare's broker ran out of them (`max active timeouts 10000`).
 *
 * Per isolate and best effort: a message that never comes (another isolate took it, or it was
 * lost) stops holding its key LOST_AFTER_MS after it was due, and the cron resync catches the rest.
 */
const LOST_AFTER_MS = 60_000;
const MAX_PENDING = 50_000;

export class PendingRequeues {
  /** by cluster, controller and key: when the earliest message sent is due (ms), and the earliest time asked after it */
  private readonly due = new Map<string, { at: number; later?: number }>();

  /** Whether a message due at `at` must be sent for the key; if so it is taken as sent. */
  ask(id: string, at: number, now: number): boolean {
    const known = this.due.get(id);
    if (known && known.at <= at && now < known.at + LOST_AFTER_MS) {
      if (at > known.at) known.later = Math.min(known.later ?? Infinity, at);
      return false;
    }
    if (this.due.size >= MAX_PENDING && !known) this.due.delete(this.due.keys().next().value!);
    // an earlier time replaces the pending one, which still comes: what was asked after it is kept
    const later = known && known.at > at ? Math.min(known.at, known.later ?? Infinity) : undefined;
    this.due.set(id, later === undefined || !Number.isFinite(later) ? { at } : { at, later });
    return true;
  }

  /** The key's message came; returns the later time asked meanwhile, to be sent now (nothing is pending any more). */
  delivered(id: string): number | undefined {
    const known = this.due.get(id);
    this.due.delete(id);
    return known?.later;
  }

  /** A sent message failed: nothing is pending for the key. */
  forget(id: string, at: number): void {
    if (this.due.get(id)?.at === at) this.due.delete(id);
  }

  get size(): number {
    return this.due.size;
  }
}

export const requeueId = (cluster: string, controller: string, key: string) => `${cluster}|${controller}|${key}`;

/** This isolate's pending requeues, every cluster's. */
export const pendingRequeues = new PendingRequeues();
