/**
 * Where recorded events wait to be written (events.ts): in the order recorded, at most
 * `writesAtOnce` at a time, one object's events one after the other (they may patch the same
 * Event: a count, a combined event).
 *
 * A batch's recorders share one outbox (runner.ts), so its events are sent in the order they
 * were recorded, whoever recorded them: `kubectl get events` sorted by resourceVersion tells the
 * chain in order (ScalingReplicaSet, SuccessfulCreate, Scheduled), as the course shows.
 */
export class EventOutbox {
  private readonly waiting: (() => Promise<void>)[] = [];
  private readonly writing = new Set<Promise<void>>();
  private readonly lanes = new Map<string, Promise<void>>();

  constructor(private readonly writesAtOnce = 8) {}

  /** Queues `write` behind the earlier writes of `lane` (an object); failures are `onError`'s. */
  add(lane: string, write: () => Promise<void>, onError: (e: Error) => void): void {
    this.waiting.push(() => {
      const written = (this.lanes.get(lane) ?? Promise.resolve()).then(write);
      const settled = written.catch(onError);
      this.lanes.set(lane, settled);
      void settled.then(() => this.lanes.get(lane) === settled && this.lanes.delete(lane));
      return settled;
    });
    this.pump();
  }

  /** Resolves once every event added so far has been written (or has failed). */
  async flush(): Promise<void> {
    while (this.writing.size) await Promise.all(this.writing);
  }

  private pump(): void {
    while (this.writing.size < this.writesAtOnce && this.waiting.length) {
      const p: Promise<void> = this.waiting
        .shift()!()
        .finally(() => {
          this.writing.delete(p);
          this.pump();
        });
      this.writing.add(p);
    }
  }
}
