import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Job, JobSpec } from '../../../lib/api/batch/job.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import jobs from '../../apiserver/registry/kinds/batch/jobs.ts';
import { jobController as c } from './controller.ts';
import { FakeApi, fakeContext } from '../framework/fake-api.test-support.ts';
import { ttlAfterFinishedController as ttl } from './ttl-after-finished.ts';

const NS = 'lecon10';

/** A Job as the API stores it: defaults, generated selector and labels. */
function world(spec: JobSpec, name = 'calcul') {
  const api = new FakeApi();
  const ctx = fakeContext(api);
  const obj: Job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: NS, uid: `uid-job-${name}` }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }] } }, ...spec } };
  jobs.defaults!(obj);
  jobs.prepareForCreate!(obj);
  assert.deepEqual(jobs.validate!(obj), []);
  api.put('jobs', obj);
  const pods = () => api.all<Pod>('pods');
  const active = () => pods().filter((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && !p.metadata.deletionTimestamp);
  const job = () => api.one<Job>('jobs', NS, name)!;
  const sync = () => c.reconcile(`${NS}/${name}`, ctx);
  const tick = (seconds: number) => void (api.clock = new Date(api.clock.getTime() + seconds * 1000));
  const conditions = () => (job().status?.conditions ?? []).map((x) => `${x.type}=${x.status}/${x.reason}`);
  return { api, ctx, pods, active, job, sync, tick, conditions };
}

test('completions 3, parallelism 2: pods with the tracking finalizer and the generated labels, counted through the finalizer, then SuccessCriteriaMet and Complete', async () => {
  const w = world({ completions: 3, parallelism: 2 });
  await w.sync();
  const first = w.pods();
  assert.equal(first.length, 2);
  for (const p of first) {
    assert.match(p.metadata.name!, /^calcul-\w{5}$/);
    assert.deepEqual(p.metadata.finalizers, ['batch.kubernetes.io/job-tracking']);
    assert.equal(p.metadata.labels?.['batch.kubernetes.io/job-name'], 'calcul');
    assert.equal(p.metadata.labels?.['batch.kubernetes.io/controller-uid'], 'uid-job-calcul');
    assert.equal(p.metadata.labels?.['job-name'], 'calcul');
    assert.equal(p.metadata.ownerReferences?.[0]?.kind, 'Job');
  }
  assert.equal(w.job().status?.active, 2);
  assert.equal(w.job().status?.startTime, '2026-01-01T00:00:00Z');
  assert.deepEqual(w.job().status?.uncountedTerminatedPods, {});
  assert.deepEqual(w.ctx.recorded, first.map((p) => `Normal SuccessfulCreate Job/calcul: Created pod: ${p.metadata.name}`));

  w.tick(5);
  w.api.finishPod(NS, first[0].metadata.name!, 'Succeeded');
  await w.sync();
  assert.equal(w.api.one<Pod>('pods', NS, first[0].metadata.name!)?.metadata.finalizers, undefined, 'counted: finalizer removed');
  assert.equal(w.job().status?.succeeded, 1);
  assert.equal(w.active().length, 2, 'a third pod replaces the finished one');

  for (const p of w.active()) w.api.finishPod(NS, p.metadata.name!, 'Succeeded');
  w.tick(5);
  await w.sync();
  assert.deepEqual(w.conditions(), ['SuccessCriteriaMet=True/CompletionsReached', 'Complete=True/CompletionsReached']);
  const s = w.job().status!;
  assert.equal(s.succeeded, 3);
  assert.equal(s.active, undefined);
  assert.equal(s.completionTime, '2026-01-01T00:00:10Z');
  assert.equal(s.conditions?.[1].message, 'Reached expected number of succeeded pods');
  assert.ok(w.ctx.recorded.includes('Normal Completed Job/calcul: Job completed'));
  assert.ok(w.pods().every((p) => !p.metadata.finalizers));
  const writes = w.api.writes.length;
  await w.sync();
  assert.deepEqual(w.api.writes.slice(writes), [], "a finished Job writes nothing");
});

test('backoffLimit: a failed pod is replaced after the backoff; one failure too many is BackoffLimitExceeded', async () => {
  const w = world({ backoffLimit: 1 });
  await w.sync();
  w.api.finishPod(NS, w.pods()[0].metadata.name!, 'Failed');
  await w.sync();
  assert.equal(w.job().status?.failed, 1);
  assert.equal(w.active().length, 0, 'not before the backoff');
  assert.deepEqual(w.ctx.requeued.at(-1), ['lecon10/calcul', 10.5]);
  w.tick(11);
  await w.sync();
  assert.equal(w.active().length, 1, 'replaced after 10 s');
  w.api.finishPod(NS, w.active()[0].metadata.name!, 'Failed');
  await w.sync();
  assert.deepEqual(w.conditions(), ['FailureTarget=True/BackoffLimitExceeded', 'Failed=True/BackoffLimitExceeded']);
  assert.equal(w.job().status?.failed, 2);
  assert.equal(w.job().status?.completionTime, undefined);
  assert.ok(w.ctx.recorded.includes('Warning BackoffLimitExceeded Job/calcul: Job has reached the specified backoff limit'));
});

test('Indexed: one pod per index with its annotation, label, hostname and JOB_COMPLETION_INDEX; completedIndexes', async () => {
  const w = world({ completions: 4, parallelism: 4, completionMode: 'Indexed' });
  await w.sync();
  const pods = w.pods().sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
  assert.deepEqual(pods.map((p) => p.metadata.annotations?.['batch.kubernetes.io/job-completion-index']), ['0', '1', '2', '3']);
  pods.forEach((p, i) => {
    assert.match(p.metadata.name!, new RegExp(`^calcul-${i}-\\w{5}$`));
    assert.equal(p.metadata.labels?.['batch.kubernetes.io/job-completion-index'], String(i));
    assert.equal(p.spec?.hostname, `calcul-${i}`);
    assert.deepEqual(p.spec?.containers?.[0].env, [{ name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']" } } }]);
  });
  for (const i of [1, 2, 3]) w.api.finishPod(NS, pods[i].metadata.name!, 'Succeeded');
  await w.sync();
  assert.equal(w.job().status?.completedIndexes, '1-3');
  w.api.finishPod(NS, pods[0].metadata.name!, 'Failed');
  await w.sync();
  w.tick(11);
  await w.sync();
  const again = w.active();
  assert.equal(again.length, 1);
  assert.equal(again[0].metadata.annotations?.['batch.kubernetes.io/job-completion-index'], '0', 'the failed index is run again');
  w.api.finishPod(NS, again[0].metadata.name!, 'Succeeded');
  await w.sync();
  assert.equal(w.job().status?.completedIndexes, '0-3');
  assert.deepEqual(w.conditions(), ['SuccessCriteriaMet=True/CompletionsReached', 'Complete=True/CompletionsReached']);
});

test('activeDeadlineSeconds: FailureTarget at the deadline, the pods deleted, Failed once they are gone', async () => {
  const w = world({ activeDeadlineSeconds: 30 });
  await w.sync();
  assert.deepEqual(w.ctx.requeued.at(-1), ['lecon10/calcul', 30.5]);
  w.tick(31);
  await w.sync();
  assert.ok(w.conditions().includes('FailureTarget=True/DeadlineExceeded'));
  assert.ok(w.pods()[0].metadata.deletionTimestamp, 'deleted');
  await w.sync(); // its deletion's change: counted as failed, finalizer removed
  assert.equal(w.pods().length, 0);
  assert.equal(w.job().status?.failed, 1);
  assert.ok(!w.conditions().includes('Failed=True/DeadlineExceeded'), 'not before the pod is gone');
  assert.deepEqual(await c.keysFor({ type: 'DELETED', group: '', resource: 'pods', namespace: NS, name: 'x' } as never, w.ctx), [`${NS}/calcul`]);
  await w.sync();
  assert.deepEqual(w.conditions(), ['FailureTarget=True/DeadlineExceeded', 'Failed=True/DeadlineExceeded']);
  assert.equal(w.job().status?.conditions?.[1].message, 'Job was active longer than specified deadline');
});

test('suspend: no pods and Suspended; resuming starts the pods and the clock', async () => {
  const w = world({ suspend: true });
  await w.sync();
  assert.equal(w.pods().length, 0);
  assert.deepEqual(w.conditions(), ['Suspended=True/JobSuspended']);
  assert.equal(w.job().status?.startTime, undefined);
  w.api.put('jobs', { ...w.job(), spec: { ...w.job().spec, suspend: false } });
  w.tick(60);
  await w.sync();
  assert.deepEqual(w.conditions(), ['Suspended=False/JobResumed']);
  assert.equal(w.job().status?.startTime, '2026-01-01T00:01:00Z');
  assert.equal(w.active().length, 1);
  assert.deepEqual(w.ctx.recorded.filter((e) => !e.includes('SuccessfulCreate')), ['Normal Suspended Job/calcul: Job suspended', 'Normal Resumed Job/calcul: Job resumed']);
});

test('podFailurePolicy: Ignore is not counted, FailJob fails the Job at once with its message', async () => {
  const w = world({
    backoffLimit: 6,
    podFailurePolicy: {
      rules: [
        { action: 'Ignore', onExitCodes: { operator: 'In', values: [137] } },
        { action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42] } },
      ],
    },
  });
  await w.sync();
  w.api.finishPod(NS, w.pods()[0].metadata.name!, 'Failed', 137);
  await w.sync();
  assert.equal(w.job().status?.failed, undefined, 'ignored');
  w.tick(11);
  await w.sync();
  const second = w.active()[0];
  w.api.finishPod(NS, second.metadata.name!, 'Failed', 42);
  await w.sync();
  assert.deepEqual(w.conditions(), ['FailureTarget=True/PodFailurePolicy', 'Failed=True/PodFailurePolicy']);
  assert.equal(w.job().status?.conditions?.[1].message, `Container main for pod ${NS}/${second.metadata.name} failed with exit code 42 matching FailJob rule at index 1`);
});

test('completions unset: the first success completes the Job once nothing runs', async () => {
  const w = world({ parallelism: 2, completions: undefined });
  await w.sync();
  const [a, b] = w.pods();
  w.api.finishPod(NS, a.metadata.name!, 'Succeeded');
  await w.sync();
  assert.equal(w.active().length, 1, 'no new pod after a success; the other may finish');
  assert.deepEqual(w.conditions(), []);
  w.api.finishPod(NS, b.metadata.name!, 'Succeeded');
  await w.sync();
  assert.deepEqual(w.conditions(), ['SuccessCriteriaMet=True/CompletionsReached', 'Complete=True/CompletionsReached']);
});

test("a deleted Job's pods lose their tracking finalizer", async () => {
  const w = world({});
  await w.sync();
  w.api.objects.delete(`jobs/${NS}/calcul`);
  await w.sync();
  assert.equal(w.pods()[0].metadata.finalizers, undefined);
});

test('ttlSecondsAfterFinished: the finished Job is deleted when its TTL runs out', async () => {
  const w = world({ ttlSecondsAfterFinished: 100 });
  await w.sync();
  w.api.finishPod(NS, w.pods()[0].metadata.name!, 'Succeeded');
  await w.sync();
  const key = `${NS}/calcul`;
  await ttl.reconcile(key, w.ctx);
  assert.deepEqual(w.ctx.requeued.at(-1), [key, 100.5]);
  assert.ok(w.api.one('jobs', NS, 'calcul'));
  w.tick(101);
  await ttl.reconcile(key, w.ctx);
  assert.equal(w.api.one('jobs', NS, 'calcul'), undefined);
});
