/**
 * The EndpointSlice controller (endpointslice-controller) and the legacy Endpoints controller
 * (endpoint-controller): each Service with a selector gets EndpointSlices, owned by it (the
 * garbage collector removes them with it), and an Endpoints of the same name (removed here when
 * the service goes, as it has no owner). Both follow the pods the selector matches, as they get
 * IPs, become ready, or terminate. Keys are `namespace/service`.
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { Service } from '../../../lib/api/core/service.ts';
import type { Endpoints } from '../../../lib/api/core/endpoints.ts';
import type { EndpointSlice } from '../../../lib/api/discovery.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { selectorToString } from '../../../lib/selectors/label.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';
import { splitKey } from '../framework/controller.ts';
import { desiredEndpoints } from './legacy.ts';
import { hasSelector, managedServices, once, podSelector, serviceKeys } from './services.ts';
import { desiredSlices, MANAGED_BY, MANAGED_BY_LABEL, newSlice, plan, SERVICE_NAME_LABEL, updatedSlice } from './slices.ts';

const GENERATED_SUFFIX = 5; // characters the API server appends to a generateName

/** A namespace being deleted refuses new objects: nothing to retry, its service is going too. */
async function unlessTerminating(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof ApiError && e.status?.details?.causes?.some((c) => c.reason === 'NamespaceTerminating'))) throw e;
  }
}

const selectedPods = async (ctx: ControllerContext, service: Service) =>
  (await ctx.api.list<Pod>(RESOURCES.pods, { namespace: service.metadata.namespace, labelSelector: selectorToString(podSelector(service)) })).items;

const managedSlices = (ctx: ControllerContext, namespace: string, labelSelector = `${MANAGED_BY_LABEL}=${MANAGED_BY}`) =>
  ctx.api.list<EndpointSlice>(RESOURCES.endpointslices, { namespace, labelSelector });

/** Per service, the pods its slices hold. */
const sliceListing = (ctx: ControllerContext) => (namespace: string) =>
  once(ctx, `slices/${namespace}`, async () => {
    const byService = new Map<string, Set<string>>();
    for (const s of (await managedSlices(ctx, namespace)).items) {
      const service = s.metadata.labels?.[SERVICE_NAME_LABEL] ?? '';
      const pods = byService.get(service) ?? new Set<string>();
      for (const e of s.endpoints ?? []) if (e.targetRef?.name) pods.add(e.targetRef.name);
      byService.set(service, pods);
    }
    return byService;
  });

/** Per service, the pods its Endpoints hold. */
const endpointsListing = (ctx: ControllerContext) => (namespace: string) =>
  once(ctx, `endpoints/${namespace}`, async () => {
    const byService = new Map<string, Set<string>>();
    for (const ep of (await ctx.api.list<Endpoints>(RESOURCES.endpoints, { namespace })).items) {
      const addresses = (ep.subsets ?? []).flatMap((s) => [...(s.addresses ?? []), ...(s.notReadyAddresses ?? [])]);
      byService.set(ep.metadata.name!, new Set(addresses.map((a) => a.targetRef?.name ?? '')));
    }
    return byService;
  });

async function allServiceKeys(ctx: ControllerContext): Promise<string[]> {
  const { items } = await ctx.api.list<Service>(RESOURCES.services);
  return items.filter(hasSelector).map((s) => `${s.metadata.namespace}/${s.metadata.name}`);
}

export const endpointSliceController: Controller = {
  name: 'endpointslice-controller',
  resyncMinutes: 5,
  async keysFor(change, ctx) {
    if (change.group === 'discovery.k8s.io' && change.resource === 'endpointslices' && change.namespace) {
      // a slice written or deleted by someone else: its service's slices are checked again
      const slice = change.type === 'DELETED' ? undefined : await ctx.shared.get<EndpointSlice>(RESOURCES.endpointslices, change.namespace, change.name);
      if (slice) return slice.metadata.labels?.[MANAGED_BY_LABEL] === MANAGED_BY ? [`${change.namespace}/${slice.metadata.labels[SERVICE_NAME_LABEL]}`] : [];
      const owner = (await managedServices(ctx, change.namespace)).find((s) => change.name.length === s.metadata.name!.length + 1 + GENERATED_SUFFIX && change.name.startsWith(`${s.metadata.name}-`));
      return owner ? [`${change.namespace}/${owner.metadata.name}`] : [];
    }
    return serviceKeys(change, ctx, sliceListing(ctx));
  },
  resync: allServiceKeys,
  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    const service = await ctx.api.get<Service>(RESOURCES.services, namespace, name);
    if (!service || !hasSelector(service) || service.metadata.deletionTimestamp) return; // its slices go with it (garbage collector)
    const [pods, slices] = await Promise.all([
      selectedPods(ctx, service),
      managedSlices(ctx, namespace!, `${SERVICE_NAME_LABEL}=${name},${MANAGED_BY_LABEL}=${MANAGED_BY}`),
    ]);
    const { writes, extra } = plan(service, slices.items, desiredSlices(service, pods));
    for (const { current, content } of writes) {
      if (!current) await unlessTerminating(ctx.api.create(RESOURCES.endpointslices, namespace, newSlice(service, content)));
      else {
        const next = updatedSlice(service, current, content);
        if (next) await ctx.api.update(RESOURCES.endpointslices, next);
      }
    }
    for (const s of extra) await ctx.api.delete(RESOURCES.endpointslices, namespace, s.metadata.name!, { preconditions: { uid: s.metadata.uid } });
  },
};

export const endpointsController: Controller = {
  name: 'endpoint-controller',
  resyncMinutes: 5,
  keysFor(change, ctx) {
    // a managed Endpoints deleted by someone comes back; other writes to Endpoints are left alone
    // (Endpoints written before their selector-less Service must not be taken for leftovers)
    if (change.group === '' && change.resource === 'endpoints') return change.type === 'DELETED' && change.namespace ? [`${change.namespace}/${change.name}`] : [];
    return serviceKeys(change, ctx, endpointsListing(ctx));
  },
  resync: allServiceKeys,
  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    const service = await ctx.api.get<Service>(RESOURCES.services, namespace, name);
    if (!service) {
      await ctx.api.delete(RESOURCES.endpoints, namespace, name);
      return;
    }
    if (!hasSelector(service)) return; // endpoints of selector-less services are their users' to write
    const [pods, current] = await Promise.all([selectedPods(ctx, service), ctx.api.get<Endpoints>(RESOURCES.endpoints, namespace, name)]);
    const next = desiredEndpoints(service, pods, current);
    if (!next) return;
    if (current) await ctx.api.update(RESOURCES.endpoints, next);
    else await unlessTerminating(ctx.api.create(RESOURCES.endpoints, namespace, next));
  },
};

export const endpointControllers: Controller[] = [endpointSliceController, endpointsController];
