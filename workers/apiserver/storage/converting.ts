/**
 * The storage of one served version: every object read is converted from the stored shape, every
 * object written to it, so the generic handlers and the watch hub never see the stored shape. A
 * built-in kind served as another (KindDescriptor.storedAs: events.k8s.io/v1 Event over core/v1
 * Event) converts synchronously; a custom resource's objects, kept at whichever version they were
 * written, go through its CRD's conversion (crd/conversion/: the apiVersion, or its webhook). Keys
 * are the caller's (registry storageKey already names the stored kind's keys); revisions and
 * metadata pass through unchanged.
 *
 * Selectors (ListOptions.filter) run on Conversion.selected: a field selector of a built-in served
 * version (regarding.name) sees the fields it names.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Conversion, ConversionReach, KindDescriptor, StoredAs } from '../registry/types.ts';
import type { LogEvent, Storage, WriteResult } from './types.ts';

/** How `desc`'s objects convert, or undefined when they are stored as served. */
export function conversionOf(desc: KindDescriptor, reach: ConversionReach): Conversion | undefined {
  if (desc.storedAs) return synchronous(desc.storedAs);
  return desc.customResource?.conversion(reach);
}

const synchronous = (conv: StoredAs): Conversion => ({
  out: async (objects) => objects.map((o) => conv.fromStorage(o)),
  in: async (o) => conv.toStorage(o),
  selected: (o) => conv.fromStorage(o),
});

/**
 * An object of `from` as `to` serves it, `to` being another served version of the same objects
 * (an admission webhook or policy matched through an equivalent version).
 */
export async function convertBetween(obj: KubeObject, from: KindDescriptor, to: KindDescriptor, reach: ConversionReach): Promise<KubeObject> {
  if (from === to) return obj;
  if (to.customResource) return (await to.customResource.conversion(reach).out([obj]))[0];
  const stored = from.storedAs ? from.storedAs.toStorage(obj) : obj;
  return to.storedAs ? to.storedAs.fromStorage(stored) : stored;
}

/** Events with their objects (and the ones they replaced) as `conv` serves them, in one conversion. */
export async function convertEvents(conv: Conversion, events: LogEvent[]): Promise<LogEvent[]> {
  if (!events.length) return events;
  const objects = events.flatMap((e) => (e.prevObject ? [e.object, e.prevObject] : [e.object]));
  const out = await conv.out(objects);
  if (out === objects) return events; // all of them already served as they are
  let i = 0;
  return events.map((e) => ({ ...e, object: out[i++], ...(e.prevObject ? { prevObject: out[i++] } : {}) }));
}

/** `storage` as `desc` sees it: itself for a kind stored as served. */
export function convertingStorage(storage: Storage, desc: KindDescriptor, reach: ConversionReach): Storage {
  const conv = conversionOf(desc, reach);
  if (!conv) return storage;
  const one = async (o: KubeObject) => (await conv.out([o]))[0];
  const result = async (r: WriteResult): Promise<WriteResult> =>
    r.ok ? { ...r, object: await one(r.object) } : r.current ? { ...r, current: await one(r.current) } : r;

  return {
    currentRev: () => storage.currentRev(),
    compactedRev: () => storage.compactedRev(),
    compact: (olderThanMs) => storage.compact(olderThanMs),
    purge: (prefix) => storage.purge(prefix),
    segmentsWrittenAfter: (afterRev, prefix) => storage.segmentsWrittenAfter(afterRev, prefix),
    usage: (prefix) => storage.usage(prefix),
    get: async (key) => {
      const o = await storage.get(key);
      return o && one(o);
    },
    getAt: async (key, rev) => {
      const o = await storage.getAt(key, rev);
      return o && one(o);
    },
    list: async (prefix, opts = {}) => {
      const filter = opts.filter;
      const res = await storage.list(prefix, { ...opts, filter: filter && ((o) => filter(conv.selected(o))) });
      return { ...res, items: await conv.out(res.items) };
    },
    create: async (key, obj) => result(await storage.create(key, await conv.in(obj))),
    createMany: async (entries) => {
      const stored = await Promise.all(entries.map(async (e) => ({ key: e.key, object: await conv.in(e.object) })));
      const res = await storage.createMany(stored);
      return res.ok ? { ...res, objects: await conv.out(res.objects) } : res;
    },
    update: async (key, obj, expectedRev) => result(await storage.update(key, await conv.in(obj), expectedRev)),
    delete: async (key, expectedRev) => result(await storage.delete(key, expectedRev)),
    events: async (afterRev, prefix, opts) => convertEvents(conv, await storage.events(afterRev, prefix, opts)),
    changesAfter: async (afterRev, prefix, opts) => {
      const { events, current } = await storage.changesAfter(afterRev, prefix, opts);
      return { events: await convertEvents(conv, events), current };
    },
  };
}
