/**
 * ServiceAccount controller and root CA publisher: every active namespace has the `default`
 * ServiceAccount and the `kube-root-ca.crt` ConfigMap holding the cluster's CA.
 */
import { defaultServiceAccount, ROOT_CA_CONFIGMAP as ROOT_CA, rootCAConfigMap } from '../../../lib/api/core/namespace-defaults.ts';
import type { ChangeMessage } from '../../apiserver/env.ts';
import { isConflict } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';

/**
 * Namespaces are the keys: a namespace created (or written, unless known not to change whether
 * it is active), or a change to what we keep in one.
 */
function namespaceKeys(change: Pick<ChangeMessage, 'group' | 'resource' | 'name' | 'namespace' | 'type' | 'deleting'>, resource: string, name: string): string[] {
  if (change.group === '' && change.resource === 'namespaces') return change.type === 'ADDED' || (change.type === 'MODIFIED' && change.deleting === undefined) ? [change.name] : [];
  return change.group === '' && change.resource === resource && change.name === name && change.namespace ? [change.namespace] : [];
}

async function activeNamespaces(ctx: ControllerContext): Promise<string[]> {
  const { items } = await ctx.api.list(RESOURCES.namespaces);
  return items.filter((n) => !n.metadata.deletionTimestamp).map((n) => n.metadata.name!);
}

async function isActive(ctx: ControllerContext, name: string): Promise<boolean> {
  const ns = await ctx.api.get(RESOURCES.namespaces, undefined, name);
  return !!ns && !ns.metadata.deletionTimestamp;
}

/** Creating what another isolate created first is fine. */
async function createIfMissing(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (e) {
    if (!isConflict(e)) throw e;
  }
}

export const serviceAccountController: Controller = {
  name: 'service-account-controller',
  keysFor: (change) => namespaceKeys(change, 'serviceaccounts', 'default'),
  resync: activeNamespaces,
  async reconcile(ns, ctx) {
    if (!(await isActive(ctx, ns))) return;
    if (await ctx.api.get(RESOURCES.serviceaccounts, ns, 'default')) return;
    await createIfMissing(ctx.api.create(RESOURCES.serviceaccounts, ns, defaultServiceAccount(ns)));
  },
};

export const rootCAPublisher: Controller = {
  name: 'root-ca-cert-publisher',
  keysFor: (change) => namespaceKeys(change, 'configmaps', ROOT_CA),
  resync: activeNamespaces,
  async reconcile(ns, ctx) {
    const ca = ctx.settings.clusterCA;
    if (!ca || !(await isActive(ctx, ns))) return;
    const want = rootCAConfigMap(ns, ca);
    const current = await ctx.api.get(RESOURCES.configmaps, ns, ROOT_CA);
    if (!current) return createIfMissing(ctx.api.create(RESOURCES.configmaps, ns, want));
    if ((current.data as Record<string, string> | undefined)?.['ca.crt'] !== ca) await ctx.api.update(RESOURCES.configmaps, { ...current, data: want.data });
  },
};
