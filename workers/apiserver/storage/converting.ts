/**
 * The storage of a kind served in another kind's shape (KindDescriptor.storedAs): every object
 * read is converted from the stored shape, every object written to it, so the generic handlers
 * and the watch hub never see the stored shape. Keys are the caller's (registry storageKey already
 * names the stored kind's keys); revisions and metadata pass through unchanged.
 *
 * Selectors (ListOptions.filter) run on the converted object: a field selector of the served
 * version (regarding.name) sees the fields it names.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { LogEvent, Storage, WriteResult } from './types.ts';

/** `storage` as `desc` sees it: itself for a kind stored in its own shape. */
export function convertingStorage(storage: Storage, desc: KindDescriptor): Storage {
  const conv = desc.storedAs;
  if (!conv) return storage;
  const out = (o: KubeObject) => conv.fromStorage(o);
  const result = (r: WriteResult): WriteResult =>
    r.ok ? { ...r, object: out(r.object) } : r.current ? { ...r, current: out(r.current) } : r;
  const event = (e: LogEvent): LogEvent => ({ ...e, object: out(e.object), ...(e.prevObject ? { prevObject: out(e.prevObject) } : {}) });

  return {
    currentRev: () => storage.currentRev(),
    compactedRev: () => storage.compactedRev(),
    compact: (olderThanMs) => storage.compact(olderThanMs),
    purge: (prefix) => storage.purge(prefix),
    segmentsWrittenAfter: (afterRev, prefix) => storage.segmentsWrittenAfter(afterRev, prefix),
    usage: (prefix) => storage.usage(prefix),
    get: async (key) => {
      const o = await storage.get(key);
      return o && out(o);
    },
    getAt: async (key, rev) => {
      const o = await storage.getAt(key, rev);
      return o && out(o);
    },
    list: async (prefix, opts = {}) => {
      const filter = opts.filter;
      const res = await storage.list(prefix, { ...opts, filter: filter && ((o) => filter(out(o))) });
      return { ...res, items: res.items.map(out) };
    },
    create: async (key, obj) => result(await storage.create(key, conv.toStorage(obj))),
    createMany: async (entries) => {
      const res = await storage.createMany(entries.map((e) => ({ key: e.key, object: conv.toStorage(e.object) })));
      return res.ok ? { ...res, objects: res.objects.map(out) } : res;
    },
    update: async (key, obj, expectedRev) => result(await storage.update(key, conv.toStorage(obj), expectedRev)),
    delete: async (key, expectedRev) => result(await storage.delete(key, expectedRev)),
    events: async (afterRev, prefix, opts) => (await storage.events(afterRev, prefix, opts)).map(event),
    changesAfter: async (afterRev, prefix, opts) => {
      const { events, current } = await storage.changesAfter(afterRev, prefix, opts);
      return { events: events.map(event), current };
    },
  };
}
