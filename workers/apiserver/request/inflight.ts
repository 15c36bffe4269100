/**
 * Max-in-flight, as kube-apiserver's filter: past a number of requests being served at once
 * (read-only and mutating counted apart), a request is refused with 429 and `Retry-After: 1`,
 * which client-go retries transparently. Long-running requests (watches, log follows, exec) are
 * not counted: they hold no worker for their duration.
 */
import type { MiddlewareHandler } from 'hono';
import { tooManyRequests } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';

export interface InflightLimits {
  readonly: number;
  mutating: number;
}

/** kube-apiserver's defaults (--max-requests-inflight, --max-mutating-requests-inflight). */
export const DEFAULT_LIMITS: InflightLimits = { readonly: 400, mutating: 200 };

const LONG_RUNNING_SUBRESOURCES = new Set(['log', 'exec', 'attach', 'portforward', 'proxy']);

export function inflightLimiter(limits: InflightLimits = DEFAULT_LIMITS): MiddlewareHandler<AppEnv> {
  const serving = { readonly: 0, mutating: 0 };
  return async (c, next) => {
    const info = c.get('info');
    if (info.isResourceRequest && (info.verb === 'watch' || LONG_RUNNING_SUBRESOURCES.has(info.subresource))) return next();
    const kind = ['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) ? 'readonly' : 'mutating';
    if (serving[kind] >= limits[kind]) throw tooManyRequests('Too many requests, please try again later.', 1);
    serving[kind]++;
    try {
      await next();
    } finally {
      serving[kind]--;
    }
  };
}
