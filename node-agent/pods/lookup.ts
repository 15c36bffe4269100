/**
 * ConfigMaps and Secrets a pod refers to (env, volumes), read through the API (the node may
 * read those of its own pods) and kept a few seconds, so a pod with many references, or many
 * pods sharing one, cost one read. Service-account tokens are bound to their pod and reused
 * until 80 % of their lifetime has passed, as the kubelet's token manager does.
 */
import type { KubeObject } from '../../lib/api/meta.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { RESOURCES, type Resource } from '../../lib/client/resources.ts';
import type { ObjectLookup } from './env.ts';

const TTL_MS = 5000;
/** a token is renewed once this share of its lifetime has passed */
const TOKEN_RENEW_AT = 0.8;

export function cachedLookup(api: ApiClient, now: () => number = Date.now): ObjectLookup {
  const cache = new Map<string, { at: number; value: Promise<KubeObject | undefined> }>();
  const tokens = new Map<string, { renewAt: number; token: Promise<string> }>();
  function get(res: Resource, ns: string, name: string) {
    const key = `${res.resource}/${ns}/${name}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const value = api.get<KubeObject>(res, ns, name);
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.delete(key));
    if (cache.size > 1000) cache.delete(cache.keys().next().value!);
    return value;
  }
  return {
    configMap: (ns, name) => get(RESOURCES.configmaps, ns, name) as ReturnType<ObjectLookup['configMap']>,
    secret: (ns, name) => get(RESOURCES.secrets, ns, name) as ReturnType<ObjectLookup['secret']>,
    serviceAccountToken(pod, name, { expirationSeconds, audience }) {
      const key = `${pod.uid}/${name}/${audience ?? ''}/${expirationSeconds}`;
      const hit = tokens.get(key);
      if (hit && now() < hit.renewAt) return hit.token;
      const spec = { expirationSeconds, ...(audience ? { audiences: [audience] } : {}), boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: pod.name, uid: pod.uid } };
      const token = api
        .post<{ status: { token: string } }>(RESOURCES.serviceaccounts, pod.namespace, name, 'token', { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec })
        .then((r) => r.status.token);
      tokens.set(key, { renewAt: now() + expirationSeconds * 1000 * TOKEN_RENEW_AT, token });
      token.catch(() => tokens.delete(key));
      for (const [k, t] of tokens) if (now() >= t.renewAt) tokens.delete(k);
      return token;
    },
  };
}
