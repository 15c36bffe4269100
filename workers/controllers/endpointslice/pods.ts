/**
 * What a pod contributes to a Service's endpoints, shared by the EndpointSlice and the legacy
 * Endpoints controllers (Kubernetes' endpointslice utils and podutil.FindPort).
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { Service, ServicePort } from '../../../lib/api/core/service.ts';
import type { ObjectReference } from '../../../lib/api/core/refs.ts';

export type Family = 'IPv4' | 'IPv6';

/** A resolved port of one pod: the service port's name and protocol, the pod's number. */
export interface ResolvedPort {
  name: string;
  protocol: string;
  port: number;
  appProtocol?: string;
}

export const isPodReady = (pod: Pod) => (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
export const isTerminating = (pod: Pod) => !!pod.metadata.deletionTimestamp;

/** ShouldPodBeInEndpoints: not finished, has an IP, and not terminating unless asked. */
export function belongsInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  if (!pod.status?.podIP && !pod.status?.podIPs?.length) return false;
  return includeTerminating || !isTerminating(pod);
}

const familyOf = (ip: string): Family => (ip.includes(':') ? 'IPv6' : 'IPv4');

/** The pod's addresses of one family (podIPs, or the single podIP of older writers). */
export function podAddresses(pod: Pod, family: Family): string[] {
  const ips = pod.status?.podIPs?.length ? pod.status.podIPs.map((p) => p.ip ?? '') : [pod.status?.podIP ?? ''];
  return ips.filter((ip) => ip && familyOf(ip) === family);
}

/**
 * FindPort: a numeric targetPort is taken as is; a named one is looked up among the ports of the
 * pod's containers (and sidecars) with the same protocol. Undefined when the pod has no such port.
 */
export function findPort(pod: Pod, sp: ServicePort): number | undefined {
  const target = sp.targetPort ?? sp.port;
  if (typeof target === 'number') return target;
  const protocol = sp.protocol ?? 'TCP';
  const sidecars = (pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always');
  for (const c of [...(pod.spec?.containers ?? []), ...sidecars])
    for (const p of c.ports ?? []) if (p.name === target && (p.protocol ?? 'TCP') === protocol) return p.containerPort;
  return undefined;
}

/** The service's ports as this pod serves them, in the service's order (unresolvable ones skipped). */
export function resolvePorts(service: Service, pod: Pod): ResolvedPort[] {
  const out: ResolvedPort[] = [];
  for (const sp of service.spec?.ports ?? []) {
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    out.push({ name: sp.name ?? '', protocol: sp.protocol ?? 'TCP', port, ...(sp.appProtocol ? { appProtocol: sp.appProtocol } : {}) });
  }
  return out;
}

export const podRef = (pod: Pod): ObjectReference => ({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid });

/** A pod's hostname is published only for the headless service its subdomain names. */
export function publishedHostname(pod: Pod, service: Service): string | undefined {
  const spec = pod.spec as { hostname?: string; subdomain?: string } | undefined;
  return spec?.hostname && spec.subdomain === service.metadata.name && pod.metadata.namespace === service.metadata.namespace ? spec.hostname : undefined;
}

/** Labels of the objects derived from a service: its own, plus the headless marker. */
export function derivedLabels(service: Service, extra: Record<string, string> = {}): Record<string, string> {
  const labels: Record<string, string> = { ...service.metadata.labels };
  delete labels['service.kubernetes.io/headless'];
  if (service.spec?.clusterIP === 'None') labels['service.kubernetes.io/headless'] = '';
  return { ...labels, ...extra };
}

/** Canonical JSON (sorted keys), to compare what we want with what is stored. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}
