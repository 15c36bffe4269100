/**
 * CronJob controller (Kubernetes' cronjob_controllerv2): makes a Job at each scheduled time.
 *
 * Keys are CronJobs. A Job change maps to its controlling CronJob; a Job gone, to the CronJobs of
 * its namespace that list it as active.
 *
 * One sync: bring status.active up to date with the Jobs the CronJob controls (finished ones
 * leave it, lastSuccessfulTime follows the completions), delete the finished Jobs beyond the
 * history limits, then, unless suspended, find the latest scheduled time not yet run
 * (schedule.ts): too late for startingDeadlineSeconds → MissSchedule; a Job still active and
 * concurrencyPolicy Forbid → JobAlreadyActive; Replace → the active Jobs are deleted first; then
 * the Job `<name>-<minutes>` is created and lastScheduleTime set.
 *
 * The clock: each sync asks to be woken at the next scheduled time with a delayed queue message
 * (at most 12 hours ahead, the queue's limit: a far schedule takes several hops). The cron resync
 * (every 5 minutes in the root, and for tenants written since the last cron run) catches a lost
 * message; a tenant nobody writes to relies on the delayed messages alone.
 */
import type { CronJob, CronJobStatus } from '../../../lib/api/batch/cronjob.ts';
import type { Job } from '../../../lib/api/batch/job.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { CronError, nextAfter, parseSchedule, validTimeZone, type Schedule } from '../../../lib/cron/schedule.ts';
import { keyOf, splitKey, type Controller, type ControllerContext } from '../framework/controller.ts';
import { JOBS, CRONJOBS } from '../job/resources.ts';
import { rfc3339 } from '../job/conditions.ts';
import { sameJson } from '../../../lib/json/canonical.ts';
import { controllerOf } from '../replicaset/ownership.ts';
import { emit } from '../replicaset/manage.ts';
import { requeueAt } from '../replicaset/requeue.ts';
import { jobsBeyondHistory } from './history.ts';
import { finishedAs, jobFromCronJob, jobName, jobRef } from './jobs.ts';
import { mostRecentScheduleTime } from './schedule.ts';

export const CRONJOB_CONTROLLER = 'cronjob-controller';
/** the queue's longest delay */
const MAX_DELAY_MS = 12 * 3600_000;
/** Kubernetes wakes 100 ms after the scheduled time */
const NEXT_SCHEDULE_DELTA_MS = 100;
const TOO_MANY_MISSED = 100;

const isCronJobRef = (ref: { apiVersion: string; kind: string } | undefined) => ref?.kind === 'CronJob' && ref.apiVersion.startsWith('batch/');

type Event = [type: 'Normal' | 'Warning', reason: string, message: string];

/** Go's time.RFC1123Z of a UTC time: `Mon, 02 Jan 2006 15:04:05 +0000`. */
const rfc1123z = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000');

export const cronJobController: Controller = {
  name: CRONJOB_CONTROLLER,
  resyncMinutes: 5,

  async keysFor(change, ctx) {
    if (change.group !== 'batch' || !change.namespace) return [];
    if (change.resource === 'cronjobs') return [`${change.namespace}/${change.name}`];
    if (change.resource !== 'jobs') return [];
    const job = change.type === 'DELETED' ? undefined : await ctx.shared.get<Job>(JOBS, change.namespace, change.name);
    if (job) {
      const ref = controllerOf(job);
      return isCronJobRef(ref) ? [`${change.namespace}/${ref!.name}`] : [];
    }
    const cjs = (await ctx.shared.list<CronJob>(CRONJOBS, { namespace: change.namespace })).items;
    return cjs.filter((cj) => cj.status?.active?.some((a) => a.name === change.name)).map(keyOf);
  },

  async resync(ctx) {
    return (await ctx.api.list<CronJob>(CRONJOBS)).items.map(keyOf);
  },

  async reconcile(key, ctx) {
    const [namespace, name] = splitKey(key);
    const cj = await ctx.shared.get<CronJob>(CRONJOBS, namespace, name);
    if (!cj || cj.metadata.deletionTimestamp) return;
    const events: Event[] = [];
    const now = ctx.now().getTime();
    const jobs = (await ctx.shared.list<Job>(JOBS, { namespace })).items.filter((j) => controllerOf(j)?.uid === cj.metadata.uid);
    const status: CronJobStatus = structuredClone(cj.status ?? {});
    trackActive(status, jobs, events);

    for (const j of jobsBeyondHistory(cj, jobs)) if (await deleteJob(ctx, j)) events.push(['Normal', 'SuccessfulDelete', `Deleted job ${j.metadata.name}`]);

    const next = await schedule(ctx, cj, status, jobs, now, events);
    if (!sameJson(status, cj.status ?? {})) await ctx.api.update(CRONJOBS, { ...cj, status }, 'status');
    for (const [type, reason, message] of events) await emit(type === 'Normal' ? ctx.events.normal(cj as KubeObject, reason, message) : ctx.events.warning(cj as KubeObject, reason, message));
    if (next !== undefined) await requeueAt(ctx, key, Math.min(next + NEXT_SCHEDULE_DELTA_MS, now + MAX_DELAY_MS));
  },
};

/** status.active: finished Jobs leave it, running ones it forgot join it, missing ones go. */
function trackActive(status: CronJobStatus, jobs: Job[], events: Event[]): void {
  const byUid = new Map(jobs.map((j) => [j.metadata.uid, j]));
  const active = status.active ?? [];
  const kept = active.filter((a) => {
    const j = byUid.get(a.uid);
    if (!j) {
      events.push(['Normal', 'MissingJob', `Active job went missing: ${a.name}`]);
      return false;
    }
    const done = finishedAs(j);
    if (done) {
      events.push(['Normal', 'SawCompletedJob', `Saw completed job: ${j.metadata.name}, condition: ${done}`]);
      return false;
    }
    return true;
  });
  for (const j of jobs) {
    if (finishedAs(j) || kept.some((a) => a.uid === j.metadata.uid)) continue;
    kept.push(jobRef(j));
    events.push(['Warning', 'UnexpectedJob', `Saw a job that the controller did not create or forgot: ${j.metadata.name}`]);
  }
  for (const j of jobs) {
    const done = j.status?.completionTime;
    if (finishedAs(j) === 'Complete' && done && (!status.lastSuccessfulTime || Date.parse(done) > Date.parse(status.lastSuccessfulTime))) status.lastSuccessfulTime = done;
  }
  if (kept.length) status.active = kept;
  else delete status.active;
}

/** Starts the Job due now, if any; returns the next scheduled time (ms), or undefined when there is none to wait for. */
async function schedule(ctx: ControllerContext, cj: CronJob, status: CronJobStatus, jobs: Job[], now: number, events: Event[]): Promise<number | undefined> {
  if (cj.spec?.suspend) return undefined;
  const tz = cj.spec?.timeZone ?? undefined;
  if (tz != null && !validTimeZone(tz)) {
    events.push(['Warning', 'UnknownTimeZone', `invalid timeZone: ${JSON.stringify(tz)}: unknown time zone ${tz}`]);
    return undefined;
  }
  let s: Schedule;
  try {
    s = parseSchedule(cj.spec?.schedule ?? '');
  } catch (e) {
    if (!(e instanceof CronError)) throw e;
    events.push(['Warning', 'UnparseableSchedule', `unparseable schedule: ${JSON.stringify(cj.spec?.schedule ?? '')} : ${e.message}`]);
    return undefined;
  }
  const next = nextAfter(s, now, tz);
  const missed = mostRecentScheduleTime({ ...cj, status }, s, tz, now);
  if (!missed) return next;
  if (missed.count > TOO_MANY_MISSED)
    events.push(['Warning', 'TooManyMissedTimes', `too many missed start times: ${missed.count}. Set or decrease .spec.startingDeadlineSeconds or check clock skew`]);
  const scheduled = missed.at;
  const deadline = cj.spec?.startingDeadlineSeconds;
  if (deadline != null && scheduled + deadline * 1000 < now) {
    events.push(['Normal', 'MissSchedule', `Missed scheduled time to start a job: ${rfc1123z(scheduled)}`]);
    return next;
  }
  const name = jobName(cj, scheduled);
  if (status.active?.some((a) => a.name === name) || (status.lastScheduleTime && Date.parse(status.lastScheduleTime) === scheduled)) return next;
  const policy = cj.spec?.concurrencyPolicy ?? 'Allow';
  if (policy === 'Forbid' && status.active?.length) {
    events.push(['Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid']);
    return next;
  }
  if (policy === 'Replace') {
    for (const a of status.active ?? []) {
      const j = jobs.find((x) => x.metadata.uid === a.uid);
      if (j && (await deleteJob(ctx, j))) events.push(['Normal', 'SuccessfulDelete', `Deleted job ${j.metadata.name}`]);
    }
    delete status.active;
  }
  let created: Job;
  try {
    created = await ctx.api.create<Job>(JOBS, cj.metadata.namespace, jobFromCronJob(cj, scheduled));
    events.push(['Normal', 'SuccessfulCreate', `Created job ${created.metadata.name}`]);
  } catch (e) {
    if (e instanceof ApiError && e.code === 409) {
      // made already (by an earlier sync whose status write was lost): record it if it is ours
      const existing = await ctx.api.get<Job>(JOBS, cj.metadata.namespace, name);
      if (!existing || controllerOf(existing)?.uid !== cj.metadata.uid) return next;
      created = existing;
    } else {
      events.push(['Warning', 'FailedCreate', `Error creating job: ${e instanceof ApiError ? (e.status?.message ?? e.message) : String(e)}`]);
      return next;
    }
  }
  if (!finishedAs(created) && !status.active?.some((a) => a.uid === created.metadata.uid)) (status.active ??= []).push(jobRef(created));
  status.lastScheduleTime = rfc3339(new Date(scheduled));
  return next;
}

/** Background propagation, conditional on the uid; false when it was already gone. */
async function deleteJob(ctx: ControllerContext, j: Job): Promise<boolean> {
  try {
    return await ctx.api.delete(JOBS, j.metadata.namespace, j.metadata.name!, { propagationPolicy: 'Background', preconditions: { uid: j.metadata.uid } });
  } catch (e) {
    if (e instanceof ApiError && e.code === 409) return false;
    throw e;
  }
}
