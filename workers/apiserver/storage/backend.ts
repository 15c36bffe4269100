/**
 * Kubernetes storage semantics over the event log (the contract is in types.ts): writes with
 * preconditions whose failures are results, lists at a revision with filter-before-limit
 * paging, events after a revision, and 410 Expired below the compaction point.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { expired, timeout } from '../../../lib/errors.ts';
import type { Log, Snapshot } from './log.ts';
import type { EventType, ListOptions, ListResult, Storage, WriteResult } from './types.ts';

export interface BackendOptions {
  /** rows read per round trip while a filter is rejecting items */
  filterChunk?: number;
}

/** 504, as Kubernetes answers a read at a revision it has not reached yet. */
export function tooLargeResourceVersion(rev: number, current: number) {
  const err = timeout(`Too large resource version: ${rev}, current: ${current}`);
  err.status.details = {
    causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
    retryAfterSeconds: 1,
  };
  return err;
}

export function backend(log: Log, { filterChunk = 1000 }: BackendOptions = {}): Storage {
  /** the latest revision a write or a read of this storage returned (what `scanAtMost` is judged by) */
  let latest = 0;
  const seen = (rev: number) => void (rev > latest && (latest = rev));

  async function write(key: string, type: EventType, obj: KubeObject | undefined, expectedRev: number): Promise<WriteResult> {
    if (type !== 'ADDED' && !(expectedRev > 0)) throw new Error(`storage: ${type} of ${key} needs the revision it read`);
    const res = await log.append(key, type, obj, expectedRev);
    if ('refused' in res) {
      // the live object, for the caller's message; a second read, but only on the failure path
      const current = res.refused === 'not-found' ? undefined : await log.get(key);
      return current ? { ok: false, reason: res.refused, current } : { ok: false, reason: res.refused };
    }
    seen(res.rev);
    return { ok: true, object: res.object, rev: res.rev };
  }

  /** One consistent read; a given revision must be readable (compacted <= rev <= current). */
  async function read(q: Parameters<Log['snapshot']>[0]): Promise<Snapshot> {
    const snap = await log.snapshot(q);
    seen(snap.current);
    if (q.rev !== undefined && q.rev < snap.compacted) throw expired('The resourceVersion for the provided list is too old.');
    if (q.rev !== undefined && q.rev > snap.current) throw tooLargeResourceVersion(q.rev, snap.current);
    return snap;
  }

  async function list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
    const { after, filter } = opts;
    const limit = opts.limit || undefined; // 0: no limit, as in Kubernetes
    const rev = opts.rev || undefined; // 0: the latest ("any" in Kubernetes terms)

    if (!filter) {
      const snap = await read({ prefix, after, limit, rev, count: limit !== undefined });
      const items = snap.entries.map((e) => e.object);
      if (!snap.more) return { items, rev: snap.rev };
      return { items, rev: snap.rev, lastKey: snap.entries[items.length - 1].key, remaining: snap.total! - items.length };
    }

    // Filtered: read chunks at the first chunk's revision until `limit` items match. Whether
    // more match is known when the current chunk shows one; when the chunk ends with more keys
    // unread, lastKey is set without knowing (as Kubernetes does), and the next page may be empty.
    const items: KubeObject[] = [];
    let at = rev;
    let cursor = after;
    for (;;) {
      const snap = await read({ prefix, after: cursor, limit: limit && Math.max(limit, filterChunk), rev: at });
      at = snap.rev;
      for (const { key, object } of snap.entries) {
        if (!filter(object)) continue;
        if (items.length === limit) return { items, rev: at, lastKey: cursor };
        items.push(object);
        cursor = key;
      }
      if (!snap.more) return { items, rev: at };
      if (items.length === limit) return { items, rev: at, lastKey: cursor };
      cursor = snap.entries[snap.entries.length - 1].key;
    }
  }

  const changesAfter: Storage['changesAfter'] = async (afterRev, prefix, opts) => {
    if (opts?.scanAtMost !== undefined && latest - afterRev > opts.scanAtMost) throw expired(`too old resource version: ${afterRev} (${latest - afterRev} revisions behind, more than ${opts.scanAtMost})`);
    const { events, compacted, current } = await log.after(afterRev, prefix, opts);
    seen(current);
    if (afterRev < compacted) throw expired(`too old resource version: ${afterRev} (${compacted})`);
    return { events, current };
  };

  return {
    currentRev: async () => (await log.revs()).current,
    compactedRev: async () => (await log.revs()).compacted,
    get: (key) => log.get(key),
    getAt: (key, rev) => log.getAt(key, rev),
    list,
    create: (key, obj) => write(key, 'ADDED', obj, 0),
    update: (key, obj, expectedRev) => write(key, 'MODIFIED', obj, expectedRev),
    delete: (key, expectedRev) => write(key, 'DELETED', undefined, expectedRev),
    async createMany(entries) {
      const res = await log.appendMany(entries);
      if (!('refused' in res)) return { ok: true, ...res };
      // which key was there: a read, but only on the failure path (a refusal other than exists is a bug)
      if (res.refused !== 'exists') throw new Error(`storage: a batch of creates was refused: ${res.refused}`);
      const present = await Promise.all(entries.map(async (e) => ((await log.get(e.key)) ? e.key : undefined)));
      const key = present.find((k) => k !== undefined);
      return key === undefined ? { ok: false, reason: 'exists' } : { ok: false, reason: 'exists', key };
    },
    changesAfter,
    events: async (afterRev, prefix, opts) => (await changesAfter(afterRev, prefix, opts)).events,
    compact: (olderThanMs) => log.compact(olderThanMs),
    purge: (prefix) => log.purge(prefix),
    segmentsWrittenAfter: (afterRev, prefix) => log.segmentsAfter(afterRev, prefix),
    usage: (prefix) => log.usage(prefix),
  };
}
