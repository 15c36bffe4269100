/**
 * The event log in terms of objects: append one write, read the state at a revision, read the
 * writes after a revision. Objects are stored without metadata.resourceVersion and every read
 * fills it from the row's rev, so an object's resourceVersion is always the rev of the write
 * that produced it (etcd's mod_revision) and a stored object never carries a stale one.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Dialect, LogRow, Refusal, Revs } from './dialect.ts';
import { RecentObjects } from './recent.ts';
import type { EventsOptions, EventType, LogEvent, NewEntry, SegmentWrites, Usage } from './types.ts';

export interface Entry {
  key: string;
  object: KubeObject;
}

export interface Snapshot extends Revs {
  rev: number;
  entries: Entry[];
  /** more keys follow the last entry */
  more: boolean;
  /** keys of the range after `after`, when counted */
  total?: number;
}

export type Appended = { rev: number; object: KubeObject } | { refused: Refusal };
export type AppendedMany = { objects: KubeObject[]; rev: number } | { refused: Refusal };

export interface Log {
  revs(): Promise<Revs>;
  get(key: string): Promise<KubeObject | undefined>;
  /** the key's object at `rev` if this isolate holds it (recent.ts), else its current one */
  getAt(key: string, rev: number): Promise<KubeObject | undefined>;
  /** `object` undefined (deletes): the row records the key's current object */
  append(key: string, type: EventType, object: KubeObject | undefined, prevRev: number): Promise<Appended>;
  /** keys under prefix after `after`, in key order, as of `rev` (unset: the latest) */
  /** creates of every entry in one transaction, or none; `rev` is the last one's */
  appendMany(entries: NewEntry[]): Promise<AppendedMany>;
  snapshot(q: { prefix: string; after?: string; limit?: number; rev?: number; count?: boolean }): Promise<Snapshot>;
  /** writes with rev > afterRev under prefix, in rev order (`previous`: with the object each replaced) */
  after(afterRev: number, prefix: string, opts?: EventsOptions): Promise<Revs & { events: LogEvent[] }>;
  compact(olderThanMs: number): Promise<number>;
  purge(prefix: string): Promise<number>;
  segmentsAfter(afterRev: number, prefix: string): Promise<{ current: number; segments: SegmentWrites[] }>;
  usage(prefix: string): Promise<Usage>;
}

/** The stored form: the object without metadata.resourceVersion. */
export function encode(obj: KubeObject): string {
  if (obj.metadata?.resourceVersion === undefined) return JSON.stringify(obj);
  const { resourceVersion: _, ...metadata } = obj.metadata;
  return JSON.stringify({ ...obj, metadata });
}

/** A stored object as of the write `rev`. */
export function decode(text: string, rev: number): KubeObject {
  const obj = JSON.parse(text) as KubeObject;
  obj.metadata = { ...obj.metadata, resourceVersion: String(rev) };
  return obj;
}

/**
 * An event whose objects are decoded when first read: a cache's concurrent reads of the log all
 * return the same rows, and only the first to apply them reads their objects.
 */
function lazyEvent(r: LogRow): LogEvent {
  let object: KubeObject | undefined;
  let prevObject: KubeObject | undefined;
  const event: LogEvent = {
    rev: r.rev,
    key: r.key,
    type: r.type,
    prevRev: r.prevRev,
    get object() {
      return (object ??= decode(r.object, r.rev));
    },
  };
  if (r.prevObject == null) return event;
  const prev = r.prevObject;
  return Object.defineProperty(event, 'prevObject', { enumerable: true, get: () => (prevObject ??= decode(prev, r.prevRev)) });
}

export function eventLog(dialect: Dialect): Log {
  const recent = new RecentObjects();
  async function get(key: string) {
    const row = await dialect.get(key);
    if (!row) return undefined;
    recent.remember(key, row.rev, row.object);
    return decode(row.object, row.rev);
  }
  return {
    revs: () => dialect.revs(),

    get,

    async getAt(key, rev) {
      const text = recent.at(key, rev);
      return text === undefined ? get(key) : decode(text, rev);
    },

    async append(key, type, object, prevRev) {
      const res = await dialect.insert(key, type, object && encode(object), prevRev);
      if ('refused' in res) return res;
      if (type === 'DELETED') recent.forget(key);
      else recent.remember(key, res.rev, res.object);
      // the object written is the caller's, encoded just now: it need not be parsed back from its text
      return { rev: res.rev, object: object ? { ...object, metadata: { ...object.metadata, resourceVersion: String(res.rev) } } : decode(res.object, res.rev) };
    },

    async appendMany(entries) {
      const texts = entries.map((e) => encode(e.object));
      const res = await dialect.insertMany(entries.map((e, i) => ({ key: e.key, object: texts[i] })));
      if ('refused' in res) return res;
      return { objects: res.revs.map((rev, i) => decode(texts[i], rev)), rev: res.revs.at(-1) ?? 0 };
    },

    async snapshot(q) {
      const { rows, ...range } = await dialect.range(q);
      return { ...range, entries: rows.map((r) => ({ key: r.key, object: decode(r.object, r.rev) })) };
    },

    async after(afterRev, prefix, opts = {}) {
      const { rows, ...revs } = await dialect.after(afterRev, prefix, opts);
      return { ...revs, events: rows.map(lazyEvent) };
    },

    compact: (olderThanMs) => dialect.compact(olderThanMs),
    purge: (prefix) => dialect.purge(prefix),
    segmentsAfter: (afterRev, prefix) => dialect.segmentsAfter(afterRev, prefix),
    usage: (prefix) => dialect.usage(prefix),
  };
}
