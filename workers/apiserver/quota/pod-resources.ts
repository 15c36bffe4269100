/**
 * A pod's requests and limits as quota counts them (resourcehelper.PodRequests/PodLimits): the
 * sum of its containers, or the largest init container if that is more (sidecars keep running
 * and add to both), plus the pod overhead (for limits, only on resources that have a limit).
 */
import type { Container, Pod } from '../../../lib/api/core/pod.ts';
import { add, cmp } from '../../../lib/quantity/quantity.ts';
import { toUsage, type Usage } from './resource-list.ts';

function addInto(list: Usage, more: Usage): void {
  for (const [k, q] of Object.entries(more)) list[k] = k in list ? add(list[k], q) : q;
}

function maxInto(list: Usage, other: Usage): void {
  for (const [k, q] of Object.entries(other)) if (!(k in list) || cmp(q, list[k]) > 0) list[k] = q;
}

function aggregate(pod: Pod, of: (c: Container) => Usage): Usage {
  const total: Usage = {};
  for (const c of pod.spec?.containers ?? []) addInto(total, of(c));
  const sidecars: Usage = {};
  const init: Usage = {};
  for (const c of pod.spec?.initContainers ?? []) {
    let own = of(c);
    if (c.restartPolicy === 'Always') {
      addInto(total, own);
      addInto(sidecars, own);
      own = sidecars;
    } else {
      const running: Usage = {};
      addInto(running, own);
      addInto(running, sidecars);
      own = running;
    }
    maxInto(init, own);
  }
  maxInto(total, init);
  return total;
}

/** Without the overhead, as LimitRanger's Pod limits see it. */
export const containersRequests = (pod: Pod): Usage => aggregate(pod, (c) => toUsage(c.resources?.requests));
export const containersLimits = (pod: Pod): Usage => aggregate(pod, (c) => toUsage(c.resources?.limits));

export function podRequests(pod: Pod): Usage {
  const total = containersRequests(pod);
  addInto(total, toUsage(pod.spec?.overhead));
  return total;
}

export function podLimits(pod: Pod): Usage {
  const total = containersLimits(pod);
  for (const [k, q] of Object.entries(toUsage(pod.spec?.overhead))) if (k in total) total[k] = add(total[k], q);
  return total;
}
