/**
 * What a DaemonSet's sync does, decided from what it read (pure): the manage loop (a pod for each
 * node that should run one, none on the others, failed pods replaced, a node's extra pods
 * removed) and, when that has nothing to do, one step of the rolling update (old pods deleted
 * while fewer than maxUnavailable are unavailable, or with maxSurge a new pod made beside an old
 * one and the old one deleted once the new one is available).
 */
import type { DaemonSet } from '../../../lib/api/apps/daemonset.ts';
import type { Node } from '../../../lib/api/core/node.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { isAvailable, isReady } from '../replicaset/pods.ts';
import { nodeShouldRunDaemonPod } from './eligibility.ts';
import { isUpdated, targetNode } from './pods.ts';

export interface Plan {
  /** nodes to make a pod for */
  create: string[];
  delete: Pod[];
}

export interface Facts {
  ds: DaemonSet;
  nodes: Node[];
  /** the DaemonSet's pods */
  pods: Pod[];
  hash: string;
  generation: string | undefined;
  now: Date;
}

const terminating = (p: Pod) => !!p.metadata.deletionTimestamp;
const byAge = (a: Pod, b: Pod) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '');

/** Pods by the node they are for; pods for no node are left out. */
export function podsByNode(pods: Pod[]): Map<string, Pod[]> {
  const out = new Map<string, Pod[]>();
  for (const p of pods) {
    const node = targetNode(p);
    if (!node) continue;
    out.set(node, [...(out.get(node) ?? []), p]);
  }
  for (const list of out.values()) list.sort(byAge);
  return out;
}

/** intstr.GetScaledValueFromIntOrPercent, rounding up. */
const scaled = (v: number | string | null | undefined, total: number) =>
  typeof v === 'string' ? Math.ceil((Number(v.replace(/%$/, '')) * total) / 100) : (v ?? 0);

export function surgeAndUnavailable(ds: DaemonSet, desired: number): { maxSurge: number; maxUnavailable: number } {
  const ru = ds.spec?.updateStrategy?.rollingUpdate;
  const maxSurge = scaled(ru?.maxSurge, desired);
  let maxUnavailable = scaled(ru?.maxUnavailable ?? 1, desired);
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable };
}

function manage(f: Facts, byNode: Map<string, Pod[]>, allowSurge: boolean): Plan {
  const plan: Plan = { create: [], delete: [] };
  const { ds, hash, generation } = f;
  const nodeNames = new Set(f.nodes.map((n) => n.metadata.name!));
  for (const node of f.nodes) {
    const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
    const pods = byNode.get(node.metadata.name!) ?? [];
    if (shouldRun && pods.length === 0) plan.create.push(node.metadata.name!);
    else if (shouldContinueRunning) {
      const running: Pod[] = [];
      for (const p of pods) {
        if (terminating(p)) continue;
        const phase = p.status?.phase;
        if (phase === 'Failed' || phase === 'Succeeded') plan.delete.push(p);
        else running.push(p);
      }
      if (running.length <= 1) continue;
      if (!allowSurge) {
        plan.delete.push(...running.slice(1)); // the oldest stays
        continue;
      }
      // surging: a new pod may stand beside an old ready one only while it is not ready itself
      const oldestNew = running.find((p) => isUpdated(p, hash, generation));
      const oldestOld = running.find((p) => !isUpdated(p, hash, generation));
      const keep = new Set<Pod>();
      if (oldestNew) keep.add(oldestNew);
      if (oldestNew && oldestOld && !isReady(oldestNew) && isReady(oldestOld)) keep.add(oldestOld);
      if (!oldestNew && oldestOld) keep.add(oldestOld);
      plan.delete.push(...running.filter((p) => !keep.has(p)));
    } else if (pods.length) plan.delete.push(...pods.filter((p) => !terminating(p)));
  }
  // pods for nodes that are gone
  for (const [node, pods] of byNode) if (!nodeNames.has(node)) plan.delete.push(...pods.filter((p) => !terminating(p)));
  return plan;
}

/** The new and the old pod on a node; undefined when there are two of either (the manage loop's). */
function newAndOld(pods: Pod[], f: Facts): { newPod?: Pod; oldPod?: Pod } | undefined {
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  for (const p of pods) {
    if (terminating(p)) continue;
    if (isUpdated(p, f.hash, f.generation)) {
      if (newPod) return undefined;
      newPod = p;
    } else {
      if (oldPod) return undefined;
      oldPod = p;
    }
  }
  return { newPod, oldPod };
}

function rollingUpdate(f: Facts, byNode: Map<string, Pod[]>, desired: number): Plan {
  const { maxSurge, maxUnavailable } = surgeAndUnavailable(f.ds, desired);
  const min = f.ds.spec?.minReadySeconds ?? 0;
  const available = (p: Pod) => isAvailable(p, min, f.now);
  if (maxSurge === 0) {
    let unavailable = 0;
    const replace: Pod[] = [];
    const candidates: Pod[] = [];
    for (const pods of byNode.values()) {
      const found = newAndOld(pods, f);
      if (!found) {
        unavailable++;
        continue;
      }
      const { newPod, oldPod } = found;
      if ((!newPod && !oldPod) || (newPod && oldPod)) unavailable++;
      else if (newPod) {
        if (!available(newPod)) unavailable++;
      } else if (!available(oldPod!)) replace.push(oldPod!);
      else if (unavailable < maxUnavailable) candidates.push(oldPod!);
    }
    const room = Math.min(Math.max(0, maxUnavailable - unavailable), candidates.length);
    return { create: [], delete: [...replace, ...candidates.slice(0, room)] };
  }
  let surging = 0;
  const allowed: string[] = [];
  const candidates: string[] = [];
  const remove: Pod[] = [];
  const eligible = new Map(f.nodes.map((n) => [n.metadata.name!, nodeShouldRunDaemonPod(n, f.ds)]));
  for (const [node, pods] of byNode) {
    const found = newAndOld(pods, f);
    if (!found) continue;
    const { newPod, oldPod } = found;
    if (!eligible.get(node)?.shouldRun) {
      if (oldPod) remove.push(oldPod);
      continue;
    }
    if (!oldPod) continue;
    if (!newPod) {
      if (!available(oldPod)) allowed.push(node);
      else if (surging < maxSurge) candidates.push(node);
      continue;
    }
    if (!available(newPod)) surging++;
    else remove.push(oldPod);
  }
  const room = Math.min(Math.max(0, maxSurge - surging), candidates.length);
  return { create: [...allowed, ...candidates.slice(0, room)], delete: remove };
}

export function planDaemonSet(f: Facts): Plan {
  const byNode = podsByNode(f.pods);
  const rolling = f.ds.spec?.updateStrategy?.type === 'RollingUpdate';
  const allowSurge = rolling && surgeAndUnavailable(f.ds, 1).maxSurge > 0;
  const plan = manage(f, byNode, allowSurge);
  if (plan.create.length || plan.delete.length || !rolling || f.ds.metadata.deletionTimestamp) return plan;
  const desired = f.nodes.filter((n) => nodeShouldRunDaemonPod(n, f.ds).shouldRun).length;
  return rollingUpdate(f, byNode, desired);
}
