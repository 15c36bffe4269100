/**
 * The filter plugins of kube-scheduler's default profile that apply here, in its order. A node is
 * feasible when every filter passes; the first that fails says why, with Kubernetes' reason texts
 * (they end up counted in FailedScheduling's "0/N nodes are available: ..."). The code says
 * whether evicting lower-priority pods could help (Unschedulable) or not (…AndUnresolvable).
 */
import { requiredAffinityMatches } from './node-affinity.ts';
import type { HostPort, NodeInfo, PodInfo } from './snapshot.ts';
import { firstUntolerated, toleratedBy, UNSCHEDULABLE } from './taints.ts';
import { volumeBindingFilter } from '../volume/scheduling.ts';

export type Code = 'Unschedulable' | 'UnschedulableAndUnresolvable';
export interface FilterStatus {
  code: Code;
  reasons: string[];
}
export type Filter = (p: PodInfo, n: NodeInfo) => FilterStatus | undefined;

export const REASON = {
  unschedulable: 'node(s) were unschedulable',
  untoleratedTaint: (key: string, value = '') => `node(s) had untolerated taint {${key}: ${value}}`,
  affinity: "node(s) didn't match Pod's node affinity/selector",
  ports: "node(s) didn't have free ports for the requested pod ports",
  tooManyPods: 'Too many pods',
  insufficient: (resource: string) => `Insufficient ${resource}`,
};

const unresolvable = (reason: string): FilterStatus => ({ code: 'UnschedulableAndUnresolvable', reasons: [reason] });

const nodeUnschedulable: Filter = (p, n) => {
  if (!n.node.spec?.unschedulable) return undefined;
  return toleratedBy(p.pod.spec?.tolerations, { key: UNSCHEDULABLE, effect: 'NoSchedule' }) ? undefined : unresolvable(REASON.unschedulable);
};

const taintToleration: Filter = (p, n) => {
  const taint = firstUntolerated(n.taints, p.pod.spec?.tolerations, ['NoSchedule', 'NoExecute']);
  return taint ? unresolvable(REASON.untoleratedTaint(taint.key, taint.value)) : undefined;
};

const nodeAffinity: Filter = (p, n) => (requiredAffinityMatches(p.pod, n.node) ? undefined : unresolvable(REASON.affinity));

const conflicts = (a: HostPort, b: HostPort) => a.port === b.port && a.protocol === b.protocol && (a.ip === b.ip || a.ip === '0.0.0.0' || b.ip === '0.0.0.0');

const nodePorts: Filter = (p, n) => {
  const taken = p.ports.some((want) => n.ports.some((used) => conflicts(want, used)));
  return taken ? { code: 'Unschedulable', reasons: [REASON.ports] } : undefined;
};

/** NodeResourcesFit: pod count, then every requested resource against what is left of allocatable. */
export const resourcesFit: Filter = (p, n) => {
  const reasons: string[] = [];
  if (n.pods.length + 1 > (n.allocatable.pods ?? 0)) reasons.push(REASON.tooManyPods);
  for (const [resource, want] of Object.entries(p.requests)) {
    if (resource === 'pods' || want <= 0) continue;
    if (want > (n.allocatable[resource] ?? 0) - (n.requested[resource] ?? 0)) reasons.push(REASON.insufficient(resource));
  }
  return reasons.length ? { code: 'Unschedulable', reasons } : undefined;
};

export const FILTERS: Filter[] = [nodeUnschedulable, taintToleration, nodeAffinity, nodePorts, resourcesFit, volumeBindingFilter];

/** The first failing filter's status, or undefined when the node fits. */
export function runFilters(p: PodInfo, n: NodeInfo): FilterStatus | undefined {
  for (const f of FILTERS) {
    const s = f(p, n);
    if (s) return s;
  }
  return undefined;
}
