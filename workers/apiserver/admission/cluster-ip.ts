/**
 * Service IP and node-port allocation, done on create as Kubernetes' service registry does:
 * a free ClusterIP from the service range (SERVICE_CLUSTER_IP_RANGE, 10.96.0.0/12 by default; its
 * first address is the `kubernetes` service's) and node ports from 30000-32767 for NodePort and
 * LoadBalancer services.
 */
import { fieldErr, internal, invalid } from '../../../lib/errors.ts';
import type { AdmissionPlugin } from './index.ts';

export const DEFAULT_SERVICE_CIDR = '10.96.0.0/12';
const NODE_PORTS = { min: 30000, max: 32767 };
/** Kubernetes' bitmap allocator holds at most 2^20 addresses (an IPv4 mask of 12 or more). */
const PREFIX = { min: 12, max: 30 };

export interface ServiceRange {
  cidr: string;
  /** the network address, as a number */
  base: number;
  size: number;
}

const ranges = new Map<string, ServiceRange>();

/** The service range of a CIDR (IPv4); a malformed one is a configuration error, thrown. */
export function serviceRange(cidr = DEFAULT_SERVICE_CIDR): ServiceRange {
  let r = ranges.get(cidr);
  if (r) return r;
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(cidr);
  const prefix = Number(m?.[2]);
  if (!m || m[1].split('.').some((o) => Number(o) > 255) || prefix < PREFIX.min || prefix > PREFIX.max)
    throw new Error(`SERVICE_CLUSTER_IP_RANGE: ${JSON.stringify(cidr)} is not an IPv4 CIDR with a mask from /${PREFIX.min} to /${PREFIX.max}`);
  const size = 2 ** (32 - prefix);
  const base = ipToInt(m[1]) - (ipToInt(m[1]) % size); // the network address, whatever host bits were given
  ranges.set(cidr, (r = { cidr: `${intToIp(base)}/${prefix}`, base, size }));
  return r;
}

/** The `kubernetes` service's address: the first of the range. */
export const kubernetesServiceIP = (cidr?: string) => intToIp(serviceRange(cidr).base + 1);
/** The cluster DNS Service's (kube-dns) address: the tenth of the range, as kubeadm sets it. */
export const kubeDnsServiceIP = (cidr?: string) => intToIp(serviceRange(cidr).base + 10);

/** Between the network and broadcast addresses, as Kubernetes' allocator counts its range. */
const inRange = (r: ServiceRange, ip: string) => {
  const n = ipToInt(ip);
  return n > r.base && n < r.base + r.size - 1;
};
const isIPv4 = (ip: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(ip) && ip.split('.').every((o) => Number(o) <= 255);

interface ServiceSpec {
  type?: string;
  clusterIP?: string;
  clusterIPs?: string[];
  ipFamilies?: string[];
  ipFamilyPolicy?: string;
  selector?: Record<string, string>;
  ports?: { nodePort?: number }[];
}

function ipToInt(ip: string): number {
  return ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
}
const intToIp = (n: number) => [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');

export const allocateClusterIP: AdmissionPlugin = async (ctx, desc, obj) => {
  if (desc.group !== '' || desc.resource !== 'services') return;
  const range = serviceRange(ctx.serviceClusterIPRange);
  const spec = (obj.spec ??= {}) as ServiceSpec;
  if (spec.type === 'ExternalName') return;
  const services = (await ctx.storage.list('/registry/services/')).items.map((s) => (s.spec ?? {}) as ServiceSpec);
  const usedIPs = new Set(services.map((s) => s.clusterIP));
  const headless = spec.clusterIP === 'None';
  spec.ipFamilyPolicy ??= headless && !spec.selector ? 'RequireDualStack' : 'SingleStack';
  spec.ipFamilies ??= ['IPv4'];
  if (!headless) {
    if (spec.clusterIP) {
      const refuse = (why: string) => invalid(desc, obj.metadata.name ?? '', [fieldErr.invalid('spec.clusterIPs', spec.clusterIPs ?? [spec.clusterIP], `failed to allocate IP ${spec.clusterIP}: ${why}`)]);
      // a malformed address is left to validation, which reports it as such
      if (isIPv4(spec.clusterIP) && !inRange(range, spec.clusterIP))
        throw refuse(`the provided IP (${spec.clusterIP}) is not in the valid range. The range of valid IPs is ${range.cidr}`);
      if (usedIPs.has(spec.clusterIP)) throw refuse('provided IP is already allocated');
    } else {
      spec.clusterIP = pickFree(range, usedIPs);
    }
  }
  spec.clusterIPs = [spec.clusterIP!];
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') {
    const usedPorts = new Set(services.flatMap((s) => (s.ports ?? []).map((p) => p.nodePort)));
    for (const p of spec.ports ?? []) {
      if (p.nodePort) continue;
      for (let tries = 0; tries < 1000; tries++) {
        const port = NODE_PORTS.min + Math.floor(Math.random() * (NODE_PORTS.max - NODE_PORTS.min + 1));
        if (!usedPorts.has(port)) {
          p.nodePort = port;
          usedPorts.add(port);
          break;
        }
      }
    }
  }
  obj.status ??= { loadBalancer: {} };
};

/** Random probing first (a collision is rare in a large range), then a sweep before calling it full. */
function pickFree(range: ServiceRange, used: Set<string | undefined>): string {
  const first = range.base + 2; // past the network address and the `kubernetes` service's
  const count = range.size - 3; // the broadcast address is never given either
  for (let tries = 0; tries < 32; tries++) {
    const ip = intToIp(first + Math.floor(Math.random() * count));
    if (!used.has(ip)) return ip;
  }
  for (let i = 0; i < count; i++) {
    const ip = intToIp(first + i);
    if (!used.has(ip)) return ip;
  }
  throw internal('failed to allocate a serviceIP: range is full');
}
