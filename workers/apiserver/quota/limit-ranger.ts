/**
 * LimitRanger admission for pods, in its two halves as Kubernetes runs them. Mutating (right
 * after NamespaceLifecycle): each container and init container without a request or limit for a
 * resource gets the `defaultRequest` / `default` of the namespace's LimitRanges of type
 * Container, noted in the `kubernetes.io/limit-ranger` annotation. Validating (after the
 * object's own validation): min, max and maxLimitRequestRatio per Container and per Pod.
 * PersistentVolumeClaim limits wait for PersistentVolumeClaims.
 */
import type { Container, Pod, ResourceRequirements } from '../../../lib/api/core/pod.ts';
import type { LimitRange, LimitRangeItem } from '../../../lib/api/core/limitrange.ts';
import { forbidden } from '../../../lib/errors.ts';
import { canonical, formatQuantity, milliValue, parseQuantity, value, zero, type Quantity } from '../../../lib/quantity/quantity.ts';
import type { AdmissionPlugin } from '../admission/index.ts';
import type { Storage } from '../storage/types.ts';
import { containersLimits, containersRequests } from './pod-resources.ts';
import { toUsage, type Usage } from './resource-list.ts';
import { namespaceLimitRanges } from './namespace-cache.ts';

const ANNOTATION = 'kubernetes.io/limit-ranger';
/** resource.MaxMilliValue */
const MAX_MILLI = 9223372036854775n;

const isPod = (desc: { group: string; resource: string }) => desc.group === '' && desc.resource === 'pods';

const limitRanges = async (ctx: { storage: Storage; cluster?: string }, ns: string) => (await namespaceLimitRanges(ctx.storage, ctx.cluster ?? 'default', ns)) as LimitRange[];

/** The defaults of a LimitRange's Container items. */
function containerDefaults(lr: LimitRange): { requests: Record<string, string>; limits: Record<string, string> } {
  const requests: Record<string, string> = {};
  const limits: Record<string, string> = {};
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    for (const [k, q] of Object.entries(item.defaultRequest ?? {})) requests[k] = canonical(q);
    for (const [k, q] of Object.entries(item.default ?? {})) limits[k] = canonical(q);
  }
  return { requests, limits };
}

function mergeContainer(c: Container, defaults: ReturnType<typeof containerDefaults>, kind: string, notes: string[]): void {
  const r = (c.resources ??= {}) as ResourceRequirements;
  const setLimits: string[] = [];
  const setRequests: string[] = [];
  for (const [k, q] of Object.entries(defaults.limits)) {
    if (r.limits && k in r.limits) continue;
    (r.limits ??= {})[k] = q;
    setLimits.push(k);
  }
  for (const [k, q] of Object.entries(defaults.requests)) {
    if (r.requests && k in r.requests) continue;
    (r.requests ??= {})[k] = q;
    setRequests.push(k);
  }
  if (setRequests.length) notes.push(`${setRequests.sort().join(', ')} request for ${kind} ${c.name}`);
  if (setLimits.length) notes.push(`${setLimits.sort().join(', ')} limit for ${kind} ${c.name}`);
}

/** PodMutateLimitFunc */
export function applyDefaults(lr: LimitRange, pod: Pod): void {
  const defaults = containerDefaults(lr);
  const notes: string[] = [];
  for (const c of pod.spec?.containers ?? []) mergeContainer(c, defaults, 'container', notes);
  for (const c of pod.spec?.initContainers ?? []) mergeContainer(c, defaults, 'init container', notes);
  if (notes.length) pod.metadata.annotations = { ...pod.metadata.annotations, [ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
}

/** requestLimitEnforcedValues: milli-units when nothing overflows them, else units. */
function comparable(req: Quantity, lim: Quantity, enforced: Quantity): [bigint, bigint, bigint] {
  const units = [value(req), value(lim), value(enforced)];
  if (units.every((u) => u <= MAX_MILLI)) return [milliValue(req), milliValue(lim), milliValue(enforced)];
  return units as [bigint, bigint, bigint];
}

function minConstraint(type: string, name: string, enforced: Quantity, requests: Usage, limits: Usage): string | undefined {
  const [req, lim, min] = comparable(requests[name] ?? zero(), limits[name] ?? zero(), enforced);
  const e = formatQuantity(enforced);
  if (!(name in requests)) return `minimum ${name} usage per ${type} is ${e}.  No request is specified`;
  if (req < min) return `minimum ${name} usage per ${type} is ${e}, but request is ${formatQuantity(requests[name])}`;
  if (name in limits && lim < min) return `minimum ${name} usage per ${type} is ${e}, but limit is ${formatQuantity(limits[name])}`;
}

function maxConstraint(type: string, name: string, enforced: Quantity, requests: Usage, limits: Usage): string | undefined {
  const [req, lim, max] = comparable(requests[name] ?? zero(), limits[name] ?? zero(), enforced);
  const e = formatQuantity(enforced);
  if (!(name in limits)) return `maximum ${name} usage per ${type} is ${e}.  No limit is specified`;
  if (lim > max) return `maximum ${name} usage per ${type} is ${e}, but limit is ${formatQuantity(limits[name])}`;
  if (name in requests && req > max) return `maximum ${name} usage per ${type} is ${e}, but request is ${formatQuantity(requests[name])}`;
}

function ratioConstraint(type: string, name: string, enforced: Quantity, requests: Usage, limits: Usage): string | undefined {
  const [req, lim] = comparable(requests[name] ?? zero(), limits[name] ?? zero(), enforced);
  const e = formatQuantity(enforced);
  if (!(name in requests) || req === 0n) return `${name} max limit to request ratio per ${type} is ${e}, but no request is specified or request is 0`;
  if (!(name in limits) || lim === 0n) return `${name} max limit to request ratio per ${type} is ${e}, but no limit is specified or limit is 0`;
  const observed = Number(lim) / Number(req);
  let ratio = observed;
  let max = Number(value(enforced));
  if (value(enforced) <= MAX_MILLI) {
    ratio = observed * 1000;
    max = Number(milliValue(enforced));
  }
  if (ratio > max) return `${name} max limit to request ratio per ${type} is ${e}, but provided ratio is ${observed.toFixed(6)}`;
}

function checkItem(item: LimitRangeItem, type: string, requests: Usage, limits: Usage, errs: string[]): void {
  const each = (list: LimitRangeItem['min'], check: typeof minConstraint) => {
    const parsed = toUsage(list);
    // Go walks these maps in random order; sorted names keep the message stable
    for (const k of Object.keys(parsed).sort()) {
      const err = check(type, k, parsed[k], requests, limits);
      if (err) errs.push(err);
    }
  };
  each(item.min, minConstraint);
  each(item.max, maxConstraint);
  each(item.maxLimitRequestRatio, ratioConstraint);
}

/** PodValidateLimitFunc: the errors, aggregated as Go's utilerrors does; undefined when none. */
export function validatePod(lr: LimitRange, pod: Pod): string | undefined {
  const errs: string[] = [];
  for (const item of lr.spec?.limits ?? []) {
    if (item.type === 'Container') {
      for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) checkItem(item, 'Container', toUsage(c.resources?.requests), toUsage(c.resources?.limits), errs);
    }
    if (item.type === 'Pod') checkItem(item, 'Pod', containersRequests(pod), containersLimits(pod), errs);
  }
  if (!errs.length) return undefined;
  return errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
}

export const limitRangerMutate: AdmissionPlugin = async (ctx, desc, obj) => {
  if (!isPod(desc)) return;
  for (const lr of await limitRanges(ctx, obj.metadata.namespace!)) applyDefaults(lr, obj as Pod);
};

export const limitRangerValidate: AdmissionPlugin = async (ctx, desc, obj) => {
  if (!isPod(desc)) return;
  for (const lr of await limitRanges(ctx, obj.metadata.namespace!)) {
    const err = validatePod(lr, obj as Pod);
    if (err) throw forbidden({ group: '', resource: 'pods' }, obj.metadata.name || obj.metadata.generateName || 'Unknown', err);
  }
};
