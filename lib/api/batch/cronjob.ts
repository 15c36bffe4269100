/** batch/v1 CronJob: Jobs made on a schedule (field numbers of k8s.io/api/batch/v1 generated.proto). */
import * as v from 'valibot';
import { bool, int32, int64, list, message, obj, str, time } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';
import { objectReference, type ObjectReference } from '../core/refs.ts';
import type { Out } from '../core/pod.ts';
import { jobTemplateSpec, type JobTemplateSpec } from './job.ts';

export const cronJobSpec = message({
  schedule: str(1, { doc: 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.' }),
  timeZone: str(8, { ptr: true, doc: 'The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones.' }),
  startingDeadlineSeconds: int64(2, { ptr: true, doc: 'Optional deadline in seconds for starting the job if it misses scheduled time for any reason.' }),
  concurrencyPolicy: str(3, { doc: 'Specifies how to treat concurrent executions of a Job: "Allow" (default), "Forbid" or "Replace".' }),
  suspend: bool(4, { ptr: true, doc: 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions. Defaults to false.' }),
  jobTemplate: obj(5, jobTemplateSpec, { doc: 'Specifies the job that will be created when executing a CronJob.' }),
  successfulJobsHistoryLimit: int32(6, { ptr: true, doc: 'The number of successful finished jobs to retain. Value must be non-negative integer. Defaults to 3.' }),
  failedJobsHistoryLimit: int32(7, { ptr: true, doc: 'The number of failed finished jobs to retain. Value must be non-negative integer. Defaults to 1.' }),
});

export const cronJobStatus = message({
  active: list(1, objectReference, { listType: 'atomic', doc: 'A list of pointers to currently running jobs.' }),
  lastScheduleTime: time(4, { ptr: true, doc: 'Information when was the last time the job was successfully scheduled.' }),
  lastSuccessfulTime: time(5, { ptr: true, doc: 'Information when was the last time the job successfully completed.' }),
});

export const cronJobSchema = v.object({
  ...objectEntries,
  spec: obj(2, cronJobSpec, { doc: 'Specification of the desired behavior of a cron job, including the schedule.' }),
  status: obj(3, cronJobStatus, { doc: 'Current status of a cron job.' }),
});

export type CronJobSpec = Omit<Out<typeof cronJobSpec>, 'jobTemplate'> & { jobTemplate?: JobTemplateSpec };
export interface CronJobStatus {
  active?: ObjectReference[];
  lastScheduleTime?: string;
  lastSuccessfulTime?: string;
}

export interface CronJob extends KubeObject {
  spec?: CronJobSpec;
  status?: CronJobStatus;
}
