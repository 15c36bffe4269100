import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CronJob } from '../../../../../lib/api/batch/cronjob.ts';
import type { Job } from '../../../../../lib/api/batch/job.ts';
import cronjobs from './cronjobs.ts';
import jobs from './jobs.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const errs = (list: { field: string; body: string }[]) => list.map((e) => `${e.field}: ${e.body}`);

function newJob(spec: Job['spec'] = {}, uid = 'u-1'): Job {
  const job: Job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', namespace: 'default', uid }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl' }] } }, ...spec } };
  jobs.defaults!(job);
  jobs.prepareForCreate!(job);
  return job;
}

test('Job defaults and the generated selector and labels', () => {
  const job = newJob();
  assert.deepEqual(
    { completions: job.spec?.completions, parallelism: job.spec?.parallelism, backoffLimit: job.spec?.backoffLimit, completionMode: job.spec?.completionMode, suspend: job.spec?.suspend, podReplacementPolicy: job.spec?.podReplacementPolicy },
    { completions: 1, parallelism: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, podReplacementPolicy: 'TerminatingOrFailed' },
  );
  assert.deepEqual(job.spec?.selector, { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u-1' } });
  const labels = { 'batch.kubernetes.io/controller-uid': 'u-1', 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': 'u-1', 'job-name': 'pi' };
  assert.deepEqual(job.spec?.template?.metadata?.labels, labels);
  assert.deepEqual(job.metadata.labels, labels);
  assert.deepEqual(job.status, {});
  assert.deepEqual(jobs.validate!(job), []);
  assert.equal(newJob({ parallelism: 3 }).spec?.completions, undefined, 'a work queue keeps completions unset');
  assert.equal(newJob({ podFailurePolicy: { rules: [] } }).spec?.podReplacementPolicy, 'Failed');
});

test('Job validation: restartPolicy, manual selectors, Indexed, podFailurePolicy, immutability', () => {
  const always = newJob({ template: { spec: { containers: [{ name: 'pi', image: 'perl' }] } } });
  assert.deepEqual(errs(jobs.validate!(always)), ['spec.template.spec.restartPolicy: Required value: valid values: ["OnFailure" "Never"]']);
  const manual = newJob({ manualSelector: true, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'y' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image: 'perl' }] } } });
  assert.deepEqual(errs(jobs.validate!(manual)), ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"y"}: `selector` does not match template `labels`']);
  const indexed = newJob({ completionMode: 'Indexed', parallelism: 2, completions: undefined });
  assert.deepEqual(errs(jobs.validate!(indexed)), ['spec.completions: Required value: when completion mode is Indexed']);
  const pfp = newJob({ podFailurePolicy: { rules: [{ action: 'Explode', onExitCodes: { operator: 'In', values: [0] } }] }, template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'pi', image: 'perl' }] } } });
  assert.deepEqual(errs(jobs.validate!(pfp)), [
    'spec.podFailurePolicy.rules[0].action: Unsupported value: "Explode": supported values: "Count", "FailIndex", "FailJob", "Ignore"',
    'spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator',
    'spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified',
  ]);
  assert.deepEqual(errs(jobs.validate!(newJob({ backoffLimit: -1 }))), ['spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0']);
  const old = newJob();
  const changed = structuredClone(old);
  changed.spec!.completions = 2;
  assert.deepEqual(errs(jobs.validateUpdate!(changed, old)), ['spec.completions: Invalid value: 2: field is immutable']);
  const resumed = structuredClone(old);
  resumed.spec!.suspend = true;
  assert.deepEqual(jobs.validateUpdate!(resumed, old), [], 'suspend may change');
});

test('Job table: Status, Completions, Duration as kubectl 1.32 prints them', () => {
  const job = newJob();
  const cells = (j: Job) => jobs.table!.cells(j, NOW).slice(0, 5);
  job.metadata.creationTimestamp = '2026-01-01T11:00:00Z';
  assert.deepEqual(cells(job), ['pi', 'Running', '0/1', '', '60m']);
  job.status = { startTime: '2026-01-01T11:00:00Z', completionTime: '2026-01-01T11:00:42Z', succeeded: 1, conditions: [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True' }] };
  assert.deepEqual(cells(job), ['pi', 'Complete', '1/1', '42s', '60m']);
  const queue = newJob({ parallelism: 3, completions: undefined });
  queue.status = { startTime: '2026-01-01T11:58:00Z', conditions: [{ type: 'FailureTarget', status: 'True' }] };
  assert.deepEqual(jobs.table!.cells(queue, NOW).slice(1, 4), ['FailureTarget', '0/1 of 3', '2m']);
  assert.deepEqual(jobs.table!.columns.slice(0, 5).map((c) => c.name), ['Name', 'Status', 'Completions', 'Duration', 'Age']);
});

function newCronJob(spec: CronJob['spec'], name = 'hello'): CronJob {
  const cj: CronJob = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name, namespace: 'default', creationTimestamp: '2026-01-01T11:00:00Z' }, spec };
  cronjobs.defaults!(cj);
  cronjobs.prepareForCreate!(cj);
  return cj;
}
const template = { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox' }] } } } };

test('CronJob defaults, validation texts and table', () => {
  const cj = newCronJob({ schedule: '*/1 * * * *', jobTemplate: template });
  assert.deepEqual([cj.spec?.concurrencyPolicy, cj.spec?.suspend, cj.spec?.successfulJobsHistoryLimit, cj.spec?.failedJobsHistoryLimit], ['Allow', false, 3, 1]);
  assert.equal(cj.spec?.jobTemplate?.spec?.backoffLimit, undefined, 'the Job template gets no Job defaults');
  assert.deepEqual(cronjobs.validateCreate!(cj), []);
  const bad = newCronJob({ schedule: 'TZ=UTC 61 * * * *', timeZone: 'Mars/Base', concurrencyPolicy: 'Sometimes', jobTemplate: { spec: { ...template.spec, selector: { matchLabels: { a: 'b' } } } } }, 'x'.repeat(53));
  assert.deepEqual(errs(cronjobs.validateCreate!(bad)), [
    'spec.schedule: Invalid value: "TZ=UTC 61 * * * *": end of range (61) above maximum (59): 61',
    'spec.schedule: Invalid value: "TZ=UTC 61 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    'spec.timeZone: Invalid value: "Mars/Base": unknown time zone Mars/Base',
    'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
    'spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated',
    `metadata.name: Invalid value: "${'x'.repeat(53)}": must be no more than 52 characters`,
  ]);
  cj.status = { lastScheduleTime: '2026-01-01T11:59:00Z', active: [{ name: 'hello-1' }] };
  assert.deepEqual(cronjobs.table!.cells(cj, NOW).slice(0, 7), ['hello', '*/1 * * * *', '<none>', 'False', 1, '60s', '60m']);
  assert.deepEqual(cronjobs.table!.columns.slice(0, 7).map((c) => c.name), ['Name', 'Schedule', 'Timezone', 'Suspend', 'Active', 'Last Schedule', 'Age']);
});
