/**
 * The score plugins of kube-scheduler's default profile, with their weights: TaintToleration (3,
 * fewer untolerated PreferNoSchedule taints), NodeAffinity (2, preferred terms), NodeResourcesFit
 * (1, least allocated cpu and memory), PodTopologySpread (2, the system default constraints:
 * spread a controller's pods over hostnames and zones), NodeResourcesBalancedAllocation (1). Each
 * plugin scores 0-100 per node; the node with the highest weighted sum wins.
 */
import { preferredAffinityWeight } from './node-affinity.ts';
import type { NodeInfo, PodInfo } from './snapshot.ts';
import { toleratedBy } from './taints.ts';

const MAX = 100;
const HOSTNAME = 'kubernetes.io/hostname';
/** The system default spreading constraints (topology key, maxSkew), ScheduleAnyway. */
const DEFAULT_SPREAD = [
  { key: HOSTNAME, maxSkew: 3 },
  { key: 'topology.kubernetes.io/zone', maxSkew: 5 },
];

/** DefaultNormalizeScore: scale to 0-100 by the highest; reversed, fewer is better. */
function normalize(raw: number[], reverse: boolean): number[] {
  const max = Math.max(0, ...raw);
  if (max === 0) return raw.map(() => (reverse ? MAX : 0));
  return raw.map((s) => {
    const scaled = Math.floor((MAX * s) / max);
    return reverse ? MAX - scaled : scaled;
  });
}

const preferNoScheduleUntolerated = (p: PodInfo, n: NodeInfo) =>
  n.taints.filter((t) => t.effect === 'PreferNoSchedule' && !toleratedBy(p.pod.spec?.tolerations?.filter((x) => !x.effect || x.effect === 'PreferNoSchedule'), t)).length;

const RESOURCES = ['cpu', 'memory'];

function leastAllocated(p: PodInfo, n: NodeInfo): number {
  let sum = 0;
  let weights = 0;
  for (const r of RESOURCES) {
    const capacity = n.allocatable[r] ?? 0;
    if (capacity === 0) continue;
    const requested = (n.nonZeroRequested[r] ?? 0) + (p.nonZero[r] ?? 0);
    sum += requested > capacity ? 0 : Math.floor(((capacity - requested) * MAX) / capacity);
    weights++;
  }
  return weights ? Math.floor(sum / weights) : 0;
}

function balanced(p: PodInfo, n: NodeInfo): number {
  const fractions: number[] = [];
  for (const r of RESOURCES) {
    const capacity = n.allocatable[r] ?? 0;
    if (capacity === 0) continue;
    fractions.push(Math.min(1, ((n.requested[r] ?? 0) + (p.requests[r] ?? 0)) / capacity));
  }
  const std = fractions.length === 2 ? Math.abs((fractions[0] - fractions[1]) / 2) : 0;
  return Math.trunc((1 - std) * MAX);
}

/** PodTopologySpread with the system defaults; pods without a controller are not spread. */
function spread(p: PodInfo, nodes: NodeInfo[], all: NodeInfo[]): number[] {
  const owner = p.owner;
  if (!owner) return nodes.map(() => MAX);
  const raw = nodes.map(() => 0);
  for (const { key, maxSkew } of DEFAULT_SPREAD) {
    const domains = new Set(nodes.map((n) => n.node.metadata.labels?.[key]).filter((v) => v !== undefined));
    if (!domains.size) continue;
    const weight = Math.log(domains.size + 2);
    const perDomain = new Map<string, number>();
    if (key !== HOSTNAME) {
      for (const n of all) {
        const v = n.node.metadata.labels?.[key];
        if (v !== undefined) perDomain.set(v, (perDomain.get(v) ?? 0) + (n.owners.get(owner) ?? 0));
      }
    }
    nodes.forEach((n, i) => {
      const v = n.node.metadata.labels?.[key];
      if (v === undefined) return;
      const count = key === HOSTNAME ? (n.owners.get(owner) ?? 0) : (perDomain.get(v) ?? 0);
      raw[i] += count * weight + (maxSkew - 1);
    });
  }
  const rounded = raw.map(Math.round);
  const max = Math.max(0, ...rounded);
  const min = Math.min(...rounded);
  return rounded.map((s) => (max === 0 ? MAX : Math.floor((MAX * (max + min - s)) / max)));
}

/** The weighted total of each feasible node, in the order given. */
export function scoreNodes(p: PodInfo, feasible: NodeInfo[], all: NodeInfo[]): number[] {
  const taints = normalize(feasible.map((n) => preferNoScheduleUntolerated(p, n)), true);
  const affinity = normalize(feasible.map((n) => preferredAffinityWeight(p.pod, n.node)), false);
  const spreading = spread(p, feasible, all);
  return feasible.map((n, i) => 3 * taints[i] + 2 * affinity[i] + leastAllocated(p, n) + 2 * spreading[i] + balanced(p, n));
}
