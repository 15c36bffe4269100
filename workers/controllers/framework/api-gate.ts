/**
 * The env a queue batch or a cron run works with: its API binding lets at most API_CALLS_AT_ONCE
 * of the run's calls through at once, the others waiting their turn, as client-go bounds
 * kube-controller-manager's requests. Past the limit a call waits here rather than being refused
 * by the API server's max-in-flight with a 429 and retried seconds later.
 *
 * One gate per run, not per isolate: workerd cancels a request that waits on another request's
 * I/O (lib/isolate/memo.ts), so a slot handed from one run to another would cancel the one
 * waiting, and a run the runtime cancels would keep its slots for good. The isolate's runs side by
 * side (a batch, the cron) stay well under the API server's budget for the control plane
 * (request/inflight.ts: 400 reads and 200 writes).
 */
import type { Env } from '../env.ts';
import { gate } from './limit.ts';

export const API_CALLS_AT_ONCE = 64;

export function withApiGate(env: Env): Env {
  const calls = gate(API_CALLS_AT_ONCE);
  const api = env.API;
  // the binding's own fetch, called on it: a native method needs its own `this`
  return { ...env, API: { fetch: (input: RequestInfo | URL, init?: RequestInit) => calls(() => api.fetch(input, init)) } as Fetcher };
}
