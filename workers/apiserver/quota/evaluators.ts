/**
 * What an object costs in quota, per resource (Kubernetes' quota evaluators): pods (count,
 * compute requests and limits, scopes), services (count, node ports, load balancers), and a
 * plain object count (`count/<resource>.<group>`, plus the legacy names `configmaps`,
 * `secrets`, `resourcequotas`, `replicationcontrollers`) for everything else.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { ResourceQuota, ScopedResourceSelectorRequirement } from '../../../lib/api/core/resourcequota.ts';
import type { Service } from '../../../lib/api/core/service.ts';
import { fromInt, zero } from '../../../lib/quantity/quantity.ts';
import { computeQosClass } from '../registry/kinds/pod/qos.ts';
import { isExtendedResource, isNativeResource } from '../registry/kinds/resource-names.ts';
import { addUsage, type Usage } from './resource-list.ts';
import { podLimits, podRequests } from './pod-resources.ts';

export type Operation = 'CREATE' | 'UPDATE';

export interface Evaluator {
  /** does this operation change usage (pods: create only, as in 1.32) */
  handles(op: Operation): boolean;
  /** the names among `names` this evaluator measures */
  matchingResources(names: string[]): string[];
  /** does the object fall in this scope (kinds without scopes: never) */
  matchesScope(sel: ScopedResourceSelectorRequirement, obj: KubeObject): boolean;
  /** the error text when a quota on `required` needs something the object lacks */
  constraints(required: string[], obj: KubeObject): string | undefined;
  usage(obj: KubeObject, now: number): Usage;
}

export const countName = (group: string, resource: string) => (group ? `count/${resource}.${group}` : `count/${resource}`);
const one = () => fromInt(1);

const LEGACY_ALIASES: Record<string, string> = { configmaps: 'configmaps', resourcequotas: 'resourcequotas', replicationcontrollers: 'replicationcontrollers', secrets: 'secrets' };

function objectCount(group: string, resource: string): Evaluator {
  const names = [countName(group, resource)];
  if (!group && LEGACY_ALIASES[resource]) names.push(LEGACY_ALIASES[resource]);
  return {
    handles: (op) => op === 'CREATE',
    matchingResources: (input) => input.filter((n) => names.includes(n)),
    matchesScope: () => false,
    constraints: () => undefined,
    usage: () => Object.fromEntries(names.map((n) => [n, one()])),
  };
}

// --- pods ---

const POD_RESOURCES = new Set([
  'count/pods',
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
]);
/** quota on these makes every container state them (a mistake Kubernetes keeps for compatibility) */
const MUST_SPECIFY = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);

/** podComputeUsageHelper */
function computeUsage(requests: Usage, limits: Usage): Usage {
  const out: Usage = { pods: one() };
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    if (r in requests) {
      out[r] = requests[r];
      out[`requests.${r}`] = requests[r];
    }
    if (r in limits) out[`limits.${r}`] = limits[r];
  }
  for (const [r, q] of Object.entries(requests)) {
    if (r.startsWith('hugepages-')) {
      out[r] = q;
      out[`requests.${r}`] = q;
    }
    if (isExtendedResource(r)) out[`requests.${r}`] = q;
  }
  return out;
}

/** QuotaV1Pod: terminal pods, and pods past their deletion grace, are not charged. */
export function chargedPod(pod: Pod, now: number): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return false;
  const m = pod.metadata;
  if (m.deletionTimestamp && m.deletionGracePeriodSeconds != null && now > Date.parse(m.deletionTimestamp) + m.deletionGracePeriodSeconds * 1000) return false;
  return true;
}

function usesCrossNamespaceAffinity(pod: Pod): boolean {
  type Term = { namespaces?: string[] | null; namespaceSelector?: unknown };
  const cross = (t: Term | undefined) => !!t && ((t.namespaces?.length ?? 0) > 0 || t.namespaceSelector != null);
  const a = pod.spec?.affinity as
    | Record<string, { requiredDuringSchedulingIgnoredDuringExecution?: Term[]; preferredDuringSchedulingIgnoredDuringExecution?: { podAffinityTerm?: Term }[] } | undefined>
    | undefined;
  return [a?.podAffinity, a?.podAntiAffinity].some(
    (x) => (x?.requiredDuringSchedulingIgnoredDuringExecution ?? []).some(cross) || (x?.preferredDuringSchedulingIgnoredDuringExecution ?? []).some((w) => cross(w.podAffinityTerm)),
  );
}

/** A PriorityClass scope as a label selector over {PriorityClass: <the pod's class>}. */
function priorityClassMatches(pod: Pod, sel: ScopedResourceSelectorRequirement): boolean {
  const name = pod.spec?.priorityClassName ?? '';
  const values = sel.values ?? [];
  switch (sel.operator) {
    case 'Exists':
      return name !== '';
    case 'DoesNotExist':
      return name === '';
    case 'In':
      return name !== '' && values.includes(name);
    case 'NotIn':
      return name === '' || !values.includes(name);
    default:
      return false;
  }
}

export function podMatchesScope(sel: ScopedResourceSelectorRequirement, obj: KubeObject): boolean {
  const pod = obj as Pod;
  const terminating = pod.spec?.activeDeadlineSeconds != null && pod.spec.activeDeadlineSeconds >= 0;
  switch (sel.scopeName) {
    case 'Terminating':
      return terminating;
    case 'NotTerminating':
      return !terminating;
    case 'BestEffort':
      return computeQosClass(pod) === 'BestEffort';
    case 'NotBestEffort':
      return computeQosClass(pod) !== 'BestEffort';
    case 'PriorityClass':
      return priorityClassMatches(pod, sel);
    case 'CrossNamespacePodAffinity':
      return usesCrossNamespaceAffinity(pod);
    default:
      return false;
  }
}

const podEvaluator: Evaluator = {
  handles: (op) => op === 'CREATE',
  matchingResources: (input) =>
    input.filter((n) => POD_RESOURCES.has(n) || n.startsWith('hugepages-') || n.startsWith('requests.hugepages-') || (n.startsWith('requests.') && !isNativeResource(n))),
  matchesScope: podMatchesScope,
  constraints(required, obj) {
    const pod = obj as Pod;
    const needed = required.filter((r) => MUST_SPECIFY.has(r));
    const missing = new Map<string, Set<string>>();
    for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
      const has = computeUsage(Object.fromEntries(Object.keys(c.resources?.requests ?? {}).map((k) => [k, zero()])), Object.fromEntries(Object.keys(c.resources?.limits ?? {}).map((k) => [k, zero()])));
      for (const r of needed) if (!(r in has)) missing.set(r, (missing.get(r) ?? new Set<string>()).add(c.name ?? ''));
    }
    if (!missing.size) return undefined;
    const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
    return `must specify ${parts.join('; ')}`;
  },
  usage(obj, now) {
    const pod = obj as Pod;
    const usage: Usage = { 'count/pods': one() };
    if (!chargedPod(pod, now)) return usage;
    return addUsage(usage, computeUsage(podRequests(pod), podLimits(pod)));
  },
};

// --- services ---

const SERVICE_RESOURCES = new Set(['count/services', 'services', 'services.nodeports', 'services.loadbalancers']);

const serviceEvaluator: Evaluator = {
  handles: () => true,
  matchingResources: (input) => input.filter((n) => SERVICE_RESOURCES.has(n)),
  matchesScope: () => false,
  constraints: () => undefined,
  usage(obj) {
    const spec = (obj as Service).spec ?? {};
    const ports = spec.ports ?? [];
    const out: Usage = { 'count/services': one(), services: one(), 'services.loadbalancers': zero(), 'services.nodeports': zero() };
    if (spec.type === 'NodePort') out['services.nodeports'] = fromInt(ports.length);
    if (spec.type === 'LoadBalancer') {
      out['services.nodeports'] = fromInt(spec.allocateLoadBalancerNodePorts === false ? ports.filter((p) => p.nodePort).length : ports.length);
      out['services.loadbalancers'] = one();
    }
    return out;
  },
};

export function evaluatorFor(group: string, resource: string): Evaluator {
  if (!group && resource === 'pods') return podEvaluator;
  if (!group && resource === 'services') return serviceEvaluator;
  return objectCount(group, resource);
}

/** A quota's scopes as selector requirements (`scopes` are Exists requirements). */
export function scopeSelectors(rq: ResourceQuota): ScopedResourceSelectorRequirement[] {
  return [...(rq.spec?.scopes ?? []).map((scopeName) => ({ scopeName, operator: 'Exists' })), ...(rq.spec?.scopeSelector?.matchExpressions ?? [])];
}

/** generic.Matches: the quota enforces something this evaluator measures, and every scope matches. */
export function quotaMatches(rq: ResourceQuota, obj: KubeObject, ev: Evaluator): boolean {
  if (!ev.matchingResources(Object.keys(rq.status?.hard ?? {})).length) return false;
  return scopeSelectors(rq).every((s) => ev.matchesScope(s, obj));
}
