/**
 * client-go's EventCorrelator (tools/record/events_cache.go), which every Kubernetes component's
 * event recorder runs before it writes: it bounds what one source can cost the API.
 *
 * - **Counting**: the exact same event again (same source, object, type, reason, message) is a
 *   PATCH of the first one's count and lastTimestamp, not a new Event.
 * - **Aggregation**: events differing only by message, from one source about one object with one
 *   type and reason, are counted apart until 10 distinct messages were seen within 10 minutes;
 *   from then on they are one Event, "(combined from similar events): <latest message>", whose
 *   count grows.
 * - **Spam filter**: per source and object, a token bucket of 25 events refilled at one per
 *   5 minutes; an event over it is dropped (its occurrence is still counted, so the next event
 *   written carries the true count).
 *
 * Pure and synchronous: `correlate` says what to write, `updateState` takes the server's answer
 * (the name and count the Event really has). Each cache holds at most 4 096 keys, least recently
 * used dropped first, as client-go's LRU caches.
 */

/** The fields of a core/v1 Event the correlator reads and writes. */
export interface CorrelatedEvent {
  metadata: { name: string; namespace: string; resourceVersion?: string };
  involvedObject: { kind?: string; namespace?: string; name?: string; uid?: string; apiVersion?: string; fieldPath?: string; resourceVersion?: string };
  reason: string;
  message: string;
  source: { component: string; host?: string };
  type: string;
  count: number;
  firstTimestamp: string;
  lastTimestamp: string;
  reportingComponent?: string;
  reportingInstance?: string;
  [k: string]: unknown;
}

export type Correlation =
  | { skip: true }
  /** `patch` set: the Event exists (count > 1): PATCH it; else create `event` */
  | { skip: false; event: CorrelatedEvent; patch?: { count: number; lastTimestamp: string; message: string } };

export interface CorrelatorOptions {
  /** ms since the epoch */
  now?: () => number;
  maxEntries?: number;
  spamBurst?: number;
  /** tokens per second */
  spamQps?: number;
  aggregateMaxEvents?: number;
  aggregateIntervalSeconds?: number;
}

export const CORRELATOR_DEFAULTS = { maxEntries: 4096, spamBurst: 25, spamQps: 1 / 300, aggregateMaxEvents: 10, aggregateIntervalSeconds: 600 } as const;

export const AGGREGATE_PREFIX = '(combined from similar events): ';

const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A Map used as an LRU cache: a read moves the key to the end, the first key is the oldest. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  get size(): number {
    return this.map.size;
  }
}

const o = (e: CorrelatedEvent) => e.involvedObject;
// client-go joins the fields with "": ours with NUL, so that no two keys run together
const join = (parts: (string | undefined)[]) => parts.map((p) => p ?? '').join('\u0000');

/** getEventKey: the event, exactly. */
export const eventKey = (e: CorrelatedEvent) => join([e.source.component, e.source.host, o(e).kind, o(e).namespace, o(e).name, o(e).fieldPath, o(e).uid, o(e).apiVersion, e.type, e.reason, e.message]);
/** getSpamKey: the source and the object. */
export const spamKey = (e: CorrelatedEvent) => join([e.source.component, e.source.host, o(e).kind, o(e).namespace, o(e).name, o(e).uid, o(e).apiVersion]);
/** EventAggregatorByReasonFunc: everything but the message (which is the local key). */
const aggregateKey = (e: CorrelatedEvent) => join(['aggregate', e.source.component, e.source.host, o(e).kind, o(e).namespace, o(e).name, o(e).uid, o(e).apiVersion, e.type, e.reason, e.reportingComponent, e.reportingInstance]);

interface Observation {
  count: number;
  firstTimestamp: string;
  name: string;
}

export class EventCorrelator {
  private readonly now: () => number;
  private readonly opts: Required<Omit<CorrelatorOptions, 'now'>>;
  private readonly spam: Lru<{ tokens: number; at: number }>;
  private readonly aggregates: Lru<{ messages: Set<string>; at: number }>;
  private readonly observed: Lru<Observation>;

  constructor(options: CorrelatorOptions = {}) {
    this.now = options.now ?? Date.now;
    const { now: _, ...given } = options;
    this.opts = { ...CORRELATOR_DEFAULTS, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
    this.spam = new Lru(this.opts.maxEntries);
    this.aggregates = new Lru(this.opts.maxEntries);
    this.observed = new Lru(this.opts.maxEntries);
  }

  /** What to write for `event` (a new Event with count 1, as a recorder makes it), if anything. */
  correlate(event: CorrelatedEvent): Correlation {
    const { event: aggregated, key } = this.aggregate(event);
    const observed = this.observe(aggregated, key);
    if (!this.admit(observed.event)) return { skip: true };
    return { skip: false, ...observed };
  }

  /** The server's Event after a write: its name and count are what later repeats build on. */
  updateState(event: CorrelatedEvent): void {
    this.observed.set(eventKey(event), { count: event.count, firstTimestamp: event.firstTimestamp, name: event.metadata.name });
  }

  private aggregate(event: CorrelatedEvent): { event: CorrelatedEvent; key: string } {
    const now = this.now();
    const key = aggregateKey(event);
    let record = this.aggregates.get(key);
    if (!record || now - record.at > this.opts.aggregateIntervalSeconds * 1000) record = { messages: new Set(), at: now };
    record.messages.add(event.message);
    record.at = now;
    this.aggregates.set(key, record);
    if (record.messages.size < this.opts.aggregateMaxEvents) return { event, key: eventKey(event) };
    // keep the set at its bound (client-go pops any one)
    record.messages.delete(record.messages.values().next().value!);
    const t = rfc3339(now);
    const combined: CorrelatedEvent = {
      ...event,
      metadata: { name: `${o(event).name}.${(BigInt(now) * 1_000_000n).toString(16)}`, namespace: event.metadata.namespace },
      message: AGGREGATE_PREFIX + event.message,
      count: 1,
      firstTimestamp: t,
      lastTimestamp: t,
    };
    return { event: combined, key };
  }

  private observe(event: CorrelatedEvent, key: string): { event: CorrelatedEvent; patch?: { count: number; lastTimestamp: string; message: string } } {
    const last = this.observed.get(key);
    const out: CorrelatedEvent = last ? { ...event, metadata: { ...event.metadata, name: last.name }, firstTimestamp: last.firstTimestamp, count: last.count + 1 } : event;
    this.observed.set(key, { count: out.count, firstTimestamp: out.firstTimestamp, name: out.metadata.name });
    return last ? { event: out, patch: { count: out.count, lastTimestamp: out.lastTimestamp, message: out.message } } : { event: out };
  }

  private admit(event: CorrelatedEvent): boolean {
    const now = this.now();
    const key = spamKey(event);
    const bucket = this.spam.get(key) ?? { tokens: this.opts.spamBurst, at: now };
    const tokens = Math.min(this.opts.spamBurst, bucket.tokens + ((now - bucket.at) / 1000) * this.opts.spamQps);
    const ok = tokens >= 1;
    this.spam.set(key, { tokens: ok ? tokens - 1 : tokens, at: now });
    return ok;
  }
}
