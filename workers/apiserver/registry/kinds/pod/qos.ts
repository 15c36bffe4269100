/**
 * The pod's QoS class (GetPodQOS), computed once at creation from cpu and memory requests and
 * limits above zero, across init and regular containers (errors-validation-defaults.md §4.2).
 */
import type { Pod } from '../../../../../lib/api/core/pod.ts';
import { nanoUnits } from '../../../../../lib/quantity/quantity.ts';

export type QosClass = 'BestEffort' | 'Burstable' | 'Guaranteed';

const QOS_RESOURCES = ['cpu', 'memory'];

export function computeQosClass(pod: Pod): QosClass {
  const requests = new Map<string, bigint>();
  const limits = new Map<string, bigint>();
  let guaranteed = true;
  const add = (m: Map<string, bigint>, name: string, n: bigint) => m.set(name, (m.get(name) ?? 0n) + n);
  for (const c of [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])]) {
    for (const [name, q] of Object.entries(c.resources?.requests ?? {})) {
      const n = nanoUnits(q) ?? 0n;
      if (QOS_RESOURCES.includes(name) && n > 0n) add(requests, name, n);
    }
    const limited = new Set<string>();
    for (const [name, q] of Object.entries(c.resources?.limits ?? {})) {
      const n = nanoUnits(q) ?? 0n;
      if (QOS_RESOURCES.includes(name) && n > 0n) {
        limited.add(name);
        add(limits, name, n);
      }
    }
    if (!QOS_RESOURCES.every((r) => limited.has(r))) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) for (const [name, n] of requests) if (limits.get(name) !== n) guaranteed = false;
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
