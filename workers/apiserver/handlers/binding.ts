/**
 * pods/binding: how the scheduler assigns a pod to a node. The pod gets spec.nodeName and the
 * PodScheduled condition; binding an already bound pod is a 409.
 */
import type { Context } from 'hono';
import { badRequest, conflict } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { ResourceRequestInfo } from '../request/info.ts';
import { getObject, retrying, writeDirect } from '../rest/store.ts';
import { clone, rfc3339 } from '../rest/meta.ts';
import { OBJECT_TYPES, readBody } from './body.ts';
import { json, success } from './respond.ts';
import { storeContext } from './store-context.ts';
import { decodeBody } from '../codec/decode.ts';
import { bindingSchema } from '../../../lib/api/core/binding.ts';

interface Binding {
  metadata?: { name?: string };
  target?: { kind?: string; name?: string };
}

export async function bindingHandler(c: Context<AppEnv>, desc: KindDescriptor): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const body = await readBody(c, OBJECT_TYPES);
  const { object } = decodeBody(body.bytes, body.contentType, { schema: bindingSchema, group: '', version: 'v1', kind: 'Binding' }, 'Ignore');
  const binding = object as Binding;
  const node = binding.target?.name;
  if (!node) throw badRequest('Binding.target.name is required');
  if ((binding.target?.kind ?? 'Node') !== 'Node') throw badRequest(`Binding target kind must be Node, not ${binding.target?.kind}`);
  if (binding.metadata?.name && binding.metadata.name !== info.name) throw badRequest(`the name of the object (${binding.metadata.name}) does not match the name on the URL (${info.name})`);

  const ctx = storeContext(c);
  await retrying(async () => {
    const pod = await getObject(ctx, desc, info.namespace, info.name);
    const spec = (pod.spec ?? {}) as { nodeName?: string };
    if (pod.metadata.deletionTimestamp) throw conflict({ group: '', resource: 'pods' }, info.name, `pod ${info.name} is being deleted, cannot be assigned to a host`);
    if (spec.nodeName) throw conflict({ group: '', resource: 'pods' }, info.name, `pod ${info.name} is already assigned to node "${spec.nodeName}"`);
    const next = clone(pod);
    (next.spec as { nodeName: string }).nodeName = node;
    const status = (next.status ??= {}) as { conditions?: { type: string; status: string; lastProbeTime?: null; lastTransitionTime?: string }[] };
    status.conditions = [...(status.conditions ?? []).filter((x) => x.type !== 'PodScheduled'), { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: rfc3339(ctx.now()) }];
    return writeDirect(ctx, desc, pod, next);
  });
  return json(c, success({}), 201);
}
