/**
 * The storage contract, with Kubernetes storage semantics over the append-only event log.
 *
 * Invariants (the event log):
 * - Every write appends exactly one log row; its `rev` (autoincrement, never reused, even after
 *   compaction) is the global revision and becomes the object's metadata.resourceVersion.
 * - The current-state projection holds, for each live key, the object of its latest log row; it
 *   is updated in the same transaction as the append, so the two never disagree.
 * - A write names the revision it expects the key to have now (0 = must not exist). If the key
 *   moved on, nothing is written and the result says why (exists / conflict / not-found).
 * - Reads at a revision R >= compactedRev see exactly the state after the write R.
 *   Compaction removes only rows that are no longer the latest at the compaction point.
 *
 * Objects are stored without metadata.resourceVersion; every read fills it from the row's rev.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface LogEvent {
  rev: number;
  key: string;
  type: EventType;
  /** the object after the write (for DELETED: its last state), resourceVersion = rev */
  object: KubeObject;
  /** revision of the previous write to this key (0 for ADDED) */
  prevRev: number;
  /** for MODIFIED/DELETED: the object before this write, when asked for (`previous`: watch selectors need it) */
  prevObject?: KubeObject;
}

export type WriteResult =
  | { ok: true; object: KubeObject; rev: number }
  | { ok: false; reason: 'exists' | 'conflict' | 'not-found'; current?: KubeObject };

/** One object of a batch create (Storage.createMany). */
export interface NewEntry {
  key: string;
  object: KubeObject;
}

/**
 * A batch create: every object written, in order (consecutive revisions), or none, and then the
 * first key found to exist (`key` unset when it could not be told: another writer raced the read).
 */
export type BatchResult = { ok: true; objects: KubeObject[]; rev: number } | { ok: false; reason: 'exists'; key?: string };

/** What a key range holds now: live keys and the characters of their stored objects. */
export interface Usage {
  objects: number;
  bytes: number;
}

/** A read of the log's events. */
export interface EventsOptions {
  limit?: number;
  /** each event's prevObject too (a second object to read and decode: the caches do without) */
  previous?: boolean;
  /**
   * refuse (410) rather than walk more than this many revisions of the log: the read passes every
   * row written since `afterRev`, whatever its key. Judged by the latest revision this storage
   * has seen (a lower bound, so the read it lets through may walk more).
   */
  scanAtMost?: number;
}

export interface ListOptions {
  /** read at this revision (continue pages, resourceVersion=N with Exact); 0 or unset: latest */
  rev?: number;
  /** return keys strictly after this one (continue token) */
  after?: string;
  /** maximum items to return (after filtering); 0 or unset: no limit */
  limit?: number;
  /** label/field selector, applied before `limit` */
  filter?: (obj: KubeObject) => boolean;
}

export interface ListResult {
  items: KubeObject[];
  /** the revision the list was read at */
  rev: number;
  /**
   * set when more items remain: the key to continue after (the last item's; with a filter, maybe
   * a later key whose object did not match). With a filter it is also set when the read stopped
   * before it could tell whether anything else matches, as Kubernetes does.
   */
  lastKey?: string;
  /** items left after this page (only when no filter was given) */
  remaining?: number;
}

export interface Storage {
  /** latest committed revision */
  currentRev(): Promise<number>;
  /** oldest revision still readable; reads/watches below it get 410 */
  compactedRev(): Promise<number>;
  get(key: string): Promise<KubeObject | undefined>;
  /**
   * the object at `key` as of revision `rev` when this isolate wrote or read it there (no round
   * trip), else the current one: the read of an update conditioned on `rev`, whose write is
   * refused if the key has moved on since (storage/recent.ts)
   */
  getAt(key: string, rev: number): Promise<KubeObject | undefined>;
  /**
   * keys under `prefix` (e.g. `/registry/configmaps/ns1/`), sorted by key. Throws 410 Expired
   * when opts.rev < compactedRev, 504 "Too large resource version" when it is > currentRev.
   */
  list(prefix: string, opts?: ListOptions): Promise<ListResult>;
  create(key: string, obj: KubeObject): Promise<WriteResult>;
  /**
   * creates all of `entries` in one transaction and one round trip, each exactly as `create` would
   * (one log row each, increasing revisions, preconditions checked by the log), or none of them
   */
  createMany(entries: NewEntry[]): Promise<BatchResult>;
  /** expectedRev: the revision the caller read; the write happens only if it is still current */
  update(key: string, obj: KubeObject, expectedRev: number): Promise<WriteResult>;
  delete(key: string, expectedRev: number): Promise<WriteResult>;
  /** log events with rev > afterRev whose key starts with `prefix`, in rev order; 410 if afterRev < compactedRev */
  events(afterRev: number, prefix: string, opts?: EventsOptions): Promise<LogEvent[]>;
  /**
   * the same, with the log's latest revision as of that read: without a limit, every write under
   * `prefix` up to it is among the events, so a follower of a quiet prefix can move its cursor
   * there and its next read costs the writes since, not everything since its prefix last changed
   */
  changesAfter(afterRev: number, prefix: string, opts?: EventsOptions): Promise<{ events: LogEvent[]; current: number }>;
  /** drops log history older than `olderThanMs` (epoch ms); returns the new compacted revision */
  compact(olderThanMs: number): Promise<number>;
  /**
   * removes every key under `prefix` with its whole history, writing no event (a deleted
   * cluster: nobody is left to watch it); returns how many keys were live
   */
  purge(prefix: string): Promise<number>;
  /**
   * the distinct key segments that follow `prefix` (`/clusters/` → cluster names) among the writes
   * after `afterRev`, each with how many writes (and creations) it had, and the latest revision
   * as of that read; costs the writes since afterRev
   */
  segmentsWrittenAfter(afterRev: number, prefix: string): Promise<{ current: number; segments: SegmentWrites[] }>;
  /** live keys under `prefix` and their objects' size now, from the projection: costs the range (the limits read it rarely) */
  usage(prefix: string): Promise<Usage>;
}

/** A key segment (a cluster) and the writes under it in a range of revisions. */
export interface SegmentWrites {
  name: string;
  writes: number;
  /** of which creations */
  creates: number;
}
