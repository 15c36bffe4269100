/** Dispatch of a resource request to the handler of its verb and subresource. */
import type { Context } from 'hono';
import { methodNotAllowed, resourceNotFound } from '../../../lib/errors.ts';
import type { AppEnv } from '../context.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { byResource } from '../registry/index.ts';
import type { ResourceRequestInfo, Verb } from '../request/info.ts';
import { bindingHandler, bindingsHandler } from './binding.ts';
import { evictionHandler } from './eviction.ts';
import { customResourceHandler, customResourceKind } from '../crd/routing.ts';
import { customScaleHandler } from '../crd/scale.ts';
import { crdDeleteCollectionHandler, crdDeleteHandler } from '../crd/cleanup.ts';
import { finalizeHandler } from './finalize.ts';
import { tokenHandler } from './token.ts';
import { createHandler } from './create.ts';
import { deleteCollectionHandler, deleteHandler } from './delete.ts';
import { getHandler } from './get.ts';
import { listHandler } from './list.ts';
import { patchHandler } from './patch.ts';
import { podAttachHandler, podExecHandler, podPortForwardHandler } from './pod-stream.ts';
import { podLogHandler } from './pod-log.ts';
import { reviewHandler, reviewResources } from './reviews.ts';
import { scaleHandler } from './scale.ts';
import { updateHandler } from './update.ts';
import { watchHandler } from './watch.ts';
import { clusterCreateHandler, clusterDeleteCollectionHandler, clusterDeleteHandler, clusterPatchHandler, rootClusterOnly } from '../clusters/kind-handlers.ts';
import { TENANCY_GROUP } from '../../../lib/api/tenancy.ts';
import { APIEXTENSIONS_GROUP } from '../../../lib/api/apiextensions.ts';
import { isRootOnly } from '../clusters/served-kinds.ts';
import { isMetricsRequest, metricsHandler } from '../metrics-api/handler.ts';

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
// tenancy.timonier.dev clusters: creating and deleting one makes and empties a tenant
const CLUSTERS: Partial<Record<Verb, Handler>> = { ...MAIN, create: clusterCreateHandler, patch: clusterPatchHandler, delete: clusterDeleteHandler, deletecollection: clusterDeleteCollectionHandler };
const STATUS: Partial<Record<Verb, Handler>> = { get: getHandler, update: updateHandler, patch: patchHandler };
const SCALE: Partial<Record<Verb, Handler>> = { get: scaleHandler, update: scaleHandler, patch: scaleHandler };
// CRDs: deleting one deletes its objects first (crd/cleanup.ts); a custom resource's scale follows its CRD's paths
const CRDS: Partial<Record<Verb, Handler>> = { ...MAIN, delete: crdDeleteHandler, deletecollection: crdDeleteCollectionHandler };
const CUSTOM_SCALE: Partial<Record<Verb, Handler>> = { get: customScaleHandler, update: customScaleHandler, patch: customScaleHandler };
const BINDING: Partial<Record<Verb, Handler>> = { create: bindingHandler };
const EVICTION: Partial<Record<Verb, Handler>> = { create: evictionHandler };
const FINALIZE: Partial<Record<Verb, Handler>> = { update: finalizeHandler };
const TOKEN: Partial<Record<Verb, Handler>> = { create: tokenHandler };
const LOG: Partial<Record<Verb, Handler>> = { get: podLogHandler };
// GET is the WebSocket upgrade; POST is kubectl's SPDY fallback, answered with why it cannot be served
const EXEC: Partial<Record<Verb, Handler>> = { get: podExecHandler, create: podExecHandler };
const ATTACH: Partial<Record<Verb, Handler>> = { get: podAttachHandler, create: podAttachHandler };
const PORTFORWARD: Partial<Record<Verb, Handler>> = { get: podPortForwardHandler, create: podPortForwardHandler };

function handlersFor(desc: KindDescriptor, subresource: string): Partial<Record<Verb, Handler>> | undefined {
  const s = desc.subresources ?? {};
  if (!subresource) return desc.group === TENANCY_GROUP ? CLUSTERS : desc.group === APIEXTENSIONS_GROUP ? CRDS : MAIN;
  if (subresource === 'scale' && s.scale && desc.customResource) return CUSTOM_SCALE;
  if (subresource === 'status' && s.status) return STATUS;
  // pods/ephemeralcontainers takes the whole Pod, as /status does
  if (subresource === 'ephemeralcontainers' && s.ephemeralcontainers) return STATUS;
  if (subresource === 'scale' && s.scale) return SCALE;
  if (subresource === 'binding' && s.binding) return BINDING;
  if (subresource === 'eviction' && s.eviction) return EVICTION;
  if (subresource === 'finalize' && desc.group === '' && desc.resource === 'namespaces') return FINALIZE;
  if (subresource === 'token' && s.token) return TOKEN;
  if (subresource === 'log' && s.log) return LOG;
  if (subresource === 'exec' && s.exec) return EXEC;
  if (subresource === 'attach' && s.attach) return ATTACH;
  if (subresource === 'portforward' && s.portforward) return PORTFORWARD;
  return undefined;
}

export async function resourceHandler(c: Context<AppEnv>): Promise<Response> {
  const info = c.get('info') as ResourceRequestInfo;
  const review = reviewResources.find((r) => r.group === info.group && r.version === info.version && r.resource === info.resource);
  if (review) return reviewHandler(c, review);
  if (isMetricsRequest(info)) return metricsHandler(c);
  if (info.group === '' && info.version === 'v1' && info.resource === 'bindings') {
    if (!info.namespace || info.name) throw resourceNotFound();
    if (info.verb !== 'create') throw methodNotAllowed();
    return bindingsHandler(c);
  }

  const desc = byResource(info.group, info.version, info.resource) ?? (await customResourceKind(c, info));
  if (!desc) throw resourceNotFound();
  if (isRootOnly(desc)) rootClusterOnly(c);
  // a namespaced object is addressed under /namespaces/<ns>/; a cluster-scoped one never is
  const collection = info.verb === 'list' || info.verb === 'watch' || info.verb === 'deletecollection';
  if (desc.namespaced && !info.namespace && !collection) throw resourceNotFound();
  if (!desc.namespaced && info.namespace && info.resource !== 'namespaces') throw resourceNotFound();
  if (info.subresource && !info.name) throw resourceNotFound();

  // the routes Kubernetes registers: a collection takes GET, POST and DELETE, an object GET, PUT,
  // PATCH and DELETE; any other method is the router's 405
  if (!info.subresource && (info.name ? info.verb === 'create' : info.verb === 'update' || info.verb === 'patch')) throw methodNotAllowed();

  const handlers = handlersFor(desc, info.subresource);
  if (!handlers) throw resourceNotFound();
  const handler = handlers[info.verb];
  if (!handler) throw methodNotAllowed();
  return desc.customResource ? customResourceHandler(c, desc, handler) : handler(c, desc);
}
