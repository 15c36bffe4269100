/**
 * The node agent (our kubelet): registers its Node, keeps its Lease and status fresh, and runs
 * the pods bound to it through a Runtime (CRI/containerd, or simulated). Several agents may run
 * in one process (scale tests): nothing here is global.
 *
 * Wiring: the pod source (list+watch of spec.nodeName=<node>) feeds one PodWorker per pod uid;
 * the relist loop wakes workers whose containers changed in the runtime; the heartbeats keep the
 * Node and Lease; `handlers` serve logs and exec for the tunnel.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pod } from '../lib/api/core/pod.ts';
import { ApiClient, type Fetch } from '../lib/client/client.ts';
import { kubeletRecorder } from './events.ts';
import { tunnelHandlers } from './handlers.ts';
import { NodeUsage } from './metrics/usage.ts';
import { startNodeNetwork, type NodeNetwork } from './proxy/network.ts';
import { httpsFetch } from './http.ts';
import { Heartbeats, registerNode } from './node/heartbeat.ts';
import { machineFacts, type MachineFacts } from './node/machine.ts';
import { KUBELET_VERSION, type NodeOptions } from './node/object.ts';
import { cachedLookup } from './pods/lookup.ts';
import { withNodeStorage } from './storage/index.ts';
import { relistLoop } from './pods/relist.ts';
import { agentsDir, heartbeatFile, sweepLeftovers } from './pods/housekeeping.ts';
import { watchNodePods } from './pods/source.ts';
import { markStart } from './pods/start-trace.ts';
import { StatusLane } from './pods/status-lane.ts';
import { PodWorker, type PodContext } from './pods/worker.ts';
import { LABELS, type Runtime } from './runtime/types.ts';
import type { TunnelHandlers } from './tunnel/types.ts';

export interface AgentOptions {
  /** the API's base URL */
  server: string;
  /** the node's bearer token (or a function giving a fresh one) */
  credential: string | (() => Promise<string>);
  /** the cluster CA (PEM) */
  caPem: string;
  nodeName: string;
  runtime: Runtime;
  /** volumes live under <stateDir>/pods */
  stateDir: string;
  /** pods' log directories (default /var/log/pods with CRI, <stateDir>/logs when simulated) */
  logRoot?: string;
  nodeOptions?: NodeOptions;
  leaseDurationSeconds?: number;
  leaseRenewMs?: number;
  statusCheckMs?: number;
  statusReportMs?: number;
  relistMs?: number;
  /** how often what stopped agents left in the runtime is swept (default 60 s; CRI only) */
  housekeepingMs?: number;
  /** where agents of this machine keep their heartbeat files (default: housekeeping.ts agentsDir) */
  agentsDir?: string;
  /** the service proxy and cluster DNS (default: on with the CRI runtime as root) */
  serviceNetwork?: boolean;
  /** what the agent does, one line at a time (default: nothing) */
  log?: (line: string) => void;
  fetch?: Fetch;
}

export interface Agent {
  nodeName: string;
  handlers: TunnelHandlers;
  api: ApiClient;
  /** the pods this agent runs now */
  pods(): Pod[];
  /** the service proxy and cluster DNS, when this agent runs them */
  network?: NodeNetwork;
  worker(namespace: string, name: string): PodWorker | undefined;
  /** stops the agent's loops; containers keep running (as when a kubelet stops) */
  stop(): Promise<void>;
}

/**
 * The labels on what the agent of this node and cluster creates in the runtime: the cluster is a
 * digest of its CA and its server URL (a control plane's tenants share its CA, and a laptop may
 * join several of them under its one hostname).
 */
export function ownerLabels(nodeName: string, caPem: string, server: string): Record<string, string> {
  const url = new URL(server);
  const where = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return { [LABELS.node]: nodeName, [LABELS.cluster]: createHash('sha256').update(`${caPem}\n${where}`).digest('hex').slice(0, 12) };
}

export async function startAgent(o: AgentOptions): Promise<Agent> {
  const log = o.log ?? (() => {});
  const logRoot = o.logRoot ?? (o.runtime.kind === 'cri' ? '/var/log/pods' : join(o.stateDir, 'logs'));
  const podsDir = join(o.stateDir, 'pods');
  await mkdir(podsDir, { recursive: true });
  await mkdir(logRoot, { recursive: true });
  const facts: MachineFacts = await machineFacts(o.stateDir);
  const api = new ApiClient({
    baseUrl: o.server,
    fetch: o.fetch ?? httpsFetch(o.caPem),
    token: o.credential,
    userAgent: `kubelet/${KUBELET_VERSION} (${facts.operatingSystem}/${facts.architecture}) timonier-node-agent`,
    fieldManager: 'kubelet',
  });

  const version = await o.runtime.version().catch((e: Error) => {
    log(`container runtime not answering (${e.message}); the node will be NotReady until it does`);
    return undefined;
  });
  if (version) log(`container runtime: ${version.runtimeName} ${version.runtimeVersion} (CRI ${version.runtimeApiVersion})`);

  const hb = { api, nodeName: o.nodeName, facts, runtime: o.runtime, nodeOptions: o.nodeOptions, leaseDurationSeconds: o.leaseDurationSeconds, leaseRenewMs: o.leaseRenewMs, statusCheckMs: o.statusCheckMs, statusReportMs: o.statusReportMs, log };
  const node = await registerNode(hb);
  const heartbeats = new Heartbeats(hb, node);
  await heartbeats.reportNow();
  log(`node ${o.nodeName} registered (${facts.cpus} CPUs, ${Math.round(facts.memoryBytes / 2 ** 20)} MiB, ${facts.addresses[0] ?? 'no address'})`);

  // what this agent creates in the runtime carries its node and cluster: agents of other nodes
  // or clusters sharing the runtime (tests, a reinstalled machine) leave it alone, and vice versa
  const owner = ownerLabels(o.nodeName, o.caPem, o.server);
  const workers = new Map<string, PodWorker>();
  const byName = new Map<string, string>(); // namespace/name → uid
  const stop = new AbortController();
  const recorder = kubeletRecorder(api, o.nodeName, log);
  // Services and cluster DNS on the node (kube-proxy's and CoreDNS's work): real pods only
  let network: NodeNetwork | undefined;
  if (o.runtime.kind !== 'cri') log('service proxy and cluster DNS: skipped (the simulated runtime has no pod network)');
  else if (o.serviceNetwork === false || process.getuid?.() !== 0) log('service proxy and cluster DNS: skipped (needs root and iptables)');
  else network = await startNodeNetwork({ api, owner, runtime: o.runtime, log }).catch((e: Error) => (log(`service proxy and cluster DNS: not started: ${e.message}`), undefined));
  // the pods the runtime holds now (an agent restarted): any other pod's worker finds nothing
  // there to adopt; once it has a worker, a pod's uid is held too
  const held = await heldPods(o.runtime, owner);
  const ctx: PodContext = {
    api,
    runtime: network?.runtime ?? o.runtime,
    dns: network?.clusterDns,
    nodeName: o.nodeName,
    owner,
    hostIPs: () => facts.addresses.slice(0, 1),
    logRoot,
    podsDir,
    caPem: o.caPem,
    recorder,
    statusLane: new StatusLane(),
    lookup: withNodeStorage(cachedLookup(api, Date.now, { signal: stop.signal, log }), { api, nodeName: o.nodeName, stateDir: o.stateDir, log }, stop.signal),
    runtimeName: o.runtime.kind === 'cri' ? (version?.runtimeName ?? 'containerd') : 'simulated',
    log,
    mayHold(uid) {
      if (!held) return true;
      const may = held.has(uid);
      held.add(uid);
      return may;
    },
    retire(uid) {
      const w = workers.get(uid);
      workers.delete(uid);
      // a pod of the same name may already be back with a new uid: keep its entry
      const key = w && `${w.pod.metadata.namespace}/${w.pod.metadata.name}`;
      if (key && byName.get(key) === uid) byName.delete(key);
    },
  };

  let synced = false;
  const source = watchNodePods(
    api,
    o.nodeName,
    {
      upsert(pod) {
        const uid = pod.metadata.uid!;
        // unbound or bound elsewhere (should not happen with our field selector): not ours
        if (pod.spec?.nodeName !== o.nodeName) return workers.get(uid)?.podGone();
        let w = workers.get(uid);
        if (!w) {
          w = new PodWorker(pod, ctx);
          markStart(uid, 'seen');
          workers.set(uid, w);
          log(`pod ${pod.metadata.namespace}/${pod.metadata.name}: assigned to this node`);
        }
        byName.set(`${pod.metadata.namespace}/${pod.metadata.name}`, uid);
        w.update(pod);
      },
      deleted(pod) {
        workers.get(pod.metadata.uid!)?.podGone();
      },
      synced() {
        synced = true;
      },
    },
    stop.signal,
    log,
  );

  // housekeeping: what agents no longer running left in a shared runtime (a simulated runtime is
  // this agent's alone)
  let housekeeping: ReturnType<typeof setInterval> | undefined;
  if (o.runtime.kind === 'cri') {
    const dir = o.agentsDir ?? agentsDir();
    await heartbeatFile(dir, owner, stop.signal).catch((e: Error) => log(`housekeeping: no heartbeat file in ${dir}: ${e.message}`));
    const sweep = () => sweepLeftovers(o.runtime, owner, dir, log).catch((e: Error) => log(`housekeeping: ${e.message}`));
    void sweep();
    housekeeping = setInterval(sweep, o.housekeepingMs ?? 60_000);
    housekeeping.unref();
  }

  const relist = relistLoop(o.runtime, owner, { changed: (uid) => workers.get(uid)?.kick(), has: (uid) => workers.has(uid), synced: () => synced }, o.relistMs ?? 1000, stop.signal, log);

  const usage = new NodeUsage({ runtime: o.runtime, owner, log });
  usage.start();

  const worker = (namespace: string, name: string) => {
    const uid = byName.get(`${namespace}/${name}`);
    return uid ? workers.get(uid) : undefined;
  };

  return {
    nodeName: o.nodeName,
    api,
    handlers: tunnelHandlers(worker, o.runtime, usage),
    pods: () => [...workers.values()].map((w) => w.pod),
    network,
    worker,
    async stop() {
      stop.abort();
      clearInterval(housekeeping);
      usage.stop();
      for (const w of workers.values()) w.close();
      await Promise.all([heartbeats.stop(), source, relist, network?.stop()]);
      await recorder.flush();
    },
  };
}

/** The uids of the pods whose sandboxes or containers the runtime holds for this agent; undefined when it cannot tell. */
async function heldPods(runtime: Runtime, owner: Record<string, string>): Promise<Set<string> | undefined> {
  try {
    const [sandboxes, containers] = await Promise.all([runtime.listSandboxes(owner), runtime.listContainers(owner)]);
    return new Set([...sandboxes, ...containers].map((x) => x.labels[LABELS.podUid] ?? ''));
  } catch {
    return undefined;
  }
}
