/**
 * A pod's resolv.conf, as the kubelet writes it (pkg/kubelet/network/dns): by dnsPolicy
 * - ClusterFirst (the default): the cluster's DNS service, the search path
 *   `<ns>.svc.<domain> svc.<domain> <domain>` then the node's, `options ndots:5`; on the host's
 *   network it is Default;
 * - ClusterFirstWithHostNet: ClusterFirst, also on the host's network;
 * - Default: the node's resolv.conf; None: nothing but the pod's dnsConfig.
 * Then the pod's dnsConfig is merged in (nameservers and searches added, options by name) and the
 * kubelet's limits applied (3 nameservers, 32 search domains).
 */
import { readFile } from 'node:fs/promises';
import type { Pod } from '../../lib/api/core/pod.ts';

export interface ResolvConf {
  servers: string[];
  searches: string[];
  options: string[];
}

export interface ClusterDns {
  /** the kube-dns Service's ClusterIP (the kubelet's --cluster-dns) */
  serverIP: string;
  /** the kubelet's --cluster-domain */
  domain: string;
  /** the node's resolv.conf, for Default and the end of ClusterFirst's search path */
  host: ResolvConf;
}

const MAX_NAMESERVERS = 3;
const MAX_SEARCHES = 32;

export function parseResolvConf(text: string): ResolvConf {
  const conf: ResolvConf = { servers: [], searches: [], options: [] };
  for (const raw of text.split('\n')) {
    const [key, ...values] = raw.replace(/[#;].*$/, '').trim().split(/\s+/);
    if (key === 'nameserver' && values[0]) conf.servers.push(values[0]);
    // the last search (or domain) line wins, as in glibc
    else if (key === 'search' || key === 'domain') conf.searches = values.filter((v) => v && v !== '.');
    else if (key === 'options') conf.options.push(...values.filter(Boolean));
  }
  return conf;
}

/**
 * The node's resolv.conf for pods: with systemd-resolved's loopback stub, the file it keeps with
 * the real servers (a loopback address means nothing in a pod), as kubeadm configures the kubelet.
 */
export async function hostResolvConf(path = '/etc/resolv.conf'): Promise<ResolvConf> {
  const read = (p: string) => readFile(p, 'utf8').then(parseResolvConf, () => ({ servers: [], searches: [], options: [] }) as ResolvConf);
  const conf = await read(path);
  if (conf.servers.length && conf.servers.every((s) => s.startsWith('127.'))) {
    const real = await read('/run/systemd/resolve/resolv.conf');
    if (real.servers.length) return real;
  }
  return conf;
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

function mergeOptions(base: string[], extra: { name?: string; value?: string }[]): string[] {
  const byName = new Map<string, string>();
  for (const o of base) {
    const [name, value] = o.split(/:(.*)/s);
    byName.set(name, value === undefined ? name : `${name}:${value}`);
  }
  for (const o of extra) if (o.name) byName.set(o.name, o.value !== undefined && o.value !== '' ? `${o.name}:${o.value}` : o.name);
  return [...byName.values()];
}

interface PodDnsSpec {
  dnsPolicy?: string;
  hostNetwork?: boolean;
  dnsConfig?: { nameservers?: string[]; searches?: string[]; options?: { name?: string; value?: string }[] };
}

/** The pod's DNS configuration; undefined: the runtime's default (the node's resolv.conf). */
export function podDnsConfig(pod: Pod, cluster: ClusterDns | undefined): ResolvConf | undefined {
  const spec = (pod.spec ?? {}) as PodDnsSpec;
  let policy = spec.dnsPolicy || 'ClusterFirst';
  if (policy === 'ClusterFirst' && spec.hostNetwork) policy = 'Default';
  if (policy === 'ClusterFirstWithHostNet') policy = 'ClusterFirst';
  // no cluster DNS on this node: the kubelet falls back to Default
  if (policy === 'ClusterFirst' && !cluster) policy = 'Default';
  let conf: ResolvConf;
  if (policy === 'None') conf = { servers: [], searches: [], options: [] };
  else if (policy === 'ClusterFirst' && cluster) {
    const ns = pod.metadata.namespace ?? 'default';
    const d = cluster.domain;
    conf = { servers: [cluster.serverIP], searches: [`${ns}.svc.${d}`, `svc.${d}`, d, ...cluster.host.searches], options: ['ndots:5'] };
  } else {
    if (!cluster) return spec.dnsConfig ? mergePod({ servers: [], searches: [], options: [] }, spec) : undefined;
    conf = structuredClone(cluster.host);
  }
  return mergePod(conf, spec);
}

function mergePod(conf: ResolvConf, spec: PodDnsSpec): ResolvConf {
  const extra = spec.dnsConfig ?? {};
  return {
    servers: unique([...conf.servers, ...(extra.nameservers ?? [])]).slice(0, MAX_NAMESERVERS),
    searches: unique([...conf.searches, ...(extra.searches ?? [])]).slice(0, MAX_SEARCHES),
    options: mergeOptions(conf.options, extra.options ?? []),
  };
}
