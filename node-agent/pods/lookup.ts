/**
 * ConfigMaps and Secrets a pod refers to (env, volumes), read through the API (the node may
 * read those of its own pods) and kept a few seconds, so a pod with many references, or many
 * pods sharing one, cost one read.
 */
import type { KubeObject } from '../../lib/api/meta.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { RESOURCES, type Resource } from '../../lib/client/resources.ts';
import type { ObjectLookup } from './env.ts';

const TTL_MS = 5000;

export function cachedLookup(api: ApiClient): ObjectLookup {
  const cache = new Map<string, { at: number; value: Promise<KubeObject | undefined> }>();
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
    async serviceAccountToken(ns, name, expirationSeconds) {
      const req = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds } };
      return (await api.post<{ status: { token: string } }>(RESOURCES.serviceaccounts, ns, name, 'token', req)).status.token;
    },
  };
}
