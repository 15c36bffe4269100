/**
 * Which services a change concerns, for both endpoint controllers. A pod concerns the services
 * whose selector matches its labels now, and those whose endpoints list it (it may have stopped
 * matching, or be gone, which a change message cannot tell). What a batch reads for this is read
 * once per batch (the runner makes one context per controller and batch).
 */
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { Service } from '../../../lib/api/core/service.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { matches, selectorFromSet } from '../../../lib/selectors/label.ts';
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { ControllerContext } from '../framework/controller.ts';

/** The services of a namespace that this controller manages endpoints for. */
export const hasSelector = (s: Service) => !!s.spec?.selector && s.spec.type !== 'ExternalName';
export const podSelector = (s: Service) => selectorFromSet(s.spec?.selector ?? {});

const perBatch = new WeakMap<ControllerContext, Map<string, Promise<unknown>>>();

/** `read` once per batch and key. */
export function once<T>(ctx: ControllerContext, key: string, read: () => Promise<T>): Promise<T> {
  let cache = perBatch.get(ctx);
  if (!cache) perBatch.set(ctx, (cache = new Map()));
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) cache.set(key, (p = read()));
  return p;
}

export const managedServices = async (ctx: ControllerContext, namespace: string) => (await ctx.shared.list<Service>(RESOURCES.services, { namespace })).items.filter(hasSelector);

/**
 * The keys (`namespace/service`) a change leads to. `listing(ns)` names, per service, the pods its
 * current endpoints hold (for pods that left or went).
 */
export async function serviceKeys(change: ChangeMessage, ctx: ControllerContext, listing: (namespace: string) => Promise<Map<string, Set<string>>>): Promise<string[]> {
  const ns = change.namespace;
  if (!ns || change.group !== '') return [];
  if (change.resource === 'services') return [`${ns}/${change.name}`];
  if (change.resource !== 'pods') return [];
  // a pod is created with no status but Pending (the API resets it): it has no IP, so it is in no
  // endpoints yet, and the write that gives it one is a MODIFIED (a stale entry of an earlier pod
  // of the same name went with that pod's DELETED)
  if (change.type === 'ADDED') return [];
  const services = await managedServices(ctx, ns);
  if (!services.length) return [];
  const keys = new Set<string>();
  const pod = change.type === 'DELETED' ? undefined : await ctx.shared.get<Pod>(RESOURCES.pods, ns, change.name);
  if (pod) for (const s of services) if (matches(podSelector(s), pod.metadata.labels)) keys.add(`${ns}/${s.metadata.name}`);
  for (const [service, podNames] of await listing(ns)) if (podNames.has(change.name)) keys.add(`${ns}/${service}`);
  return [...keys];
}
