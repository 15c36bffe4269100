/**
 * ConfigMaps and Secrets a pod refers to (env, volumes), read through the API (the node may
 * read those of its own pods) and kept up to date by a watch per object (watched-objects.ts), as
 * the kubelet's configmap and secret managers do: many pods sharing one (every pod mounts its
 * namespace's kube-root-ca.crt) cost the node one list and one watch, and a volume refresh reads
 * from memory. Service-account tokens are bound to their pod and reused until 80 % of their
 * lifetime has passed, as the kubelet's token manager does.
 */
import type { KubeObject } from '../../lib/api/meta.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { RESOURCES, type Resource } from '../../lib/client/resources.ts';
import type { ObjectLookup } from './env.ts';
import { WatchedObjects, type WatchedObjectsOptions } from './watched-objects.ts';

/** a token is renewed once this share of its lifetime has passed */
const TOKEN_RENEW_AT = 0.8;

/** `watch`: the watched objects' options; its signal stops their watches (the agent stops). */
export function cachedLookup(api: ApiClient, now: () => number = Date.now, watch: WatchedObjectsOptions = {}): ObjectLookup {
  const objects = new WatchedObjects(api, { now, ...watch });
  const tokens = new Map<string, { renewAt: number; token: Promise<string> }>();
  const get = (res: Resource, ns: string, name: string) => objects.get<KubeObject>(res, ns, name);
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
