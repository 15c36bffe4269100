/**
 * The taints the node lifecycle controller keeps in line with a node's conditions
 * (TaintNodesByCondition and taint-based eviction): NoSchedule for Ready False/Unknown, the
 * pressure conditions and a cordoned node, so the scheduler keeps away; NoExecute for Ready
 * False/Unknown, so the taint eviction controller evicts what does not tolerate them. Taints it
 * does not manage are left alone; a managed taint that stays keeps its timeAdded.
 */
import type { Node, Taint, TaintEffect } from '../../../lib/api/core/node.ts';
import { NOT_READY, UNREACHABLE, UNSCHEDULABLE } from '../scheduler/taints.ts';
import { rfc3339 } from './health.ts';

/** condition type → condition status → taint key (NoSchedule) */
const NO_SCHEDULE: Record<string, Record<string, string>> = {
  Ready: { False: NOT_READY, Unknown: UNREACHABLE },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};
const NO_EXECUTE: Record<string, string> = { False: NOT_READY, Unknown: UNREACHABLE };

const MANAGED = new Set([
  ...Object.values(NO_SCHEDULE).flatMap((m) => Object.values(m).map((k) => `${k}:NoSchedule`)),
  `${UNSCHEDULABLE}:NoSchedule`,
  `${NOT_READY}:NoExecute`,
  `${UNREACHABLE}:NoExecute`,
]);

const id = (t: { key: string; effect: string }) => `${t.key}:${t.effect}`;

/** The managed taints the node should carry, NoSchedule ones first. */
export function wantedTaints(node: Node): { key: string; effect: TaintEffect }[] {
  const out: { key: string; effect: TaintEffect }[] = [];
  for (const c of node.status?.conditions ?? []) {
    const key = NO_SCHEDULE[c.type]?.[c.status];
    if (key) out.push({ key, effect: 'NoSchedule' });
  }
  if (node.spec?.unschedulable) out.push({ key: UNSCHEDULABLE, effect: 'NoSchedule' });
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready')?.status;
  const key = ready && NO_EXECUTE[ready];
  if (key) out.push({ key, effect: 'NoExecute' });
  return out;
}

/** The node's taints with the managed ones brought in line, or undefined when they already are. */
export function reconcileTaints(node: Node, now: number): Taint[] | undefined {
  const current = node.spec?.taints ?? [];
  const wanted = wantedTaints(node);
  const wantedIds = new Set(wanted.map(id));
  const kept = current.filter((t) => !MANAGED.has(id(t)) || wantedIds.has(id(t)));
  const have = new Set(kept.map(id));
  const added = wanted.filter((t) => !have.has(id(t))).map((t) => ({ ...t, timeAdded: rfc3339(now) }));
  if (!added.length && kept.length === current.length) return undefined;
  return [...kept, ...added];
}
