/**
 * Per-cluster limits, so that one tenant cannot take the shared control plane from the others:
 * - objects and bytes (CLUSTER_MAX_OBJECTS, CLUSTER_MAX_BYTES): a create that would take the
 *   cluster past either is 403 Forbidden, worded as Kubernetes' quota refusals are;
 * - a write rate (CLUSTER_WRITE_QPS, CLUSTER_WRITE_BURST): a token bucket per tenant cluster and
 *   isolate; a write over it is 429 TooManyRequests with Retry-After.
 * The root cluster has none: it is the operators'.
 *
 * Where they stand, and why:
 * - The write rate is a pipeline step after authentication (app.ts, next to fair share): a storm
 *   is refused before it costs decoding, admission or a database round trip, which is the point
 *   of refusing it. The control plane's own components are exempt (APF's exempt and system
 *   levels, as fair share), so a throttled cluster's controllers and nodes still converge.
 * - Objects and bytes are counted where every create of a cluster passes, whatever its path
 *   (create, apply, patch, the controllers' creates, admission's): its storage. The request's
 *   storage is the cluster's view wrapped by `limitedStorage`; nothing above storage changes.
 *
 * Counting costs no query per write: each isolate keeps an estimate per cluster (objects and
 * bytes under its prefix), read from the database (Storage.usage: one range count) when first
 * needed and again when older than REFRESH_MS at a create, and kept up to date with the isolate's
 * own creates and deletes in between. An idle cluster is never read. Several isolates each see
 * the others' creates at their next refresh, so a cluster may pass its limit by what they create
 * within that period. Updates are not refused (a full cluster must still be able to delete, so to
 * finalize): what they grow is counted at the next refresh, and refuses the creates after it.
 */
import type { MiddlewareHandler } from 'hono';
import { forbidden, tooManyRequests } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { Env } from '../env.ts';
import { isExempt, TokenBuckets } from '../request/fairshare.ts';
import { byResource } from '../registry/index.ts';
import { ROOT_CLUSTER } from '../storage/scoped.ts';
import type { Storage, Usage } from '../storage/types.ts';
import { encode } from '../storage/log.ts';

export interface ClusterLimits {
  /** live objects per cluster; 0: no limit */
  maxObjects: number;
  /** bytes of stored objects per cluster; 0: no limit */
  maxBytes: number;
  /** sustained writes per second per cluster and isolate; 0: no limit */
  writeQps: number;
  /** writes an idle cluster may make at once */
  writeBurst: number;
}

export const DEFAULT_CLUSTER_LIMITS: ClusterLimits = { maxObjects: 5000, maxBytes: 64 * 1024 * 1024, writeQps: 20, writeBurst: 100 };

/** How old an isolate's count of a cluster may get before a create reads it again. */
export const REFRESH_MS = 2000;
/** clusters whose estimate or bucket an isolate keeps (least recently used dropped first) */
const MAX_CLUSTERS = 10_000;

/** CLUSTER_MAX_OBJECTS, CLUSTER_MAX_BYTES, CLUSTER_WRITE_QPS, CLUSTER_WRITE_BURST (env.ts); unreadable values fall back to the defaults. */
export function clusterLimits(env: Partial<Pick<Env, 'CLUSTER_MAX_OBJECTS' | 'CLUSTER_MAX_BYTES' | 'CLUSTER_WRITE_QPS' | 'CLUSTER_WRITE_BURST'>>): ClusterLimits {
  const read = (v: string | undefined, fallback: number) => {
    const n = v === undefined || v.trim() === '' ? NaN : Number(v);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  const d = DEFAULT_CLUSTER_LIMITS;
  return {
    maxObjects: read(env.CLUSTER_MAX_OBJECTS, d.maxObjects),
    maxBytes: read(env.CLUSTER_MAX_BYTES, d.maxBytes),
    writeQps: read(env.CLUSTER_WRITE_QPS, d.writeQps),
    writeBurst: Math.max(1, read(env.CLUSTER_WRITE_BURST, d.writeBurst)),
  };
}

let parsed: { from: object; limits: ClusterLimits } | undefined;
/** The limits of an env, parsed once per env object. */
export const limitsOf = (env: Env): ClusterLimits => (parsed?.from === env ? parsed.limits : (parsed = { from: env, limits: clusterLimits(env) }).limits);

// ---- objects and bytes ----------------------------------------------------------------------

interface Estimate extends Usage {
  /** when it was last read from the database (ms) */
  readAt: number;
  /** a request is reading it again since (ms); others go on with the estimate meanwhile */
  readingSince?: number;
}

/** Per isolate and cluster: what the cluster holds, as last read plus this isolate's writes since. */
export class UsageEstimates {
  private readonly byCluster = new Map<string, Estimate>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly refreshMs = REFRESH_MS,
    private readonly maxClusters = MAX_CLUSTERS,
  ) {}

  get size(): number {
    return this.byCluster.size;
  }

  /**
   * The cluster's usage, read from `storage` (the cluster's view) when unknown or stale. A
   * concurrent request does not wait for another's read (workerd forbids sharing I/O between
   * requests): it goes on with the stale figure.
   */
  async current(cluster: string, storage: Storage): Promise<Usage> {
    const now = this.now();
    const e = this.byCluster.get(cluster);
    const reading = e?.readingSince !== undefined && now - e.readingSince < this.refreshMs;
    if (e && (now - e.readAt < this.refreshMs || reading)) return this.touch(cluster, e);
    if (e) e.readingSince = now;
    try {
      const read = await storage.usage('/registry/');
      const fresh: Estimate = { ...read, readAt: now };
      return this.touch(cluster, fresh);
    } catch (err) {
      if (e) delete e.readingSince;
      throw err;
    }
  }

  /** After a write of this isolate (objects +1/-1, bytes ±size); nothing when the cluster is not tracked. */
  add(cluster: string, objects: number, bytes: number): void {
    const e = this.byCluster.get(cluster);
    if (!e) return;
    e.objects = Math.max(0, e.objects + objects);
    e.bytes = Math.max(0, e.bytes + bytes);
  }

  forget(cluster: string): void {
    this.byCluster.delete(cluster);
  }

  private touch(cluster: string, e: Estimate): Estimate {
    this.byCluster.delete(cluster); // the Map's order is least recently used first
    if (this.byCluster.size >= this.maxClusters) this.byCluster.delete(this.byCluster.keys().next().value!);
    this.byCluster.set(cluster, e);
    return e;
  }
}

const estimates = new UsageEstimates();

/** A deleted cluster's estimate goes with it (lifecycle.ts). */
export const forgetUsage = (cluster: string) => estimates.forget(cluster);

/** `<resource> "<name>"` of a storage key `/registry/<resource>/[<namespace>/]<name>`, as Kubernetes names it in messages. */
function refOfKey(key: string): { resource: { group: string; resource: string }; name: string } {
  const parts = key.split('/');
  const segment = parts[2] ?? '';
  // keys name core and apps resources bare (registry storageKey), every other group qualified
  const resource = !segment.includes('.') && !byResource('', 'v1', segment) && byResource('apps', 'v1', segment) ? `${segment}.apps` : segment;
  return { resource: { group: '', resource }, name: parts.at(-1) ?? '' };
}

export function objectLimitError(cluster: string, key: string, max: number) {
  const { resource, name } = refOfKey(key);
  return forbidden(resource, name, `cluster "${cluster}" has reached its limit of ${max} objects`);
}

export function byteLimitError(cluster: string, key: string, max: number, used: number, size: number) {
  const { resource, name } = refOfKey(key);
  return forbidden(resource, name, `cluster "${cluster}" has reached its limit of ${max} bytes of objects (using ${used}, this object needs ${size})`);
}

const views = new WeakMap<Storage, { limited: Storage; limits: { current: ClusterLimits } }>();

/**
 * The cluster's storage with its object and byte limits: made once per view (caches keyed by the
 * request's storage keep working), its limits those of the latest request. The root's is itself.
 */
export function limitedStorage(view: Storage, cluster: string, limits: ClusterLimits, usage: UsageEstimates = estimates): Storage {
  if (cluster === ROOT_CLUSTER || (!limits.maxObjects && !limits.maxBytes)) return view;
  let entry = views.get(view);
  if (!entry) {
    const holder = { current: limits };
    views.set(view, (entry = { limited: limit(view, cluster, holder, usage), limits: holder }));
  }
  entry.limits.current = limits;
  return entry.limited;
}

function limit(view: Storage, cluster: string, holder: { current: ClusterLimits }, usage: UsageEstimates): Storage {
  return {
    ...view,
    async create(key, obj) {
      const { maxObjects, maxBytes } = holder.current;
      const used = await usage.current(cluster, view);
      if (maxObjects && used.objects + 1 > maxObjects) throw objectLimitError(cluster, key, maxObjects);
      const size = encode(obj).length;
      if (maxBytes && used.bytes + size > maxBytes) throw byteLimitError(cluster, key, maxBytes, used.bytes, size);
      const res = await view.create(key, obj);
      if (res.ok) usage.add(cluster, 1, size);
      return res;
    },
    async createMany(entries) {
      // the system objects of a new cluster: never refused, counted
      const res = await view.createMany(entries);
      if (res.ok) usage.add(cluster, res.objects.length, res.objects.reduce((n, o) => n + encode(o).length, 0));
      return res;
    },
    async delete(key, expectedRev) {
      const res = await view.delete(key, expectedRev);
      if (res.ok) usage.add(cluster, -1, -encode(res.object).length);
      return res;
    },
  };
}

// ---- write rate -----------------------------------------------------------------------------

const WRITE_VERBS = new Set(['create', 'update', 'patch', 'delete', 'deletecollection']);

/**
 * The pipeline step (after authentication): a tenant's write over its cluster's rate is 429 with
 * Retry-After. One set of buckets per isolate (per call of this function).
 */
export function clusterWriteLimiter(buckets = new TokenBuckets(Date.now, MAX_CLUSTERS)): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cluster = c.get('cluster');
    const info = c.get('info');
    if (cluster === ROOT_CLUSTER || !info.isResourceRequest || !WRITE_VERBS.has(info.verb) || isExempt(c.get('user'))) return next();
    const { writeQps, writeBurst } = limitsOf(c.env);
    if (!writeQps) return next();
    const wait = buckets.take(cluster, { qps: writeQps, burst: writeBurst });
    if (wait > 0) throw writeRateError(cluster, writeQps, wait);
    return next();
  };
}

export function writeRateError(cluster: string, qps: number, retryAfterSeconds: number) {
  return tooManyRequests(`cluster "${cluster}" has reached its limit of ${qps} writes per second, please try again later`, retryAfterSeconds);
}
