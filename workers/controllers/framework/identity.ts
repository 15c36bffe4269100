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
import { ApiClient, type ClientOptions, type List, type ListOptions } from '../../../lib/client/client.ts';
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

/** The client options of one identity in one cluster; `fieldManager` is the component (kube-controller-manager, default-scheduler), `agent` names the controller. */
function optionsFor(env: Env, user: Identity, fieldManager: string, agent: string, cluster: string): ClientOptions {
  return {
    baseUrl: apiBase(cluster),
    fetch: (input, init) => env.API.fetch(input as string, init),
    token: () => tokenFor(env, user, cluster),
    userAgent: `${fieldManager}/v1.32.4 (timonier) ${agent}`,
    fieldManager,
  };
}

/*
 * The clients below are made for each run (a queue batch, a cron run), since they reach the API
 * through the run's gate (api-gate.ts): each is an instance of a class, whose methods V8 shares
 * across runs. (Before, each run made its clients with Object.create over objects fresh from the
 * run, and a fresh object made a prototype costs V8 maps of its own: a quarter of the controllers
 * isolate's time went to making contexts.)
 */

/** The informers' reads, as kube-controller-manager: a get is a list pinned to the name, as an informer only lists. */
class InformerClient extends ApiClient {
  override async get<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string): Promise<T | undefined> {
    return (await this.list<T>(res, { namespace, fieldSelector: `metadata.name=${name}` })).items[0];
  }
}

/** A controller's client: it writes as itself and reads as the informers do. */
class ControllerClient extends ApiClient {
  constructor(
    opts: ClientOptions,
    private readonly reads: Reads,
  ) {
    super(opts);
  }
  override get<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string): Promise<T | undefined> {
    return this.reads.get<T>(res, namespace, name);
  }
  override list<T extends KubeObject>(res: Resource, opts?: ListOptions): Promise<List<T>> {
    return this.reads.list<T>(res, opts);
  }
}

type Reads = Pick<ApiClient, 'get' | 'list'>;

export function informerReads(env: Env, cluster = ROOT_CLUSTER): Reads {
  return new InformerClient(optionsFor(env, CONTROLLER_MANAGER, 'kube-controller-manager', 'shared-informers', cluster));
}

export function controllerClient(env: Env, c: Named, cluster = ROOT_CLUSTER, reads = informerReads(env, cluster)): ApiClient {
  return new ControllerClient(optionsFor(env, identityOf(c), c.fieldManager ?? 'kube-controller-manager', c.name, cluster), reads);
}
