/**
 * Fair share of the API: each identity (per cluster and user name) draws from a token bucket of
 * its own, so one student's runaway loop is refused with 429 and `Retry-After` while everyone
 * else keeps their latency. It stands where Kubernetes' API Priority and Fairness stands: after
 * authentication and impersonation, before authorization, so a request that ends up 403 still
 * counts. System components are exempt, as APF's suggested configuration exempts or favours them.
 * Watches take one token when they start; other long-running requests (log, exec...) none, as APF.
 *
 * The buckets live in the isolate: with several isolates each holds its own, which only loosens
 * the limit. Refused requests cost nothing, so a loop that ignores Retry-After still gets `qps`.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Vars } from '../context.ts';
import type { Env } from '../env.ts';
import type { UserInfo } from '../auth/authn.ts';
import type { RequestInfo } from './info.ts';

export interface FairShareLimits {
  /** tokens added per second: the sustained rate; 0 turns the limit off */
  qps: number;
  /** bucket size: how many requests an idle identity may send at once */
  burst: number;
}

export const DEFAULT_FAIR_SHARE: FairShareLimits = { qps: 50, burst: 100 };

/** kube-apiserver writes this with http.Error: plain text, not a Status (max-in-flight and APF alike). */
export const REJECTION_TEXT = 'Too many requests, please try again later.\n';

/** FAIR_SHARE_QPS / FAIR_SHARE_BURST (env.ts); an unreadable value falls back to the default. */
export function fairShareLimits(env: Pick<Env, 'FAIR_SHARE_QPS' | 'FAIR_SHARE_BURST'>): FairShareLimits {
  const read = (v: string | undefined, fallback: number) => {
    const n = v === undefined || v.trim() === '' ? NaN : Number(v);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  const qps = read(env.FAIR_SHARE_QPS, DEFAULT_FAIR_SHARE.qps);
  // a bucket smaller than one request would refuse everything
  return { qps, burst: Math.max(1, read(env.FAIR_SHARE_BURST, DEFAULT_FAIR_SHARE.burst)) };
}

const EXEMPT_GROUPS = new Set(['system:masters', 'system:nodes', 'system:serviceaccounts:kube-system']);
const EXEMPT_USERS = new Set(['system:apiserver', 'system:kube-controller-manager', 'system:kube-scheduler']);

/**
 * APF's exempt level (system:masters), its node-high (system:nodes), workload-high (the
 * controllers, the scheduler, kube-system's service accounts) and the apiserver itself.
 */
export function isExempt(user: UserInfo): boolean {
  return EXEMPT_USERS.has(user.username) || user.username.startsWith('system:serviceaccount:kube-system:') || user.groups.some((g) => EXEMPT_GROUPS.has(g));
}

const LONG_RUNNING_SUBRESOURCES = new Set(['log', 'exec', 'attach', 'portforward', 'proxy']);
const PROBES = /^\/(healthz|livez|readyz)(\/|$)/;

/** Whether the request draws a token: probes (APF's `probes` schema) and long-running non-watches do not. */
export function isCounted(info: RequestInfo): boolean {
  if (!info.isResourceRequest) return !PROBES.test(info.path);
  return info.verb === 'watch' || !LONG_RUNNING_SUBRESOURCES.has(info.subresource);
}

interface Bucket {
  tokens: number;
  /** clock reading (ms) at which `tokens` was computed */
  at: number;
}

/**
 * Token buckets by key, with bounded memory: a bucket idle long enough to be full again is the
 * same as no bucket, so such buckets are dropped every `sweepMs` and whenever `maxKeys` is
 * reached; past that, the least recently used go first (they only get a fresh burst back).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
    private readonly sweepMs = 60_000,
  ) {
    this.lastSweep = now();
  }

  get size(): number {
    return this.buckets.size;
  }

  /** Takes a token: 0 when admitted, else the whole seconds until one is there (at least 1). */
  take(key: string, limits: FairShareLimits): number {
    const now = this.now();
    if (now - this.lastSweep >= this.sweepMs || (this.buckets.size >= this.maxKeys && !this.buckets.has(key))) this.sweep(now, limits);
    const bucket = this.buckets.get(key);
    const tokens = bucket ? refill(bucket, now, limits) : limits.burst;
    // re-inserted on every use: the Map's order is least recently used first
    this.buckets.delete(key);
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    }
    this.buckets.set(key, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / limits.qps));
  }

  private sweep(now: number, limits: FairShareLimits): void {
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (refill(bucket, now, limits) >= limits.burst) this.buckets.delete(key);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}

function refill(b: Bucket, now: number, limits: FairShareLimits): number {
  return Math.min(limits.burst, b.tokens + (Math.max(0, now - b.at) / 1000) * limits.qps);
}

/** The bucket's key: an identity in a cluster (user names never contain a NUL). */
export const bucketKey = (cluster: string, user: UserInfo) => `${cluster}\u0000${user.username}`;

type Subject = Pick<Vars, 'cluster' | 'user' | 'info'>;

/**
 * The pipeline step: a request over its identity's share gets the 429 kube-apiserver's priority
 * and fairness writes. One set of buckets per isolate (per call of this function).
 */
export function fairShareLimiter(buckets = new TokenBuckets()): MiddlewareHandler<AppEnv> {
  let parsed: { from: Env; limits: FairShareLimits } | undefined;
  const limitsOf = (env: Env) => (parsed?.from === env ? parsed.limits : (parsed = { from: env, limits: fairShareLimits(env) }).limits);

  return async (c, next) => {
    const wait = admit(buckets, limitsOf(c.env), { cluster: c.get('cluster'), user: c.get('user'), info: c.get('info') });
    if (wait === 0) return next();
    return c.body(REJECTION_TEXT, 429, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Retry-After': String(wait) });
  };
}

/** 0 when the request may go on, else the seconds to put in Retry-After. */
export function admit(buckets: TokenBuckets, limits: FairShareLimits, s: Subject): number {
  if (limits.qps === 0 || isExempt(s.user) || !isCounted(s.info)) return 0;
  return buckets.take(bucketKey(s.cluster, s.user), limits);
}
