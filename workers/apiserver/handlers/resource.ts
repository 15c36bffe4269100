/** Dispatch of a resource request to the handler of its verb and subresource. */
import type { Context } from 'hono';
import { badRequest, methodNotAllowed, resourceNotFound } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { byResource } from '../registry/index.ts';
import type { ResourceRequestInfo, Verb } from '../request/info.ts';
import { bindingHandler } from './binding.ts';
import { finalizeHandler } from './finalize.ts';
import { tokenHandler } from './token.ts';
import { createHandler } from './create.ts';
import { deleteCollectionHandler, deleteHandler } from './delete.ts';
import { getHandler } from './get.ts';
import { listHandler } from './list.ts';
import { patchHandler } from './patch.ts';
import { podExecHandler } from './pod-exec.ts';
import { podLogHandler } from './pod-log.ts';
import { reviewHandler, reviewResources } from './reviews.ts';
import { scaleHandler } from './scale.ts';
import { updateHandler } from './update.ts';
import { watchHandler } from './watch.ts';

type Handler = (c: Context<AppEnv>, desc: KindDescriptor) => Promise<Response>;

const MAIN: Partial<Record<Verb, Handler>> = {
  get: getHandler,
  list: listHandler,
  watch: watchHandler,
  create: createHandler,
  update: updateHandler,
  patch: patchHandler,
  delete: deleteHandler,
  deletecollection: deleteCollectionHandler,
};
const STATUS: Partial<Record<Verb, Handler>> = { get: getHandler, update: updateHandler, patch: patchHandler };
const SCALE: Partial<Record<Verb, Handler>> = { get: scaleHandler, update: scaleHandler, patch: scaleHandler };
const BINDING: Partial<Record<Verb, Handler>> = { create: bindingHandler };
const FINALIZE: Partial<Record<Verb, Handler>> = { update: finalizeHandler };
const TOKEN: Partial<Record<Verb, Handler>> = { create: tokenHandler };
const LOG: Partial<Record<Verb, Handler>> = { get: podLogHandler };
// GET is the WebSocket upgrade; POST is kubectl's SPDY fallback, answered with why it cannot be served
const EXEC: Partial<Record<Verb, Handler>> = { get: podExecHandler, create: podExecHandler };

function handlersFor(desc: KindDescriptor, subresource: string): Partial<Record<Verb, Handler>> | undefined {
  const s = desc.subresources ?? {};
  if (!subresource) return MAIN;
  if (subresource === 'status' && s.status) return STATUS;
  if (subresource === 'scale' && s.scale) return SCALE;
  if (subresource === 'binding' && s.binding) return BINDING;
  if (subresource === 'finalize' && desc.group === '' && desc.resource === 'namespaces') return FINALIZE;
  if (subresource === 'token' && s.token) return TOKEN;
  if (subresource === 'log' && s.log) return LOG;
  if (subresource === 'exec' && s.exec) return EXEC;
  return undefined;
}

export async function resourceHandler(c: Context<AppEnv>): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const review = reviewResources.find((r) => r.group === info.group && r.version === info.version && r.resource === info.resource);
  if (review) return reviewHandler(c, review);

  const desc = byResource(info.group, info.version, info.resource);
  if (!desc) throw resourceNotFound();
  // a namespaced object is addressed under /namespaces/<ns>/; a cluster-scoped one never is
  const collection = info.verb === 'list' || info.verb === 'watch' || info.verb === 'deletecollection';
  if (desc.namespaced && !info.namespace && !collection) throw resourceNotFound();
  if (!desc.namespaced && info.namespace && info.resource !== 'namespaces') throw resourceNotFound();
  if (info.subresource && !info.name) throw resourceNotFound();

  // the routes Kubernetes registers: a collection takes GET, POST and DELETE, an object GET, PUT,
  // PATCH and DELETE; any other method is the router's 405
  if (!info.subresource && (info.name ? info.verb === 'create' : info.verb === 'update' || info.verb === 'patch')) throw methodNotAllowed();

  const handlers = handlersFor(desc, info.subresource);
  if (!handlers) {
    if (info.subresource === 'portforward' || info.subresource === 'attach')
      throw badRequest(`${desc.resource}/${info.subresource} is not served yet: only log and exec go through the node agent's tunnel`);
    throw resourceNotFound();
  }
  const handler = handlers[info.verb];
  if (!handler) throw methodNotAllowed();
  return handler(c, desc);
}
