/** NamespaceLifecycle: no new content in a namespace that does not exist or is being deleted. */
import { forbidden, notFound } from '../../../lib/errors.ts';
import type { AdmissionPlugin } from './index.ts';

export const namespaceLifecycle: AdmissionPlugin = async (ctx, desc, obj) => {
  if (!desc.namespaced) return;
  const ns = obj.metadata.namespace!;
  const namespace = await ctx.storage.get(`/registry/namespaces/${ns}`);
  if (!namespace) throw notFound({ group: '', resource: 'namespaces' }, ns);
  if (namespace.metadata.deletionTimestamp || (namespace.status as { phase?: string } | undefined)?.phase === 'Terminating') {
    const name = obj.metadata.name || obj.metadata.generateName || 'Unknown';
    throw forbidden({ group: desc.group, resource: desc.resource }, name, `unable to create new content in namespace ${ns} because it is being terminated`, [
      { reason: 'NamespaceTerminating', message: `namespace ${ns} is being terminated`, field: 'metadata.namespace' },
    ]);
  }
};
