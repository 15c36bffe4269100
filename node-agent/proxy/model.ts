/**
 * What the proxy programs, from the Services and EndpointSlices: one entry per service port with
 * the endpoints new connections may go to, chosen as kube-proxy's CategorizeEndpoints does —
 * the ready ones; when none is ready, the serving and terminating ones (so a rolling update
 * whose last pods are terminating still answers); never one that is not ready, and so never a
 * terminating one while another is ready (connections already made keep their conntrack entry).
 * Pure, unit-tested; iptables.ts turns it into rules.
 */
import type { Service } from '../../lib/api/core/service.ts';
import type { EndpointSlice } from '../../lib/api/discovery.ts';

export interface Target {
  ip: string;
  port: number;
}

export interface ServicePortRule {
  /** `<ns>/<svc>:<port name>/<protocol>`: names the port's chains */
  key: string;
  protocol: 'tcp' | 'udp' | 'sctp';
  clusterIP: string;
  port: number;
  nodePort?: number;
  endpoints: Target[];
}

const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

export interface ModelOptions {
  /**
   * Endpoints that replace those of a service port (the cluster DNS: the kube-dns Service's port
   * 53 is served by the agent itself), by `<ns>/<svc>`, protocol and port.
   */
  overrides?: { namespace: string; name: string; protocol: 'TCP' | 'UDP'; port: number; target: Target }[];
}

export function serviceRules(services: Iterable<Service>, slices: Iterable<EndpointSlice>, o: ModelOptions = {}): ServicePortRule[] {
  const byService = new Map<string, EndpointSlice[]>();
  for (const s of slices) {
    const name = s.metadata.labels?.[SERVICE_NAME_LABEL];
    if (!name || s.addressType !== 'IPv4') continue;
    const key = `${s.metadata.namespace}/${name}`;
    byService.set(key, [...(byService.get(key) ?? []), s]);
  }
  const rules: ServicePortRule[] = [];
  for (const svc of services) {
    const spec = svc.spec ?? {};
    const ip = spec.clusterIP;
    if (!ip || ip === 'None' || spec.type === 'ExternalName' || !/^\d+\.\d+\.\d+\.\d+$/.test(ip)) continue;
    const id = `${svc.metadata.namespace}/${svc.metadata.name}`;
    for (const p of spec.ports ?? []) {
      const protocol = (p.protocol ?? 'TCP').toLowerCase() as ServicePortRule['protocol'];
      const override = o.overrides?.find((x) => `${x.namespace}/${x.name}` === id && x.protocol.toLowerCase() === protocol && x.port === p.port);
      rules.push({
        key: `${id}:${p.name ?? ''}/${protocol}`,
        protocol,
        clusterIP: ip,
        port: p.port,
        nodePort: spec.type === 'NodePort' || spec.type === 'LoadBalancer' ? p.nodePort : undefined,
        endpoints: override ? [override.target] : chooseEndpoints(byService.get(id) ?? [], p.name ?? '', p.protocol ?? 'TCP'),
      });
    }
  }
  return rules.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The endpoints of one service port (matched by port name and protocol), by kube-proxy's rule. */
export function chooseEndpoints(slices: EndpointSlice[], portName: string, protocol: string): Target[] {
  const ready: Target[] = [];
  const servingTerminating: Target[] = [];
  const seen = new Set<string>();
  for (const s of slices) {
    const port = (s.ports ?? []).find((p) => (p.name ?? '') === portName && (p.protocol ?? 'TCP') === protocol);
    if (!port?.port) continue;
    for (const e of s.endpoints ?? []) {
      const ip = e.addresses[0];
      const c = e.conditions ?? {};
      if (!ip || seen.has(`${ip}:${port.port}`)) continue;
      seen.add(`${ip}:${port.port}`);
      // nil ready means ready (the API's compatibility rule); serving defaults to ready
      if (c.ready !== false) ready.push({ ip, port: port.port });
      else if ((c.serving ?? c.ready) !== false && c.terminating === true) servingTerminating.push({ ip, port: port.port });
    }
  }
  const byAddress = (a: Target, b: Target) => (a.ip === b.ip ? a.port - b.port : a.ip < b.ip ? -1 : 1);
  return (ready.length ? ready : servingTerminating).sort(byAddress);
}
