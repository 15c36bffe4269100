/**
 * Binding a pod to a node, as the scheduler does: `POST pods/<name>/binding` (the subresource)
 * or `POST namespaces/<ns>/bindings` (the core/v1 `bindings` resource, create-only, which names
 * the pod in the body). Both are Kubernetes' BindingREST: the pod gets spec.nodeName, the
 * binding's annotations and the PodScheduled condition; binding a bound pod is a 409.
 */
import type { Context } from 'hono';
import { badRequest, conflict, fieldErr, invalid } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { VirtualResource } from '../discovery/documents.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { byResource } from '../registry/index.ts';
import { getObject, retrying, writeDirect } from '../rest/store.ts';
import { clone, rfc3339 } from '../rest/meta.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { json } from './respond.ts';
import { storeContext } from './store-context.ts';
import { decodeBody } from '../codec/decode.ts';
import { bindingSchema, type Binding } from '../../../lib/api/core/binding.ts';

/** core/v1 `bindings`: listed in discovery and OpenAPI, create only. */
export const bindingsResource: VirtualResource = {
  group: '',
  version: 'v1',
  resource: 'bindings',
  kind: 'Binding',
  namespaced: true,
  verbs: ['create'],
  schema: bindingSchema,
  openapiName: 'io.k8s.api.core.v1.Binding',
};

async function decodeBinding(c: Context<AppEnv>, namespace: string): Promise<Binding> {
  const body = await readBody(c, OBJECT_TYPES);
  const { object } = decodeBody(body.bytes, body.contentType, { schema: bindingSchema, group: '', version: 'v1', kind: 'Binding' }, 'Ignore');
  const ns = object.metadata?.namespace;
  if (ns && ns !== namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  return object as Binding;
}

/** POST pods/<name>/binding */
export async function bindingHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const binding = await decodeBinding(c, info.namespace);
  // Kubernetes requires the body's name; clients that leave it out mean the URL's
  const name = binding.metadata?.name || info.name;
  if (name !== info.name) throw badRequest('name in URL does not match name in Binding object');
  return bind(c, desc, info.namespace, { ...binding, metadata: { ...binding.metadata, name } });
}

/** POST namespaces/<ns>/bindings: the pod is the one the body names. */
export async function bindingsHandler(c: Context<AppEnv>): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const binding = await decodeBinding(c, info.namespace);
  return bind(c, byResource('', 'v1', 'pods')!, info.namespace, binding);
}

async function bind(c: Context<AppEnv>, pods: KindDescriptor, namespace: string, binding: Binding): Promise<Response> {
  const name = binding.metadata?.name ?? '';
  const target = binding.target ?? {};
  // ValidatePodBinding (Kubernetes answers these with a 500; a 400 says the same)
  const errors = [];
  if (target.kind && target.kind !== 'Node') errors.push(fieldErr.notSupported('target.kind', target.kind, ['Node', '<empty>']));
  if (!target.name) errors.push(fieldErr.required('target.name'));
  if (errors.length) throw invalid({ group: '', kind: 'Binding' }, name, errors);
  if (!name) throw badRequest('Name parameter required.');

  const ctx = storeContext(c);
  const { uid, resourceVersion, annotations } = binding.metadata ?? {};
  await retrying(async () => {
    const pod = await getObject(ctx, pods, namespace, name);
    const ref = { group: '', resource: 'pods' };
    if (uid && uid !== pod.metadata.uid) throw conflict(ref, name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${pod.metadata.uid}`);
    if (resourceVersion && resourceVersion !== pod.metadata.resourceVersion)
      throw conflict(ref, name, `Precondition failed: ResourceVersion in precondition: ${resourceVersion}, ResourceVersion in object meta: ${pod.metadata.resourceVersion}`);
    const spec = (pod.spec ?? {}) as { nodeName?: string };
    if (pod.metadata.deletionTimestamp) throw conflict(ref, name, `pod ${name} is being deleted, cannot be assigned to a host`);
    if (spec.nodeName) throw conflict(ref, name, `pod ${name} is already assigned to node "${spec.nodeName}"`);
    const next = clone(pod);
    (next.spec as { nodeName: string }).nodeName = target.name!;
    if (annotations && Object.keys(annotations).length) next.metadata.annotations = { ...next.metadata.annotations, ...annotations };
    const status = (next.status ??= {}) as { conditions?: { type: string; status: string; lastProbeTime?: null; lastTransitionTime?: string }[] };
    status.conditions = [...(status.conditions ?? []).filter((x) => x.type !== 'PodScheduled'), { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: rfc3339(ctx.now()) }];
    return writeDirect(ctx, pods, pod, next);
  });
  return json(c, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 }, 201);
}
