/**
 * What a pod asks of a node, as the scheduler counts it (resourcehelper.PodRequests): the sum of
 * its containers' requests, or the largest init container's if that is more (sidecars, init
 * containers with restartPolicy Always, keep running and add to both), plus the pod overhead.
 * Amounts are plain numbers: cpu in millicores, everything else in units (bytes), rounded up.
 */
import type { Container, Pod } from '../../../lib/api/core/pod.ts';
import { nanoUnits } from '../../../lib/quantity/quantity.ts';

export type Amounts = Record<string, number>;

/** Requests used for scoring only, for containers that state none (100m cpu, 200Mi memory). */
const DEFAULT_CPU_MILLI = 100;
const DEFAULT_MEMORY = 200 * 1024 * 1024;

export function amount(resource: string, q: string | number | undefined): number {
  const n = nanoUnits(q);
  if (n === undefined || n <= 0n) return 0;
  return resource === 'cpu' ? Number((n + 999_999n) / 1_000_000n) : Number((n + 999_999_999n) / 1_000_000_000n);
}

export function amounts(list: Record<string, string | number> | undefined): Amounts {
  const out: Amounts = {};
  for (const [k, q] of Object.entries(list ?? {})) out[k] = amount(k, q);
  return out;
}

function add(into: Amounts, more: Amounts): void {
  for (const [k, v] of Object.entries(more)) into[k] = (into[k] ?? 0) + v;
}

function atLeast(into: Amounts, other: Amounts): void {
  for (const [k, v] of Object.entries(other)) if (v > (into[k] ?? 0)) into[k] = v;
}

function containerRequests(c: Container, nonZero: boolean): Amounts {
  const r = amounts(c.resources?.requests);
  if (nonZero) {
    if (!r.cpu) r.cpu = DEFAULT_CPU_MILLI;
    if (!r.memory) r.memory = DEFAULT_MEMORY;
  }
  return r;
}

/**
 * The pod's requests; with `nonZero`, containers without cpu or memory requests count the
 * defaults above, as the scoring plugins do so that best-effort pods still spread.
 */
export function podRequests(pod: Pod, nonZero = false): Amounts {
  const total: Amounts = {};
  for (const c of pod.spec?.containers ?? []) add(total, containerRequests(c, nonZero));
  const sidecars: Amounts = {};
  const init: Amounts = {};
  for (const c of pod.spec?.initContainers ?? []) {
    const r = containerRequests(c, nonZero);
    if (c.restartPolicy === 'Always') {
      add(total, r);
      add(sidecars, r);
      atLeast(init, sidecars);
    } else {
      const running = { ...r };
      add(running, sidecars);
      atLeast(init, running);
    }
  }
  atLeast(total, init);
  add(total, amounts(pod.spec?.overhead));
  return total;
}
