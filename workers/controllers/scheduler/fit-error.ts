/**
 * Why a pod fits nowhere, worded as kube-scheduler 1.32 words it (FitError.Error and the default
 * preemption plugin): "0/N nodes are available:", then each reason with the number of nodes that
 * gave it, sorted as strings, then what preemption found, e.g.
 *   0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {k: v}.
 *   preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod,
 *   1 Preemption is not helpful for scheduling..
 * (the doubled final dot is Kubernetes': the preemption text ends with one and is framed by
 * another). Preemption itself is not performed: a node where evicting lower-priority pods would
 * make room is reported as having no victims.
 */
import { runFilters, type FilterStatus } from './filters.ts';
import { addPod, nodeInfo, type NodeInfo, type PodInfo } from './snapshot.ts';

export const NO_NODES = 'no nodes available to schedule pods';
const NOT_HELPFUL = 'Preemption is not helpful for scheduling';
const NO_VICTIMS = 'No preemption victims found for incoming pod';
const NEVER = 'not eligible due to preemptionPolicy=Never.';

const sentence = (s: string) => ` ${s}.`;

export function fitErrorMessage(numNodes: number, statuses: FilterStatus[], postFilter?: string): string {
  const counts = new Map<string, number>();
  for (const s of statuses) for (const r of s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const histogram = [...counts].map(([reason, n]) => `${n} ${reason}`).sort();
  let msg = `0/${numNodes} nodes are available:`;
  if (histogram.length) msg += sentence(histogram.join(', '));
  if (postFilter) msg += sentence(postFilter);
  return msg;
}

const unschedulable = (reason: string): FilterStatus => ({ code: 'Unschedulable', reasons: [reason] });

/** The node as it would be without `victims`. */
function without(n: NodeInfo, victims: Set<PodInfo>): NodeInfo {
  const copy = nodeInfo(n.node);
  for (const p of n.pods) if (!victims.has(p)) addPod(copy, p);
  return copy;
}

/** What the default preemption plugin would say after trying each node that failed. */
function preemptionStatus(p: PodInfo, n: NodeInfo, status: FilterStatus): FilterStatus {
  if (status.code === 'UnschedulableAndUnresolvable') return { code: status.code, reasons: [NOT_HELPFUL] };
  const victims = new Set(n.pods.filter((q) => q.priority < p.priority));
  if (!victims.size) return unschedulable(NO_VICTIMS);
  return runFilters(p, without(n, victims)) ?? unschedulable(NO_VICTIMS);
}

/** The full FailedScheduling message for a pod every node rejected with `failures`. */
export function unschedulableMessage(p: PodInfo, failures: { node: NodeInfo; status: FilterStatus }[]): string {
  const statuses = failures.map((f) => f.status);
  const preemption =
    p.pod.spec?.preemptionPolicy === 'Never'
      ? NEVER
      : fitErrorMessage(
          failures.length,
          failures.map((f) => preemptionStatus(p, f.node, f.status)),
        );
  return fitErrorMessage(failures.length, statuses, `preemption: ${preemption}`);
}
