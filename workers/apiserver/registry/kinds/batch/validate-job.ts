/** ValidateJob / ValidateJobSpec / ValidateJobSpecUpdate of Kubernetes 1.32, in its order and with its messages. */
import type { Job, JobSpec } from '../../../../../lib/api/batch/job.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { fromLabelSelector, matches } from '../../../../../lib/selectors/label.ts';
import { immutable, validateLabelSelector } from '../../validation.ts';
import { nonNegative } from '../pod/messages.ts';
import { validatePodTemplate } from '../pod/validate-spec.ts';
import { validatePodFailurePolicy } from './validate-failure-policy.ts';
import { validateGeneratedSelector } from './selector.ts';

const MAX_PARALLELISM_FOR_INDEXED_JOB = 100_000;

/** validateJobSpec: what a Job and a CronJob's jobTemplate share. */
export function validateJobSpecCommon(spec: JobSpec | undefined, at: string): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  if (s.parallelism != null) errs.push(...nonNegative(s.parallelism, `${at}.parallelism`));
  if (s.completions != null) errs.push(...nonNegative(s.completions, `${at}.completions`));
  if (s.activeDeadlineSeconds != null) errs.push(...nonNegative(s.activeDeadlineSeconds, `${at}.activeDeadlineSeconds`));
  if (s.backoffLimit != null) errs.push(...nonNegative(s.backoffLimit, `${at}.backoffLimit`));
  if (s.ttlSecondsAfterFinished != null) errs.push(...nonNegative(s.ttlSecondsAfterFinished, `${at}.ttlSecondsAfterFinished`));
  if (s.backoffLimitPerIndex != null) {
    errs.push(...nonNegative(s.backoffLimitPerIndex, `${at}.backoffLimitPerIndex`));
    if (s.maxFailedIndexes != null) {
      errs.push(...nonNegative(s.maxFailedIndexes, `${at}.maxFailedIndexes`));
      if (s.completions != null && s.maxFailedIndexes > s.completions) errs.push(fieldErr.invalid(`${at}.maxFailedIndexes`, s.maxFailedIndexes, 'must be less than or equal to completions'));
    }
  }
  if (s.maxFailedIndexes != null && s.backoffLimitPerIndex == null) errs.push(fieldErr.required(`${at}.backoffLimitPerIndex`, 'when maxFailedIndexes is specified'));
  const mode = s.completionMode;
  if (mode != null) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed') errs.push(fieldErr.notSupported(`${at}.completionMode`, mode, ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') {
      if (s.completions == null) errs.push(fieldErr.required(`${at}.completions`, 'when completion mode is Indexed'));
      if (s.parallelism != null && s.parallelism > MAX_PARALLELISM_FOR_INDEXED_JOB)
        errs.push(fieldErr.invalid(`${at}.parallelism`, s.parallelism, `must be less than or equal to ${MAX_PARALLELISM_FOR_INDEXED_JOB} when completion mode is Indexed`));
    }
  }
  if (s.backoffLimitPerIndex != null && mode !== 'Indexed') errs.push(fieldErr.invalid(`${at}.backoffLimitPerIndex`, s.backoffLimitPerIndex, 'requires indexed completion mode'));
  if (s.podFailurePolicy) errs.push(...validatePodFailurePolicy(s, `${at}.podFailurePolicy`));
  errs.push(...validatePodReplacementPolicy(s, `${at}.podReplacementPolicy`));
  errs.push(...validatePodTemplate(s.template, `${at}.template`));
  errs.push(...validateRestartPolicy(s, `${at}.template.spec.restartPolicy`));
  return errs;
}

function validatePodReplacementPolicy(s: JobSpec, at: string): FieldError[] {
  const p = s.podReplacementPolicy;
  if (p == null) return [];
  if (s.podFailurePolicy) return p === 'Failed' ? [] : [fieldErr.notSupported(at, p, ['Failed'])];
  return p === 'TerminatingOrFailed' || p === 'Failed' ? [] : [fieldErr.notSupported(at, p, ['TerminatingOrFailed', 'Failed'])];
}

/** Always (the pod default) or empty is "required"; anything else but OnFailure/Never unsupported. */
function validateRestartPolicy(s: JobSpec, at: string): FieldError[] {
  const p = s.template?.spec?.restartPolicy ?? '';
  if (p === 'Always' || p === '') return [fieldErr.required(at, 'valid values: ["OnFailure" "Never"]')];
  if (p !== 'OnFailure' && p !== 'Never') return [fieldErr.notSupported(at, p, ['OnFailure', 'Never'])];
  if (s.podFailurePolicy && p !== 'Never') return [fieldErr.invalid(at, p, 'only "Never" is supported when podFailurePolicy is specified')];
  return [];
}

/** ValidateJobSpec: the common rules, then the selector (required, valid, matching the template). */
export function validateJobSpec(spec: JobSpec | undefined): FieldError[] {
  const errs = validateJobSpecCommon(spec, 'spec');
  const sel = spec?.selector;
  if (!sel) errs.push(fieldErr.required('spec.selector'));
  else errs.push(...validateLabelSelector(sel, 'spec.selector'));
  try {
    const labels = spec?.template?.metadata?.labels;
    if (sel && !matches(fromLabelSelector(sel), labels)) errs.push(fieldErr.invalid('spec.template.metadata.labels', labels ?? {}, '`selector` does not match template `labels`'));
  } catch {
    // unparsable: reported above
  }
  return errs;
}

export const validateJob = (job: Job): FieldError[] => [...validateGeneratedSelector(job), ...validateJobSpec(job.spec)];

/** What a suspended Job that never started may change in its template (mutable scheduling directives). */
function withoutSchedulingDirectives(t: JobSpec['template']): unknown {
  if (!t) return t;
  const out = structuredClone(t);
  if (out.metadata) out.metadata = { ...out.metadata, labels: undefined, annotations: undefined };
  if (out.spec) for (const k of ['nodeSelector', 'tolerations', 'affinity', 'schedulingGates'] as const) delete out.spec[k];
  return out;
}

export function validateJobUpdate(job: Job, old: Job): FieldError[] {
  const s = job.spec ?? {};
  const o = old.spec ?? {};
  const errs: FieldError[] = [];
  const elastic = s.completionMode === 'Indexed' && o.completionMode === 'Indexed' && s.completions === s.parallelism && o.completions === o.parallelism;
  if (!elastic) errs.push(...immutable('spec.completions', s.completions, o.completions));
  errs.push(...immutable('spec.selector', s.selector, o.selector));
  const mutableScheduling = o.suspend === true && !old.status?.startTime;
  if (mutableScheduling) errs.push(...immutable('spec.template', withoutSchedulingDirectives(s.template), withoutSchedulingDirectives(o.template)));
  else errs.push(...immutable('spec.template', s.template, o.template));
  errs.push(...immutable('spec.completionMode', s.completionMode, o.completionMode));
  errs.push(...immutable('spec.podFailurePolicy', s.podFailurePolicy, o.podFailurePolicy));
  errs.push(...immutable('spec.backoffLimitPerIndex', s.backoffLimitPerIndex, o.backoffLimitPerIndex));
  errs.push(...immutable('spec.successPolicy', s.successPolicy, o.successPolicy));
  errs.push(...immutable('spec.managedBy', s.managedBy, o.managedBy));
  return errs;
}
