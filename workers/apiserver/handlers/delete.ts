/** DELETE one object, or a collection (deletecollection) matching selectors. */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { badRequest } from '../../../lib/errors.ts';
import { deleteOptions as deleteOptionsSchema } from '../../../lib/api/meta.ts';
import { decodeOptions } from '../codec/options.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { storagePrefix } from '../registry/index.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { deleteObject, storageOf, type DeleteOptions, type StoreContext } from '../rest/store.ts';
import { objectFilter } from '../rest/filter.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { boolParam, intParam } from './params.ts';
import { json, success } from './respond.ts';
import { respondObject } from './get.ts';
import { listOf } from './list.ts';
import { storeContext } from './store-context.ts';

const POLICIES = ['Orphan', 'Background', 'Foreground'];

/** DeleteOptions from the body (kubectl sends one) and the query (curl users do). */
export async function deleteOptions(c: Context<AppEnv>): Promise<DeleteOptions> {
  const q = new URL(c.req.url).searchParams;
  // client-go's typed clients (helm) send DeleteOptions as protobuf
  const body = await readBody(c, OBJECT_TYPES);
  const blank = body.bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09);
  const opts = (blank ? {} : decodeOptions(body.bytes, body.contentType, 'DeleteOptions', deleteOptionsSchema)) as DeleteOptions;
  const grace = intParam(q, 'gracePeriodSeconds');
  if (grace !== undefined) opts.gracePeriodSeconds = grace;
  const policy = q.get('propagationPolicy');
  if (policy) opts.propagationPolicy = policy as DeleteOptions['propagationPolicy'];
  if (q.has('orphanDependents')) opts.orphanDependents = boolParam(q, 'orphanDependents');
  if (opts.propagationPolicy && !POLICIES.includes(opts.propagationPolicy))
    throw badRequest(`DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "${opts.propagationPolicy}": supported values: "Foreground", "Background", "Orphan"`);
  return opts;
}

export async function deleteHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const { object, gone } = await deleteObject(storeContext(c), desc, info.namespace, info.name, await deleteOptions(c));
  if (!gone || desc.deleteReturnsObject) return respondObject(c, desc, object);
  return json(c, success({ name: info.name, ...(desc.group ? { group: desc.group } : {}), kind: desc.resource, uid: object.metadata.uid }));
}

/** What deleting one object of a collection does (kinds with their own deletion: CRDs, Clusters). */
export type DeleteOne = (ctx: StoreContext, namespace: string, name: string, opts: DeleteOptions) => Promise<KubeObject>;

export const deleteCollectionHandler = (c: Context<AppEnv>, desc: KindDescriptor) => deleteCollection(c, desc, (ctx, ns, name, opts) => deleteObject(ctx, desc, ns, name, opts).then((r) => r.object));

/** DELETE of a collection: each selected object deleted as `deleteOne` says; the deleted listed. */
export async function deleteCollection(c: Context<AppEnv>, desc: KindDescriptor, deleteOne: DeleteOne): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const q = new URL(c.req.url).searchParams;
  const opts = await deleteOptions(c);
  const ctx = storeContext(c);
  const filter = objectFilter(desc, q.get('labelSelector') ?? undefined, q.get('fieldSelector') ?? undefined);
  const { items, rev } = await storageOf(ctx, desc).list(storagePrefix(desc, info.namespace || undefined), { filter });
  const deleted: KubeObject[] = [];
  for (const item of items) {
    try {
      deleted.push(await deleteOne(ctx, item.metadata.namespace ?? '', item.metadata.name!, opts));
    } catch (e) {
      if ((e as { code?: number }).code !== 404) throw e; // deleted meanwhile: nothing to do
    }
  }
  return json(c, listOf(desc, deleted, { resourceVersion: String(rev) }));
}
