/**
 * PATCH: JSON merge, JSON patch, strategic merge, and server-side apply. The patch is applied to
 * the object as read, then written conditionally on that read; a lost race re-reads and
 * re-applies (a patch carries no resourceVersion unless the client put one in it).
 */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { badRequest } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { storageKey } from '../registry/index.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { createObject, getObject, resetFields, retrying, storageOf, updateObject, type StoreContext } from '../rest/store.ts';
import { decodeBody, parseYaml } from '../codec/decode.ts';
import { applyPatchBody, decodePatched, type PatchType } from '../patch/apply.ts';
import { apply } from '../fieldmanager/index.ts';
import { PATCH_TYPES, readBody } from './body.ts';
import { CUSTOM_PATCH_TYPES } from '../crd/patch-types.ts';
import { respondObject } from './get.ts';
import { boolParam, fieldValidation } from './params.ts';
import { storeContext } from './store-context.ts';

const gv = (d: KindDescriptor) => (d.group ? `${d.group}/${d.version}` : d.version);

export async function patchHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const q = new URL(c.req.url).searchParams;
  const body = await readBody(c, desc.customResource ? CUSTOM_PATCH_TYPES : PATCH_TYPES);
  const ctx = storeContext(c);
  const mode = fieldValidation(q);
  const subresource = info.subresource || undefined;

  if (body.type === 'application/apply-patch+yaml') {
    // the applied configuration: types checked and unknown fields handled, not defaulted
    const { object: config, warnings } = decodeBody(new TextEncoder().encode(JSON.stringify(parseYaml(body.bytes))), 'application/json', desc, mode);
    c.get('warnings').push(...warnings);
    const result = await retrying(() => applyOnce(ctx, desc, info, config, boolParam(q, 'force'), subresource));
    return respondObject(c, desc, result.object, result.created ? 201 : 200);
  }

  const updated = await retrying(async () => {
    const current = await getObject(ctx, desc, info.namespace, info.name);
    const patched = applyPatchBody(body.type as PatchType, current, body.bytes, desc.schema, mode);
    const { object, warnings } = decodePatched(patched, desc.schema, desc.kind, mode);
    c.get('warnings').push(...warnings);
    return updateObject(ctx, desc, current, object as KubeObject, { subresource });
  }, pinsResourceVersion(body.bytes));
  return respondObject(c, desc, updated);
}

async function applyOnce(ctx: StoreContext, desc: KindDescriptor, info: ResourceRequestInfo, config: KubeObject, force: boolean, subresource?: string) {
  const live = await storageOf(ctx, desc).get(storageKey(desc, info.namespace, info.name));
  const { object, managedFields } = apply({ live, config, schema: desc.schema, manager: ctx.manager, force, apiVersion: gv(desc), subresource, now: ctx.now(), resetFields: resetFields(desc, subresource) });
  if (!live) {
    if ((config.metadata?.name ?? info.name) !== info.name) throw badRequest(`the name of the object (${config.metadata?.name}) does not match the name on the URL (${info.name})`);
    return { object: await createObject(ctx, desc, info.namespace, { ...object, metadata: { ...object.metadata, name: info.name } }, managedFields), created: true };
  }
  return { object: await updateObject(ctx, desc, live, object, { subresource, managedFields }), created: false };
}

/** A merge or strategic patch may carry metadata.resourceVersion: then a lost race is the client's 409. */
function pinsResourceVersion(bytes: Uint8Array): boolean {
  try {
    const patch = JSON.parse(new TextDecoder().decode(bytes));
    return !!(patch && typeof patch === 'object' && !Array.isArray(patch) && patch.metadata?.resourceVersion);
  } catch {
    return false;
  }
}
