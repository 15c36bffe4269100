/**
 * CrashLoopBackOff and ImagePullBackOff, as the kubelet times them: the first failure is retried
 * at once; each later one waits (from the moment the container finished) the current delay,
 * 10 s, then 20 s, 40 s, ... capped at 300 s. A key left alone for 10 minutes (the container ran
 * that long since its last restart) starts over from nothing.
 */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  /** an entry not bumped for this long is forgotten */
  resetMs: number;
}

export const CRASH_BACKOFF: BackoffPolicy = { initialMs: 10_000, maxMs: 300_000, resetMs: 600_000 };

interface Entry {
  delayMs: number;
  lastUpdate: number;
}

export class Backoff {
  private readonly entries = new Map<string, Entry>();
  constructor(readonly policy: BackoffPolicy = CRASH_BACKOFF) {}

  private live(key: string, now: number): Entry | undefined {
    const e = this.entries.get(key);
    if (e && now - e.lastUpdate > this.policy.resetMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Milliseconds still to wait before retrying what failed at `failedAt`; 0 = go now. */
  remaining(key: string, failedAt: number, now: number): number {
    const e = this.live(key, now);
    return e ? Math.max(0, failedAt + e.delayMs - now) : 0;
  }

  /** The delay a failure of `key` waits now (for messages: "back-off 20s restarting ..."). */
  delay(key: string, now: number): number {
    return this.live(key, now)?.delayMs ?? 0;
  }

  /** Records a retry: the next failure waits longer. */
  next(key: string, now: number): void {
    const e = this.live(key, now);
    const delayMs = e ? Math.min(e.delayMs * 2, this.policy.maxMs) : this.policy.initialMs;
    this.entries.set(key, { delayMs, lastUpdate: now });
  }

  /** Forgets a key (the container succeeded, the image was pulled). */
  reset(key: string): void {
    this.entries.delete(key);
  }
}
