/** POST to a collection: decode, then the generic create path. */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { createObject } from '../rest/store.ts';
import { decodeObject } from './decode.ts';
import { respondObject } from './get.ts';
import { storeContext } from './store-context.ts';

export async function createHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const obj = await decodeObject(c, desc);
  const created = await createObject(storeContext(c), desc, info.namespace, obj);
  return respondObject(c, desc, created, 201);
}
