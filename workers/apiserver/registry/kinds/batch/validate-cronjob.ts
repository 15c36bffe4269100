/** ValidateCronJobCreate / validateCronJobSpec of Kubernetes 1.32, with its messages (and robfig/cron's). */
import type { CronJob, CronJobSpec } from '../../../../../lib/api/batch/cronjob.ts';
import type { JobTemplateSpec } from '../../../../../lib/api/batch/job.ts';
import { CronError, parseSchedule, validTimeZone } from '../../../../../lib/cron/schedule.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { validateAnnotations, validateLabels } from '../../validation.ts';
import { goLabelSelector } from '../apps/selector.ts';
import { nonNegative } from '../pod/messages.ts';
import { validateJobSpecCommon } from './validate-job.ts';

/** Job names are `<cronjob>-<11 characters>` and at most 63 long. */
const MAX_NAME = 63 - 11;
const TZ_CHARACTERS = /^[A-Za-z.\-_0-9+]{1,14}$/;

export function validateCronJobCreate(cj: CronJob): FieldError[] {
  const errs = validateCronJobSpec(cj.spec, undefined);
  const name = cj.metadata.name ?? '';
  if (name.length > MAX_NAME) errs.push(fieldErr.invalid('metadata.name', name, `must be no more than ${MAX_NAME} characters`));
  return errs;
}

export function validateCronJobSpec(spec: CronJobSpec | undefined, old: CronJobSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  if (!s.schedule) errs.push(fieldErr.required('spec.schedule'));
  else errs.push(...validateSchedule(s.schedule, (old?.schedule ?? '').includes('TZ'), s.timeZone));
  if (s.startingDeadlineSeconds != null) errs.push(...nonNegative(s.startingDeadlineSeconds, 'spec.startingDeadlineSeconds'));
  if (!old || old.timeZone !== s.timeZone) errs.push(...validateTimeZone(s.timeZone));
  const policy = s.concurrencyPolicy ?? '';
  if (policy === '') errs.push(fieldErr.required('spec.concurrencyPolicy'));
  else if (!['Allow', 'Forbid', 'Replace'].includes(policy)) errs.push(fieldErr.notSupported('spec.concurrencyPolicy', policy, ['Allow', 'Forbid', 'Replace']));
  errs.push(...validateJobTemplateSpec(s.jobTemplate, 'spec.jobTemplate'));
  if (s.successfulJobsHistoryLimit != null) errs.push(...nonNegative(s.successfulJobsHistoryLimit, 'spec.successfulJobsHistoryLimit'));
  if (s.failedJobsHistoryLimit != null) errs.push(...nonNegative(s.failedJobsHistoryLimit, 'spec.failedJobsHistoryLimit'));
  return errs;
}

function validateSchedule(schedule: string, allowTZ: boolean, timeZone: string | undefined): FieldError[] {
  const errs: FieldError[] = [];
  try {
    parseSchedule(schedule);
  } catch (e) {
    if (!(e instanceof CronError)) throw e;
    errs.push(fieldErr.invalid('spec.schedule', schedule, e.message));
  }
  if (allowTZ && schedule.includes('TZ') && timeZone != null) errs.push(fieldErr.invalid('spec.schedule', schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  else if (!allowTZ && schedule.includes('TZ')) errs.push(fieldErr.invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  return errs;
}

function validateTimeZone(tz: string | undefined): FieldError[] {
  if (tz == null) return [];
  const at = 'spec.timeZone';
  if (tz === '') return [fieldErr.invalid(at, tz, 'timeZone must be nil or non-empty string')];
  for (const part of tz.split('/'))
    if (part === '.' || part === '..' || part.startsWith('-') || !TZ_CHARACTERS.test(part)) return [fieldErr.invalid(at, tz, `unknown time zone ${tz}`)];
  const errs: FieldError[] = [];
  if (tz.toLowerCase() === 'local') errs.push(fieldErr.invalid(at, tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  else if (!validTimeZone(tz)) errs.push(fieldErr.invalid(at, tz, `unknown time zone ${tz}`));
  return errs;
}

/** ValidateJobTemplateSpec: the Job rules, and no selector (it is generated for each Job). */
function validateJobTemplateSpec(jt: JobTemplateSpec | undefined, at: string): FieldError[] {
  const errs = validateJobSpecCommon(jt?.spec, `${at}.spec`);
  errs.push(...validateLabels(jt?.metadata?.labels, `${at}.metadata.labels`), ...validateAnnotations(jt?.metadata?.annotations, `${at}.metadata.annotations`));
  const sel = jt?.spec?.selector;
  if (sel) errs.push({ type: 'FieldValueInvalid', field: `${at}.spec.selector`, body: `Invalid value: ${goLabelSelector(sel)}: \`selector\` will be auto-generated` });
  if (jt?.spec?.manualSelector === true) errs.push(fieldErr.notSupported(`${at}.spec.manualSelector`, true, ['nil', 'false']));
  return errs;
}
