/**
 * What the cluster's DNS answers for names under the cluster domain, as CoreDNS's kubernetes
 * plugin does (the DNS specification of Kubernetes, schema 1.1.0):
 * - `<svc>.<ns>.svc.<domain>` A: the ClusterIP; for a headless service, its ready endpoints;
 *   an ExternalName service: a CNAME to its external name;
 * - `<hostname>.<svc>.<ns>.svc.<domain>` A: the endpoint of a headless service with that
 *   hostname (a StatefulSet's pod, or a pod with hostname and subdomain);
 * - `_<port>._<proto>.<svc>.<ns>.svc.<domain>` SRV, and `<a-b-c-d>.<ns>.pod.<domain>` A;
 * - a name that exists with no record of the type asked: no answer (NODATA), else NXDOMAIN, both
 *   with the zone's SOA. Names outside the domain are not ours: `forward`.
 * Pure: the index is built from the Services and EndpointSlices the agent watches.
 */
import type { Service } from '../../lib/api/core/service.ts';
import type { EndpointSlice } from '../../lib/api/discovery.ts';
import { CLASS_IN, RCODE, TYPE, type Question, type ResourceRecord } from './wire.ts';

/** CoreDNS's kubernetes plugin default */
export const TTL = 5;
const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

interface IndexedService {
  service: Service;
  /** ready endpoints' IPv4 addresses with their hostnames (headless services) */
  endpoints: { ip: string; hostname?: string }[];
  /** named ports of the endpoints (SRV of headless services) */
  ports: { name: string; protocol: string; port: number }[];
}

export interface ClusterIndex {
  domain: string;
  /** `<svc>.<ns>` → service */
  services: Map<string, IndexedService>;
  /** every name that exists (also those with no record: `<ns>.svc.<domain>`, ...) */
  names: Set<string>;
}

export function buildIndex(services: Iterable<Service>, slices: Iterable<EndpointSlice>, domain = 'cluster.local'): ClusterIndex {
  const index: ClusterIndex = { domain, services: new Map(), names: new Set([domain, `svc.${domain}`, `pod.${domain}`]) };
  for (const s of services) {
    const key = `${s.metadata.name}.${s.metadata.namespace}`;
    index.services.set(key, { service: s, endpoints: [], ports: [] });
    index.names.add(`${key}.svc.${domain}`);
    index.names.add(`${s.metadata.namespace}.svc.${domain}`);
  }
  for (const slice of slices) {
    const svc = slice.metadata.labels?.[SERVICE_NAME_LABEL];
    const entry = svc && index.services.get(`${svc}.${slice.metadata.namespace}`);
    if (!entry || slice.addressType !== 'IPv4') continue;
    for (const p of slice.ports ?? []) if (p.name && p.port && !entry.ports.some((q) => q.name === p.name && q.protocol === (p.protocol ?? 'TCP'))) entry.ports.push({ name: p.name, protocol: p.protocol ?? 'TCP', port: p.port });
    for (const e of slice.endpoints ?? []) {
      if (e.conditions?.ready === false) continue;
      for (const ip of e.addresses.slice(0, 1)) {
        if (entry.endpoints.some((x) => x.ip === ip)) continue;
        entry.endpoints.push({ ip, hostname: e.hostname });
        if (e.hostname) index.names.add(`${e.hostname}.${svc}.${slice.metadata.namespace}.svc.${domain}`);
      }
    }
  }
  return index;
}

export type Resolution = { kind: 'forward' } | { kind: 'answer'; rcode: number; answers: ResourceRecord[]; authorities: ResourceRecord[]; additionals: ResourceRecord[] };

const isHeadless = (s: Service) => s.spec?.clusterIP === 'None';
const dashed = (ip: string) => ip.replace(/\./g, '-');

export function soa(domain: string): ResourceRecord {
  return { name: domain, type: TYPE.SOA, class: CLASS_IN, ttl: TTL, mname: `ns.dns.${domain}`, rname: `hostmaster.${domain}`, serial: 1, refresh: 7200, retry: 1800, expire: 86400, minimum: TTL };
}

export function resolve(index: ClusterIndex, q: Question): Resolution {
  const name = q.name.toLowerCase().replace(/\.$/, '');
  const domain = index.domain;
  if (name !== domain && !name.endsWith(`.${domain}`)) return { kind: 'forward' };
  const a = (n: string, address: string): ResourceRecord => ({ name: n, type: TYPE.A, class: CLASS_IN, ttl: TTL, address });
  const found = (answers: ResourceRecord[], additionals: ResourceRecord[] = []): Resolution => {
    const wanted = answers.filter((r) => q.type === TYPE.ANY || r.type === q.type || r.type === TYPE.CNAME);
    return { kind: 'answer', rcode: RCODE.NOERROR, answers: wanted, authorities: wanted.length ? [] : [soa(domain)], additionals: wanted.length ? additionals : [] };
  };
  const labels = name.slice(0, -domain.length - 1).split('.');

  // <a-b-c-d>.<ns>.pod.<domain>
  if (labels.length === 3 && labels[2] === 'pod') {
    const ip = labels[0].split('-');
    if (ip.length === 4 && ip.every((o) => /^\d{1,3}$/.test(o) && Number(o) < 256)) return found([a(name, ip.join('.'))]);
  }
  const svcIndex = labels.lastIndexOf('svc');
  if (svcIndex >= 2 && svcIndex === labels.length - 1) {
    const [ns, svcName] = [labels[svcIndex - 1], labels[svcIndex - 2]];
    const entry = index.services.get(`${svcName}.${ns}`);
    const rest = labels.slice(0, svcIndex - 2);
    const svcFqdn = `${svcName}.${ns}.svc.${domain}`;
    if (entry && rest.length === 0) {
      const s = entry.service;
      if (s.spec?.type === 'ExternalName') return found([{ name, type: TYPE.CNAME, class: CLASS_IN, ttl: TTL, target: s.spec.externalName ?? '' }]);
      if (!isHeadless(s)) return found(s.spec?.clusterIP ? [a(name, s.spec.clusterIP)] : []);
      return found(entry.endpoints.map((e) => a(name, e.ip)));
    }
    if (entry && rest.length === 1) {
      const e = entry.endpoints.find((x) => x.hostname === rest[0] || (!x.hostname && dashed(x.ip) === rest[0]));
      if (e && isHeadless(entry.service)) return found([a(name, e.ip)]);
    }
    // _<port>._<proto>.<svc>.<ns>.svc.<domain>
    if (entry && rest.length === 2 && rest[0].startsWith('_') && rest[1].startsWith('_')) {
      const [port, proto] = [rest[0].slice(1), rest[1].slice(1).toUpperCase()];
      const s = entry.service;
      if (isHeadless(s)) {
        const p = entry.ports.find((x) => x.name === port && x.protocol === proto);
        if (p) {
          const targets = entry.endpoints.map((e) => ({ e, target: `${e.hostname ?? dashed(e.ip)}.${svcFqdn}` }));
          return found(
            targets.map(({ target }) => ({ name, type: TYPE.SRV, class: CLASS_IN, ttl: TTL, priority: 0, weight: Math.floor(100 / Math.max(1, targets.length)), port: p.port, target })),
            targets.map(({ e, target }) => a(target, e.ip)),
          );
        }
      } else {
        const p = s.spec?.ports?.find((x) => x.name === port && (x.protocol ?? 'TCP') === proto);
        if (p && s.spec?.clusterIP) return found([{ name, type: TYPE.SRV, class: CLASS_IN, ttl: TTL, priority: 0, weight: 100, port: p.port, target: svcFqdn }], [a(svcFqdn, s.spec.clusterIP)]);
      }
    }
  }
  // a name on the way to records (`<ns>.svc.<domain>`) exists, without records of its own
  if (index.names.has(name) || [...index.names].some((n) => n.endsWith(`.${name}`))) return found([]);
  return { kind: 'answer', rcode: RCODE.NXDOMAIN, answers: [], authorities: [soa(domain)], additionals: [] };
}
