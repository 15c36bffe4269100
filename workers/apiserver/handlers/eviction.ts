/**
 * pods/eviction (policy/v1 Eviction): what `kubectl drain` posts, as protobuf from client-go's
 * typed client. No PodDisruptionBudget is served, so an eviction is the pod's deletion with the
 * eviction's DeleteOptions, answered as Kubernetes' EvictionREST does (201 Status Success).
 */
import type { Context } from 'hono';
import { badRequest } from '../../../lib/errors.ts';
import { evictionSchema, type Eviction } from '../../../lib/api/policy.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { decodeBody } from '../codec/decode.ts';
import { deleteObject, type DeleteOptions } from '../rest/store.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { json } from './respond.ts';
import { storeContext } from './store-context.ts';

export async function evictionHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const body = await readBody(c, OBJECT_TYPES);
  const eviction = decodeBody(body.bytes, body.contentType, { schema: evictionSchema, group: 'policy', version: 'v1', kind: 'Eviction' }, 'Ignore').object as Eviction;
  if ((eviction.metadata.name ?? '') !== info.name) throw badRequest('name in URL does not match name in Eviction object');
  const ns = eviction.metadata.namespace;
  if (ns && ns !== info.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  const opts = (eviction.deleteOptions ?? {}) as DeleteOptions;
  await deleteObject(storeContext(c), desc, info.namespace, info.name, opts);
  return json(c, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 }, 201);
}
