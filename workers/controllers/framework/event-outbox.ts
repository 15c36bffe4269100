/**
 * Where recorded events wait to be written (events.ts): in the order recorded, at most
 * `writesAtOnce` at a time, one object's events one after the other (they may patch the same
 * Event: a count, a combined event), each held `holdMs` after it was recorded unless `flush`
 * comes first.
 *
 * A batch's recorders share one outbox (runner.ts), so its events are sent in the order they
 * were recorded, whoever recorded them: `kubectl get events` sorted by resourceVersion tells the
 * chain in order (ScalingReplicaSet, SuccessfulCreate, Scheduled), as the course shows. A hold
 * would keep events out of the way of a Deployment's creates and bindings on workerd's one
 * thread, but the batch does not hold them (runner.ts, EVENT_HOLD_MS says why).
 */
export class EventOutbox {
  private readonly waiting: { due: number; write: () => Promise<void> }[] = [];
  private readonly writing = new Set<Promise<void>>();
  private readonly lanes = new Map<string, Promise<void>>();
  /** once flushing, nothing is held any more */
  private flushing = false;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly holdMs = 0,
    private readonly writesAtOnce = 8,
  ) {}

  /** Queues `write` behind the earlier writes of `lane` (an object); failures are `onError`'s. */
  add(lane: string, write: () => Promise<void>, onError: (e: Error) => void): void {
    const run = () => {
      const written = (this.lanes.get(lane) ?? Promise.resolve()).then(write);
      const settled = written.catch(onError);
      this.lanes.set(lane, settled);
      void settled.then(() => this.lanes.get(lane) === settled && this.lanes.delete(lane));
      return settled;
    };
    this.waiting.push({ due: Date.now() + this.holdMs, write: run });
    this.pump();
  }

  /** Resolves once every event added so far has been written (or has failed); nothing is held after. */
  async flush(): Promise<void> {
    this.flushing = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pump();
    while (this.writing.size) await Promise.all(this.writing);
  }

  private pump(): void {
    while (this.writing.size < this.writesAtOnce && this.waiting.length && (this.flushing || this.waiting[0].due <= Date.now())) {
      const p: Promise<void> = this.waiting
        .shift()!
        .write()
        .finally(() => {
          this.writing.delete(p);
          this.pump();
        });
      this.writing.add(p);
    }
    // the first held event is due later: look again then (they are held in the order recorded)
    if (!this.flushing && !this.timer && this.waiting.length && this.writing.size < this.writesAtOnce) {
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.pump();
        },
        Math.max(0, this.waiting[0].due - Date.now()),
      );
    }
  }
}
