/**
 * Namespace controller: a namespace being deleted is emptied of every namespaced object, then
 * finalized (its spec.finalizers cleared), after which the API server removes it.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { Controller } from '../framework/controller.ts';

/** Re-check a namespace whose content is still going away (graceful pods, finalizers). */
const RECHECK_SECONDS = 2;
const NAMESPACED = Object.values(RESOURCES).filter((r) => r.namespaced);

export const namespaceController: Controller = {
  name: 'namespace-controller',
  resyncMinutes: 5,
  keysFor(change) {
    if (change.group === '' && change.resource === 'namespaces') return [change.name];
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
    let remaining = 0;
    for (const res of NAMESPACED) {
      const { items } = await ctx.api.list<KubeObject>(res, { namespace: name });
      remaining += items.length;
      for (const o of items) if (!o.metadata.deletionTimestamp) await ctx.api.delete(res, name, o.metadata.name!, { propagationPolicy: 'Background' });
    }
    if (remaining > 0) return ctx.requeue(name, RECHECK_SECONDS);
    const spec = (ns.spec ?? {}) as { finalizers?: string[] };
    if (spec.finalizers?.length) await ctx.api.update(RESOURCES.namespaces, { ...ns, spec: { ...spec, finalizers: [] } }, 'finalize');
  },
};
