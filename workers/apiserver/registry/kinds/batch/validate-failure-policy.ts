/** validatePodFailurePolicy of Kubernetes 1.32: rules, actions, exit codes and pod conditions. */
import type { JobSpec, PodFailurePolicyRule } from '../../../../../lib/api/batch/job.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';

const MAX_RULES = 20;
const MAX_EXIT_CODES = 255;
const ACTIONS = ['Count', 'FailIndex', 'FailJob', 'Ignore'];

const invalidNoValue = (field: string, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, body: `Invalid value: ${detail}` });

export function validatePodFailurePolicy(spec: JobSpec, at: string): FieldError[] {
  const rules = spec.podFailurePolicy?.rules ?? [];
  const errs: FieldError[] = [];
  if (rules.length > MAX_RULES) errs.push(fieldErr.tooMany(`${at}.rules`, rules.length, MAX_RULES));
  const names = new Set([...(spec.template?.spec?.containers ?? []), ...(spec.template?.spec?.initContainers ?? [])].map((c) => c.name));
  rules.forEach((rule, i) => errs.push(...validateRule(spec, rule, `${at}.rules[${i}]`, names)));
  return errs;
}

function validateRule(spec: JobSpec, rule: PodFailurePolicyRule, at: string, names: Set<string | undefined>): FieldError[] {
  const errs: FieldError[] = [];
  const action = rule.action ?? '';
  if (action === '') errs.push(fieldErr.required(`${at}.action`, `valid values: ["${ACTIONS.join('" "')}"]`));
  else if (action === 'FailIndex') {
    if (spec.backoffLimitPerIndex == null) errs.push(fieldErr.invalid(`${at}.action`, action, 'requires the backoffLimitPerIndex to be set'));
  } else if (!ACTIONS.includes(action)) errs.push(fieldErr.notSupported(`${at}.action`, action, ACTIONS));
  const codes = rule.onExitCodes;
  if (codes) {
    const p = `${at}.onExitCodes`;
    if (codes.containerName != null && !names.has(codes.containerName))
      errs.push(fieldErr.invalid(`${p}.containerName`, codes.containerName, 'must be one of the container or initContainer names in the pod template'));
    if (codes.operator !== 'In' && codes.operator !== 'NotIn') errs.push(fieldErr.notSupported(`${p}.operator`, codes.operator ?? '', ['In', 'NotIn']));
    const values = codes.values ?? [];
    if (values.length === 0 || values.length > MAX_EXIT_CODES) errs.push(fieldErr.invalid(`${p}.values`, values, `at least one value is required, at most ${MAX_EXIT_CODES} are allowed`));
    else {
      const seen = new Set<number>();
      values.forEach((v, i) => {
        if (seen.has(v)) errs.push(fieldErr.duplicate(`${p}.values[${i}]`, v));
        seen.add(v);
        if (codes.operator === 'In' && v === 0) errs.push(fieldErr.invalid(`${p}.values[${i}]`, v, 'must not be 0 for the In operator'));
        if (i > 0 && values[i - 1] > v) errs.push(fieldErr.invalid(`${p}.values[${i}]`, v, 'must be ordered'));
      });
    }
  }
  const conds = rule.onPodConditions ?? [];
  conds.forEach((c, i) => {
    const p = `${at}.onPodConditions[${i}]`;
    if (!c.type) errs.push(fieldErr.required(`${p}.type`));
    if (c.status !== 'True' && c.status !== 'False' && c.status !== 'Unknown') errs.push(fieldErr.notSupported(`${p}.status`, c.status ?? '', ['False', 'True', 'Unknown']));
  });
  if (codes && conds.length > 0) errs.push(invalidNoValue(at, 'specifying both OnExitCodes and OnPodConditions is not supported'));
  if (!codes && conds.length === 0) errs.push(invalidNoValue(at, 'specifying one of OnExitCodes and OnPodConditions is required'));
  return errs;
}
