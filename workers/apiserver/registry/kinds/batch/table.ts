/** The Job and CronJob Table rows of kubectl 1.32's printers (printers.md §2.6, §2.7). */
import type { CronJob } from '../../../../../lib/api/batch/cronjob.ts';
import type { Job } from '../../../../../lib/api/batch/job.ts';
import { age, ageColumn, column, formatSelector, humanDuration, nameColumn } from '../../printing.ts';
import type { TableColumn } from '../../types.ts';
import { containerCells, containerColumns } from '../apps/template.ts';

export const jobColumns: TableColumn[] = [
  nameColumn,
  column('Status', 'string', 'Status of the job.'),
  column('Completions', 'string', 'The completion status of the job.'),
  column('Duration', 'string', 'Time required to complete the job.'),
  ageColumn,
  ...containerColumns,
  column('Selector', 'string', 'A label query over pods that should match the pod count.', 1),
];

/** The first condition of each type decides, in the printer's order. */
function jobStatusCell(job: Job): string {
  const first = (type: string) => job.status?.conditions?.find((c) => c.type === type)?.status === 'True';
  if (first('Complete')) return 'Complete';
  if (first('Failed')) return 'Failed';
  if (job.metadata.deletionTimestamp) return 'Terminating';
  if (first('Suspended')) return 'Suspended';
  if (first('FailureTarget')) return 'FailureTarget';
  return 'Running';
}

function completionsCell(job: Job): string {
  const succeeded = job.status?.succeeded ?? 0;
  if (job.spec?.completions != null) return `${succeeded}/${job.spec.completions}`;
  const parallelism = job.spec?.parallelism ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

function durationCell(job: Job, now: number): string {
  const start = job.status?.startTime ? Date.parse(job.status.startTime) : NaN;
  if (Number.isNaN(start)) return '';
  const end = job.status?.completionTime ? Date.parse(job.status.completionTime) : now;
  return humanDuration(end - start);
}

export const jobCells = (job: Job, now: number): unknown[] => [
  job.metadata.name ?? '',
  jobStatusCell(job),
  completionsCell(job),
  durationCell(job, now),
  age(job.metadata.creationTimestamp, now),
  ...containerCells(job.spec?.template),
  formatSelector(job.spec?.selector),
];

export const cronJobColumns: TableColumn[] = [
  nameColumn,
  column('Schedule', 'string', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'),
  column('Timezone', 'string', 'The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones.'),
  column('Suspend', 'boolean', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.'),
  column('Active', 'integer', 'A list of pointers to currently running jobs.'),
  column('Last Schedule', 'string', 'Information when was the last time the job was successfully scheduled.'),
  ageColumn,
  ...containerColumns,
  column('Selector', 'string', 'A label query over pods that should match the pod count.', 1),
];

export const cronJobCells = (cj: CronJob, now: number): unknown[] => [
  cj.metadata.name ?? '',
  cj.spec?.schedule ?? '',
  cj.spec?.timeZone ?? '<none>',
  // the column says boolean, the printer writes a string
  cj.spec?.suspend == null ? '<unset>' : cj.spec.suspend ? 'True' : 'False',
  cj.status?.active?.length ?? 0,
  cj.status?.lastScheduleTime ? age(cj.status.lastScheduleTime, now) : '<none>',
  age(cj.metadata.creationTimestamp, now),
  ...containerCells(cj.spec?.jobTemplate?.spec?.template),
  formatSelector(cj.spec?.jobTemplate?.spec?.selector),
];
