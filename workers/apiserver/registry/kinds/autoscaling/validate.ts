/** ValidateHorizontalPodAutoscaler (autoscaling/v2), with Kubernetes' messages and order. */
import type { HpaV2Spec, MetricSpec, MetricTarget, ScalingRules } from '../../../../../lib/api/hpa.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { parseQuantity } from '../../../../../lib/quantity/quantity.ts';
import { dns1123Label, pathSegmentName } from '../../validation.ts';

const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const MAX_PERIOD_SECONDS = 1800;
const SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
const SOURCE_FIELD: Record<string, keyof MetricSpec> = { Object: 'object', Pods: 'pods', Resource: 'resource', External: 'external', ContainerResource: 'containerResource' };

export function validateHpaSpec(spec: HpaV2Spec | undefined, minLowerBound = 1): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  const max = s.maxReplicas ?? 0;
  if (s.minReplicas != null && s.minReplicas < minLowerBound) errs.push(fieldErr.invalid('spec.minReplicas', s.minReplicas, `must be greater than or equal to ${minLowerBound}`));
  if (max < 1) errs.push(fieldErr.invalid('spec.maxReplicas', max, 'must be greater than 0'));
  if (s.minReplicas != null && max < s.minReplicas) errs.push(fieldErr.invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateReference(s.scaleTargetRef, 'spec.scaleTargetRef'));
  (s.metrics ?? []).forEach((m, i) => errs.push(...validateMetricSpec(m, `spec.metrics[${i}]`)));
  if (s.minReplicas === 0 && !(s.metrics ?? []).some((m) => m.type === 'Object' || m.type === 'External'))
    errs.push(fieldErr.forbidden('spec.metrics', 'must specify at least one Object or External metric to support scaling to zero replicas'));
  if (s.behavior) {
    errs.push(...validateRules(s.behavior.scaleUp, 'spec.behavior.scaleUp'));
    errs.push(...validateRules(s.behavior.scaleDown, 'spec.behavior.scaleDown'));
  }
  return errs;
}

function validateReference(ref: { kind?: string; name?: string } | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['kind', 'name'] as const) {
    const v = ref?.[key] ?? '';
    if (!v) errs.push(fieldErr.required(`${path}.${key}`));
    else for (const msg of pathSegmentName(v)) errs.push(fieldErr.invalid(`${path}.${key}`, v, msg));
  }
  return errs;
}

function validateRules(rules: ScalingRules | null | undefined, path: string): FieldError[] {
  if (!rules) return [];
  const errs: FieldError[] = [];
  const w = rules.stabilizationWindowSeconds;
  if (w != null && w < 0) errs.push(fieldErr.invalid(`${path}.stabilizationWindowSeconds`, w, 'must be greater than or equal to zero'));
  if (w != null && w > MAX_STABILIZATION_WINDOW_SECONDS) errs.push(fieldErr.invalid(`${path}.stabilizationWindowSeconds`, w, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  if (rules.selectPolicy != null && !['Disabled', 'Max', 'Min'].includes(rules.selectPolicy)) errs.push(fieldErr.notSupported(`${path}.selectPolicy`, rules.selectPolicy, ['Disabled', 'Max', 'Min']));
  if (!rules.policies?.length) errs.push(fieldErr.required(`${path}.policies`, 'must specify at least one Policy'));
  (rules.policies ?? []).forEach((p, i) => {
    const at = `${path}.policies[${i}]`;
    if (p.type !== 'Pods' && p.type !== 'Percent') errs.push(fieldErr.notSupported(`${at}.type`, p.type ?? '', ['Percent', 'Pods']));
    if ((p.value ?? 0) <= 0) errs.push(fieldErr.invalid(`${at}.value`, p.value ?? 0, 'must be greater than zero'));
    if ((p.periodSeconds ?? 0) <= 0) errs.push(fieldErr.invalid(`${at}.periodSeconds`, p.periodSeconds ?? 0, 'must be greater than zero'));
    if ((p.periodSeconds ?? 0) > MAX_PERIOD_SECONDS) errs.push(fieldErr.invalid(`${at}.periodSeconds`, p.periodSeconds, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

function validateMetricSpec(m: MetricSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = m.type ?? '';
  if (!type) errs.push(fieldErr.required(`${path}.type`, 'must specify a metric source type'));
  if (!SOURCE_TYPES.includes(type)) errs.push(fieldErr.notSupported(`${path}.type`, type, SOURCE_TYPES));
  const present = (['object', 'external', 'pods', 'resource', 'containerResource'] as const).filter((k) => m[k]);
  const first = present[0];
  if (first === 'object') errs.push(...validateReference(m.object!.describedObject, `${path}.object.describedObject`), ...identifier(m.object!.metric, `${path}.object.metric`), ...targetErrs(m.object!.target, `${path}.object.target`), ...(m.object!.target?.value == null && m.object!.target?.averageValue == null ? [fieldErr.required(`${path}.object.target.averageValue`, 'must set either a target value or averageValue')] : []));
  if (first === 'external') {
    const t = m.external!.target;
    errs.push(...identifier(m.external!.metric, `${path}.external.metric`), ...targetErrs(t, `${path}.external.target`));
    if (t?.value == null && t?.averageValue == null) errs.push(fieldErr.required(`${path}.external.target.averageValue`, 'must set either a target value for metric or a per-pod target'));
    if (t?.value != null && t?.averageValue != null) errs.push(fieldErr.forbidden(`${path}.external.target.value`, 'may not set both a target value for metric and a per-pod target'));
  }
  if (first === 'pods') {
    errs.push(...identifier(m.pods!.metric, `${path}.pods.metric`), ...targetErrs(m.pods!.target, `${path}.pods.target`));
    if (m.pods!.target?.averageValue == null) errs.push(fieldErr.required(`${path}.pods.target.averageValue`, 'must specify a positive target averageValue'));
  }
  if (first === 'resource' || first === 'containerResource') {
    const src = (m.resource ?? m.containerResource)!;
    const at = `${path}.${first}`;
    if (!src.name) errs.push(fieldErr.required(`${at}.name`, 'must specify a resource name'));
    if (first === 'containerResource') {
      const c = m.containerResource!.container ?? '';
      if (!c) errs.push(fieldErr.required(`${at}.container`, 'must specify a container'));
      else for (const msg of dns1123Label(c)) errs.push(fieldErr.invalid(`${at}.container`, c, msg));
    }
    errs.push(...targetErrs(src.target, `${at}.target`));
    if (src.target?.averageUtilization == null && src.target?.averageValue == null) errs.push(fieldErr.required(`${at}.target.averageUtilization`, 'must set either a target raw value or a target utilization'));
    if (src.target?.averageUtilization != null && src.target?.averageValue != null) errs.push(fieldErr.forbidden(`${at}.target.averageValue`, 'may not set both a target raw value and a target utilization'));
  }
  const expected = SOURCE_FIELD[type];
  if (expected && !m[expected]) errs.push(fieldErr.required(`${path}.${expected}`, 'must populate information for the given metric source'));
  if (!expected && type) errs.push(fieldErr.notSupported(`${path}.type`, type, SOURCE_TYPES));
  if (present.length !== 1) for (const k of present) if (k !== expected) errs.push(fieldErr.forbidden(`${path}.${k}`, 'must populate the given metric source only'));
  return errs;
}

function identifier(id: { name?: string } | undefined, path: string): FieldError[] {
  const name = id?.name ?? '';
  if (!name) return [fieldErr.required(`${path}.name`, 'must specify a metric name')];
  return pathSegmentName(name).map((msg) => fieldErr.invalid(`${path}.name`, name, msg));
}

function targetErrs(t: MetricTarget | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = t?.type ?? '';
  if (!type) errs.push(fieldErr.required(`${path}.type`, 'must specify a metric target type'));
  if (!['Utilization', 'Value', 'AverageValue'].includes(type)) errs.push(fieldErr.invalid(`${path}.type`, type, 'must be either Utilization, Value, or AverageValue'));
  for (const key of ['value', 'averageValue'] as const) {
    const q = t?.[key];
    if (q != null && !((parseQuantity(q)?.nano ?? 0n) > 0n)) errs.push(fieldErr.invalid(`${path}.${key}`, q, 'must be positive'));
  }
  if (t?.averageUtilization != null && t.averageUtilization < 1) errs.push(fieldErr.invalid(`${path}.averageUtilization`, t.averageUtilization, 'must be greater than 0'));
  return errs;
}
