/**
 * One scheduling cycle without I/O: pending pods in queue order (higher priority first, then the
 * oldest), each filtered against every node, scored, and placed on the best; every placement is
 * assumed at once so the following pods see it. Ties are broken at random, as kube-scheduler does.
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import { NO_NODES, unschedulableMessage } from './fit-error.ts';
import { runFilters, type FilterStatus } from './filters.ts';
import { scoreNodes } from './score.ts';
import { addPod, podInfo, type NodeInfo, type Snapshot } from './snapshot.ts';

export type Decision =
  | { pod: Pod; node: string }
  /** PodScheduled=False with this reason and message (Unschedulable, or SchedulerError when there are no nodes) */
  | { pod: Pod; node?: undefined; reason: 'Unschedulable' | 'SchedulerError'; message: string };

function queueOrder(a: Pod, b: Pod): number {
  const pa = a.spec?.priority ?? 0;
  const pb = b.spec?.priority ?? 0;
  if (pa !== pb) return pb - pa;
  const ta = a.metadata.creationTimestamp ?? '';
  const tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
}

/** selectHost: the best score, one of the best at random. */
function selectHost(nodes: NodeInfo[], scores: number[], random: () => number): NodeInfo {
  let best = 0;
  let ties = 1;
  for (let i = 1; i < nodes.length; i++) {
    if (scores[i] > scores[best]) {
      best = i;
      ties = 1;
    } else if (scores[i] === scores[best] && Math.floor(random() * ++ties) === 0) best = i;
  }
  return nodes[best];
}

export function plan(pending: Pod[], snap: Snapshot, random: () => number = Math.random): Decision[] {
  return [...pending].sort(queueOrder).map((pod): Decision => {
    if (!snap.nodes.length) return { pod, reason: 'SchedulerError', message: NO_NODES };
    const p = podInfo(pod);
    const feasible: NodeInfo[] = [];
    const failures: { node: NodeInfo; status: FilterStatus }[] = [];
    for (const node of snap.nodes) {
      const status = runFilters(p, node);
      if (status) failures.push({ node, status });
      else feasible.push(node);
    }
    if (!feasible.length) return { pod, reason: 'Unschedulable', message: unschedulableMessage(p, failures) };
    const chosen = selectHost(feasible, scoreNodes(p, feasible, snap.nodes), random);
    addPod(chosen, p);
    return { pod, node: chosen.name };
  });
}
