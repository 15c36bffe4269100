/**
 * What a quota's status should say (syncResourceQuota and CalculateUsage): status.hard is
 * spec.hard; status.used sums, for each resource the quota limits, the usage of the namespace's
 * objects that match its scopes, with the same evaluators as admission
 * (workers/apiserver/quota/evaluators.ts). Resources nothing measures keep their last observed
 * usage (or none).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ResourceList, ResourceQuota } from '../../../lib/api/core/resourcequota.ts';
import { countName, evaluatorFor, scopeSelectors } from '../../apiserver/quota/evaluators.ts';
import { addUsage, mask, sameUsage, toResourceList, toUsage, type Usage } from '../../apiserver/quota/resource-list.ts';
import { zero } from '../../../lib/quantity/quantity.ts';

export interface Target {
  group: string;
  resource: string;
}

const LEGACY = new Set(['configmaps', 'secrets', 'resourcequotas', 'replicationcontrollers']);
/** quota names that PersistentVolumeClaims would use: counted as zero while none are served */
export const PVC_NAMES = new Set(['persistentvolumeclaims', 'count/persistentvolumeclaims', 'requests.storage']);

/** The kinds of object a quota's hard limits make the controller list. */
export function targetsOf(hard: string[]): Target[] {
  const out = new Map<string, Target>();
  const put = (group: string, resource: string) => out.set(`${group}/${resource}`, { group, resource });
  for (const name of hard) {
    if (evaluatorFor('', 'pods').matchingResources([name]).length) put('', 'pods');
    else if (evaluatorFor('', 'services').matchingResources([name]).length) put('', 'services');
    else if (LEGACY.has(name)) put('', name);
    else if (name.startsWith('count/')) {
      const rest = name.slice('count/'.length);
      const dot = rest.indexOf('.');
      put(dot < 0 ? '' : rest.slice(dot + 1), dot < 0 ? rest : rest.slice(0, dot));
    }
  }
  return [...out.values()];
}

/** CalculateUsageStats of one evaluator: its matched names start at zero, then every matching object adds. */
export function usageOf(rq: ResourceQuota, target: Target, items: KubeObject[], now: number): Usage {
  const ev = evaluatorFor(target.group, target.resource);
  const names = ev.matchingResources(Object.keys(rq.spec?.hard ?? {}));
  let used: Usage = Object.fromEntries(names.map((n) => [n, zero()]));
  const scopes = scopeSelectors(rq);
  for (const item of items) if (scopes.every((s) => ev.matchesScope(s, item))) used = addUsage(used, ev.usage(item, now));
  return mask(used, names);
}

/**
 * The status to write, or undefined when the current one is right. `measured` holds the usage
 * of every target that could be listed.
 */
export function desiredStatus(rq: ResourceQuota, measured: Usage[]): { hard: ResourceList; used: ResourceList } | undefined {
  const hard = toUsage(rq.spec?.hard);
  let used = toUsage(rq.status?.used);
  for (const m of measured) used = { ...used, ...m };
  used = mask(used, Object.keys(hard));
  const status = { hard: toResourceList(hard), used: toResourceList(used) };
  const dirty = !rq.status?.hard || !rq.status?.used || !sameUsage(hard, toUsage(rq.status.hard)) || !sameUsage(used, toUsage(rq.status.used));
  return dirty ? status : undefined;
}

export { countName };
