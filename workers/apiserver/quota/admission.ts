/**
 * ResourceQuota admission (validating, last): refuses a create that would take a namespace past
 * one of its quotas, and charges it to status.used in the same step. The charge is a write of
 * the quota at the revision it was read, so two creates racing for the last slot cannot both
 * pass: the loser's write conflicts, and it re-reads the quota and checks again, as
 * kube-apiserver's quota evaluator does. What a create that then fails (or a deletion) leaves
 * counted, the quota controller recomputes.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ResourceQuota } from '../../../lib/api/core/resourcequota.ts';
import { conflict, forbidden } from '../../../lib/errors.ts';
import { recordUpdate } from '../fieldmanager/index.ts';
import type { AdmissionPlugin } from '../admission/index.ts';
import resourcequotas from '../registry/kinds/resourcequotas.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { checkRequest } from './check.ts';
import { evaluatorFor } from './evaluators.ts';
import { namespaceQuotas } from './namespace-cache.ts';

/**
 * Kubernetes tries 3 more times; its evaluator also serializes the creates of a namespace within
 * one apiserver, which isolates cannot, so races are likelier here and get a few more tries.
 */
const RETRIES = 8;
const PREFIX = (ns: string) => `/registry/resourcequotas/${ns}/`;
const KEY = (ns: string, name: string) => `${PREFIX(ns)}${name}`;

const isNamespaceCreation = (desc: KindDescriptor) => desc.group === '' && desc.resource === 'namespaces';

export const resourceQuota: AdmissionPlugin = async (ctx, desc, obj) => {
  if (!desc.namespaced || isNamespaceCreation(desc)) return;
  const ns = obj.metadata.namespace!;
  const ev = evaluatorFor(desc.group, desc.resource);
  if (!ev.handles('CREATE')) return;
  let quotas = (await namespaceQuotas(ctx.storage, ctx.cluster ?? 'default', ns)) as ResourceQuota[];
  if (!quotas.length) return;
  const name = obj.metadata.name || obj.metadata.generateName || 'Unknown';
  for (let attempt = 0; ; attempt++) {
    const result = checkRequest(quotas, { op: 'CREATE', obj, now: Date.now() }, ev);
    if (!result.ok) throw forbidden({ group: desc.group, resource: desc.resource }, name, result.message);
    if (ctx.dryRun) return;
    const failed: string[] = [];
    for (let i = 0; i < quotas.length; i++) {
      if (!result.changed[i]) continue;
      const written = await writeStatus(ctx, quotas[i], result.quotas[i]);
      if (!written) failed.push(quotas[i].metadata.name!);
    }
    if (!failed.length) return;
    if (attempt >= RETRIES) throw conflict({ group: '', resource: 'resourcequotas' }, failed[failed.length - 1]);
    // only the quotas whose write lost are checked again: the others already hold the charge
    const fresh = await Promise.all(failed.map((n) => ctx.storage.get(KEY(ns, n))));
    quotas = fresh.filter((q): q is ResourceQuota => !!q);
    if (!quotas.length) return;
  }
};

/** The quota's status at the revision it was read; false when it moved on meanwhile. */
async function writeStatus(ctx: Parameters<AdmissionPlugin>[0], current: KubeObject, next: KubeObject): Promise<boolean> {
  next.metadata = {
    ...next.metadata,
    managedFields: recordUpdate({ live: current, updated: next, schema: resourcequotas.schema, manager: 'kube-apiserver', apiVersion: 'v1', subresource: 'status', now: new Date(), resetFields: [['spec']] }),
  };
  delete next.metadata.resourceVersion;
  const res = await ctx.storage.update(KEY(current.metadata.namespace!, current.metadata.name!), next, Number(current.metadata.resourceVersion));
  if (res.ok) ctx.afterCommit?.(resourcequotas as unknown as KindDescriptor, 'MODIFIED', res.object);
  return res.ok;
}
