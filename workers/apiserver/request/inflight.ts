/**
 * Max-in-flight, as kube-apiserver's filter: past a number of requests being served at once
 * (read-only and mutating counted apart), a request waits in a short queue, as API Priority and
 * Fairness queues it, and is refused with 429 and `Retry-After: 1` (which client-go retries
 * transparently) only when the queue is full or its turn does not come (seats.ts). Long-running requests (watches, log follows, exec) are
 * not counted: they hold no worker for their duration.
 *
 * It runs after authentication, as in Kubernetes' handler chain, so the budget can follow who
 * asks, as API Priority and Fairness' suggested levels do: `system:masters` is exempt; nodes
 * (node-high) and the control plane's own components (workload-high: the scheduler, the
 * controller manager, kube-system's service accounts, the apiserver) each have a budget of
 * their own; everyone else shares the default one. So a hundred kubelets, or a user's loop,
 * filling their budget never turn the scheduler's bindings or the controllers' writes into 429s.
 */
import type { MiddlewareHandler } from 'hono';
import { tooManyRequests } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { UserInfo } from '../auth/authn.ts';
import { Seats } from './seats.ts';

export interface InflightLimits {
  readonly: number;
  mutating: number;
  /** requests that may wait for a seat, per budget and kind (0: refused at once) */
  queueLength: number;
  /** how long one may wait before it is refused */
  maxWaitMs: number;
}

/**
 * kube-apiserver's defaults (--max-requests-inflight, --max-mutating-requests-inflight), per
 * budget; a queue of 1 000 (APF's node-high level queues up to 64 × 50), waited on for at most
 * 5 s (APF waits up to a quarter of the request timeout). With a queue of 100, 200 agents starting
 * 2 000 pods had a fifth of their writes refused, lease renewals among them, each refusal retried
 * a second later: queued, the same writes wait about as long and none is sent twice.
 */
export const DEFAULT_LIMITS: InflightLimits = { readonly: 400, mutating: 200, queueLength: 1000, maxWaitMs: 5_000 };

export type Budget = 'exempt' | 'nodes' | 'system' | 'workload';

const SYSTEM_USERS = new Set(['system:apiserver', 'system:kube-controller-manager', 'system:kube-scheduler']);

/** The budget a request draws from, by its user (APF's exempt, node-high, workload-high, the rest). */
export function budgetOf(user: UserInfo | undefined): Budget {
  if (!user) return 'workload';
  if (user.groups.includes('system:masters')) return 'exempt';
  if (user.groups.includes('system:nodes')) return 'nodes';
  if (SYSTEM_USERS.has(user.username) || user.username.startsWith('system:serviceaccount:kube-system:')) return 'system';
  return 'workload';
}

const LONG_RUNNING_SUBRESOURCES = new Set(['log', 'exec', 'attach', 'portforward', 'proxy']);

export function inflightLimiter(limits: InflightLimits = DEFAULT_LIMITS): MiddlewareHandler<AppEnv> {
  const seats = (limit: number) => new Seats({ limit, queueLength: limits.queueLength, maxWaitMs: limits.maxWaitMs });
  const budgets = ['nodes', 'system', 'workload'] as const;
  const serving = Object.fromEntries(budgets.map((b) => [b, { readonly: seats(limits.readonly), mutating: seats(limits.mutating) }])) as Record<(typeof budgets)[number], Record<'readonly' | 'mutating', Seats>>;
  return async (c, next) => {
    const info = c.get('info');
    if (info.isResourceRequest && (info.verb === 'watch' || LONG_RUNNING_SUBRESOURCES.has(info.subresource))) return next();
    const budget = budgetOf(c.get('user'));
    if (budget === 'exempt') return next();
    const kind = ['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) ? 'readonly' : 'mutating';
    const of = serving[budget][kind];
    const seat = await of.take();
    if (!seat) throw tooManyRequests('Too many requests, please try again later.', 1);
    try {
      await next();
    } finally {
      of.release(seat);
    }
  };
}
