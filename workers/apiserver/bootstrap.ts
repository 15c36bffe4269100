/**
 * What a cluster has from its first request: the four system namespaces and the `kubernetes`
 * Service, created by the API server itself as kube-apiserver's bootstrap controller does, and
 * the default RBAC policy, reconciled as its RBAC post-start hook does.
 * Runs once per isolate and cluster, on the cluster's first request there (a few reads and no
 * write when everything exists), when a tenant cluster is created, and from cron.
 */
import type { KubeObject } from '../../lib/api/meta.ts';
import type { Env } from './env.ts';
import { byResource } from './registry/index.ts';
import { createObject } from './rest/store.ts';
import { committing } from './handlers/store-context.ts';
import type { Storage } from './storage/types.ts';
import { kubernetesServiceIP } from './admission/cluster-ip.ts';
import { reconcileDefaultPolicy } from './rbac/policy/reconcile.ts';

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];
const APISERVER = { username: 'system:apiserver', groups: ['system:masters'] };

const kubernetesService: KubeObject = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'kubernetes', labels: { component: 'apiserver', provider: 'kubernetes' } },
  spec: { clusterIP: '10.96.0.1', ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }], sessionAffinity: 'None', type: 'ClusterIP' },
};

export async function ensureSystemObjects(env: Env, storage: Storage, cluster: string, waitUntil: (p: Promise<unknown>) => void): Promise<void> {
  const ctx = committing(env, waitUntil, { storage, cluster, user: APISERVER, manager: 'kube-apiserver', dryRun: false, now: () => new Date() });
  const namespaces = byResource('', 'v1', 'namespaces')!;
  const services = byResource('', 'v1', 'services')!;
  const existing = new Set((await storage.list('/registry/namespaces/')).items.map((n) => n.metadata.name));
  for (const name of SYSTEM_NAMESPACES.filter((n) => !existing.has(n))) await ignoreExists(createObject(ctx, namespaces, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }));
  if (!(await storage.get('/registry/services/default/kubernetes'))) await ignoreExists(createObject(ctx, services, 'default', withClusterIP(kubernetesService, kubernetesServiceIP(env.SERVICE_CLUSTER_IP_RANGE))));
  await reconcileDefaultPolicy(ctx);
}

/** Per isolate: the clusters whose system objects are known to exist (or are being made). */
const bootstrapped = new Map<string, Promise<void>>();

/** ensureSystemObjects, once per isolate and cluster; a failure is retried by the next call. */
export function bootstrapOnce(env: Env, storage: Storage, cluster: string, waitUntil: (p: Promise<unknown>) => void): Promise<void> {
  let done = bootstrapped.get(cluster);
  if (!done) {
    done = ensureSystemObjects(env, storage, cluster, waitUntil).catch((e) => {
      bootstrapped.delete(cluster);
      throw e;
    });
    bootstrapped.set(cluster, done);
  }
  return done;
}

/** A deleted cluster: made again from scratch if a cluster of that name is created. */
export const forgetBootstrap = (cluster: string) => void bootstrapped.delete(cluster);

/** The `kubernetes` service takes the first address of the service range. */
function withClusterIP(svc: KubeObject, ip: string): KubeObject {
  const copy = structuredClone(svc);
  (copy.spec as { clusterIP: string }).clusterIP = ip;
  return copy;
}

/** Another isolate may bootstrap at the same moment: its create winning is fine. */
async function ignoreExists(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (e) {
    if ((e as { code?: number }).code !== 409) throw e;
  }
}
