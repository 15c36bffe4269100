/**
 * A node's health as the node lifecycle controller judges it. The kubelet proves it is alive by
 * renewing its Lease in kube-node-lease (and, less often, by posting node status); a node not
 * heard from for the grace period (--node-monitor-grace-period, 50 s by default) is lost: its
 * conditions become Unknown. Heard from again, the conditions the controller set to Unknown are
 * given back their healthy values, as the kubelet would post them.
 */
import type { Node, NodeCondition } from '../../../lib/api/core/node.ts';
import type { Lease } from '../../../lib/api/coordination.ts';

const STOPPED = { reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' };
const NEVER = { reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' };

/** The conditions the kubelet owns, with the values it posts on a healthy node. */
const KUBELET_CONDITIONS: Record<string, Pick<NodeCondition, 'status' | 'reason' | 'message'>> = {
  MemoryPressure: { status: 'False', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
  DiskPressure: { status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
  PIDPressure: { status: 'False', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
  Ready: { status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
};

const time = (s: string | null | undefined) => (s ? Date.parse(s) : NaN);
export const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** When the node was last heard from (epoch ms): lease renewal or Ready heartbeat, else its creation. */
export function lastHeardFrom(node: Node, lease: Lease | undefined): number {
  const heartbeat = time(node.status?.conditions?.find((c) => c.type === 'Ready')?.lastHeartbeatTime);
  const renewed = time(lease?.spec?.renewTime);
  const seen = Math.max(Number.isNaN(heartbeat) ? -Infinity : heartbeat, Number.isNaN(renewed) ? -Infinity : renewed);
  return Number.isFinite(seen) ? seen : time(node.metadata.creationTimestamp) || 0;
}

export const readyStatus = (node: Node) => node.status?.conditions?.find((c) => c.type === 'Ready')?.status;

/**
 * The conditions of a lost node: Ready and the pressure conditions Unknown (added when the
 * kubelet never posted them), keeping their last heartbeat. Undefined when already so.
 */
export function lostConditions(node: Node, now: number): NodeCondition[] | undefined {
  const conditions = [...(node.status?.conditions ?? [])];
  let changed = false;
  for (const type of ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure']) {
    const i = conditions.findIndex((c) => c.type === type);
    if (i < 0) {
      conditions.push({ type, status: 'Unknown', ...NEVER, lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: rfc3339(now) });
      changed = true;
    } else if (conditions[i].status !== 'Unknown') {
      conditions[i] = { ...conditions[i], status: 'Unknown', ...STOPPED, lastTransitionTime: rfc3339(now) };
      changed = true;
    }
  }
  return changed ? conditions : undefined;
}

/** The conditions of a node heard from again: those this controller made Unknown, healthy again. */
export function recoveredConditions(node: Node, heardAt: number, now: number): NodeCondition[] | undefined {
  let changed = false;
  const conditions = (node.status?.conditions ?? []).map((c) => {
    const healthy = KUBELET_CONDITIONS[c.type];
    if (!healthy || c.status !== 'Unknown' || (c.reason !== STOPPED.reason && c.reason !== NEVER.reason)) return c;
    changed = true;
    return { ...c, ...healthy, lastHeartbeatTime: rfc3339(heardAt), lastTransitionTime: rfc3339(now) };
  });
  return changed ? conditions : undefined;
}
