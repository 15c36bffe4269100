import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CronJob, CronJobSpec } from '../../../lib/api/batch/cronjob.ts';
import type { Job } from '../../../lib/api/batch/job.ts';
import cronjobs from '../../apiserver/registry/kinds/batch/cronjobs.ts';
import { FakeApi, fakeContext } from '../framework/fake-api.test-support.ts';
import { cronJobController as c } from './controller.ts';

const NS = 'lecon10';
const T0 = Date.parse('2026-01-01T00:00:00Z');
const minutes = (iso: string) => Math.floor(Date.parse(iso) / 60_000);

function world(spec: CronJobSpec) {
  const api = new FakeApi();
  const ctx = fakeContext(api);
  const obj: CronJob = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'sauvegarde', namespace: NS },
    spec: { jobTemplate: { metadata: { labels: { app: 'sauvegarde' } }, spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox' }] } } } }, ...spec },
  };
  cronjobs.defaults!(obj);
  cronjobs.prepareForCreate!(obj);
  assert.deepEqual(cronjobs.validateCreate!(obj), []);
  api.put('cronjobs', obj);
  const cj = () => api.one<CronJob>('cronjobs', NS, 'sauvegarde')!;
  const jobs = () => api.all<Job>('jobs');
  const sync = () => c.reconcile(`${NS}/sauvegarde`, ctx);
  const at = (iso: string) => void (api.clock = new Date(iso));
  const complete = (name: string, type: 'Complete' | 'Failed', iso: string) => {
    const j = api.one<Job>('jobs', NS, name)!;
    api.put('jobs', { ...j, status: { ...j.status, startTime: iso, ...(type === 'Complete' ? { completionTime: iso } : {}), conditions: [{ type, status: 'True', lastTransitionTime: iso }] } });
  };
  return { api, ctx, cj, jobs, sync, at, complete };
}

test('fires at the scheduled time: Job <name>-<minutes> from the template, active, lastScheduleTime, and a wake-up for the next', async () => {
  const w = world({ schedule: '*/5 * * * *' });
  w.at('2026-01-01T00:03:00Z');
  await w.sync();
  assert.equal(w.jobs().length, 0);
  assert.deepEqual(w.ctx.requeued.at(-1), [`${NS}/sauvegarde`, 120.1]);
  w.at('2026-01-01T00:05:01Z');
  await w.sync();
  const [job] = w.jobs();
  assert.equal(job.metadata.name, `sauvegarde-${minutes('2026-01-01T00:05:00Z')}`);
  assert.deepEqual(job.metadata.labels, { app: 'sauvegarde' });
  assert.equal(job.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp'], '2026-01-01T00:05:00Z');
  assert.deepEqual(job.metadata.ownerReferences, [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'sauvegarde', uid: w.cj().metadata.uid, controller: true, blockOwnerDeletion: true }]);
  assert.equal(job.spec?.template?.spec?.restartPolicy, 'OnFailure');
  const s = w.cj().status!;
  assert.equal(s.lastScheduleTime, '2026-01-01T00:05:00Z');
  assert.deepEqual(s.active?.map((a) => [a.kind, a.name, a.uid, a.apiVersion]), [['Job', job.metadata.name, job.metadata.uid, 'batch/v1']]);
  assert.deepEqual(w.ctx.recorded, [`Normal SuccessfulCreate CronJob/sauvegarde: Created job ${job.metadata.name}`]);
  assert.deepEqual(w.ctx.requeued.at(-1), [`${NS}/sauvegarde`, 299.1]);
  await w.sync();
  assert.equal(w.jobs().length, 1, 'a scheduled time runs once');

  w.complete(job.metadata.name!, 'Complete', '2026-01-01T00:06:00Z');
  await w.sync();
  assert.equal(w.cj().status?.active, undefined);
  assert.equal(w.cj().status?.lastSuccessfulTime, '2026-01-01T00:06:00Z');
  assert.ok(w.ctx.recorded.includes(`Normal SawCompletedJob CronJob/sauvegarde: Saw completed job: ${job.metadata.name}, condition: Complete`));
});

test('concurrencyPolicy Forbid skips while a Job runs; Replace deletes it and starts the new one', async () => {
  const w = world({ schedule: '* * * * *', concurrencyPolicy: 'Forbid' });
  w.at('2026-01-01T00:01:00Z');
  await w.sync();
  w.at('2026-01-01T00:02:00Z');
  await w.sync();
  assert.equal(w.jobs().length, 1);
  assert.ok(w.ctx.recorded.includes('Normal JobAlreadyActive CronJob/sauvegarde: Not starting job because prior execution is running and concurrency policy is Forbid'));

  w.api.put('cronjobs', { ...w.cj(), spec: { ...w.cj().spec, concurrencyPolicy: 'Replace' } });
  await w.sync();
  const names = w.jobs().map((j) => j.metadata.name);
  assert.deepEqual(names, [`sauvegarde-${minutes('2026-01-01T00:02:00Z')}`]);
  assert.ok(w.ctx.recorded.includes(`Normal SuccessfulDelete CronJob/sauvegarde: Deleted job sauvegarde-${minutes('2026-01-01T00:01:00Z')}`));
});

test('startingDeadlineSeconds: a time missed by more is not run', async () => {
  const w = world({ schedule: '0 * * * *', startingDeadlineSeconds: 10 });
  w.at('2026-01-01T01:00:30Z');
  await w.sync();
  assert.equal(w.jobs().length, 0);
  // the deadline moves the earliest time: the missed hour is out of the window, nothing is due
  assert.deepEqual(w.ctx.recorded, []);
  w.api.put('cronjobs', { ...w.cj(), spec: { ...w.cj().spec, startingDeadlineSeconds: 60 } });
  await w.sync();
  assert.equal(w.jobs().length, 1, 'within a 60 s deadline it runs');
});

test('history limits: the oldest finished Jobs beyond them are deleted', async () => {
  const w = world({ schedule: '* * * * *', successfulJobsHistoryLimit: 1, failedJobsHistoryLimit: 0 });
  for (const m of [1, 2, 3]) {
    w.at(`2026-01-01T00:0${m}:00Z`);
    await w.sync();
    const name = `sauvegarde-${minutes(`2026-01-01T00:0${m}:00Z`)}`;
    w.complete(name, m === 3 ? 'Failed' : 'Complete', `2026-01-01T00:0${m}:30Z`);
  }
  await w.sync();
  assert.deepEqual(w.jobs().map((j) => j.metadata.name), [`sauvegarde-${minutes('2026-01-01T00:02:00Z')}`]);
});

test('timeZone: the schedule reads the zone wall clock; suspend makes nothing and asks for no wake-up', async () => {
  const w = world({ schedule: '0 9 * * *', timeZone: 'Europe/Paris' });
  w.at('2026-01-01T08:00:05Z');
  await w.sync();
  assert.equal(w.jobs()[0]?.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp'], '2026-01-01T09:00:00+01:00');
  assert.equal(w.cj().status?.lastScheduleTime, '2026-01-01T08:00:00Z');

  const s = world({ schedule: '* * * * *', suspend: true });
  s.at(new Date(T0 + 3600_000).toISOString());
  await s.sync();
  assert.equal(s.jobs().length, 0);
  assert.deepEqual(s.ctx.requeued, []);
});
