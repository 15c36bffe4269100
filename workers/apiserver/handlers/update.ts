/** PUT an object (or its status): a full replacement, conditional on resourceVersion when given. */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject, getObjectAt, retrying, updateObject } from '../rest/store.ts';
import { decodeObject } from './decode.ts';
import { respondObject } from './get.ts';
import { storeContext } from './store-context.ts';

export async function updateHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const obj = await decodeObject(c, desc);
  const ctx = storeContext(c);
  // without a resourceVersion in the body the update is unconditional (last write wins); with
  // one, it starts from the object at that version (the isolate may hold it: no read)
  const pinned = obj.metadata?.resourceVersion;
  const updated = await retrying(async () => {
    const current = await (pinned ? getObjectAt(ctx, desc, info.namespace, info.name, pinned) : getObject(ctx, desc, info.namespace, info.name));
    return updateObject(ctx, desc, current, obj, { subresource: info.subresource || undefined, unconfirmed: !!pinned });
  }, !!pinned);
  return respondObject(c, desc, updated);
}
