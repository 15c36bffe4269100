/**
 * The legacy core/v1 Endpoints of a Service (Kubernetes' endpoints controller): one object named
 * like the service, addresses grouped into subsets by the ports they serve, ready pods under
 * `addresses` and the others under `notReadyAddresses`. Terminating pods are left out, unless the
 * service publishes not-ready addresses.
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { Service } from '../../../lib/api/core/service.ts';
import type { CoreEndpointPort, EndpointAddress, Endpoints, EndpointSubset } from '../../../lib/api/core/endpoints.ts';
import { belongsInEndpoints, canonical, derivedLabels, isPodReady, podAddresses, podRef, publishedHostname, resolvePorts } from './pods.ts';

const ipOrder = (a: EndpointAddress, b: EndpointAddress) => {
  const n = (ip: string) => ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
  const [x, y] = [n(a.ip), n(b.ip)];
  return Number.isNaN(x) || Number.isNaN(y) ? (a.ip < b.ip ? -1 : 1) : x - y;
};

/** The subsets the service's pods make (ports and addresses sorted, so equal sets compare equal). */
export function desiredSubsets(service: Service, pods: Pod[]): EndpointSubset[] {
  const publishUnready = service.spec?.publishNotReadyAddresses === true;
  const headlessWithoutPorts = !service.spec?.ports?.length && service.spec?.clusterIP === 'None';
  const groups = new Map<string, { ports: CoreEndpointPort[]; ready: EndpointAddress[]; notReady: EndpointAddress[] }>();
  for (const pod of pods) {
    if (!belongsInEndpoints(pod, publishUnready)) continue;
    const ip = podAddresses(pod, 'IPv4')[0] ?? podAddresses(pod, 'IPv6')[0];
    if (!ip) continue;
    const ports = resolvePorts(service, pod)
      .map((p): CoreEndpointPort => ({ ...(p.name ? { name: p.name } : {}), port: p.port, protocol: p.protocol, ...(p.appProtocol ? { appProtocol: p.appProtocol } : {}) }))
      .sort((a, b) => ((a.name ?? '') < (b.name ?? '') ? -1 : (a.name ?? '') > (b.name ?? '') ? 1 : a.port - b.port));
    if (!ports.length && !headlessWithoutPorts) continue;
    const hostname = publishedHostname(pod, service);
    const address: EndpointAddress = { ip, ...(hostname ? { hostname } : {}), ...(pod.spec?.nodeName ? { nodeName: pod.spec.nodeName } : {}), targetRef: podRef(pod) };
    const key = canonical(ports);
    const g = groups.get(key) ?? { ports, ready: [], notReady: [] };
    (publishUnready || isPodReady(pod) ? g.ready : g.notReady).push(address);
    groups.set(key, g);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, g]) => ({
      ...(g.ready.length ? { addresses: g.ready.sort(ipOrder) } : {}),
      ...(g.notReady.length ? { notReadyAddresses: g.notReady.sort(ipOrder) } : {}),
      ...(g.ports.length ? { ports: g.ports } : {}),
    }));
}

/** The Endpoints to write: a new one, `current` updated, or undefined when it is already right. */
export function desiredEndpoints(service: Service, pods: Pod[], current: Endpoints | undefined): Endpoints | undefined {
  const subsets = desiredSubsets(service, pods);
  const labels = derivedLabels(service);
  if (!current)
    return { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: service.metadata.name, namespace: service.metadata.namespace, labels }, ...(subsets.length ? { subsets } : {}) };
  if (canonical(current.subsets ?? []) === canonical(subsets) && canonical(current.metadata.labels ?? {}) === canonical(labels)) return undefined;
  const { subsets: _old, ...rest } = current;
  return { ...rest, metadata: { ...current.metadata, labels }, ...(subsets.length ? { subsets } : {}) };
}
