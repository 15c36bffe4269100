/**
 * When a CronJob should have started (Kubernetes' mostRecentScheduleTime): the latest activation
 * after its last schedule (or its creation), and no earlier than startingDeadlineSeconds ago, up
 * to now; how many were missed; and the next one. Walking a very long gap of a frequent schedule
 * (a CronJob idle for weeks) is cut short: past 10 000 activations the walk restarts a day before
 * now, which finds the same latest activation for any schedule more frequent than daily.
 */
import type { CronJob } from '../../../lib/api/batch/cronjob.ts';
import { nextAfter, type Schedule } from '../../../lib/cron/schedule.ts';

const MAX_WALK = 10_000;
const DAY_MS = 86_400_000;

export interface Missed {
  /** the latest activation at or before now (ms) */
  at: number;
  /** how many activations were passed since the earliest time */
  count: number;
}

export function earliestTime(cj: CronJob, now: number): number {
  let earliest = Date.parse(cj.status?.lastScheduleTime ?? cj.metadata.creationTimestamp ?? '');
  if (Number.isNaN(earliest)) earliest = now;
  const deadline = cj.spec?.startingDeadlineSeconds;
  if (deadline != null) earliest = Math.max(earliest, now - deadline * 1000);
  return earliest;
}

export function mostRecentScheduleTime(cj: CronJob, s: Schedule, tz: string | undefined, now: number): Missed | undefined {
  let from = earliestTime(cj, now);
  let last: number | undefined;
  let count = 0;
  for (let walked = 0; ; walked++) {
    if (walked === MAX_WALK) {
      from = Math.max(from, now - DAY_MS);
      walked = -Infinity; // once
    }
    const t = nextAfter(s, from, tz);
    if (t === undefined || t > now) break;
    last = t;
    count++;
    from = t;
  }
  return last === undefined ? undefined : { at: last, count };
}
