/**
 * core/v1 resourcequotas (+ status). status.hard and status.used are written by the quota
 * controller and by ResourceQuota admission (workers/apiserver/quota/); a user's create starts
 * with no status, as Kubernetes' strategy resets it.
 */
import { resourceQuota, type ResourceQuota, type ScopedResourceSelectorRequirement } from '../../../../lib/api/core/resourcequota.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { formatQuantity, parseQuantity } from '../../../../lib/quantity/quantity.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { invalidRendered, isStandardQuotaResource, validateQuantityValue, validateQuotaResourceName } from './resource-names.ts';

const SCOPES = new Set(['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity']);
const POD_COMPUTE = new Set(['cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory']);
const CONFLICTING = [
  ['BestEffort', 'NotBestEffort'],
  ['NotTerminating', 'Terminating'],
];
const PER_SCOPE_OPERATORS = new Set(['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating']);

/** IsResourceQuotaScopeValidForResource */
function scopeFitsResource(scope: string, resource: string): boolean {
  if (scope === 'BestEffort') return resource === 'pods';
  if (SCOPES.has(scope)) return resource === 'pods' || POD_COMPUTE.has(resource);
  return true;
}

/** Go's %#v of the values these errors carry. */
const goScopes = (scopes: string[] | null | undefined) => (scopes ? `[]core.ResourceQuotaScope{${scopes.map((s) => JSON.stringify(s)).join(', ')}}` : '[]core.ResourceQuotaScope(nil)');
const goStrings = (v: string[] | null | undefined) => (v ? `[]string{${v.map((s) => JSON.stringify(s)).join(', ')}}` : '[]string(nil)');
const goRequirement = (r: ScopedResourceSelectorRequirement) =>
  `core.ScopedResourceSelectorRequirement{ScopeName:${JSON.stringify(r.scopeName ?? '')}, Operator:${JSON.stringify(r.operator ?? '')}, Values:${goStrings(r.values)}}`;
const goSelector = (reqs: ScopedResourceSelectorRequirement[] | null | undefined) =>
  `core.ScopeSelector{MatchExpressions:${reqs ? `[]core.ScopedResourceSelectorRequirement{${reqs.map(goRequirement).join(', ')}}` : '[]core.ScopedResourceSelectorRequirement(nil)'}}`;

function validateList(list: Record<string, string | number> | null | undefined, at: string): FieldError[] {
  const errs: FieldError[] = [];
  // Go walks maps in random order; sorted keys keep the messages stable
  for (const k of Object.keys(list ?? {}).sort()) errs.push(...validateQuotaResourceName(k, `${at}[${k}]`), ...validateQuantityValue(k, list![k], `${at}[${k}]`));
  return errs;
}

function validateScopes(rq: ResourceQuota): FieldError[] {
  const scopes = rq.spec?.scopes;
  if (!scopes?.length) return [];
  const errs: FieldError[] = [];
  const hard = Object.keys(rq.spec?.hard ?? {}).sort();
  for (const scope of scopes) {
    if (!SCOPES.has(scope)) errs.push(invalidRendered('spec.scopes', goScopes(scopes), 'unsupported scope'));
    for (const k of hard) if (isStandardQuotaResource(k) && !scopeFitsResource(scope, k)) errs.push(invalidRendered('spec.scopes', goScopes(scopes), 'unsupported scope applied to resource'));
  }
  for (const pair of CONFLICTING) if (pair.every((s) => scopes.includes(s))) errs.push(invalidRendered('spec.scopes', goScopes(scopes), 'conflicting scopes'));
  return errs;
}

function validateScopeSelector(rq: ResourceQuota): FieldError[] {
  const sel = rq.spec?.scopeSelector;
  if (!sel) return [];
  const at = 'spec.scopeSelector.matchExpressions';
  const reqs = sel.matchExpressions ?? [];
  const hard = Object.keys(rq.spec?.hard ?? {}).sort();
  const errs: FieldError[] = [];
  const names = new Set<string>();
  for (const req of reqs) {
    const name = req.scopeName ?? '';
    if (!SCOPES.has(name)) errs.push(fieldErr.invalid(`${at}.scopeName`, name, 'unsupported scope'));
    for (const k of hard) if (isStandardQuotaResource(k) && !scopeFitsResource(name, k)) errs.push(invalidRendered(at, goSelector(sel.matchExpressions), 'unsupported scope applied to resource'));
    if (PER_SCOPE_OPERATORS.has(name) && req.operator !== 'Exists')
      errs.push(
        fieldErr.invalid(
          `${at}.operator`,
          req.operator ?? '',
          "must be 'Exist' only operator when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort and ResourceQuotaScopeNotBestEffort",
        ),
      );
    if (req.operator === 'In' || req.operator === 'NotIn') {
      if (!req.values?.length) errs.push(fieldErr.required(`${at}.values`, "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
    } else if (req.operator === 'Exists' || req.operator === 'DoesNotExist') {
      if (req.values?.length) errs.push(invalidRendered(`${at}.values`, goStrings(req.values), "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
    } else errs.push(fieldErr.invalid(`${at}.operator`, req.operator ?? '', 'not a valid selector operator'));
    names.add(name);
  }
  for (const pair of CONFLICTING) if (pair.every((s) => names.has(s))) errs.push(invalidRendered(at, goScopes(rq.spec?.scopes), 'conflicting scopes'));
  return errs;
}

/** The REQUEST and LIMIT cells: `name: used/hard` for each enforced resource, limits.* apart. */
export function quotaColumns(rq: ResourceQuota): [request: string, limit: string] {
  const hard = rq.status?.hard ?? {};
  const used = rq.status?.used ?? {};
  const request: string[] = [];
  const limit: string[] = [];
  const show = (q: string | number | undefined) => (q === undefined ? '0' : formatQuantity(parseQuantity(q) ?? { nano: 0n, format: 'DecimalSI' }));
  for (const name of Object.keys(hard).sort()) {
    const pieces = name.split('.');
    (pieces.length > 1 && pieces[0] === 'limits' ? limit : request).push(`${name}: ${show(used[name])}/${show(hard[name])}`);
  }
  return [request.join(', '), limit.join(', ')];
}

const desc: KindDescriptor<ResourceQuota> = {
  group: '',
  version: 'v1',
  kind: 'ResourceQuota',
  resource: 'resourcequotas',
  singular: 'resourcequota',
  namespaced: true,
  shortNames: ['quota'],
  schema: resourceQuota,
  openapiName: 'io.k8s.api.core.v1.ResourceQuota',
  subresources: { status: true },
  nameRule: 'subdomain',

  prepareForCreate(rq) {
    delete rq.status;
  },
  prepareForUpdate(rq, old) {
    rq.status = old.status;
    if (rq.status === undefined) delete rq.status;
  },
  prepareForStatusUpdate(rq, old) {
    rq.spec = old.spec;
    if (rq.spec === undefined) delete rq.spec;
  },
  validate: (rq) => [...validateList(rq.spec?.hard, 'spec.hard'), ...validateScopes(rq), ...validateScopeSelector(rq), ...validateList(rq.status?.hard, 'status.hard'), ...validateList(rq.status?.used, 'status.used')],
  validateUpdate(rq, old) {
    const now = [...(rq.spec?.scopes ?? [])].sort();
    const before = [...(old.spec?.scopes ?? [])].sort();
    const same = now.length === before.length && now.every((s, i) => s === before[i]);
    return same ? [] : [invalidRendered('spec.scopes', goScopes(rq.spec?.scopes), 'field is immutable')];
  },

  table: {
    columns: [
      nameColumn,
      ageColumn,
      column('Request', 'string', 'Request represents a minimum amount of cpu/memory that a container may consume.'),
      column('Limit', 'string', 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.'),
    ],
    cells: (rq, now) => [rq.metadata.name, age(rq.metadata.creationTimestamp, now), ...quotaColumns(rq)],
  },
};

export default desc;
