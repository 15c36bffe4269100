/**
 * Each controller talks to the API as its own service account in kube-system, bound to its
 * `system:controller:<name>` role, as kube-controller-manager does with
 * `--use-service-account-credentials`, so managedFields, events and audit say who wrote what
 * (`kube-controller-manager` as the field manager, as the course shows). The scheduler is
 * `system:kube-scheduler`. Reads are made as kube-controller-manager itself, which may list and
 * watch everything, as controllers read their informers' caches in Kubernetes; a get is a list
 * pinned to the name, as an informer only lists. Tokens are minted with the cluster's signing
 * key, name the cluster they are for (valid there only), and are reused until near expiry. A
 * tenant cluster is reached through its path, `https://apiserver/clusters/<name>`, as any client
 * reaches it.
 */
import { ApiClient } from '../../../lib/client/client.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Resource } from '../../../lib/client/resources.ts';
import { ROOT_CLUSTER, serviceAccountUser, signToken } from '../../../lib/auth/tokens.ts';
import type { Env } from '../env.ts';
import type { Controller } from './controller.ts';

export interface Identity {
  sub: string;
  groups: string[];
}

/** kube-controller-manager's own user: what its shared informers list and watch as. */
export const CONTROLLER_MANAGER: Identity = { sub: 'system:kube-controller-manager', groups: ['system:authenticated'] };

type Named = Pick<Controller, 'name' | 'user' | 'serviceAccount' | 'fieldManager'>;

/** A controller's user: its service account in kube-system, or the user it names (the scheduler). */
export const identityOf = (c: Named): Identity => (c.user ? { sub: c.user, groups: ['system:authenticated'] } : serviceAccountUser('kube-system', c.serviceAccount ?? c.name));

const TTL_SECONDS = 3600;
/** by cluster and user; bounded, as an isolate may serve many clusters */
const tokens = new Map<string, { token: string; expires: number }>();
const MAX_TOKENS = 10_000;

async function tokenFor(env: Env, user: Identity, cluster: string): Promise<string> {
  const id = `${cluster}/${user.sub}`;
  const cached = tokens.get(id);
  if (cached && cached.expires > Date.now() + 60_000) return cached.token;
  const token = await signToken(env.TOKEN_SIGNING_KEY, { ...user, cluster, ttlSeconds: TTL_SECONDS });
  if (tokens.size >= MAX_TOKENS) tokens.clear();
  tokens.set(id, { token, expires: Date.now() + TTL_SECONDS * 1000 });
  return token;
}

/** Where a cluster's API is, through the service binding. */
export const apiBase = (cluster: string) => (cluster === ROOT_CLUSTER ? 'https://apiserver' : `https://apiserver/clusters/${encodeURIComponent(cluster)}`);

/**
 * The API client of one identity in one cluster; `fieldManager` is the component
 * (kube-controller-manager, default-scheduler), `agent` names the controller.
 */
export function clientFor(env: Env, user: Identity, fieldManager: string, agent: string, cluster = ROOT_CLUSTER): ApiClient {
  return new ApiClient({
    baseUrl: apiBase(cluster),
    fetch: (input, init) => env.API.fetch(input as string, init),
    token: () => tokenFor(env, user, cluster),
    userAgent: `${fieldManager}/v1.32.4 (timonier) ${agent}`,
    fieldManager,
  });
}

/**
 * The clients below are made once per isolate, controller and cluster, not for every batch: a
 * batch's contexts (one per controller, again for each wave of its own writes) wrap them with
 * Object.create, and a fresh object made a prototype costs V8 a map of its own each time (the
 * controllers isolate spent 8 % making contexts in the agents benchmark). They hold no state.
 */
const made = new WeakMap<Env, Map<string, unknown>>();
/** clusters × controllers; the least recently used go first */
const MAX_MADE = 4096;

function once<T>(env: Env, key: string, make: () => T): T {
  let byKey = made.get(env);
  if (!byKey) made.set(env, (byKey = new Map()));
  const held = byKey.get(key) as T | undefined;
  if (held !== undefined) {
    byKey.delete(key); // re-inserted: a Map keeps insertion order
    byKey.set(key, held);
    return held;
  }
  const value = make();
  byKey.set(key, value);
  if (byKey.size > MAX_MADE) byKey.delete(byKey.keys().next().value!);
  return value;
}

/** The informers' reads: as kube-controller-manager, gets made as lists pinned to the name. */
export function informerReads(env: Env, cluster = ROOT_CLUSTER): Pick<ApiClient, 'get' | 'list'> {
  return once(env, `reads\n${cluster}`, () => {
    const reader = clientFor(env, CONTROLLER_MANAGER, 'kube-controller-manager', 'shared-informers', cluster);
    return {
      get: async <T extends KubeObject>(res: Resource, namespace: string | undefined, name: string) =>
        (await reader.list<T>(res, { namespace, fieldSelector: `metadata.name=${name}` })).items[0] as T | undefined,
      list: (res, opts) => reader.list(res, opts),
    };
  });
}

/** A controller's client: it writes as itself and reads as the informers do. */
export function controllerClient(env: Env, c: Named, cluster = ROOT_CLUSTER): ApiClient {
  return once(env, ['client', cluster, c.name, c.user, c.serviceAccount, c.fieldManager].join('\n'), () => {
    const writer = clientFor(env, identityOf(c), c.fieldManager ?? 'kube-controller-manager', c.name, cluster);
    return Object.assign(Object.create(writer) as ApiClient, informerReads(env, cluster));
  });
}
