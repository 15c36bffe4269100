/**
 * Service IP and node-port allocation, done on create as Kubernetes' service registry does:
 * a free ClusterIP from the service range (10.96.0.0/12 by default; .1 is the `kubernetes`
 * service's) and node ports from 30000-32767 for NodePort and LoadBalancer services.
 */
import { fieldErr, invalid } from '../../../lib/errors.ts';
import type { AdmissionPlugin } from './index.ts';

export const SERVICE_RANGE = { base: ipToInt('10.96.0.0'), size: 1 << 20 };
const NODE_PORTS = { min: 30000, max: 32767 };

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
  const spec = (obj.spec ??= {}) as ServiceSpec;
  if (spec.type === 'ExternalName') return;
  const services = (await ctx.storage.list('/registry/services/')).items.map((s) => (s.spec ?? {}) as ServiceSpec);
  const usedIPs = new Set(services.map((s) => s.clusterIP));
  const headless = spec.clusterIP === 'None';
  spec.ipFamilyPolicy ??= headless && !spec.selector ? 'RequireDualStack' : 'SingleStack';
  spec.ipFamilies ??= ['IPv4'];
  if (!headless) {
    if (spec.clusterIP) {
      if (usedIPs.has(spec.clusterIP))
        throw invalid(desc, obj.metadata.name ?? '', [fieldErr.invalid('spec.clusterIPs', spec.clusterIPs ?? [spec.clusterIP], `failed to allocate IP ${spec.clusterIP}: provided IP is already allocated`)]);
    } else {
      spec.clusterIP = pickFree(usedIPs);
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

function pickFree(used: Set<string | undefined>): string {
  // random probing: the range has a million addresses, a collision is rare and just retried
  for (;;) {
    const offset = 2 + Math.floor(Math.random() * (SERVICE_RANGE.size - 3));
    const ip = intToIp(SERVICE_RANGE.base + offset);
    if (!used.has(ip)) return ip;
  }
}
