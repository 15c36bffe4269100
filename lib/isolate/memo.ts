/**
 * Results an isolate keeps across the requests it serves, loaded so that no request ever waits on
 * another request's I/O.
 *
 * workerd runs each request in an I/O context of its own. A request that awaits a promise only
 * another request's I/O can settle has nothing of its own pending: workerd takes it as hung and
 * cancels it ("The script will never generate a response"; a cron run then ends with the outcome
 * `exceededCpu`), and if the request that started the load is itself cancelled, the promise never
 * settles at all. So a result is shared once it is settled; a load still under way is shared only
 * within the request that started it, `scope` being any object of that request alone (its
 * ExecutionContext, its API client). Another request meanwhile loads for itself: the loads this
 * serves are idempotent reads or writes.
 */
export class IsolateMemo<K, V> {
  private readonly settled = new Map<K, { value: V; at: number }>();
  private readonly loading = new WeakMap<object, Map<K, Promise<V>>>();
  /** bumped by delete and clear: a load started before is not kept (it may have read what was deleted) */
  private generation = 0;

  constructor(
    /** the oldest entry dropped first past this count: a bound for isolates serving many clusters */
    private readonly maxEntries = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value for `key`: kept if loaded less than `maxAgeMs` ago, else loaded (a failed load is not kept). */
  async get(scope: object, key: K, load: () => Promise<V>, maxAgeMs = Infinity): Promise<V> {
    const kept = this.settled.get(key);
    if (kept && this.now() - kept.at < maxAgeMs) return kept.value;
    let ours = this.loading.get(scope);
    if (!ours) this.loading.set(scope, (ours = new Map()));
    let pending = ours.get(key);
    if (!pending) {
      const at = this.now();
      const generation = this.generation;
      ours.set(key, (pending = load()));
      const started = pending;
      void started
        .then(
          (value) => generation === this.generation && this.keep(key, value, at),
          () => undefined, // a failed load is not kept
        )
        .finally(() => ours.get(key) === started && ours.delete(key));
    }
    return pending;
  }

  /** Keeps `value` for `key`, known without a load (what this request just made). */
  set(key: K, value: V): void {
    this.keep(key, value, this.now());
  }

  /** Forgets `key` (a deleted cluster): the next get loads it again. */
  delete(key: K): void {
    this.generation++;
    this.settled.delete(key);
  }

  clear(): void {
    this.generation++;
    this.settled.clear();
  }

  get size(): number {
    return this.settled.size;
  }

  private keep(key: K, value: V, at: number): void {
    const kept = this.settled.get(key);
    if (kept && kept.at > at) return; // a load started later already settled
    this.settled.delete(key);
    if (this.settled.size >= this.maxEntries) this.settled.delete(this.settled.keys().next().value!);
    this.settled.set(key, { value, at });
  }
}
