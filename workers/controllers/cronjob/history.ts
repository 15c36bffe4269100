/** Which finished Jobs of a CronJob to delete: the oldest beyond successfulJobsHistoryLimit and failedJobsHistoryLimit. */
import type { CronJob } from '../../../lib/api/batch/cronjob.ts';
import type { Job } from '../../../lib/api/batch/job.ts';
import { finishedAs } from './jobs.ts';

const startOf = (j: Job) => j.status?.startTime ?? j.metadata.creationTimestamp ?? '';

export function jobsBeyondHistory(cj: CronJob, jobs: Job[]): Job[] {
  const out: Job[] = [];
  const limits: ['Complete' | 'Failed', number | undefined][] = [
    ['Complete', cj.spec?.successfulJobsHistoryLimit],
    ['Failed', cj.spec?.failedJobsHistoryLimit],
  ];
  for (const [kind, limit] of limits) {
    if (limit == null) continue;
    const done = jobs.filter((j) => finishedAs(j) === kind && !j.metadata.deletionTimestamp).sort((a, b) => startOf(a).localeCompare(startOf(b)));
    out.push(...done.slice(0, Math.max(0, done.length - limit)));
  }
  return out;
}
