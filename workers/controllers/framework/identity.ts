/**
 * Each controller talks to the API as its own service account in kube-system, bound to its
 * `system:controller:<name>` role, as kube-controller-manager does with
 * `--use-service-account-credentials`, so managedFields, events and audit say who wrote what
 * (`kube-controller-manager` as the field manager, as the course shows). The scheduler is
 * `system:kube-scheduler`. The reads shared by all controllers (shared-reads.ts, our informers)
 * are made as kube-controller-manager itself, which may list and watch everything. Tokens are
 * minted with the cluster's signing key and reused until near expiry.
 */
import { ApiClient } from '../../../lib/client/client.ts';
import { serviceAccountUser, signToken } from '../../../lib/auth/tokens.ts';
import type { Env } from '../env.ts';

export interface Identity {
  sub: string;
  groups: string[];
}

/** kube-controller-manager's own user: what its shared informers list and watch as. */
export const CONTROLLER_MANAGER: Identity = { sub: 'system:kube-controller-manager', groups: ['system:authenticated'] };

/** A controller's user: its service account in kube-system, or the user it names (the scheduler). */
export const identityOf = (c: { name: string; user?: string }): Identity => (c.user ? { sub: c.user, groups: ['system:authenticated'] } : serviceAccountUser('kube-system', c.name));

const TTL_SECONDS = 3600;
const tokens = new Map<string, { token: string; expires: number }>();

async function tokenFor(env: Env, user: Identity): Promise<string> {
  const cached = tokens.get(user.sub);
  if (cached && cached.expires > Date.now() + 60_000) return cached.token;
  const token = await signToken(env.TOKEN_SIGNING_KEY, { ...user, ttlSeconds: TTL_SECONDS });
  tokens.set(user.sub, { token, expires: Date.now() + TTL_SECONDS * 1000 });
  return token;
}

/** The API client of one identity; `fieldManager` is the component (kube-controller-manager, default-scheduler), `agent` names the controller. */
export function clientFor(env: Env, user: Identity, fieldManager: string, agent: string): ApiClient {
  return new ApiClient({
    baseUrl: 'https://apiserver',
    fetch: async (input, init) => {
      if (!(env as any).TRACE_CONTROLLERS) return env.API.fetch(input as string, init);
      const t0 = Date.now();
      const r = await env.API.fetch(input as string, init);
      console.error(`[req] ${t0 % 100000} +${Date.now() - t0}ms ${agent} ${init?.method ?? 'GET'} ${String(input).replace('https://apiserver', '').slice(0, 110)} ${r.status}`);
      return r;
    },
    token: () => tokenFor(env, user),
    userAgent: `${fieldManager}/v1.32.4 (timonier) ${agent}`,
    fieldManager,
  });
}
