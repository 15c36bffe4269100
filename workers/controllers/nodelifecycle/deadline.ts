/**
 * When a pod must leave a node with NoExecute taints (taint-based eviction). Each taint must be
 * tolerated (by the first toleration that matches it), else the pod goes at once; the pod may
 * stay for the shortest tolerationSeconds among those tolerations (unset: forever; zero or less:
 * not at all), counted from when the node got its NoExecute taints. The pods' default
 * tolerations of not-ready and unreachable (300 s) come from the DefaultTolerationSeconds
 * admission.
 */
import type { Taint } from '../../../lib/api/core/node.ts';
import type { Toleration } from '../../../lib/api/core/pod.ts';
import { tolerates } from '../scheduler/taints.ts';

/**
 * Epoch ms at which the pod is to be evicted, or undefined when it may stay. `since` is when the
 * node got its NoExecute taints.
 */
export function evictionTime(tolerations: Toleration[] | undefined, noExecute: Taint[], since: number): number | undefined {
  if (!noExecute.length) return undefined;
  let seconds = Infinity;
  for (const taint of noExecute) {
    const t = (tolerations ?? []).find((x) => tolerates(x, taint));
    if (!t) return since;
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) seconds = Math.min(seconds, Math.max(0, t.tolerationSeconds));
  }
  return seconds === Infinity ? undefined : since + seconds * 1000;
}
