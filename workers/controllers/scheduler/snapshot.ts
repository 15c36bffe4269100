/**
 * The scheduler's view of the cluster for one cycle, as kube-scheduler's cache snapshot: per node,
 * what its pods already request, their host ports and how many belong to each controller. Pods
 * bound during the cycle are added at once ("assumed"), so the next pod of the same cycle sees
 * them without another list.
 */
import type { Node, Taint } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { amounts, podRequests, type Amounts } from './requests.ts';
import { schedulingTaints } from './taints.ts';

export interface HostPort {
  ip: string;
  protocol: string;
  port: number;
}

/** What the scheduler needs of a pod, computed once. */
export interface PodInfo {
  pod: Pod;
  requests: Amounts;
  nonZero: Amounts;
  ports: HostPort[];
  /** uid of the controlling owner (its ReplicaSet), for spreading; terminating pods spread nothing */
  owner?: string;
  priority: number;
}

export interface NodeInfo {
  node: Node;
  name: string;
  taints: Taint[];
  allocatable: Amounts;
  requested: Amounts;
  nonZeroRequested: Amounts;
  pods: PodInfo[];
  ports: HostPort[];
  owners: Map<string, number>;
}

export function podInfo(pod: Pod): PodInfo {
  const ports: HostPort[] = [];
  for (const c of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) {
    for (const p of c.ports ?? []) if (p.hostPort) ports.push({ ip: p.hostIP || '0.0.0.0', protocol: p.protocol || 'TCP', port: p.hostPort });
  }
  return {
    pod,
    requests: podRequests(pod),
    nonZero: podRequests(pod, true),
    ports,
    owner: pod.metadata.deletionTimestamp ? undefined : pod.metadata.ownerReferences?.find((o) => o.controller)?.uid,
    priority: pod.spec?.priority ?? 0,
  };
}

export function nodeInfo(node: Node): NodeInfo {
  return {
    node,
    name: node.metadata.name!,
    taints: schedulingTaints(node),
    allocatable: amounts(node.status?.allocatable),
    requested: {},
    nonZeroRequested: {},
    pods: [],
    ports: [],
    owners: new Map(),
  };
}

function addAmounts(into: Amounts, more: Amounts): void {
  for (const [k, v] of Object.entries(more)) into[k] = (into[k] ?? 0) + v;
}

/** Counts `p` on the node: an existing pod, or one just bound in this cycle. */
export function addPod(n: NodeInfo, p: PodInfo): void {
  n.pods.push(p);
  addAmounts(n.requested, p.requests);
  addAmounts(n.nonZeroRequested, p.nonZero);
  n.ports.push(...p.ports);
  if (p.owner) n.owners.set(p.owner, (n.owners.get(p.owner) ?? 0) + 1);
}

export interface Snapshot {
  nodes: NodeInfo[];
  byName: Map<string, NodeInfo>;
}

/** The nodes as listed now, each with the pods `old` counted on it (assumed ones included). */
export function withNodes(old: Snapshot, nodes: Node[]): Snapshot {
  const snap = snapshot(nodes, []);
  for (const n of snap.nodes) for (const p of old.byName.get(n.name)?.pods ?? []) addPod(n, p);
  return snap;
}

/** Nodes with the pods already bound to them (pods on unknown nodes count nowhere). */
export function snapshot(nodes: Node[], assigned: Pod[]): Snapshot {
  const infos = nodes.map(nodeInfo);
  const byName = new Map(infos.map((n) => [n.name, n]));
  for (const pod of assigned) {
    const n = byName.get(pod.spec?.nodeName ?? '');
    if (n) addPod(n, podInfo(pod));
  }
  return { nodes: infos, byName };
}
