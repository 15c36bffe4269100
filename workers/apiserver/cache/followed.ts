/**
 * A per-isolate copy of every object under a few key prefixes of a cluster, kept fresh from the
 * event log: what the RBAC authorizer and the token authenticators read on every request instead
 * of the database, as Kubernetes' authorizers read their informers' caches.
 *
 * Freshness contract:
 * - a write this isolate commits under a followed prefix is seen by the next read: the commit
 *   path calls `noteCommit` (handlers/store-context.ts), which marks the prefix stale;
 * - a write committed by another isolate is seen within `maxStalenessMs`;
 * - a prefix is first loaded with one list; later refreshes read only the log rows after the
 *   revision of its last read (not of its last change: the log is shared by every prefix and
 *   cluster), and a 410 (compacted past it) reloads it whole.
 *
 * Concurrent requests never share a refresh in flight (workerd forbids completing one request's
 * I/O from another): each reads for itself, and events at or below the revision already applied
 * are skipped, so the copy only moves forward.
 *
 * Refresh ahead: a reader that passes its request's `waitUntil` (`background`) never waits for a
 * refresh that is due by age only. From three quarters of the staleness bound on, the first such
 * read starts one in the background and every read serves the copy meanwhile; only a copy past the bound
 * (nobody read it for a while) or stale from this isolate's commit is read before answering.
 * Without it, one request in every 250 ms paid a round trip to the log per prefix: the RBAC
 * user's GET p99 in the benchmark.
 *
 * Memory: a copy is kept for the clusters read recently only (at most `maxClusters`, the least
 * recently read dropped first, and none unread for `idleMs`), so idle clusters cost nothing.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { LogEvent, Storage } from '../storage/types.ts';

interface PrefixState {
  rev: number;
  objects: Map<string, KubeObject>;
  checkedAt: number;
  /** a commit of this isolate touched the prefix since the last read of the log */
  stale: boolean;
  /** counts those commits: a read clears `stale` only if none came while it was in flight */
  commits: number;
}

/** What a read returns: the objects by key, and a number that changes whenever any of them does. */
export interface Snapshot {
  objects: ReadonlyMap<string, KubeObject>;
  version: number;
}

/**
 * From this share of the staleness bound on, a read with `background` starts a refresh: early
 * enough that it is back before the bound under load, late enough to cost only a third more
 * reads of the log than waiting for the bound did (half the bound doubled them).
 */
const REFRESH_AHEAD = 0.75;

/** A request's `waitUntil`: keeps a refresh started in it going after it has answered. */
export type Background = (work: Promise<unknown>) => void;

const followers = new Set<FollowedSet>();

/** A cluster deleted through this isolate: its copies go (a new cluster of that name starts afresh). */
export function forgetCluster(cluster: string): void {
  for (const f of followers) f.forget(cluster);
}

/** Tells every follower of `key`'s prefix in `cluster` that this isolate just wrote it. */
export function noteCommit(cluster: string, key: string): void {
  for (const f of followers) f.touch(cluster, key);
}

interface ClusterCopy {
  prefixes: Map<string, PrefixState>;
  /** commits of this isolate under the followed prefixes, counted even while a prefix is still being loaded */
  commits: number;
  /** changes applied to any prefix's objects, by whichever request applied them */
  changes: number;
  version: number;
  merged?: Snapshot;
  /** `changes` when `merged` was built: a request whose own refresh found nothing new may still
   * hold a copy that a concurrent request changed, and must not return the older snapshot */
  mergedAt: number;
  readAt: number;
}

export class FollowedSet {
  /** in order of last read (a Map keeps insertion order; a read re-inserts) */
  private readonly clusters = new Map<string, ClusterCopy>();
  private readonly derivedCache = new WeakMap<object, Map<string, unknown>>();

  constructor(
    readonly prefixes: string[],
    private readonly maxStalenessMs = 250,
    private readonly now: () => number = Date.now,
    private readonly limits = { maxClusters: 256, idleMs: 10 * 60_000 },
  ) {
    followers.add(this);
  }

  /** How many clusters' copies are held (for tests and metrics). */
  get held(): number {
    return this.clusters.size;
  }

  forget(cluster: string): void {
    this.clusters.delete(cluster);
  }

  touch(cluster: string, key: string): void {
    const c = this.clusters.get(cluster);
    if (!c || !this.prefixes.some((p) => key.startsWith(p))) return;
    c.commits++;
    for (const [prefix, state] of c.prefixes)
      if (key.startsWith(prefix)) {
        state.stale = true;
        state.commits++;
      }
  }

  /**
   * The current objects of the cluster under the followed prefixes. With `background` (the
   * request's waitUntil), a refresh due by age only runs there instead of before the answer.
   */
  async read(storage: Storage, cluster: string, background?: Background): Promise<Snapshot> {
    const now = this.now();
    const entry: ClusterCopy = this.clusters.get(cluster) ?? { prefixes: new Map(), commits: 0, changes: 0, version: 0, mergedAt: 0, readAt: now };
    this.clusters.delete(cluster);
    entry.readAt = now;
    this.clusters.set(cluster, entry);
    this.forgetIdle(now);
    await Promise.all(this.prefixes.map((p) => this.refresh(storage, entry, p, background)));
    if (!entry.merged || entry.mergedAt !== entry.changes) {
      entry.version++;
      entry.mergedAt = entry.changes;
      const objects = new Map<string, KubeObject>();
      for (const state of entry.prefixes.values()) for (const [k, o] of state.objects) objects.set(k, o);
      entry.merged = { objects, version: entry.version };
    }
    return entry.merged;
  }

  /** Drops the least recently read copies past the count, and those unread for too long. */
  private forgetIdle(now: number): void {
    for (const [name, c] of this.clusters) {
      if (this.clusters.size <= this.limits.maxClusters && now - c.readAt < this.limits.idleMs) break;
      this.clusters.delete(name);
    }
  }

  /**
   * A value computed from a snapshot and kept until the snapshot changes (indexes of bindings by
   * subject, for instance).
   */
  derived<T>(snapshot: Snapshot, name: string, build: (s: Snapshot) => T): T {
    let m = this.derivedCache.get(snapshot);
    if (!m) this.derivedCache.set(snapshot, (m = new Map()));
    if (!m.has(name)) m.set(name, build(snapshot));
    return m.get(name) as T;
  }

  /** Brings one prefix up to date if it may be stale (a change counts in `entry.changes`). */
  private async refresh(storage: Storage, entry: ClusterCopy, prefix: string, background?: Background): Promise<void> {
    const state = entry.prefixes.get(prefix);
    const now = this.now();
    if (!state) return this.load(storage, entry, prefix, now);
    if (!state.stale) {
      const age = now - state.checkedAt;
      if (age < this.maxStalenessMs * REFRESH_AHEAD || (age < this.maxStalenessMs && !background)) return;
      if (age < this.maxStalenessMs) {
        // claimed as it starts (below), so the reads that follow serve the copy; a failure is
        // only a missed chance: the next read retries
        background!(this.update(storage, entry, prefix, state, now).catch(() => undefined));
        return;
      }
    }
    return this.update(storage, entry, prefix, state, now);
  }

  /** Reads the prefix's log rows after the copy's revision and applies them. */
  private async update(storage: Storage, entry: ClusterCopy, prefix: string, state: PrefixState, now: number): Promise<void> {
    // A refresh that is only due by age is claimed at once, so the requests that come while its
    // read is in flight serve the copy they have (within the staleness bound) instead of all
    // reading the log too. One that follows a commit of this isolate is not: until a read made
    // after that commit comes back, every request reads for itself, so each sees the commit.
    const claimedAt = state.checkedAt;
    const wasStale = state.stale;
    const commits = state.commits;
    if (!wasStale) state.checkedAt = now;
    let events, current;
    try {
      ({ events, current } = await storage.changesAfter(state.rev, prefix, { scanAtMost: catchUpAtMost(state.objects.size) }));
    } catch (e) {
      if (!wasStale) state.checkedAt = claimedAt;
      if ((e as { code?: number }).code === 410) return this.load(storage, entry, prefix, now);
      throw e;
    }
    state.checkedAt = Math.max(state.checkedAt, now);
    if (state.commits === commits) state.stale = false;
    // a creation of a key the copy holds: the cluster was deleted (its keys purged, with no event)
    // and made again under its name; only a fresh load tells what the new one holds
    if (events.some((ev) => ev.rev > state.rev && ev.type === 'ADDED' && state.objects.has(ev.key))) return this.load(storage, entry, prefix, now, true);
    if (applyEvents(state, events, current).changed) entry.changes++;
  }

  private async load(storage: Storage, entry: ClusterCopy, prefix: string, now: number, replace = false): Promise<void> {
    const commits = entry.commits;
    const { items, rev } = await storage.list(prefix);
    const current = entry.prefixes.get(prefix);
    if (current && current.rev > rev && !replace) return; // another request loaded a later state meanwhile
    const objects = new Map<string, KubeObject>();
    for (const o of items) objects.set(keyOf(prefix, o), o);
    // a commit noted while the list was in flight may be missing from it: the next read catches up
    entry.prefixes.set(prefix, { rev, objects, checkedAt: now, stale: entry.commits !== commits, commits: 0 });
    entry.changes++;
  }
}

/**
 * How far behind the log (in revisions) a copy of `objects` objects is caught up rather than
 * loaded again (a 410 from the read, as when the log was compacted past it). A catch-up walks
 * every row written since the copy's revision, any cluster's and resource's: ~0.8 µs a row on a
 * local server, which answers nothing else meanwhile (150 000 rows after a class's clusters were
 * made: 0.1 s per copy); a load decodes the resource's objects, ~5 µs each.
 */
export const catchUpAtMost = (objects: number) => 2_000 + 6 * objects;

/**
 * Brings a copy (objects by key, as of `rev`) to the log's revision `current`, from the events a
 * read after `rev` returned. Events at or below `rev` (a concurrent read got there first) are
 * skipped, so a copy only moves forward. Every write up to `current` was read: the next read
 * starts there, so a quiet prefix of a busy log costs a read of the recent writes only.
 */
export function applyEvents(copy: { rev: number; objects: Map<string, KubeObject> }, events: LogEvent[], current: number): { changed: boolean; keysChanged: boolean } {
  let changed = false;
  let keysChanged = false;
  for (const ev of events) {
    if (ev.rev <= copy.rev) continue;
    if (ev.type === 'DELETED' || !copy.objects.has(ev.key)) keysChanged = true;
    if (ev.type === 'DELETED') copy.objects.delete(ev.key);
    else copy.objects.set(ev.key, ev.object);
    copy.rev = ev.rev;
    changed = true;
  }
  copy.rev = Math.max(copy.rev, current);
  return { changed, keysChanged };
}

/** The storage key of a listed object: prefix + [namespace/] + name. */
export function keyOf(prefix: string, o: KubeObject): string {
  return o.metadata.namespace ? `${prefix}${o.metadata.namespace}/${o.metadata.name}` : `${prefix}${o.metadata.name}`;
}
