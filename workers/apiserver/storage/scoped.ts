/**
 * One cluster's view of the shared event log: every key and prefix the layers above pass
 * (`/registry/...`) is moved under the cluster's own prefix (`/clusters/<name>/registry/...`), and
 * every key that comes back (events, continue keys) is moved back, so nothing above storage knows
 * about clusters. The root cluster keeps the plain keys: data written before clusters existed
 * stays valid, and no tenant key can fall under a root prefix (they all start with `/registry/`).
 *
 * Revisions stay global (one log): a tenant's resourceVersions increase within the tenant, with
 * gaps where other clusters wrote, which Kubernetes clients never assume away. Compaction is
 * global too, done once by the cron through the root's storage.
 */
import type { LogEvent, Storage } from './types.ts';

export const ROOT_CLUSTER = 'default';
/** where every tenant's keys live */
export const CLUSTERS_PREFIX = '/clusters/';

/** The prefix of all of a tenant's keys (`/clusters/<name>/`). */
export const clusterKeyPrefix = (cluster: string) => `${CLUSTERS_PREFIX}${cluster}/`;

/**
 * A cluster's view is kept while it is among the most recently used, so that the caches keyed by
 * the request's storage (namespace lifecycle, the limited view) keep working for the active
 * clusters; a view dropped is only made again: 1 000 clusters served once cost nothing for good.
 */
export const MAX_VIEWS = 256;
const views = new WeakMap<Storage, Map<string, Storage>>();

export function scopedStorage(storage: Storage, cluster: string): Storage {
  if (cluster === ROOT_CLUSTER) return storage;
  let byCluster = views.get(storage);
  if (!byCluster) views.set(storage, (byCluster = new Map()));
  const view = byCluster.get(cluster) ?? scope(storage, `${CLUSTERS_PREFIX}${cluster}`);
  byCluster.delete(cluster); // a Map keeps insertion order: the first key is the least recently used
  byCluster.set(cluster, view);
  if (byCluster.size > MAX_VIEWS) byCluster.delete(byCluster.keys().next().value!);
  return view;
}

function scope(storage: Storage, base: string): Storage {
  /** keys and prefixes are storage paths: anything else is a bug above, not a key to invent */
  const into = (key: string) => {
    if (!key.startsWith('/registry/')) throw new Error(`storage: key ${JSON.stringify(key)} is outside /registry/`);
    return base + key;
  };
  const outOf = (key: string) => key.slice(base.length);
  // the log's events are the caller's own: rekeyed in place, so that objects not yet decoded stay so (log.ts)
  const event = (e: LogEvent): LogEvent => ((e.key = outOf(e.key)), e);
  return {
    currentRev: () => storage.currentRev(),
    compactedRev: () => storage.compactedRev(),
    compact: (olderThanMs) => storage.compact(olderThanMs),
    get: async (key) => storage.get(into(key)),
    getAt: async (key, rev) => storage.getAt(into(key), rev),
    list: async (prefix, opts = {}) => {
      const res = await storage.list(into(prefix), opts.after === undefined ? opts : { ...opts, after: into(opts.after) });
      return res.lastKey === undefined ? res : { ...res, lastKey: outOf(res.lastKey) };
    },
    create: async (key, obj) => storage.create(into(key), obj),
    createMany: async (entries) => {
      const res = await storage.createMany(entries.map((e) => ({ key: into(e.key), object: e.object })));
      return res.ok || res.key === undefined ? res : { ...res, key: outOf(res.key) };
    },
    update: async (key, obj, expectedRev) => storage.update(into(key), obj, expectedRev),
    delete: async (key, expectedRev) => storage.delete(into(key), expectedRev),
    events: async (afterRev, prefix, opts) => (await storage.events(afterRev, into(prefix), opts)).map(event),
    changesAfter: async (afterRev, prefix, opts) => {
      const { events, current } = await storage.changesAfter(afterRev, into(prefix), opts);
      return { events: events.map(event), current };
    },
    purge: async (prefix) => storage.purge(into(prefix)),
    segmentsWrittenAfter: async (afterRev, prefix) => storage.segmentsWrittenAfter(afterRev, into(prefix)),
    usage: async (prefix) => storage.usage(into(prefix)),
  };
}
