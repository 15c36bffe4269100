/** The store context of a request: its storage, user, manager, and what happens after a commit. */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { AppEnv } from '../context.ts';
import type { ChangeMessage } from '../env.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { sharingStorage, storageKey } from '../registry/index.ts';
import { noteCommit } from '../cache/followed.ts';
import type { ReadContext, StoreContext } from '../rest/store.ts';
import { fieldManagerOptionsError, managerFromRequest } from '../fieldmanager/index.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { boolParam, dryRun } from './params.ts';
import { webhookAttributes } from '../admission/webhooks/attributes.ts';
import { pokeHubs } from './hub-pokes.ts';
import { sendChange } from './change-batches.ts';
import { controllersAct } from '../../controllers/interest.ts';
import { ActivityClock } from '../../controllers/clusterstatus/status.ts';
import { ROOT_CLUSTER } from '../../../lib/auth/tokens.ts';
import { requestUrl } from '../request/url.ts';
import { chargedPod } from '../quota/evaluators.ts';
import { usesClaims, type Pod } from '../../../lib/api/core/pod.ts';

const OPTIONS_KIND = { create: 'CreateOptions', update: 'UpdateOptions', patch: 'PatchOptions' } as const;

/** fieldManager and force, checked as Kubernetes checks its Create/Update/PatchOptions. */
function manager(c: Context<AppEnv>, q: URLSearchParams): string {
  const fieldManager = q.get('fieldManager');
  const verb = (c.get('info') as ResourceRequestInfo).verb;
  if (verb === 'create' || verb === 'update' || verb === 'patch') {
    const apply = c.req.header('Content-Type')?.startsWith('application/apply-patch') ?? false;
    const err = fieldManagerOptionsError(OPTIONS_KIND[verb], { fieldManager, force: q.has('force') ? boolParam(q, 'force') : null, apply });
    if (err) throw err;
  }
  return managerFromRequest(fieldManager, c.req.header('User-Agent') ?? null);
}

/** A read's context: none of a write's (its field manager, options, admission). */
export const readContext = (c: Context<AppEnv>): ReadContext => ({ storage: c.get('storage'), cluster: c.get('cluster'), webhookBindings: c.env });

export function storeContext(c: Context<AppEnv>): StoreContext {
  const q = requestUrl(c.req.raw).searchParams;
  const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  return committing(c.env, waitUntil, {
    storage: c.get('storage'),
    cluster: c.get('cluster'),
    user: c.get('user'),
    manager: manager(c, q),
    dryRun: dryRun(q),
    now: () => new Date(),
    authorizer: c.get('authorizer'),
    webhooks: webhookAttributes(c.env, c.get('warnings'), q, waitUntil),
  });
}

/**
 * Completes a store context with what follows every commit: a poke to the watch hubs of every kind
 * served from the written keys (a core/v1 Event write is news to events.k8s.io watchers too), and
 * a change message (sent in batches: change-batches.ts).
 */
export function committing(env: AppEnv['Bindings'], waitUntil: (p: Promise<unknown>) => void, base: Omit<StoreContext, 'afterCommit'>): StoreContext {
  return {
    serviceClusterIPRange: env.SERVICE_CLUSTER_IP_RANGE,
    webhookBindings: env,
    ...base,
    afterCommit(desc: KindDescriptor, type: ChangeMessage['type'], obj: KubeObject, previous?: KubeObject) {
      const rev = Number(obj.metadata.resourceVersion);
      noteCommit(base.cluster, storageKey(desc, obj.metadata.namespace, obj.metadata.name!));
      const message: ChangeMessage = { cluster: base.cluster, rev, group: desc.group, resource: desc.resource, namespace: obj.metadata.namespace, name: obj.metadata.name!, type, ...writeFacts(type, obj, previous) };
      const pokes = pokeHubs(env, base.cluster, sharingStorage(desc), rev);
      waitUntil(Promise.allSettled([...pokes, env.CHANGES && worthSending(message) && sendChange(env.CHANGES, message)]));
    },
  };
}

/** per isolate: when each tenant's last change went to the controllers */
const tenantActivity = new ActivityClock();

/**
 * A change some controller acts on (controllers/interest.ts); and, at most once a minute per
 * tenant, any other: the cluster-status controller keeps a tenant's lastActivity from them.
 */
export function worthSending(m: ChangeMessage, now = Date.now()): boolean {
  const tenant = m.cluster !== ROOT_CLUSTER && m.cluster !== '';
  if (!controllersAct(m)) return tenant && tenantActivity.due(m.cluster, now);
  if (tenant) tenantActivity.note(m.cluster, now);
  return true;
}

type WriteFacts = Pick<ChangeMessage, 'ownersChanged' | 'deleting' | 'chargeMayChange' | 'usesClaims'>;

/**
 * The change message's facts (env.ts): a pod's claims from any of its writes; the rest when the
 * write's previous revision is known.
 */
export function writeFacts(type: ChangeMessage['type'], obj: KubeObject, previous?: KubeObject): WriteFacts {
  const claims: WriteFacts = isPod(obj) ? { usesClaims: usesClaims(obj as Pod) } : {};
  if (type === 'DELETED' || (type === 'MODIFIED' && !previous)) return claims;
  const owners = (o: KubeObject | undefined) => JSON.stringify(o?.metadata.ownerReferences ?? []);
  const facts: WriteFacts = { ...claims, ownersChanged: owners(obj) !== owners(previous), deleting: !!obj.metadata.deletionTimestamp };
  if (type === 'MODIFIED' && isPod(obj)) facts.chargeMayChange = chargeMayChange(obj as Pod, previous as Pod);
  return facts;
}

const isPod = (o: KubeObject) => o.apiVersion === 'v1' && o.kind === 'Pod';

/** Whether a pod's update may change its quota charge: it stopped (or started) being charged, or its resources changed. */
function chargeMayChange(pod: Pod, previous: Pod): boolean {
  const now = Date.now();
  if (chargedPod(pod, now) !== chargedPod(previous, now)) return true;
  const resources = (p: Pod) => JSON.stringify([p.spec?.containers?.map((c) => c.resources), p.spec?.initContainers?.map((c) => c.resources), p.spec?.overhead]);
  return resources(pod) !== resources(previous);
}
