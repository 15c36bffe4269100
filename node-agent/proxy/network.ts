/**
 * The node's service networking, run by the agent as kube-proxy and CoreDNS would run beside a
 * kubelet: Services and EndpointSlices watched cluster-wide (the Node authorizer lets a node read
 * them), the iptables rules of this agent kept equal to them (model.ts → iptables-rules.ts), and
 * the cluster DNS server (../dns/) on the pods' bridge, to which the kube-dns Service's rules
 * lead. Only with the CRI runtime and as root (the simulated runtime has no network).
 *
 * The rules match only this agent's pods (their IPs, known as soon as a sandbox exists: the
 * runtime is wrapped so that a container of a new sandbox starts only once the rules include its
 * pod, before it can send a packet — a first DNS query sent before would stay un-NATed in
 * conntrack; the rules are written while the pod's containers are created, not before).
 */
import { networkInterfaces } from 'node:os';
import type { Service } from '../../lib/api/core/service.ts';
import type { EndpointSlice } from '../../lib/api/discovery.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { RESOURCES } from '../../lib/client/resources.ts';
import { hostResolvConf, parseResolvConf, type ClusterDns, type ResolvConf } from '../dns/pod-config.ts';
import { buildIndex, type ClusterIndex } from '../dns/resolve.ts';
import { startDnsServer, type DnsServer } from '../dns/server.ts';
import { LABELS, type ContainerSpec, type Labels, type Runtime, type SandboxInfo, type SandboxSpec } from '../runtime/types.ts';
import { Informer } from './informer.ts';
import { applyRules, removeRules, type AppliedRules } from './iptables.ts';
import { chainPrefix } from './iptables-rules.ts';
import { serviceRules } from './model.ts';
import { StartGate } from './start-gate.ts';
import { markStart } from '../pods/start-trace.ts';
import { readFile } from 'node:fs/promises';

export const DEFAULT_CLUSTER_DNS_IP = '10.96.0.10';
export const CLUSTER_DOMAIN = 'cluster.local';

export interface NodeNetworkOptions {
  api: ApiClient;
  /** the labels of what this agent owns in the runtime (its node and cluster) */
  owner: Labels;
  runtime: Runtime;
  podCIDR?: string;
  /** the CNI bridge the pods are on (scripts/setup-containerd.sh) */
  bridge?: string;
  log?: (line: string) => void;
}

export interface NodeNetwork {
  /** what a ClusterFirst pod's resolv.conf is made of */
  clusterDns(): ClusterDns;
  /** the runtime the pod workers use: new sandboxes' IPs enter the rules before it returns */
  runtime: Runtime;
  /** the cluster DNS server's address (once the bridge exists) */
  dnsAddress(): { host: string; port: number } | undefined;
  /** rules applied now (tests, benchmark) */
  sync(): Promise<void>;
  /** stops watching, closes the DNS server and removes this agent's rules */
  stop(): Promise<void>;
}

/** The chain prefix of an agent (also what `node-agent leave` removes). */
export const networkPrefix = (owner: Labels) => chainPrefix(`${owner[LABELS.node]}/${owner[LABELS.cluster]}`);

export { removeRules };

function bridgeAddress(bridge: string): string | undefined {
  return networkInterfaces()[bridge]?.find((a) => a.family === 'IPv4')?.address;
}

export async function startNodeNetwork(o: NodeNetworkOptions): Promise<NodeNetwork> {
  const log = o.log ?? (() => {});
  const prefix = networkPrefix(o.owner);
  const bridge = o.bridge ?? 'timonier0';
  const podCIDR = o.podCIDR ?? '10.244.0.0/16';
  const stop = new AbortController();
  const host: ResolvConf = await hostResolvConf();
  // the agent is on the node's network: its own resolv.conf (a loopback stub included) works
  const upstreams = await readFile('/etc/resolv.conf', 'utf8').then((t) => parseResolvConf(t).servers, () => host.servers);
  const podIPs = new Map<string, string[]>(); // sandbox id → IPs
  let dns: DnsServer | undefined;
  let index: ClusterIndex | undefined;
  let lastApplied = '';
  const applied: AppliedRules = {};

  const services = new Informer<Service>(o.api, RESOURCES.services, () => changed(), stop.signal, log);
  const slices = new Informer<EndpointSlice>(o.api, RESOURCES.endpointslices, () => changed(), stop.signal, log);

  const currentIndex = () => (index ??= buildIndex(services.items.values(), slices.items.values(), CLUSTER_DOMAIN));

  async function ensureDns() {
    if (dns) return;
    const address = bridgeAddress(bridge);
    if (!address) return; // no pod yet on this machine: the bridge comes with the first one
    dns = await startDnsServer({ host: address, index: currentIndex, upstreams: () => upstreams, log }).catch((e: Error) => {
      log(`dns: cannot listen on ${address}: ${e.message}`);
      return undefined;
    });
  }

  // one sync at a time; a change during one makes another
  let running: Promise<void> | undefined;
  let again = false;
  async function syncOnce() {
    await ensureDns();
    if (!services.synced || !slices.synced) return;
    const target = dns && { ip: dns.host, port: dns.port };
    const overrides = target ? (['UDP', 'TCP'] as const).map((protocol) => ({ namespace: 'kube-system', name: 'kube-dns', protocol, port: 53, target })) : [];
    const input = { prefix, podCIDR, podIPs: [...podIPs.values()].flat(), rules: serviceRules(services.items.values(), slices.items.values(), { overrides }) };
    const key = JSON.stringify(input);
    if (key === lastApplied) return;
    await applyRules(input, applied);
    lastApplied = key;
  }
  function sync(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await syncOnce().catch((e: Error) => log(`service proxy: ${e.message}`));
        } while (again && !stop.signal.aborted);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  function changed() {
    index = undefined;
    // a burst of events (the first lists, a rollout) makes one sync
    timer ??= setTimeout(() => {
      timer = undefined;
      void sync();
    }, 50);
  }

  // the pods this agent already runs (a restart of the agent)
  for (const s of await o.runtime.listSandboxes(o.owner).catch(() => [])) {
    const info = await o.runtime.sandboxStatus(s.id).catch(() => undefined);
    if (info?.ready && info.ips.length) podIPs.set(s.id, info.ips);
  }

  const inner = o.runtime;
  const gate = new StartGate();
  // the status read as a sandbox is made (for its IPs) answers the worker's read that follows,
  // rather than a second PodSandboxStatus a moment later
  const justMade = new Map<string, SandboxInfo>();
  const runtime: Runtime = Object.create(inner, {
    runSandbox: {
      value: async (spec: SandboxSpec, signal?: AbortSignal) => {
        const id = await inner.runSandbox(spec, signal);
        const info = await inner.sandboxStatus(id).catch(() => undefined);
        if (info) justMade.set(id, info);
        if (info?.ips.length && !spec.hostNetwork) {
          podIPs.set(id, info.ips);
          gate.sandbox(id, sync().then(() => markStart(spec.uid, 'rules'))); // never fails: a failure is logged, and the next sync tries again
        }
        return id;
      },
    },
    sandboxStatus: {
      value: async (id: string) => {
        const info = justMade.get(id);
        if (!info) return inner.sandboxStatus(id);
        justMade.delete(id);
        return info;
      },
    },
    createContainer: {
      value: async (sandboxId: string, spec: ContainerSpec, sandbox: SandboxSpec) => {
        const id = await inner.createContainer(sandboxId, spec, sandbox);
        gate.created(sandboxId, id);
        return id;
      },
    },
    startContainer: {
      value: async (id: string) => {
        await gate.ready(id);
        return inner.startContainer(id);
      },
    },
    stopSandbox: {
      value: async (id: string) => {
        justMade.delete(id);
        await inner.stopSandbox(id);
        if (podIPs.delete(id)) void sync();
      },
    },
    removeSandbox: {
      value: async (id: string) => {
        await inner.removeSandbox(id);
        if (podIPs.delete(id)) void sync();
      },
    },
  });

  log(`service proxy: iptables chains ${prefix}*, pods in ${podCIDR}, cluster DNS on the ${bridge} bridge`);
  return {
    runtime,
    clusterDns: () => {
      const kubeDns = services.items.get('kube-system/kube-dns')?.spec?.clusterIP;
      return { serverIP: kubeDns && kubeDns !== 'None' ? kubeDns : DEFAULT_CLUSTER_DNS_IP, domain: CLUSTER_DOMAIN, host };
    },
    dnsAddress: () => dns && { host: dns.host, port: dns.port },
    sync,
    async stop() {
      stop.abort();
      clearTimeout(timer);
      await Promise.all([services.done, slices.done]);
      await running;
      await dns?.close();
      await removeRules(prefix).catch((e: Error) => log(`service proxy: removing ${prefix}*: ${e.message}`));
    },
  };
}
