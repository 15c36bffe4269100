/**
 * ResourceQuota controller (resourcequota-controller): keeps each quota's status.hard equal to
 * spec.hard and status.used equal to what the namespace holds. Admission raises status.used as
 * objects are created; this controller recomputes it when objects change or go (a deleted or
 * finished pod frees its slot here) and on the cron resync.
 *
 * Keys: `<namespace>/<quota>`. A change to a quota is its own key; a deletion or a relevant update
 * of anything else in a namespace keys the quotas there that limit a resource that object is
 * measured for. A creation keys nothing: admission charged it, and what a create that failed after
 * its charge left counted waits for the resync, as in Kubernetes.
 */
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ResourceQuota } from '../../../lib/api/core/resourcequota.ts';
import { isNotFound } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { evaluatorFor } from '../../apiserver/quota/evaluators.ts';
import type { Usage } from '../../apiserver/quota/resource-list.ts';
import { zero } from '../../../lib/quantity/quantity.ts';
import { keyOf, splitKey, type Controller, type ControllerContext } from '../framework/controller.ts';
import { resourceMap } from '../gc/resources.ts';
import { desiredStatus, PVC_NAMES, targetsOf, usageOf, type Target } from './usage.ts';

const MEASURED_ON_UPDATE = new Set(['pods', 'services', 'persistentvolumeclaims']);

async function quotasIn(ctx: ControllerContext, namespace: string): Promise<ResourceQuota[]> {
  return (await ctx.shared.list<ResourceQuota>(RESOURCES.resourcequotas, { namespace })).items;
}

/** The namespace's objects of one target, or undefined when the API does not serve it. */
async function itemsOf(ctx: ControllerContext, target: Target, namespace: string): Promise<KubeObject[] | undefined> {
  const res = (await resourceMap(ctx.api, { cluster: ctx.cluster })).byResource(target.group, target.resource);
  if (!res || !res.namespaced) return undefined;
  try {
    return (await ctx.api.list(res, { namespace })).items;
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

export const resourceQuotaController: Controller = {
  name: 'resourcequota-controller',
  resyncMinutes: 5,
  async keysFor(change: ChangeMessage, ctx) {
    if (!change.namespace) return [];
    if (change.group === '' && change.resource === 'resourcequotas') return change.type === 'DELETED' ? [] : [`${change.namespace}/${change.name}`];
    // a creation was charged by admission (Kubernetes' quota monitor has no handler for adds)
    if (change.type === 'ADDED') return [];
    // an update changes usage only for what is measured by more than its count (Kubernetes'
    // replenishment filters: a pod's requests or phase, a service's type, a claim's size)
    if (change.type === 'MODIFIED' && !(change.group === '' && MEASURED_ON_UPDATE.has(change.resource))) return [];
    if (change.type === 'MODIFIED' && change.chargeMayChange === false) return []; // a pod bound, or its status written
    const quotas = await quotasIn(ctx, change.namespace);
    if (!quotas.length) return [];
    const ev = evaluatorFor(change.group, change.resource);
    return quotas.filter((q) => ev.matchingResources(Object.keys(q.spec?.hard ?? {})).length).map(keyOf);
  },
  async resync(ctx) {
    return (await ctx.api.list<ResourceQuota>(RESOURCES.resourcequotas)).items.map(keyOf);
  },
  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    // the quota first, then the objects: a charge admission makes in between makes the write conflict
    const rq = await ctx.api.get<ResourceQuota>(RESOURCES.resourcequotas, namespace, name);
    if (!rq || rq.metadata.deletionTimestamp) return;
    const hard = Object.keys(rq.spec?.hard ?? {});
    const now = ctx.now().getTime();
    const measured: Usage[] = [];
    for (const target of targetsOf(hard)) {
      const items = await itemsOf(ctx, target, namespace!);
      if (items) measured.push(usageOf(rq, target, items, now));
    }
    const pvc = hard.filter((h) => PVC_NAMES.has(h));
    if (pvc.length && !(await itemsOf(ctx, { group: '', resource: 'persistentvolumeclaims' }, namespace!))) measured.push(Object.fromEntries(pvc.map((h) => [h, zero()])));
    const status = desiredStatus(rq, measured);
    if (status) await ctx.api.update(RESOURCES.resourcequotas, { ...rq, status }, 'status');
  },
};
