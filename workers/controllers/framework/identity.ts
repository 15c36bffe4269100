/**
 * Each controller talks to the API as its own service account in kube-system, so managedFields,
 * events and audit say who wrote what (`kube-controller-manager` as the field manager, as the
 * course shows). Tokens are minted with the cluster's signing key and reused until near expiry.
 */
import { ApiClient } from '../../../lib/client/client.ts';
import { serviceAccountUser, signToken } from '../../../lib/auth/tokens.ts';
import type { Env } from '../env.ts';

const TTL_SECONDS = 3600;
const tokens = new Map<string, { token: string; expires: number }>();

async function tokenFor(env: Env, user: { sub: string; groups: string[] }): Promise<string> {
  const cached = tokens.get(user.sub);
  if (cached && cached.expires > Date.now() + 60_000) return cached.token;
  const token = await signToken(env.TOKEN_SIGNING_KEY, { ...user, ttlSeconds: TTL_SECONDS });
  tokens.set(user.sub, { token, expires: Date.now() + TTL_SECONDS * 1000 });
  return token;
}

/** The API client of one controller; `fieldManager` is the component (kube-controller-manager, default-scheduler). */
export function clientFor(env: Env, serviceAccount: string, fieldManager: string): ApiClient {
  const user = serviceAccountUser('kube-system', serviceAccount);
  return new ApiClient({
    baseUrl: 'https://apiserver',
    fetch: async (input, init) => {
      if (!(env as any).TRACE_CONTROLLERS) return env.API.fetch(input as string, init);
      const t0 = Date.now();
      const r = await env.API.fetch(input as string, init);
      console.error(`[req] ${t0 % 100000} +${Date.now() - t0}ms ${serviceAccount} ${init?.method ?? 'GET'} ${String(input).replace('https://apiserver', '').slice(0, 110)} ${r.status}`);
      return r;
    },
    token: () => tokenFor(env, user),
    userAgent: `${fieldManager}/v1.32.4 (timonier) ${serviceAccount}`,
    fieldManager,
  });
}
