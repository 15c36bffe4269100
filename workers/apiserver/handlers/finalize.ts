/** PUT namespaces/<name>/finalize: only spec.finalizers of the body is taken. */
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { finalizeNamespace, getObject, retrying } from '../rest/store.ts';
import { decodeObject } from './decode.ts';
import { respondObject } from './get.ts';
import { storeContext } from './store-context.ts';

export async function finalizeHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const body = await decodeObject(c, desc);
  const finalizers = (body.spec as { finalizers?: string[] } | undefined)?.finalizers ?? [];
  const ctx = storeContext(c);
  const result = await retrying(async () => finalizeNamespace(ctx, desc, await getObject(ctx, desc, '', info.name), finalizers));
  return respondObject(c, desc, result);
}
