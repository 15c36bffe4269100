/**
 * Where recorded events wait to be written (events.ts): in the order recorded, at most
 * `writesAtOnce` at a time, one object's events one after the other (they may patch the same
 * Event: a count, a combined event).
 *
 * A batch's recorders share one outbox (runner.ts), so its events are sent in the order they
 * were recorded, whoever recorded them. Sent is not committed: writes at once may commit in any
 * order. So an event of one component waits until the events another component recorded before
 * it are written: `kubectl get events` sorted by resourceVersion tells the chain in its causal
 * order (ScalingReplicaSet, SuccessfulCreate, Scheduled), as the course shows, while one
 * component's run of events (a ReplicaSet's SuccessfulCreate for each pod) still goes at once.
 *
 * A held outbox writes nothing until flushed: a batch's events go once its reconciles are done,
 * as kube-controller-manager's event broadcaster sends them from a goroutine of its own, off the
 * sync path. On one workerd thread, events written meanwhile took the CPU of the writes the chain
 * waits for (a Deployment's pods bound after its ScalingReplicaSet and SuccessfulCreate events).
 */
export class EventOutbox {
  private readonly waiting: (() => Promise<void>)[] = [];
  private readonly writing = new Set<Promise<void>>();
  private readonly lanes = new Map<string, Promise<void>>();
  /** the component of the latest run of events, the run's events (settled or not), and what its events wait for */
  private source: string | undefined;
  private run: Promise<void>[] = [];
  private gate: Promise<unknown> | undefined;

  /**
   * `held`: nothing is written until `flush` (a batch's events wait for its reconciles,
   * runner.ts).
   */
  constructor(
    private readonly writesAtOnce = 8,
    private held = false,
  ) {}

  /**
   * Queues `write` behind the earlier writes of `lane` (an object) and, when `source` (the
   * recording component) differs from the previous event's, behind every event recorded before;
   * failures are `onError`'s.
   */
  add(lane: string, write: () => Promise<void>, onError: (e: Error) => void, source = ''): void {
    if (source !== this.source) this.startRun(source);
    const gate = this.gate;
    let done = () => {};
    this.run.push(new Promise<void>((ok) => (done = ok)));
    this.waiting.push(() => {
      const before = this.lanes.get(lane);
      const written = (gate && before ? Promise.all([gate, before]) : (gate ?? before ?? Promise.resolve())).then(write);
      const settled = written.catch(onError).finally(done);
      this.lanes.set(lane, settled);
      void settled.then(() => this.lanes.get(lane) === settled && this.lanes.delete(lane));
      return settled;
    });
    this.pump();
  }

  /** A run of another component's events: they wait for the previous run's (which waited for the one before). */
  private startRun(source: string): void {
    const gate = this.run.length ? Promise.all(this.run) : undefined;
    [this.source, this.gate, this.run] = [source, gate, []];
    void gate?.then(() => this.gate === gate && (this.gate = undefined));
  }

  /** Resolves once every event added so far has been written (or has failed); a held outbox starts writing. */
  async flush(): Promise<void> {
    this.held = false;
    this.pump();
    while (this.writing.size) await Promise.all(this.writing);
  }

  private pump(): void {
    if (this.held) return;
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
