/**
 * `timonier node-agent leave`: this machine leaves its cluster, as an administrator would take a
 * kubelet's machine away (`kubectl drain`, `kubectl delete node`, then the machine cleaned):
 *
 * 1. the Node is cordoned (spec.unschedulable), so nothing new lands on it;
 * 2. every pod bound to it is evicted (pods/eviction: the pod's own grace period), and an agent
 *    runs meanwhile so the pods stop as on any deletion (preStop hooks, SIGTERM, the grace period,
 *    the final status) and are removed from the API;
 * 3. pods still there when the time is up (`--timeout`, default 120 s) are deleted at once;
 * 4. the Node and its Lease are deleted (a node may delete its own Node: see auth/node.ts);
 * 5. whatever this node's agents left in the runtime (sandboxes and containers with its node and
 *    cluster labels) is stopped and removed, and so are the pods' volume directories;
 * 6. the credential is removed from the state directory: joining again needs a new token.
 *
 * It refuses while the node's agent runs on this machine (two agents would fight over the pods):
 * stop it first. A cluster that no longer accepts the credential (deleted, or the node removed
 * by hand with its token revoked) cannot be drained: the machine is cleaned all the same.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pod } from '../lib/api/core/pod.ts';
import { ApiClient, ApiError } from '../lib/client/client.ts';
import { RESOURCES } from '../lib/client/resources.ts';
import { ownerLabels, startAgent, type Agent } from './agent.ts';
import { networkPrefix, removeRules } from './proxy/network.ts';
import { chooseRuntime, type NodeOptions, type RuntimeChoice } from './cli.ts';
import { httpsFetch } from './http.ts';
import { LEASE_NAMESPACE } from './node/heartbeat.ts';
import { KUBELET_VERSION } from './node/object.ts';
import { sleep } from './pods/hooks.ts';
import { agentsDir, runningAgent } from './pods/housekeeping.ts';
import type { Runtime } from './runtime/types.ts';
import { CREDENTIAL_FILE, forgetCredential, keptCredential } from './tunnel/join.ts';

export const DEFAULT_LEAVE_TIMEOUT_MS = 120_000;

export interface LeaveOptions {
  stateDir: string;
  /** the API's URL (default: the one the node joined) */
  server?: string;
  runtime: RuntimeChoice;
  criEndpoint?: string;
  /** how long the pods get to stop before they are deleted at once */
  timeoutMs?: number;
  log: (line: string) => void;
  /** a runtime already open (tests: the simulated runtime the node used); not closed here */
  runtimeInstance?: Runtime;
  /** where agents keep their heartbeat files (default: housekeeping.ts agentsDir) */
  agentsDir?: string;
  /** finer settings of the agent that stops the pods (tests shorten its periods) */
  agent?: NodeOptions['agent'];
  subnet?: number;
}

export interface LeaveReport {
  nodeName: string;
  /** pods evicted, as namespace/name */
  evicted: string[];
  /** pods deleted at once when the time was up */
  forced: string[];
  nodeDeleted: boolean;
  containers: number;
  sandboxes: number;
}

const key = (p: Pod) => `${p.metadata.namespace}/${p.metadata.name}`;

export async function leaveCluster(o: LeaveOptions): Promise<LeaveReport> {
  const kept = await keptCredential(o.stateDir);
  if (!kept) throw new Error(`no credential in ${join(o.stateDir, CREDENTIAL_FILE)}: this machine has not joined a cluster with this state directory (or has left already)`);
  const { nodeName, caPem, credential } = kept;
  const server = o.server ?? kept.server;
  const owner = ownerLabels(nodeName, caPem, server);
  const pid = await runningAgent(o.agentsDir ?? agentsDir(), owner);
  if (pid) throw new Error(`the agent of node "${nodeName}" is running on this machine (pid ${pid}): stop it first, then leave`);

  const chosen = o.runtimeInstance ? { runtime: o.runtimeInstance, description: 'the runtime given' } : await chooseRuntime(o.runtime, o.criEndpoint, o.subnet);
  const runtime = chosen.runtime;
  o.log(`node "${nodeName}" leaving ${server} (runtime: ${chosen.description})`);
  const report: LeaveReport = { nodeName, evicted: [], forced: [], nodeDeleted: false, containers: 0, sandboxes: 0 };
  try {
    const api = new ApiClient({ baseUrl: server, fetch: httpsFetch(caPem), token: credential, userAgent: `kubelet/${KUBELET_VERSION} timonier-node-agent leave`, fieldManager: 'kubelet' });
    let registered: boolean;
    try {
      registered = !!(await api.get(RESOURCES.nodes, undefined, nodeName));
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 401)) throw new Error(`cannot reach ${server} (${(e as Error).message}): nothing was changed; try again`);
      o.log('the cluster no longer accepts this node\'s credential: cleaning up this machine only');
      registered = false;
    }
    if (registered) await drain(api, o, nodeName, caPem, credential, server, runtime, report);
    else o.log(`node ${nodeName} is not registered: nothing to drain`);
    await sweepOwn(runtime, owner, report);
    // the service proxy's rules of this node, if an agent that was killed left them
    if (runtime.kind === 'cri' && process.getuid?.() === 0) await removeRules(networkPrefix(owner)).catch((e: Error) => o.log(`service rules not removed: ${e.message}`));
    o.log(`removed ${report.sandboxes} sandboxes and ${report.containers} containers of node ${nodeName} from the runtime`);
    await rm(join(o.stateDir, 'pods'), { recursive: true, force: true });
    await forgetCredential(o.stateDir);
    o.log(`credential removed from ${o.stateDir}; joining again needs a new token`);
    return report;
  } finally {
    if (!o.runtimeInstance) runtime.close();
  }
}

async function drain(api: ApiClient, o: LeaveOptions, nodeName: string, caPem: string, credential: string, server: string, runtime: Runtime, report: LeaveReport) {
  await api.patch(RESOURCES.nodes, undefined, nodeName, { spec: { unschedulable: true } }, 'strategic');
  o.log(`node ${nodeName} cordoned`);
  const deadline = Date.now() + (o.timeoutMs ?? DEFAULT_LEAVE_TIMEOUT_MS);
  const bound = async () => (await api.list<Pod>(RESOURCES.pods, { fieldSelector: `spec.nodeName=${nodeName}` })).items;
  const evict = async (pods: Pod[]) => {
    for (const p of pods) {
      if (p.metadata.deletionTimestamp) continue;
      try {
        await api.post(RESOURCES.pods, p.metadata.namespace, p.metadata.name!, 'eviction', { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: p.metadata.name, namespace: p.metadata.namespace } });
        if (!report.evicted.includes(key(p))) report.evicted.push(key(p));
        o.log(`pod ${key(p)} evicted`);
      } catch (e) {
        // 429: a disruption budget says not now (the next round asks again); 404: gone already
        if (!(e instanceof ApiError && (e.code === 429 || e.code === 404))) throw e;
      }
    }
  };
  // evicted before the agent starts: it only stops them, it never starts them again
  await evict(await bound());
  let agent: Agent | undefined;
  try {
    agent = await startAgent({ ...o.agent, server, credential, caPem, nodeName, runtime, stateDir: o.stateDir, agentsDir: o.agentsDir, log: (line) => o.log(`agent: ${line}`) });
    for (;;) {
      const pods = await bound();
      if (!pods.length) break;
      if (Date.now() >= deadline) {
        for (const p of pods) {
          await api.delete(RESOURCES.pods, p.metadata.namespace, p.metadata.name!, { gracePeriodSeconds: 0 });
          report.forced.push(key(p));
        }
        o.log(`time is up: deleted ${pods.map(key).join(', ')} at once`);
        break;
      }
      await evict(pods);
      await sleep(500);
    }
  } finally {
    await agent?.stop();
  }
  await api.delete(RESOURCES.leases, LEASE_NAMESPACE, nodeName).catch((e: Error) => o.log(`lease not deleted: ${e.message}`));
  report.nodeDeleted = await api.delete(RESOURCES.nodes, undefined, nodeName);
  o.log(`node ${nodeName} deleted`);
}

/** Everything of this node (its labels) in the runtime: stopped at once and removed. */
async function sweepOwn(runtime: Runtime, owner: Record<string, string>, report: LeaveReport) {
  for (const c of await runtime.listContainers(owner)) {
    if (c.state === 'running' || c.state === 'created') await runtime.stopContainer(c.id, 0);
    await runtime.removeContainer(c.id);
    report.containers++;
  }
  for (const sb of await runtime.listSandboxes(owner)) {
    await runtime.stopSandbox(sb.id);
    await runtime.removeSandbox(sb.id);
    report.sandboxes++;
  }
}
