/** SetDefaults_Job and SetDefaults_CronJob of batch/v1 (1.32, JobPodReplacementPolicy on). */
import type { CronJob } from '../../../../../lib/api/batch/cronjob.ts';
import type { Job } from '../../../../../lib/api/batch/job.ts';
import { defaultPodTemplate } from '../pod/defaults.ts';

const MAX_INT32 = 2147483647;

export function defaultJob(job: Job): void {
  const spec = (job.spec ??= {});
  if (spec.completions == null && spec.parallelism == null) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  spec.parallelism ??= 1;
  spec.backoffLimit ??= spec.backoffLimitPerIndex != null ? MAX_INT32 : 6;
  // the Job's own labels come from the template when it has none
  const labels = spec.template?.metadata?.labels;
  if (labels && Object.keys(job.metadata.labels ?? {}).length === 0) job.metadata.labels = { ...labels };
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  for (const rule of spec.podFailurePolicy?.rules ?? []) for (const p of rule.onPodConditions ?? []) p.status ||= 'True';
  spec.podReplacementPolicy ??= spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed';
  defaultPodTemplate((spec.template ??= {}));
}

export function defaultCronJob(cj: CronJob): void {
  const spec = (cj.spec ??= {});
  spec.concurrencyPolicy ||= 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  const jt = (spec.jobTemplate ??= {});
  jt.metadata ??= {};
  if (!('creationTimestamp' in jt.metadata)) (jt.metadata as { creationTimestamp?: null }).creationTimestamp = null;
  defaultPodTemplate(((jt.spec ??= {}).template ??= {}));
}
