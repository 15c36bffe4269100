/**
 * Taints and tolerations, as core/v1's helpers define them; the scheduler's TaintToleration and
 * NodeUnschedulable filters and the taint eviction controller share them.
 */
import type { Node, Taint, TaintEffect } from '../../../lib/api/core/node.ts';
import type { Toleration } from '../../../lib/api/core/pod.ts';

export const NOT_READY = 'node.kubernetes.io/not-ready';
export const UNREACHABLE = 'node.kubernetes.io/unreachable';
export const UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** An empty key with operator Exists tolerates every taint; an empty effect, every effect. */
export function tolerates(t: Toleration, taint: Pick<Taint, 'key' | 'value' | 'effect'>): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? '') {
    case '':
    case 'Equal':
      return (t.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

export const toleratedBy = (tolerations: Toleration[] | undefined, taint: Pick<Taint, 'key' | 'value' | 'effect'>) =>
  (tolerations ?? []).some((t) => tolerates(t, taint));

/** The first taint with one of `effects` that no toleration tolerates. */
export function firstUntolerated(taints: Taint[], tolerations: Toleration[] | undefined, effects: TaintEffect[]): Taint | undefined {
  return taints.find((taint) => effects.includes(taint.effect) && !toleratedBy(tolerations, taint));
}

/**
 * The node's taints as the scheduler sees them. A node whose Ready condition is not True counts
 * as carrying the NoSchedule taint the node lifecycle controller puts on it (not-ready, or
 * unreachable when Unknown), even before the controller has written it: Kubernetes' admission
 * taints new nodes not-ready at creation, so a node never reported Ready is never a target.
 */
export function schedulingTaints(node: Node): Taint[] {
  const taints = node.spec?.taints ?? [];
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready')?.status;
  if (ready === 'True') return taints;
  const key = ready === 'Unknown' ? UNREACHABLE : NOT_READY;
  if (taints.some((t) => t.key === key && t.effect === 'NoSchedule')) return taints;
  return [...taints, { key, effect: 'NoSchedule' }];
}
