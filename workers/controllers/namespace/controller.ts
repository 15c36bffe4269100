/**
 * Namespace controller: a namespace being deleted is emptied of every namespaced object, then
 * finalized (its spec.finalizers cleared), after which the API server removes it. As Kubernetes'
 * namespaced resources deleter, what "every" means comes from discovery, asked again on each
 * pass (the garbage collector's discovery, gc/resources.ts): custom resources and any kind the
 * client does not know by name are deleted too.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { Controller } from '../framework/controller.ts';
import { resourceMap } from '../gc/resources.ts';

/** Re-check a namespace whose content is still going away (graceful pods, finalizers). */
const RECHECK_SECONDS = 2;

export const namespaceController: Controller = {
  name: 'namespace-controller',
  resyncMinutes: 5,
  keysFor(change) {
    // only a namespace being deleted has anything to do (a write known not to be one: nothing)
    if (change.group === '' && change.resource === 'namespaces') return change.deleting === false ? [] : [change.name];
    // the last object of a terminating namespace going away may complete it
    return change.type === 'DELETED' && change.namespace ? [change.namespace] : [];
  },
  async resync(ctx) {
    const { items } = await ctx.api.list(RESOURCES.namespaces);
    return items.filter((n) => n.metadata.deletionTimestamp).map((n) => n.metadata.name!);
  },
  async reconcile(name, ctx) {
    const ns = await ctx.api.get(RESOURCES.namespaces, undefined, name);
    if (!ns?.metadata.deletionTimestamp) return;
    const map = await resourceMap(ctx.api, { cluster: ctx.cluster, maxAgeMs: 0 });
    let remaining = 0;
    for (const res of map.deletable.filter((r) => r.namespaced)) {
      const { items } = await ctx.api.list<KubeObject>(res, { namespace: name });
      remaining += items.length;
      for (const o of items) if (!o.metadata.deletionTimestamp) await ctx.api.delete(res, name, o.metadata.name!, { propagationPolicy: 'Background' });
    }
    if (remaining > 0) return ctx.requeue(name, RECHECK_SECONDS);
    const spec = (ns.spec ?? {}) as { finalizers?: string[] };
    if (spec.finalizers?.length) await ctx.api.update(RESOURCES.namespaces, { ...ns, spec: { ...spec, finalizers: [] } }, 'finalize');
  },
};
