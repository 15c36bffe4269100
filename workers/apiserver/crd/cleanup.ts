/**
 * Deleting a CRD deletes its custom resources first, as Kubernetes' finalizer controller does:
 * the first DELETE marks it (deletionTimestamp, the finalizer
 * `customresourcecleanup.apiextensions.k8s.io`, condition Terminating), then every object of the
 * kind is deleted, and once none is left the finalizer is removed, which removes the CRD. Objects
 * held by finalizers of their own keep the CRD Terminating; the cleanup runs again whenever one
 * of them is updated or deleted (routing.ts). Done in the request, like the Cluster kind's.
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { CRD_CLEANUP_FINALIZER, type CustomResourceDefinition } from '../../../lib/api/apiextensions.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { byResource, storagePrefix } from '../registry/index.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { deleteObject, getObject, storageOf, updateObject, writeDirect, type DeleteOptions, type StoreContext } from '../rest/store.ts';
import { clone, rfc3339 } from '../rest/meta.ts';
import { deleteCollection, deleteOptions } from '../handlers/delete.ts';
import { respondObject } from '../handlers/get.ts';
import { storeContext } from '../handlers/store-context.ts';
import { storageKindOf } from './custom-kind.ts';
import { setCondition } from './status.ts';

const crdKind = () => byResource('apiextensions.k8s.io', 'v1', 'customresourcedefinitions')!;

async function deleteCRD(ctx: StoreContext, desc: KindDescriptor, name: string, opts: DeleteOptions): Promise<KubeObject> {
  let current = await getObject(ctx, desc, '', name);
  const pre = opts.preconditions ?? {};
  if ((pre.uid && pre.uid !== current.metadata.uid) || (pre.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion))
    return (await deleteObject(ctx, desc, '', name, opts)).object; // the generic path answers the 409
  if (!current.metadata.deletionTimestamp) {
    const next = clone(current) as CustomResourceDefinition;
    next.metadata.deletionTimestamp = rfc3339(ctx.now());
    next.metadata.deletionGracePeriodSeconds = 0;
    if (!next.metadata.finalizers?.includes(CRD_CLEANUP_FINALIZER)) next.metadata.finalizers = [...(next.metadata.finalizers ?? []), CRD_CLEANUP_FINALIZER];
    setCondition(next, { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' }, ctx.now());
    current = await writeDirect(ctx, desc, current, next);
  }
  if (ctx.dryRun) return current;
  return (await finishCRD(ctx, current as CustomResourceDefinition)) ?? current;
}

/**
 * Deletes the CRD's objects; when none is left, removes the finalizer (and so the CRD). Returns
 * the CRD as left (undefined when it was not Terminating).
 */
export async function finishCRD(ctx: StoreContext, crd: CustomResourceDefinition): Promise<KubeObject | undefined> {
  if (!crd.metadata.deletionTimestamp || !crd.metadata.finalizers?.includes(CRD_CLEANUP_FINALIZER)) return undefined;
  const kind = storageKindOf(crd);
  if (kind) {
    const { items } = await storageOf(ctx, kind).list(storagePrefix(kind));
    for (const item of items) {
      try {
        await deleteObject(ctx, kind, item.metadata.namespace ?? '', item.metadata.name!, {});
      } catch (e) {
        if ((e as { code?: number }).code !== 404) throw e;
      }
    }
    const left = await storageOf(ctx, kind).list(storagePrefix(kind), { limit: 1 });
    if (left.items.length) {
      const next = clone(crd);
      setCondition(next, { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInCleanup', message: `could not confirm zero CustomResources remaining: ${left.items.length} remaining` }, ctx.now());
      return updateObject(ctx, crdKind(), crd, next, { subresource: 'status' });
    }
  }
  const fresh = await getObject(ctx, crdKind(), '', crd.metadata.name!);
  const next = clone(fresh);
  next.metadata.finalizers = (next.metadata.finalizers ?? []).filter((f) => f !== CRD_CLEANUP_FINALIZER);
  return updateObject(ctx, crdKind(), fresh, next);
}

export async function crdDeleteHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const obj = await deleteCRD(storeContext(c), desc, info.name, await deleteOptions(c));
  return respondObject(c, desc, obj);
}

export const crdDeleteCollectionHandler = (c: Context<AppEnv>, desc: KindDescriptor) => deleteCollection(c, desc, (ctx, _ns, name, opts) => deleteCRD(ctx, desc, name, opts));
