/** A DaemonSet's status (updateDaemonSetStatus): counts over the nodes that should run it and those that run it anyway. */
import type { DaemonSet, DaemonSetStatus } from '../../../lib/api/apps/daemonset.ts';
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { isAvailable, isReady } from '../replicaset/pods.ts';
import { nodeShouldRunDaemonPod } from './eligibility.ts';
import { podsByNode } from './plan.ts';
import { isUpdated } from './pods.ts';

/** Terminal pods being deleted no longer count (includeDeletedTerminal false). */
const counted = (p: Pod) => !(p.metadata.deletionTimestamp && (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed'));

export function daemonSetStatus(ds: DaemonSet, nodes: Node[], pods: Pod[], hash: string, generation: string | undefined, collisionCount: number, now: Date): DaemonSetStatus {
  const byNode = podsByNode(pods.filter(counted));
  const s = { desiredNumberScheduled: 0, currentNumberScheduled: 0, numberMisscheduled: 0, numberReady: 0, numberAvailable: 0, updatedNumberScheduled: 0 };
  for (const node of nodes) {
    const { shouldRun } = nodeShouldRunDaemonPod(node, ds);
    const onNode = byNode.get(node.metadata.name!) ?? [];
    if (!shouldRun) {
      if (onNode.length) s.numberMisscheduled++;
      continue;
    }
    s.desiredNumberScheduled++;
    if (!onNode.length) continue;
    s.currentNumberScheduled++;
    const pod = onNode[0]; // the oldest
    if (isReady(pod)) {
      s.numberReady++;
      if (isAvailable(pod, ds.spec?.minReadySeconds ?? 0, now)) s.numberAvailable++;
    }
    if (isUpdated(pod, hash, generation)) s.updatedNumberScheduled++;
  }
  const status: DaemonSetStatus = {
    currentNumberScheduled: s.currentNumberScheduled,
    numberMisscheduled: s.numberMisscheduled,
    desiredNumberScheduled: s.desiredNumberScheduled,
    numberReady: s.numberReady,
    observedGeneration: ds.metadata.generation,
    collisionCount,
    conditions: ds.status?.conditions,
  };
  // omitempty counters are left out at 0, as Go writes them
  if (s.updatedNumberScheduled) status.updatedNumberScheduled = s.updatedNumberScheduled;
  if (s.numberAvailable) status.numberAvailable = s.numberAvailable;
  if (s.desiredNumberScheduled - s.numberAvailable) status.numberUnavailable = s.desiredNumberScheduled - s.numberAvailable;
  return status;
}

export function sameStatus(a: DaemonSetStatus | undefined, b: DaemonSetStatus): boolean {
  const norm = (s: DaemonSetStatus | undefined) =>
    JSON.stringify(
      Object.entries(s ?? {})
        .filter(([, v]) => v !== undefined && v !== null && v !== 0)
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    );
  return norm(a) === norm(b);
}
