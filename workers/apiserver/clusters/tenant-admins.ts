/**
 * The access a new Cluster comes with, written by the API server itself (as system:apiserver):
 * - in the tenant, each of spec.admins as an identity.timonier.dev User (so the tenant can issue
 *   it tokens: users/<name>/token) bound to cluster-admin by one ClusterRoleBinding;
 * - in the root, once per isolate, the role of the cluster-status controller
 *   (workers/controllers/clusterstatus/): read clusters, write their status. It is no default
 *   Kubernetes role, so it is not in the default policy every cluster gets.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { IDENTITY_GROUP, IDENTITY_VERSION } from '../../../lib/api/identity.ts';
import { RBAC_GROUP } from '../../../lib/api/rbac.ts';
import { TENANCY_GROUP } from '../../../lib/api/tenancy.ts';
import type { Env } from '../env.ts';
import { byResource, storageKey } from '../registry/index.ts';
import { createObject } from '../rest/store.ts';
import { committing } from '../handlers/store-context.ts';
import { connectStorage } from '../storage/connect.ts';
import { ROOT_CLUSTER, scopedStorage } from '../storage/scoped.ts';
import { IsolateMemo } from '../../../lib/isolate/memo.ts';

type WaitUntil = (p: Promise<unknown>) => void;
const APISERVER = { username: 'system:apiserver', groups: ['system:masters'] };
/** the ClusterRoleBinding that makes spec.admins cluster-admin in the tenant */
export const ADMINS_BINDING = `${TENANCY_GROUP}:admins`;
export const STATUS_CONTROLLER = 'cluster-status-controller';
const STATUS_CONTROLLER_ROLE = `system:controller:${STATUS_CONTROLLER}`;

function contextIn(env: Env, cluster: string, waitUntil: WaitUntil) {
  const storage = scopedStorage(connectStorage(env), cluster);
  return committing(env, waitUntil, { storage, cluster, user: APISERVER, manager: 'timonier-tenancy', dryRun: false, now: () => new Date() });
}

/** Another writer made it first: fine. */
async function ignoreExists(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (e) {
    if ((e as { code?: number }).code !== 409) throw e;
  }
}

const kind = (group: string, version: string, resource: string) => byResource(group, version, resource)!;

export async function makeAdmins(env: Env, cluster: string, admins: string[], waitUntil: WaitUntil): Promise<void> {
  if (!admins.length) return;
  const ctx = contextIn(env, cluster, waitUntil);
  const users = kind(IDENTITY_GROUP, IDENTITY_VERSION, 'users');
  await Promise.all(admins.map((name) => ignoreExists(createObject(ctx, users, '', { apiVersion: `${IDENTITY_GROUP}/${IDENTITY_VERSION}`, kind: 'User', metadata: { name }, spec: { groups: [] } }))));
  const binding: KubeObject = {
    apiVersion: `${RBAC_GROUP}/v1`,
    kind: 'ClusterRoleBinding',
    metadata: { name: ADMINS_BINDING },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: admins.map((name) => ({ apiGroup: RBAC_GROUP, kind: 'User', name })),
  };
  await ignoreExists(createObject(ctx, kind(RBAC_GROUP, 'v1', 'clusterrolebindings'), '', binding));
}

/** whether this isolate wrote the cluster-status controller's access (lib/isolate/memo.ts: never waiting on another request's write) */
const controllerAccess = new IsolateMemo<'written', void>();

export function ensureStatusControllerAccess(env: Env, waitUntil: WaitUntil): Promise<void> {
  return controllerAccess.get(waitUntil, 'written', () => writeStatusControllerAccess(env, waitUntil));
}

async function writeStatusControllerAccess(env: Env, waitUntil: WaitUntil): Promise<void> {
  const ctx = contextIn(env, ROOT_CLUSTER, waitUntil);
  const meta = { name: STATUS_CONTROLLER_ROLE, labels: { 'app.kubernetes.io/managed-by': 'timonier' } };
  const role: KubeObject = {
    apiVersion: `${RBAC_GROUP}/v1`,
    kind: 'ClusterRole',
    metadata: meta,
    rules: [
      { apiGroups: [TENANCY_GROUP], resources: ['clusters'], verbs: ['get', 'list', 'watch'] },
      { apiGroups: [TENANCY_GROUP], resources: ['clusters/status'], verbs: ['patch', 'update'] },
    ],
  };
  const binding: KubeObject = {
    apiVersion: `${RBAC_GROUP}/v1`,
    kind: 'ClusterRoleBinding',
    metadata: meta,
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: STATUS_CONTROLLER_ROLE },
    subjects: [{ kind: 'ServiceAccount', name: STATUS_CONTROLLER, namespace: 'kube-system' }],
  };
  for (const [resource, obj] of [['clusterroles', role], ['clusterrolebindings', binding]] as const) {
    const desc = kind(RBAC_GROUP, 'v1', resource);
    if (!(await ctx.storage.get(storageKey(desc, undefined, STATUS_CONTROLLER_ROLE)))) await ignoreExists(createObject(ctx, desc, '', obj));
  }
}
