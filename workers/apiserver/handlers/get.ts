/** GET one object: the object, or a one-row Table when kubectl asks for one. */
import type { Context } from 'hono';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { negotiate, TABLE_V1 } from '../request/negotiate.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject } from '../rest/store.ts';
import { tableOf } from '../rest/table.ts';
import { json } from './respond.ts';
import { readContext } from './store-context.ts';

export async function getHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const obj = await getObject(readContext(c), desc, info.namespace, info.name);
  return respondObject(c, desc, obj);
}

/** An object in the representation the client negotiated. */
export function respondObject(c: Context<AppEnv>, desc: KindDescriptor, obj: KubeObject, code = 200): Response {
  const rep = negotiate(c.req.header('Accept'));
  if (rep.as === 'table') {
    const include = includeObject(new URL(c.req.url).searchParams);
    return json(c, tableOf(desc, [obj], { version: rep.version, includeObject: include }, { resourceVersion: obj.metadata.resourceVersion }), code, tableType(rep.version));
  }
  return json(c, obj, code);
}

export const tableType = (v: 'v1' | 'v1beta1') => (v === 'v1' ? TABLE_V1 : 'application/json;as=Table;v=v1beta1;g=meta.k8s.io');

export function includeObject(q: URLSearchParams): 'None' | 'Metadata' | 'Object' {
  const v = q.get('includeObject');
  return v === 'None' || v === 'Object' ? v : 'Metadata';
}
