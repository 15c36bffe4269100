/**
 * Which surplus pods a ReplicaSet deletes first: Kubernetes' ActivePodsWithRanks order, with the
 * logarithmic comparison of ages (on by default since 1.22). Earlier in the order means deleted
 * first:
 *   1. unscheduled before scheduled;
 *   2. Pending before Unknown before Running;
 *   3. not ready before ready;
 *   4. lower controller.kubernetes.io/pod-deletion-cost first;
 *   5. more sibling pods on the same node first (spreads what remains);
 *   6. ready for less time first;
 *   7. more container restarts first;
 *   8. newer first.
 * Ages that fall in the same power-of-two bucket count as equal, and ties go by uid: a
 * pseudo-random but stable choice among pods of about the same age.
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import { isActive, isReady, maxRestarts, readySince } from './pods.ts';

const PHASE_ORDER: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };
const DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';

function deletionCost(p: Pod): number {
  const v = p.metadata.annotations?.[DELETION_COST];
  return v !== undefined && /^[+-]?\d+$/.test(v) ? Number(v) : 0;
}

/** floor(log2(age in ns)), -1 for no age: Kubernetes' logarithmic bucket. */
function bucket(t: number, now: number): number {
  const ns = (now - t) * 1e6;
  return ns > 0 ? Math.floor(Math.log2(ns)) : -1;
}

/** Negative when a (the more recent, in Kubernetes' afterOrZero sense) goes first; 0 to keep looking. */
function byRecency(a: number | undefined, b: number | undefined, now: number, uidA: string, uidB: string): number {
  if (a === b) return 0;
  // a missing time counts as the most recent
  if (a === undefined || b === undefined) return a === undefined ? -1 : 1;
  const diff = bucket(a, now) - bucket(b, now);
  if (diff !== 0) return diff;
  return uidA < uidB ? -1 : uidA > uidB ? 1 : 0;
}

const created = (p: Pod): number | undefined => (p.metadata.creationTimestamp ? Date.parse(p.metadata.creationTimestamp) : undefined);

export function compareForDeletion(a: Pod, b: Pod, rankA: number, rankB: number, now: number): number {
  const nodeA = a.spec?.nodeName ?? '';
  const nodeB = b.spec?.nodeName ?? '';
  if (nodeA !== nodeB && (!nodeA || !nodeB)) return nodeA ? 1 : -1;
  const phaseA = PHASE_ORDER[a.status?.phase ?? ''] ?? 0;
  const phaseB = PHASE_ORDER[b.status?.phase ?? ''] ?? 0;
  if (phaseA !== phaseB) return phaseA - phaseB;
  if (isReady(a) !== isReady(b)) return isReady(a) ? 1 : -1;
  const costA = deletionCost(a);
  const costB = deletionCost(b);
  if (costA !== costB) return costA - costB;
  if (rankA !== rankB) return rankB - rankA;
  const uidA = a.metadata.uid ?? '';
  const uidB = b.metadata.uid ?? '';
  if (isReady(a) && isReady(b)) {
    const c = byRecency(readySince(a), readySince(b), now, uidA, uidB);
    if (c !== 0) return c;
  }
  if (maxRestarts(a) !== maxRestarts(b)) return maxRestarts(b) - maxRestarts(a);
  return byRecency(created(a), created(b), now, uidA, uidB);
}

/**
 * The `count` pods of `pods` to delete first. `related` are the pods of the ReplicaSet and of its
 * siblings (same owning Deployment): the more of them share a node, the sooner one goes.
 */
export function podsToDelete(pods: Pod[], related: Pod[], count: number, now: Date): Pod[] {
  if (count >= pods.length) return [...pods];
  const onNode = new Map<string, number>();
  for (const p of related) if (isActive(p)) onNode.set(p.spec?.nodeName ?? '', (onNode.get(p.spec?.nodeName ?? '') ?? 0) + 1);
  const ranked = pods.map((pod) => ({ pod, rank: onNode.get(pod.spec?.nodeName ?? '') ?? 0 }));
  ranked.sort((x, y) => compareForDeletion(x.pod, y.pod, x.rank, y.rank, now.getTime()));
  return ranked.slice(0, count).map((r) => r.pod);
}
