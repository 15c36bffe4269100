/**
 * A Job's generated selector (the Job strategy's generateSelector): unless manualSelector is true,
 * the pod template gets the job-name and controller-uid labels, both the `batch.kubernetes.io/`
 * ones and the legacy bare ones, and the selector matches the prefixed controller-uid only. Labels
 * the user set are left alone: a conflicting one is then refused by validation.
 */
import type { Job } from '../../../../../lib/api/batch/job.ts';
import { CONTROLLER_UID_LABEL, JOB_NAME_LABEL, LEGACY_CONTROLLER_UID_LABEL, LEGACY_JOB_NAME_LABEL } from '../../../../../lib/api/batch/labels.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { fromLabelSelector, matches } from '../../../../../lib/selectors/label.ts';
import { goLabelSelector } from '../apps/selector.ts';

export const manualSelector = (job: Job) => job.spec?.manualSelector === true;

export function generateSelector(job: Job): void {
  if (manualSelector(job)) return;
  const spec = (job.spec ??= {});
  const template = (spec.template ??= {});
  const labels = ((template.metadata ??= {}).labels ??= {});
  const name = job.metadata.name ?? '';
  const uid = job.metadata.uid ?? '';
  for (const k of [LEGACY_JOB_NAME_LABEL, JOB_NAME_LABEL]) labels[k] ??= name;
  for (const k of [LEGACY_CONTROLLER_UID_LABEL, CONTROLLER_UID_LABEL]) labels[k] ??= uid;
  const matchLabels = ((spec.selector ??= {}).matchLabels ??= {});
  matchLabels[CONTROLLER_UID_LABEL] ??= uid;
}

/** ValidateHasLabel: the template must carry `key=expected`. */
function hasLabel(labels: Record<string, string> | undefined, key: string, expected: string): FieldError[] {
  const at = `spec.template.metadata.labels[${key}]`;
  if (!labels || !(key in labels)) return [fieldErr.required(at, `must be '${expected}'`)];
  return labels[key] === expected ? [] : [fieldErr.invalid(at, labels, `must be '${expected}'`)];
}

/** ValidateGeneratedSelector: the generated labels are on the template and the selector matches them. */
export function validateGeneratedSelector(job: Job): FieldError[] {
  if (manualSelector(job) || !job.spec?.selector) return [];
  const errs: FieldError[] = [];
  const uid = job.metadata.uid ?? '';
  const name = job.metadata.name ?? '';
  if (!uid) errs.push(fieldErr.required('metadata.uid'));
  const labels = job.spec.template?.metadata?.labels;
  errs.push(...hasLabel(labels, LEGACY_CONTROLLER_UID_LABEL, uid), ...hasLabel(labels, LEGACY_JOB_NAME_LABEL, name));
  errs.push(...hasLabel(labels, CONTROLLER_UID_LABEL, uid), ...hasLabel(labels, JOB_NAME_LABEL, name));
  const expected = { [LEGACY_CONTROLLER_UID_LABEL]: uid, [LEGACY_JOB_NAME_LABEL]: name, [CONTROLLER_UID_LABEL]: uid, [JOB_NAME_LABEL]: name };
  try {
    if (!matches(fromLabelSelector(job.spec.selector), expected))
      errs.push({ type: 'FieldValueInvalid', field: 'spec.selector', body: `Invalid value: ${goLabelSelector(job.spec.selector)}: \`selector\` not auto-generated` });
  } catch {
    // an unparsable selector is reported by the spec's validation
  }
  return errs;
}
