/**
 * The seats of one max-in-flight budget (inflight.ts), with a queue in front, as API Priority and
 * Fairness queues a request rather than refusing it at once: past `limit` requests in flight a
 * request waits its turn, first come first served, and is refused (429) only when `queueLength`
 * are already waiting or its wait passes `maxWaitMs`. A refusal costs client-go a whole
 * Retry-After second; a turn in the queue, the time for a seat to free.
 *
 * The seats outlive the requests that take them, and workerd ends requests in ways that run none
 * of their code again: a client that goes away cancels its request, `finally` included. So
 *  - a seat taken more than `seatTimeoutMs` ago (kube-apiserver's request timeout, a minute) is
 *    presumed lost and freed when the seats are full;
 *  - a waiter checks for its turn on timers of its own request: no request ever waits on a promise
 *    another request settles (which workerd takes as a hung request, lib/isolate/memo.ts); a
 *    waiter that stopped checking (its request cancelled) is dropped from the queue.
 */
export interface SeatOptions {
  limit: number;
  /** requests that may wait for a seat (0: refused at once, as the old max-in-flight filter) */
  queueLength: number;
  maxWaitMs: number;
  seatTimeoutMs?: number;
  /** how often a waiter looks for its turn */
  pollMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface Seat {
  readonly since: number;
}

interface Waiter {
  seen: number;
}

export class Seats {
  private readonly taken = new Set<Seat>();
  private readonly queue: Waiter[] = [];
  private readonly o: Required<SeatOptions>;

  constructor(o: SeatOptions) {
    this.o = { seatTimeoutMs: 60_000, pollMs: 10, now: Date.now, sleep: (ms) => new Promise((ok) => setTimeout(ok, ms)), ...o };
  }

  get inFlight(): number {
    return this.taken.size;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** A seat, at once or after a wait; undefined when refused. */
  async take(): Promise<Seat | undefined> {
    if (!this.queue.length && this.freeSeats() > 0) return this.seat();
    if (this.queue.length >= this.o.queueLength) return undefined;
    const me: Waiter = { seen: this.o.now() };
    const since = me.seen;
    this.queue.push(me);
    for (let place = this.queue.length - 1; ; ) {
      // those further back look less often: a long queue costs few wakeups
      await this.o.sleep(this.o.pollMs * (1 + Math.floor(place / 10)));
      const now = this.o.now();
      me.seen = now;
      this.dropGone(now);
      place = this.queue.indexOf(me);
      if (place < 0) this.queue.unshift(me), (place = 0); // taken for gone while its timer ran late: it was first
      // as many of the first waiters as there are free seats go in
      if (place < this.freeSeats()) {
        this.queue.splice(place, 1);
        return this.seat();
      }
      if (now - since >= this.o.maxWaitMs) {
        this.queue.splice(place, 1);
        return undefined;
      }
    }
  }

  release(seat: Seat): void {
    this.taken.delete(seat);
  }

  private seat(): Seat {
    const seat = { since: this.o.now() };
    this.taken.add(seat);
    return seat;
  }

  /** The seats free, those of requests presumed lost freed first. */
  private freeSeats(): number {
    if (this.taken.size >= this.o.limit) {
      const now = this.o.now();
      for (const s of this.taken) if (now - s.since > this.o.seatTimeoutMs) this.taken.delete(s);
    }
    return this.o.limit - this.taken.size;
  }

  /** Waiters that have not looked for their turn in a long while: their requests are gone. */
  private dropGone(now: number): void {
    const gone = Math.max(1_000, this.o.pollMs * 100);
    for (let i = this.queue.length - 1; i >= 0; i--) if (now - this.queue[i]!.seen > gone) this.queue.splice(i, 1);
  }
}
