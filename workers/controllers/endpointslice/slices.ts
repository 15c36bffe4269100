/**
 * The EndpointSlices a Service should have (Kubernetes' endpointslice reconciler, simplified):
 * per address family, pods are grouped by the ports they resolve to; each group fills slices of
 * at most 100 endpoints (--max-endpoints-per-slice), pods in name order. A service with no
 * endpoints keeps one empty placeholder slice, so consumers can tell "no endpoints" from "not yet".
 * Existing slices are reused in place (same name) before any is created or deleted.
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { Service } from '../../../lib/api/core/service.ts';
import type { Endpoint, EndpointPort, EndpointSlice } from '../../../lib/api/discovery.ts';
import type { OwnerReference } from '../../../lib/api/meta.ts';
import { belongsInEndpoints, canonical, derivedLabels, isPodReady, isTerminating, podAddresses, podRef, publishedHostname, resolvePorts, type Family } from './pods.ts';

export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
export const MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
export const MANAGED_BY = 'endpointslice-controller.k8s.io';
export const MAX_ENDPOINTS_PER_SLICE = 100;

/** The content of one slice: what the controller owns in it. */
export interface SliceContent {
  addressType: Family;
  ports: EndpointPort[] | null;
  endpoints: Endpoint[] | null;
}

/** The endpoint of one pod in a slice of `family`, or undefined when it has no such address. */
export function podEndpoint(pod: Pod, service: Service, family: Family): Endpoint | undefined {
  const addresses = podAddresses(pod, family);
  if (!addresses.length) return undefined;
  const serving = isPodReady(pod);
  const terminating = isTerminating(pod);
  // for compatibility a terminating pod is never "ready", unless the service publishes unready ones
  const ready = service.spec?.publishNotReadyAddresses === true || (serving && !terminating);
  const hostname = publishedHostname(pod, service);
  return {
    addresses: addresses.slice(0, 1),
    conditions: { ready, serving, terminating },
    ...(hostname ? { hostname } : {}),
    targetRef: podRef(pod),
    ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}),
  };
}

/** Every slice's content the service should have, in a stable order. */
export function desiredSlices(service: Service, pods: Pod[]): SliceContent[] {
  const out: SliceContent[] = [];
  const families = (service.spec?.ipFamilies?.length ? service.spec.ipFamilies : ['IPv4']) as Family[];
  const sorted = [...pods].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  for (const family of families) {
    const groups = new Map<string, { ports: EndpointPort[]; endpoints: Endpoint[] }>();
    for (const pod of sorted) {
      if (!belongsInEndpoints(pod, true)) continue;
      const ep = podEndpoint(pod, service, family);
      if (!ep) continue;
      const ports: EndpointPort[] = resolvePorts(service, pod).map((p) => ({ name: p.name, protocol: p.protocol, port: p.port, ...(p.appProtocol ? { appProtocol: p.appProtocol } : {}) }));
      const key = canonical(ports);
      const g = groups.get(key) ?? { ports, endpoints: [] };
      g.endpoints.push(ep);
      groups.set(key, g);
    }
    if (!groups.size) out.push({ addressType: family, ports: null, endpoints: null });
    for (const g of [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, g]) => g))
      for (let i = 0; i < g.endpoints.length; i += MAX_ENDPOINTS_PER_SLICE)
        out.push({ addressType: family, ports: g.ports, endpoints: g.endpoints.slice(i, i + MAX_ENDPOINTS_PER_SLICE) });
  }
  return out;
}

export function sliceLabels(service: Service): Record<string, string> {
  const labels = derivedLabels(service);
  delete labels[SERVICE_NAME_LABEL];
  delete labels[MANAGED_BY_LABEL];
  return { ...labels, [SERVICE_NAME_LABEL]: service.metadata.name!, [MANAGED_BY_LABEL]: MANAGED_BY };
}

export const serviceOwner = (service: Service): OwnerReference => ({ apiVersion: 'v1', kind: 'Service', name: service.metadata.name!, uid: service.metadata.uid!, controller: true, blockOwnerDeletion: true });

/** A new slice of `content` for the service. */
export function newSlice(service: Service, content: SliceContent): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { generateName: `${service.metadata.name}-`, namespace: service.metadata.namespace, labels: sliceLabels(service), ownerReferences: [serviceOwner(service)] },
    ...content,
  };
}

/** `current` carrying `content` and the service's labels and ownership, or undefined when it already does. */
export function updatedSlice(service: Service, current: EndpointSlice, content: SliceContent): EndpointSlice | undefined {
  const labels = sliceLabels(service);
  const owners = [serviceOwner(service)];
  const same =
    canonical(current.metadata.labels ?? {}) === canonical(labels) &&
    canonical(current.metadata.ownerReferences ?? []) === canonical(owners) &&
    canonical({ p: current.ports ?? null, e: current.endpoints ?? null }) === canonical({ p: content.ports, e: content.endpoints });
  if (same) return undefined;
  return { ...current, metadata: { ...current.metadata, labels, ownerReferences: owners }, ports: content.ports, endpoints: content.endpoints };
}

/**
 * Pairs wanted contents with existing slices: first those with the same address type and ports
 * (in name order), then any left of the same address type (the placeholder becomes the first
 * real slice). Returns the updates/creations and the slices left over (to delete).
 */
export function plan(service: Service, existing: EndpointSlice[], wanted: SliceContent[]): { writes: { current?: EndpointSlice; content: SliceContent }[]; extra: EndpointSlice[] } {
  const free = [...existing].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  const take = (pred: (s: EndpointSlice) => boolean) => {
    const i = free.findIndex(pred);
    return i < 0 ? undefined : free.splice(i, 1)[0];
  };
  const paired: { current?: EndpointSlice; content: SliceContent }[] = wanted.map((content) => ({
    content,
    current: take((s) => s.addressType === content.addressType && canonical(s.ports ?? null) === canonical(content.ports)),
  }));
  for (const p of paired) p.current ??= take((s) => s.addressType === p.content.addressType);
  return { writes: paired, extra: free };
}
