/**
 * The Job a CronJob makes for a scheduled time (getJobFromTemplate2): named
 * `<cronjob>-<scheduled minutes since the epoch>` so a time is never run twice, the template's
 * labels and annotations plus the scheduled time (RFC 3339 in the CronJob's zone), controlled by
 * the CronJob.
 */
import type { CronJob } from '../../../lib/api/batch/cronjob.ts';
import type { Job } from '../../../lib/api/batch/job.ts';
import { CRONJOB_SCHEDULED_TIMESTAMP } from '../../../lib/api/batch/labels.ts';
import type { ObjectReference } from '../../../lib/api/core/refs.ts';
import { rfc3339In } from '../../../lib/cron/schedule.ts';
import { controllerRef } from '../replicaset/ownership.ts';

export const jobName = (cj: CronJob, scheduled: number) => `${cj.metadata.name}-${Math.floor(scheduled / 60_000)}`;

export function jobFromCronJob(cj: CronJob, scheduled: number): Job {
  const t = cj.spec?.jobTemplate ?? {};
  const annotations = { ...(t.metadata?.annotations ?? {}), [CRONJOB_SCHEDULED_TIMESTAMP]: rfc3339In(scheduled, cj.spec?.timeZone) };
  const metadata: Job['metadata'] = { name: jobName(cj, scheduled), namespace: cj.metadata.namespace, annotations, ownerReferences: [controllerRef(cj)] };
  if (t.metadata?.labels && Object.keys(t.metadata.labels).length) metadata.labels = { ...t.metadata.labels };
  return { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: structuredClone(t.spec ?? {}) };
}

/** The reference status.active holds (ref.GetReference). */
export const jobRef = (job: Job): ObjectReference => ({
  kind: 'Job',
  namespace: job.metadata.namespace,
  name: job.metadata.name,
  uid: job.metadata.uid,
  apiVersion: 'batch/v1',
  resourceVersion: job.metadata.resourceVersion,
});

/** Complete or Failed, and which. */
export function finishedAs(job: Job): 'Complete' | 'Failed' | undefined {
  for (const c of job.status?.conditions ?? []) if ((c.type === 'Complete' || c.type === 'Failed') && c.status === 'True') return c.type;
  return undefined;
}
