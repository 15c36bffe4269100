/**
 * Lists served from memory, as kube-apiserver's watch cache serves them (with
 * ConsistentListFromCache): per isolate, a copy of every object of a resource in a cluster,
 * brought up to date before each list by one read of the log rows written since the copy's
 * revision. A list is thus as fresh as a read of the database (it sees every write committed
 * before it), but costs the writes since the previous list instead of decoding every object of
 * the range: a ReplicaSet's or an agent's list of pods among a thousand is a filter in memory.
 *
 * Lists at the latest revision (no resourceVersion, or "0") are served here. So is a list at an
 * older revision (a continue token's next page, resourceVersionMatch=Exact) when this isolate's
 * copy provably was the resource at that revision: nothing under the resource changed between it
 * and now (as kube-apiserver serves pages from its cache's snapshots). The rest go to the database:
 * `kubectl get` of a large resource reads its pages of 500 from memory, not 500 rows each.
 *
 * Concurrent lists each read the log themselves (workerd forbids completing one request's I/O
 * from another); a read applies only the rows past the copy's revision, so the copy only moves
 * forward and is, at every moment, the resource as of `rev`.
 *
 * Memory: copies are kept for the clusters listed recently only (at most MAX_CLUSTERS, the least
 * recently listed dropped first, and none unlisted for IDLE_MS), so idle clusters cost nothing.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ListOptions, ListResult, Storage } from '../storage/types.ts';
import { applyEvents, catchUpAtMost, keyOf, type Background } from './followed.ts';

interface Copy {
  rev: number;
  /** when the copy was last brought up to date with the log (Date.now()) */
  caughtUpAt: number;
  /** the copy is the resource as of every revision from this one to `rev` (no change between) */
  unchangedSince: number;
  objects: Map<string, KubeObject>;
  /** the keys in order, made when a list needs them after keys came or went */
  sorted?: string[];
  /**
   * pods' keys by spec.nodeName, as kube-apiserver's watch cache indexes pods: made when first
   * asked for (`podsOnNode`), then kept with each catch-up
   */
  byNode?: Map<string, Set<string>>;
  /** when a catch-up ahead of need was started (`refreshAhead`); unset when none is under way */
  refreshClaimedAt?: number;
}

interface ClusterCopies {
  /** the cluster's uid: a cluster deleted and made again under its name starts with no copy */
  incarnation: string;
  byPrefix: Map<string, Copy>;
  listedAt: number;
}

const MAX_CLUSTERS = 256;
const IDLE_MS = 5 * 60_000;

/** in order of last list (a Map keeps insertion order; a list re-inserts) */
const clusters = new Map<string, ClusterCopies>();

function copiesOf(cluster: string, incarnation: string, now: number): Map<string, Copy> {
  const held = clusters.get(cluster);
  const entry = held?.incarnation === incarnation ? held : { incarnation, byPrefix: new Map(), listedAt: now };
  clusters.delete(cluster);
  entry.listedAt = now;
  clusters.set(cluster, entry);
  for (const [name, c] of clusters) {
    if (clusters.size <= MAX_CLUSTERS && now - c.listedAt < IDLE_MS) break;
    clusters.delete(name);
  }
  return entry.byPrefix;
}

/** The resource's copy in `cluster`, up to date with the log as of now. */
async function upToDate(storage: Storage, cluster: string, incarnation: string, resourcePrefix: string): Promise<Copy> {
  const copies = copiesOf(cluster, incarnation, Date.now());
  const copy = copies.get(resourcePrefix);
  if (copy) {
    const updated = await caughtUp(storage, copy, resourcePrefix);
    if (updated) return updated;
  }
  const { items, rev } = await storage.list(resourcePrefix);
  const latest = copies.get(resourcePrefix);
  if (latest && latest.rev >= rev) return latest; // another list loaded a later state meanwhile
  const loaded = { rev, caughtUpAt: Date.now(), unchangedSince: rev, objects: new Map(items.map((o) => [keyOf(resourcePrefix, o), o])) };
  copies.set(resourcePrefix, loaded);
  return loaded;
}

/** `copy` with the log's writes since its revision applied; none if compacted past it or too far behind (to load again). */
async function caughtUp(storage: Storage, copy: Copy, resourcePrefix: string): Promise<Copy | undefined> {
  try {
    const readAt = Date.now();
    const { events, current } = await storage.changesAfter(copy.rev, resourcePrefix, { scanAtMost: catchUpAtMost(copy.objects.size) });
    copy.caughtUpAt = Math.max(copy.caughtUpAt, readAt);
    const from = copy.rev;
    // the index moves each key written from its node before the events to its node after them
    const written = copy.byNode && [...new Set(events.filter((e) => e.rev > from).map((e) => e.key))];
    const nodesBefore = written?.map((key) => nodeOf(copy.objects.get(key)));
    if (applyEvents(copy, events, current).keysChanged) copy.sorted = undefined;
    written?.forEach((key, i) => reindex(copy.byNode!, key, nodesBefore![i], nodeOf(copy.objects.get(key))));
    // the events come in order: the last, if this read applied it, is the latest change
    const last = events.at(-1);
    if (last && last.rev > from) copy.unchangedSince = Math.max(copy.unchangedSince, last.rev);
    return copy;
  } catch (e) {
    if ((e as { code?: number }).code !== 410) throw e;
    return undefined;
  }
}

/**
 * The held copy, caught up, if it is the resource as of `rev`; never loads one (a page of a list
 * begun in another isolate is one read of the database, not a load of the whole resource).
 */
async function heldAt(storage: Storage, cluster: string, incarnation: string, resourcePrefix: string, rev: number): Promise<Copy | undefined> {
  const copy = heldCopy(cluster, incarnation, resourcePrefix);
  if (!copy || rev < copy.unchangedSince) return undefined;
  // below the compaction point the database's 410 is the answer, whatever the copy holds
  const [updated, compacted] = await Promise.all([caughtUp(storage, copy, resourcePrefix), storage.compactedRev()]);
  return updated && rev >= updated.unchangedSince && rev <= updated.rev && rev >= compacted ? updated : undefined;
}

/**
 * `storage` whose lists at the latest revision under `resourcePrefix` (a resource's keys, all
 * namespaces) are served from the copy; other reads and all writes go to `storage`. `incarnation`:
 * the cluster's uid (a deleted cluster's keys go without log events: a copy must not outlive it).
 */
export function cachedLists(storage: Storage, cluster: string, resourcePrefix: string, incarnation = ''): Storage {
  return {
    ...storage,
    async list(prefix: string, opts: ListOptions = {}): Promise<ListResult> {
      if (!prefix.startsWith(resourcePrefix)) return storage.list(prefix, opts);
      const copy = opts.rev ? await heldAt(storage, cluster, incarnation, resourcePrefix, opts.rev) : await upToDate(storage, cluster, incarnation, resourcePrefix);
      if (!copy) return storage.list(prefix, opts);
      const rev = opts.rev || copy.rev;
      const { after, filter } = opts;
      const limit = opts.limit || undefined;
      // the range of keys under `prefix` (after `after`), found by binary search: a get by name
      // (a list pinned to it) or a namespace's list does not walk the whole resource
      const keys = (copy.sorted ??= [...copy.objects.keys()].sort());
      const from = after !== undefined && after >= prefix ? after + '\0' : prefix;
      const matched: [string, KubeObject][] = [];
      for (let i = lowerBound(keys, from); i < keys.length && keys[i].startsWith(prefix); i++) {
        const o = copy.objects.get(keys[i])!;
        if (!filter || filter(o)) matched.push([keys[i], o]);
      }
      if (limit === undefined || matched.length <= limit) return { items: matched.map((e) => e[1]), rev };
      const page = matched.slice(0, limit);
      // as the database's list: how many remain is told only when nothing is filtered out
      return { items: page.map((e) => e[1]), rev, lastKey: page[limit - 1][0], ...(filter ? {} : { remaining: matched.length - limit }) };
    },
  };
}

const PODS = '/registry/pods/';
const nodeOf = (pod: KubeObject | undefined) => (pod?.spec as { nodeName?: string } | undefined)?.nodeName || undefined;

function reindex(byNode: Map<string, Set<string>>, key: string, from: string | undefined, to: string | undefined): void {
  if (from === to) return;
  const left = from === undefined ? undefined : byNode.get(from);
  if (left?.delete(key) && !left.size) byNode.delete(from!);
  if (to === undefined) return;
  let keys = byNode.get(to);
  if (!keys) byNode.set(to, (keys = new Set()));
  keys.add(key);
}

/**
 * How long after its last catch-up a copy may answer without a read of the log: the Node
 * authorizer's "yes" (Kubernetes' authorizer answers from a graph its informers keep, a moment
 * behind, the same way; a "no" is asked again of an up-to-date copy: a pod just bound), and what
 * never changes once set (`recentlyHeld`).
 */
export const GRANT_FROM_COPY_MS = 1000;

/**
 * From this share of GRANT_FROM_COPY_MS on, a yes from the copy also starts one catch-up in the
 * background, so that under a stream of kubelet requests the copy stays recent. Without it, the
 * copy passed the second in the middle of the agents' burst, and every request in flight then
 * read the same writes of the log for itself: 170 reads of ~200 writes each (750 kB), the bulk of
 * what the database sent in that burst.
 */
const REFRESH_AHEAD = 0.5;

/** What the Node authorizer asks of the pods on a node. */
export interface Grant {
  /** whether these pods grant what is asked */
  grants: (pods: KubeObject[]) => boolean;
  /** the request's waitUntil: a catch-up ahead of need runs there */
  background?: Background;
}

/**
 * The pods bound to `node` (in `namespace`, or in all): the Node authorizer's question at every
 * kubelet read of a secret, a config map or a token, answered from the copy's index rather than a
 * walk over every pod of the namespace (200 agents with 2 000 pods in one namespace: 2 000 tokens
 * × 2 000 pods). `grant`: the answer the asker looks for; when the copy caught up in the last
 * GRANT_FROM_COPY_MS grants it, it is answered as held (in the agents' burst, 1 000 tokens were
 * 1 000 reads of the log), else as up to date as a list.
 */
export async function podsOnNode(storage: Storage, cluster: string, incarnation: string | undefined, node: string, namespace?: string, grant?: Grant): Promise<KubeObject[]> {
  if (grant) {
    const recent = recentCopy(cluster, incarnation, PODS);
    const held = recent && onNode(recent, node, namespace);
    if (held && grant.grants(held)) {
      refreshAhead(storage, recent, PODS, grant.background);
      return held;
    }
  }
  return onNode(await upToDate(storage, cluster, incarnation ?? '', PODS), node, namespace);
}

/**
 * Starts a catch-up of `copy` in `background` once it is REFRESH_AHEAD of the way to no longer
 * being recent, unless one is under way. A claim older than GRANT_FROM_COPY_MS is not waited for
 * (its request may have been cancelled, and its catch-up with it).
 */
function refreshAhead(storage: Storage, copy: Copy, resourcePrefix: string, background?: Background): void {
  const now = Date.now();
  if (!background || now - copy.caughtUpAt < GRANT_FROM_COPY_MS * REFRESH_AHEAD) return;
  if (copy.refreshClaimedAt !== undefined && now - copy.refreshClaimedAt < GRANT_FROM_COPY_MS) return;
  const claimedAt = (copy.refreshClaimedAt = now);
  const done = () => {
    if (copy.refreshClaimedAt === claimedAt) copy.refreshClaimedAt = undefined;
  };
  // a failure is only a missed chance: the next request past the second reads for itself
  background(caughtUp(storage, copy, resourcePrefix).then(done, done));
}

/**
 * The object under `key` in this isolate's copy of `resourcePrefix`, when that copy caught up
 * with the log in the last GRANT_FROM_COPY_MS; undefined when it did not (or holds no such key):
 * then read it. For what never changes once set (a pod's uid, account and node).
 */
export function recentlyHeld(cluster: string, incarnation: string | undefined, resourcePrefix: string, key: string): KubeObject | undefined {
  const copy = recentCopy(cluster, incarnation, resourcePrefix);
  return copy?.objects.get(key);
}

/** The copy this isolate holds of the cluster's resource (none for another incarnation of the cluster); no I/O. */
function heldCopy(cluster: string, incarnation: string, resourcePrefix: string): Copy | undefined {
  const held = clusters.get(cluster);
  return held?.incarnation === incarnation ? held.byPrefix.get(resourcePrefix) : undefined;
}

function recentCopy(cluster: string, incarnation: string | undefined, resourcePrefix: string): Copy | undefined {
  const copy = heldCopy(cluster, incarnation ?? '', resourcePrefix);
  return copy && Date.now() - copy.caughtUpAt < GRANT_FROM_COPY_MS ? copy : undefined;
}

function onNode(copy: Copy, node: string, namespace?: string): KubeObject[] {
  if (!copy.byNode) {
    copy.byNode = new Map();
    for (const [key, pod] of copy.objects) reindex(copy.byNode, key, undefined, nodeOf(pod));
  }
  const prefix = namespace ? `${PODS}${namespace}/` : PODS;
  return [...(copy.byNode.get(node) ?? [])].filter((key) => key.startsWith(prefix)).map((key) => copy.objects.get(key)!);
}

/** The first index whose key is at or after `key`. */
function lowerBound(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** For tests: forget every copy. */
export const forgetListCopies = () => clusters.clear();
