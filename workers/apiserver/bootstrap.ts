/**
 * What a cluster has from its first request: the four system namespaces and the `kubernetes`
 * Service, created by the API server itself as kube-apiserver's bootstrap controller does, and
 * the default RBAC policy, reconciled as its RBAC post-start hook does.
 * Runs once per isolate and cluster, on the cluster's first request there (a few reads and no
 * write when everything exists), and from cron.
 *
 * A new tenant cluster gets all of them at once (bootstrapNewCluster), with what the controllers
 * would add (default ServiceAccounts, kube-root-ca.crt, the aggregated roles' rules): built
 * as the generic create builds them (once per isolate: each new cluster copies that template
 * with its own uids and times), written in one transaction, and announced to nobody
 * (no change message, no watch-hub poke: nobody watches a cluster that did not exist, and the
 * controllers have nothing left to do), so a new idle cluster costs nothing after its creation.
 */
import type { KubeObject } from '../../lib/api/meta.ts';
import type { ChangeMessage, Env } from './env.ts';
import { byResource, storageKey } from './registry/index.ts';
import { createObject } from './rest/store.ts';
import { committing } from './handlers/store-context.ts';
import type { Storage } from './storage/types.ts';
import { kubeDnsServiceIP, kubernetesServiceIP } from './admission/cluster-ip.ts';
import { defaultPolicyObjects, reconcileDefaultPolicy } from './rbac/policy/reconcile.ts';
import { buildObjects, NotBatchable, storeObjects, type BuiltObject, type NewObject } from './rest/batch-create.ts';
import { rfc3339 } from './rest/meta.ts';
import type { StoreContext } from './rest/store.ts';
import { noteCommit } from './cache/followed.ts';
import { defaultStorageClass } from './registry/kinds/storage/default-class.ts';
import { defaultServiceAccount, rootCAConfigMap } from '../../lib/api/core/namespace-defaults.ts';
import { IsolateMemo } from '../../lib/isolate/memo.ts';

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];
const APISERVER = { username: 'system:apiserver', groups: ['system:masters'] };

const kubernetesService: KubeObject = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'kubernetes', labels: { component: 'apiserver', provider: 'kubernetes' } },
  spec: { clusterIP: '10.96.0.1', ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }], sessionAffinity: 'None', type: 'ClusterIP' },
};

/**
 * The cluster DNS Service, as kubeadm's CoreDNS addon makes it: `kubectl get svc -n kube-system`
 * shows it, pods' resolv.conf names its address; the node agents serve it (node-agent/dns/).
 */
const kubeDnsService: KubeObject = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'kube-dns', labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' }, annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' } },
  spec: {
    clusterIP: '10.96.0.10',
    ports: [
      { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
      { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
      { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
    ],
    selector: { 'k8s-app': 'kube-dns' },
    sessionAffinity: 'None',
    type: 'ClusterIP',
  },
};

export async function ensureSystemObjects(env: Env, storage: Storage, cluster: string, waitUntil: (p: Promise<unknown>) => void): Promise<void> {
  const ctx = committing(env, waitUntil, { storage, cluster, user: APISERVER, manager: 'kube-apiserver', dryRun: false, now: () => new Date() });
  const namespaces = byResource('', 'v1', 'namespaces')!;
  const existing = new Set((await storage.list('/registry/namespaces/')).items.map((n) => n.metadata.name));
  for (const name of SYSTEM_NAMESPACES.filter((n) => !existing.has(n))) await ignoreExists(createObject(ctx, namespaces, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }));
  await ensureService(ctx, 'default', withClusterIP(kubernetesService, kubernetesServiceIP(env.SERVICE_CLUSTER_IP_RANGE)));
  // a cluster made before kube-dns existed may have given its address away: then it has none
  await ensureService(ctx, 'kube-system', withClusterIP(kubeDnsService, kubeDnsServiceIP(env.SERVICE_CLUSTER_IP_RANGE)), { addressMayBeTaken: true });
  if (!(await storage.get(storageKey(byResource('storage.k8s.io', 'v1', 'storageclasses')!, undefined, 'standard')))) await ignoreExists(createObject(ctx, byResource('storage.k8s.io', 'v1', 'storageclasses')!, '', defaultStorageClass()));
  await reconcileDefaultPolicy(ctx);
}

/**
 * Per isolate: the clusters whose system objects are known to exist. Bounded: a cluster dropped
 * from it costs its next first request the few reads of ensureSystemObjects. Concurrent first
 * requests of different requests each make sure for themselves (lib/isolate/memo.ts): the
 * creations are idempotent, and none waits on another's I/O.
 */
const bootstrapped = new IsolateMemo<string, void>(10_000);

/** ensureSystemObjects, once per isolate and cluster; a failure is retried by the next call. `request`: the request's ExecutionContext. */
export function bootstrapOnce(env: Env, storage: Storage, cluster: string, request: { waitUntil(p: Promise<unknown>): void }): Promise<void> {
  return bootstrapped.get(request, cluster, () => ensureSystemObjects(env, storage, cluster, (p) => request.waitUntil(p)));
}

/** A deleted cluster: made again from scratch if a cluster of that name is created. */
export const forgetBootstrap = (cluster: string) => bootstrapped.delete(cluster);

/** For the benchmark and tests: how many clusters this isolate remembers. */
export const bootstrappedCount = () => bootstrapped.size;

/**
 * Every system object of a new cluster, in creation order (namespaces first: the rest lives in
 * them), with what the controllers would add at once: each namespace's default ServiceAccount
 * and kube-root-ca.crt (when the API server knows the CA), the aggregated roles' rules.
 */
export function systemObjects(env: Pick<Env, 'SERVICE_CLUSTER_IP_RANGE' | 'CLUSTER_CA'>): NewObject[] {
  const core = (resource: string) => byResource('', 'v1', resource)!;
  const ca = env.CLUSTER_CA;
  return [
    ...SYSTEM_NAMESPACES.map((name) => ({ desc: core('namespaces'), namespace: '', object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } })),
    ...SYSTEM_NAMESPACES.map((ns) => ({ desc: core('serviceaccounts'), namespace: ns, object: defaultServiceAccount(ns) })),
    ...(ca ? SYSTEM_NAMESPACES.map((ns) => ({ desc: core('configmaps'), namespace: ns, object: rootCAConfigMap(ns, ca) })) : []),
    { desc: core('services'), namespace: 'default', object: withClusterIP(kubernetesService, kubernetesServiceIP(env.SERVICE_CLUSTER_IP_RANGE)) },
    { desc: core('services'), namespace: 'kube-system', object: withClusterIP(kubeDnsService, kubeDnsServiceIP(env.SERVICE_CLUSTER_IP_RANGE)) },
    { desc: byResource('storage.k8s.io', 'v1', 'storageclasses')!, namespace: '', object: defaultStorageClass() },
    ...defaultPolicyObjects().map(({ resource, object }) => ({ desc: byResource('rbac.authorization.k8s.io', 'v1', resource)!, namespace: object.metadata.namespace ?? '', object })),
  ];
}

/**
 * The system objects of a cluster that has none yet (createCluster, after purging its prefix):
 * one batch, one batch of change messages. Falls back to ensureSystemObjects when the batch cannot be
 * made (something is already there: another isolate's bootstrap got first).
 */
export async function bootstrapNewCluster(env: Env, storage: Storage, cluster: string, waitUntil: (p: Promise<unknown>) => void): Promise<void> {
  const ctx: StoreContext = {
    storage,
    cluster,
    user: APISERVER,
    manager: 'kube-apiserver',
    dryRun: false,
    now: () => new Date(),
    serviceClusterIPRange: env.SERVICE_CLUSTER_IP_RANGE,
    // this isolate's caches see the objects at once; the controllers hear of them below
    afterCommit: (desc, _type, obj) => noteCommit(cluster, storageKey(desc, obj.metadata.namespace, obj.metadata.name!)),
  };
  let built: BuiltObject[];
  let made: KubeObject[];
  try {
    const now = rfc3339(ctx.now());
    built = (await systemTemplate(ctx, env)).map((b) => madeAt(b, now));
    made = await storeObjects(ctx, built);
  } catch (e) {
    if (!(e instanceof NotBatchable) && (e as { code?: number }).code !== 409) throw e;
    // the slow path announces each of its writes itself
    await ensureSystemObjects(env, storage, cluster, waitUntil);
    bootstrapped.set(cluster);
    return;
  }
  bootstrapped.set(cluster);
  const messages = announcements(cluster, built, made);
  if (messages.length) await env.CHANGES?.sendBatch(messages.map((body) => ({ body })));
}

/**
 * Per isolate: a new cluster's system objects as the create path builds them (defaults,
 * admission, validation, managedFields), built once for the settings they depend on, against the
 * first new cluster (empty, as every new cluster is). Each new cluster stores a copy with its own
 * uids and times: building ~150 objects the generic way is ~6 MB of garbage per cluster, which
 * the isolate's heap would keep as its high-water mark.
 */
let template: { settings: string; built: BuiltObject[] } | undefined;

async function systemTemplate(ctx: StoreContext, env: Env): Promise<BuiltObject[]> {
  const settings = `${env.SERVICE_CLUSTER_IP_RANGE}\n${env.CLUSTER_CA ?? ''}`;
  if (template?.settings !== settings) template = { settings, built: await buildObjects(ctx, systemObjects(env)) };
  return template.built;
}

/** A template's object as made at `now`: its own uid, creationTimestamp and managedFields times. */
function madeAt(b: BuiltObject, now: string): BuiltObject {
  const m = b.object.metadata;
  const metadata = { ...m, uid: crypto.randomUUID(), creationTimestamp: now, managedFields: m.managedFields?.map((f) => ({ ...f, time: now })) };
  return { ...b, object: { ...b.object, metadata } };
}

/**
 * What the controllers need to hear of a new cluster's system objects: nothing when the batch
 * holds what they would add (systemObjects), else its namespaces (for kube-root-ca.crt). The ~150
 * change messages the objects would have made one by one lead to no other work; a full resync
 * would run every controller's listing (the garbage collector's scan of every kind) for an empty
 * cluster: about a second of CPU per cluster, measured.
 */
function announcements(cluster: string, built: BuiltObject[], made: KubeObject[]): ChangeMessage[] {
  if (built.some((b) => b.desc.resource === 'configmaps')) return [];
  return built.flatMap(({ desc }, i): ChangeMessage[] => {
    if (desc.group !== '' || desc.resource !== 'namespaces') return [];
    const o = made[i];
    return [{ cluster, rev: Number(o.metadata.resourceVersion), group: desc.group, resource: desc.resource, namespace: o.metadata.namespace, name: o.metadata.name!, type: 'ADDED' }];
  });
}

/** The `kubernetes` service takes the first address of the service range. */
function withClusterIP(svc: KubeObject, ip: string): KubeObject {
  const copy = structuredClone(svc);
  (copy.spec as { clusterIP: string }).clusterIP = ip;
  return copy;
}

/**
 * Creates a system Service unless it exists. A concurrent bootstrap (another isolate, or another
 * request of this one) creating it first makes this create fail with 409, or with 422 when that
 * create took the address first: then the Service exists, which is all that was asked.
 */
async function ensureService(ctx: StoreContext, namespace: string, svc: KubeObject, { addressMayBeTaken = false } = {}): Promise<void> {
  const key = `/registry/services/${namespace}/${svc.metadata.name}`;
  if (await ctx.storage.get(key)) return;
  try {
    await createObject(ctx, byResource('', 'v1', 'services')!, namespace, svc);
  } catch (e) {
    const code = (e as { code?: number }).code;
    if (code === 409 || (code === 422 && (addressMayBeTaken || (await ctx.storage.get(key))))) return;
    throw e;
  }
}

/** Another isolate may bootstrap at the same moment: its create winning is fine. */
async function ignoreExists(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (e) {
    if ((e as { code?: number }).code !== 409) throw e;
  }
}
