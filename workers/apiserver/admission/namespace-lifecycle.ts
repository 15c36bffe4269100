/**
 * NamespaceLifecycle: no new content in a namespace that does not exist or is being deleted.
 * Like Kubernetes' plugin, which reads an informer cache, it remembers a namespace it found
 * active for a moment, sparing a read per create; a missing or terminating one is always re-read.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { Storage } from '../storage/types.ts';
import type { AdmissionPlugin } from './index.ts';

const ACTIVE_CACHE_MS = 1000;
const activeUntil = new WeakMap<Storage, Map<string, number>>();

const terminating = (ns: KubeObject) => !!ns.metadata.deletionTimestamp || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating';

export const namespaceLifecycle: AdmissionPlugin = async (ctx, desc, obj) => {
  if (!desc.namespaced) return;
  const ns = obj.metadata.namespace!;
  let known = activeUntil.get(ctx.storage);
  if (!known) activeUntil.set(ctx.storage, (known = new Map()));
  if ((known.get(ns) ?? 0) > Date.now()) return;

  const namespace = await ctx.storage.get(`/registry/namespaces/${ns}`);
  if (!namespace) throw notFound({ group: '', resource: 'namespaces' }, ns);
  if (terminating(namespace)) {
    known.delete(ns);
    const name = obj.metadata.name || obj.metadata.generateName || 'Unknown';
    throw forbidden({ group: desc.group, resource: desc.resource }, name, `unable to create new content in namespace ${ns} because it is being terminated`, [
      { reason: 'NamespaceTerminating', message: `namespace ${ns} is being terminated`, field: 'metadata.namespace' },
    ]);
  }
  known.set(ns, Date.now() + ACTIVE_CACHE_MS);
};

/** A namespace this isolate marks for deletion is re-read at the next create. */
export function forgetNamespace(storage: Storage, name: string): void {
  activeUntil.get(storage)?.delete(name);
}
