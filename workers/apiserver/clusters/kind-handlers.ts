/**
 * The Cluster kind's writes (tenancy.timonier.dev/v1alpha1 clusters): the generic handlers serve
 * its reads, updates and /status; creating and deleting one also makes and empties the tenant.
 *
 * - create (POST, or a server-side apply of a new one): the generic create path prepares the
 *   object without writing it (defaults, validation, uid, the cleanup finalizer, managedFields),
 *   then createCluster writes it as the tenant's record and bootstraps the tenant; the admins
 *   get their User and cluster-admin binding inside it (tenant-admins.ts).
 * - delete: the generic delete marks it (deletionTimestamp: Terminating, and from then on the
 *   tenant answers 404), then the cleanup finalizer's work runs at once, deleteCluster, which
 *   removes every key of the tenant and then the object. If that fails, the object stays
 *   Terminating and the cron finishes it (finishTerminatingClusters).
 *
 * The kind is the root cluster's: in a tenant every request for it is a 404.
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { CLUSTER_CLEANUP_FINALIZER, type Cluster } from '../../../lib/api/tenancy.ts';
import { resourceNotFound, StatusError } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { Env } from '../env.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { storageKey } from '../registry/index.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { createObject, deleteObject, storageOf, type StoreContext } from '../rest/store.ts';
import { connectStorage } from '../storage/connect.ts';
import { decodeBody, parseYaml } from '../codec/decode.ts';
import { decodeObject } from '../handlers/decode.ts';
import { deleteCollection, deleteOptions } from '../handlers/delete.ts';
import { readBody } from '../handlers/body.ts';
import { respondObject } from '../handlers/get.ts';
import { fieldValidation } from '../handlers/params.ts';
import { patchHandler } from '../handlers/patch.ts';
import { json, success } from '../handlers/respond.ts';
import { readContext, storeContext } from '../handlers/store-context.ts';
import { ROOT_CLUSTER } from './address.ts';
import { createCluster, deleteCluster } from './lifecycle.ts';
import { clusterRecords } from './records.ts';
import { ensureStatusControllerAccess, makeAdmins } from './tenant-admins.ts';

/** In a tenant the kind does not exist: 404, saying why. */
export function rootClusterOnly(c: Context<AppEnv>): void {
  if (c.get('cluster') === ROOT_CLUSTER) return;
  const err: StatusError = resourceNotFound();
  err.status.message = 'the server could not find the requested resource (clusters.tenancy.timonier.dev are served by the root cluster only)';
  throw err;
}

const waitUntilOf = (c: Context<AppEnv>) => (p: Promise<unknown>) => c.executionCtx.waitUntil(p);

/** Prepares the object through the generic create path, then makes the tenant with it as its record. */
async function createClusterObject(c: Context<AppEnv>, desc: KindDescriptor, input: KubeObject): Promise<Response> {
  const ctx = storeContext(c);
  const prepared = (await createObject({ ...ctx, dryRun: true }, desc, '', input)) as Cluster;
  if (ctx.dryRun) return respondObject(c, desc, prepared, 201);
  const name = prepared.metadata.name!;
  const waitUntil = waitUntilOf(c);
  const record = await createCluster(c.env, name, waitUntil, prepared);
  ctx.afterCommit(desc, 'ADDED', record);
  await Promise.all([makeAdmins(c.env, name, prepared.spec?.admins ?? [], waitUntil), ensureStatusControllerAccess(c.env, waitUntil)]);
  return respondObject(c, desc, record, 201);
}

export async function clusterCreateHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  return createClusterObject(c, desc, await decodeObject(c, desc));
}

/** A server-side apply that creates a Cluster goes through the create above; anything else is a plain patch. */
export async function clusterPatchHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const applying = c.req.header('Content-Type')?.startsWith('application/apply-patch') ?? false;
  if (!applying || info.subresource || (await storageOf(readContext(c), desc).get(storageKey(desc, '', info.name)))) return patchHandler(c, desc);
  const body = await readBody(c, ['application/apply-patch+yaml']);
  const { object, warnings } = decodeBody(new TextEncoder().encode(JSON.stringify(parseYaml(body.bytes))), 'application/json', desc, fieldValidation(new URL(c.req.url).searchParams));
  c.get('warnings').push(...warnings);
  const config = object as KubeObject;
  return createClusterObject(c, desc, { ...config, metadata: { ...config.metadata, name: info.name } });
}

/** Marks the cluster, then empties and removes it; the answer is the object if it is still Terminating. */
async function deleteClusterObject(c: Context<AppEnv>, ctx: StoreContext, desc: KindDescriptor, name: string, opts: Awaited<ReturnType<typeof deleteOptions>>): Promise<{ object: KubeObject; gone: boolean }> {
  const { object, gone } = await deleteObject(ctx, desc, '', name, opts);
  if (gone || ctx.dryRun || !object.metadata.finalizers?.includes(CLUSTER_CLEANUP_FINALIZER)) return { object, gone };
  try {
    const { record } = await deleteCluster(c.env, name);
    ctx.afterCommit(desc, 'DELETED', record);
    return { object: record, gone: true };
  } catch (e) {
    // Terminating: the cron's finishTerminatingClusters tries again
    console.error(`cluster ${name}: cleanup failed, left Terminating: ${(e as Error).message}`);
    return { object, gone: false };
  }
}

export async function clusterDeleteHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const { object, gone } = await deleteClusterObject(c, storeContext(c), desc, info.name, await deleteOptions(c));
  if (!gone) return respondObject(c, desc, object);
  return json(c, success({ name: info.name, group: desc.group, kind: desc.resource, uid: object.metadata.uid }));
}

export const clusterDeleteCollectionHandler = (c: Context<AppEnv>, desc: KindDescriptor) =>
  deleteCollection(c, desc, async (ctx, _ns, name, opts) => (await deleteClusterObject(c, ctx, desc, name, opts)).object);

/**
 * Cron: the clusters left Terminating (a cleanup that failed, an isolate that died in it) are
 * finished. One whose DELETE is still being served is Terminating too: if that request removes it
 * first, it is done, not a failure.
 */
export async function finishTerminatingClusters(env: Env): Promise<void> {
  const terminating = (await clusterRecords(connectStorage(env))).filter((r) => r.metadata.deletionTimestamp);
  for (const r of terminating)
    await deleteCluster(env, r.metadata.name!).catch((e) => {
      if (!(e instanceof StatusError && e.code === 404)) console.error(`cluster ${r.metadata.name}: cleanup failed again: ${(e as Error).message}`);
    });
}
