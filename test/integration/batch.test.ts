/**
 * batch/v1 with the real kubectl: `kubectl create job` and `create job --from=cronjob/…`,
 * `create cronjob`, `get jobs,cronjobs`, `wait --for=condition=complete|failed`, and `logs job/…`
 * through a simulated node. The test plays the kubelet for the Jobs' pods (no node: they stay
 * unscheduled), writing their end through pods/status, so each outcome is the test's choice.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { Job } from '../../lib/api/batch/job.ts';
import type { CronJob } from '../../lib/api/batch/cronjob.ts';
import { useCluster } from '../support/cluster.ts';
import { until } from '../support/until.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';

const cluster = useCluster();
let node: RunningNode | undefined;
after(async () => node?.stop());

const ok = async (args: string[], timeoutMs?: number) => {
  const r = await cluster.kubectl(args, { timeoutMs });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const get = async <T>(path: string) => (await cluster.api('GET', path)).json as T;
const jobPods = async (ns: string, job: string) => (await get<{ items: Pod[] }>(`/api/v1/namespaces/${ns}/pods?labelSelector=${encodeURIComponent(`batch.kubernetes.io/job-name=${job}`)}`)).items;

/** The kubelet's part: the pod's containers terminated with `exitCode` (read again when the scheduler wrote first). */
async function end(stale: Pod, phase: 'Succeeded' | 'Failed', exitCode: number) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const pod = await get<Pod>(`/api/v1/namespaces/${stale.metadata.namespace}/pods/${stale.metadata.name}`);
    if (await endOnce(pod, phase, exitCode)) return;
  }
  assert.fail(`could not end ${stale.metadata.name}`);
}

async function endOnce(pod: Pod, phase: 'Succeeded' | 'Failed', exitCode: number): Promise<boolean> {
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const containerStatuses = (pod.spec?.containers ?? []).map((c) => ({
    name: c.name,
    image: c.image,
    imageID: '',
    ready: false,
    restartCount: 0,
    state: { terminated: { exitCode, reason: exitCode ? 'Error' : 'Completed', startedAt: now, finishedAt: now } },
  }));
  const r = await cluster.api('PUT', `/api/v1/namespaces/${pod.metadata.namespace}/pods/${pod.metadata.name}/status`, { body: { ...pod, status: { ...pod.status, phase, containerStatuses } } });
  if (r.status === 409) return false;
  assert.equal(r.status, 200, r.text);
  return true;
}

test('kubectl create job, get jobs, wait --for=condition=complete', { timeout: 90_000 }, async () => {
  assert.equal((await ok(['create', 'job', 'pi', '--image=busybox', '--', 'echo', 'pi'])).trim(), 'job.batch/pi created');
  const [pod] = await until('the pod', async () => {
    const pods = await jobPods('default', 'pi');
    return pods.length === 1 ? pods : undefined;
  });
  assert.deepEqual(pod.metadata.finalizers, ['batch.kubernetes.io/job-tracking']);
  assert.equal(pod.metadata.ownerReferences?.[0]?.kind, 'Job');
  assert.match(await ok(['get', 'jobs', '--no-headers']), /^pi\s+Running\s+0\/1\s+\d+s\s+\d+s\n$/);

  await end(pod, 'Succeeded', 0);
  assert.equal((await ok(['wait', '--for=condition=complete', 'job/pi', '--timeout=60s'], 70_000)).trim(), 'job.batch/pi condition met');
  const job = await get<Job>('/apis/batch/v1/namespaces/default/jobs/pi');
  assert.deepEqual(job.status?.conditions?.map((c) => [c.type, c.status, c.reason]), [['SuccessCriteriaMet', 'True', 'CompletionsReached'], ['Complete', 'True', 'CompletionsReached']]);
  assert.equal(job.status?.succeeded, 1);
  assert.ok(job.status?.completionTime);
  await until('the finalizer removed', async () => !(await jobPods('default', 'pi'))[0].metadata.finalizers);
  const table = await ok(['get', 'jobs,cronjobs']);
  assert.match(table, /^NAME\s+STATUS\s+COMPLETIONS\s+DURATION\s+AGE\n/);
  assert.match(table, /\njob\.batch\/pi\s+Complete\s+1\/1\s+\d+s\s+\d+s\n/);
});

test('a failing Job is retried after the backoff, then Failed with BackoffLimitExceeded', { timeout: 120_000 }, async () => {
  const manifest = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'echec' }, spec: { backoffLimit: 1, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox', command: ['false'] }] } } } };
  assert.equal((await cluster.api('POST', '/apis/batch/v1/namespaces/default/jobs', { body: manifest })).status, 201);
  const failed = new Set<string>();
  const failNew = async () => {
    for (const p of await jobPods('default', 'echec')) if (!p.status?.phase || p.status.phase === 'Pending') if (!failed.has(p.metadata.uid!)) (failed.add(p.metadata.uid!), await end(p, 'Failed', 1));
    return failed.size === 2;
  };
  await until('two pods, each failed', failNew, 60_000, 500);
  assert.equal((await ok(['wait', '--for=condition=failed', 'job/echec', '--timeout=60s'], 70_000)).trim(), 'job.batch/echec condition met');
  const job = await get<Job>('/apis/batch/v1/namespaces/default/jobs/echec');
  assert.equal(job.status?.failed, 2);
  const failedCond = job.status?.conditions?.find((c) => c.type === 'Failed');
  assert.deepEqual([failedCond?.reason, failedCond?.message], ['BackoffLimitExceeded', 'Job has reached the specified backoff limit']);
  assert.match(await ok(['get', 'job', 'echec', '--no-headers']), /^echec\s+Failed\s+0\/1\s/);
  const events = (await get<{ items: { reason: string; involvedObject: { name: string } }[] }>('/api/v1/namespaces/default/events')).items.filter((e) => e.involvedObject.name === 'echec').map((e) => e.reason);
  assert.ok(events.includes('BackoffLimitExceeded'), events.join(','));
});

test('kubectl create cronjob; create job --from=cronjob; the CronJob fires on its schedule', { timeout: 150_000 }, async () => {
  // the missed-schedule step below expects the missed run to be the controller's first: a minute
  // starting meanwhile would fire its own run before the test rewinds lastScheduleTime
  const toNextMinute = 60_000 - (Date.now() % 60_000);
  if (toNextMinute < 20_000) await new Promise((r) => setTimeout(r, toNextMinute + 1_000));
  assert.equal((await ok(['create', 'cronjob', 'tick', '--image=busybox', '--schedule=*/1 * * * *', '--', 'date'])).trim(), 'cronjob.batch/tick created');
  assert.match(await ok(['get', 'cronjobs', '--no-headers']), /^tick\s+\*\/1 \* \* \* \*\s+<none>\s+False\s+0\s+<none>\s+\d+s\n$/);

  assert.match(await ok(['explain', 'cronjob.spec.schedule']), /The schedule in Cron format/);
  const refused = await cluster.kubectl(['create', 'cronjob', 'mauvais', '--image=busybox', '--schedule=61 * * * *']);
  assert.match(refused.stderr, /spec\.schedule: Invalid value: "61 \* \* \* \*": end of range \(61\) above maximum \(59\): 61/);
  assert.equal((await ok(['create', 'job', 'tick-manual', '--from=cronjob/tick'])).trim(), 'job.batch/tick-manual created');
  const manual = await get<Job>('/apis/batch/v1/namespaces/default/jobs/tick-manual');
  assert.equal(manual.metadata.annotations?.['cronjob.kubernetes.io/instantiate'], 'manual');
  assert.equal(manual.metadata.ownerReferences?.[0]?.name, 'tick');

  // a schedule missed: the latest missed time is run at once
  const past = new Date(Date.now() - 180_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  // the controller may write the status meanwhile (a 409): read again and retry, as a client does
  const setPast = async () => {
    const cj = await get<CronJob>('/apis/batch/v1/namespaces/default/cronjobs/tick');
    return (await cluster.api('PUT', '/apis/batch/v1/namespaces/default/cronjobs/tick/status', { body: { ...cj, status: { lastScheduleTime: past } } })).status;
  };
  assert.equal(await until('the status written', async () => ((await setPast()) === 200 ? 200 : undefined), 10_000, 100), 200);
  const scheduled = (await until('a scheduled Job', async () => {
    const list = (await get<{ items: Job[] }>('/apis/batch/v1/namespaces/default/jobs')).items.filter((j) => /^tick-\d+$/.test(j.metadata.name!));
    return list.length ? list : undefined;
  }))[0];
  const minute = Number(scheduled.metadata.name!.slice('tick-'.length));
  assert.ok(Math.abs(minute * 60_000 - Date.now()) < 120_000, 'named after the scheduled minute');
  assert.ok(scheduled.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp']);
  const status = await until('status.active', async () => {
    const c = await get<CronJob>('/apis/batch/v1/namespaces/default/cronjobs/tick');
    return c.status?.active?.some((a) => a.name === scheduled.metadata.name) ? c.status : undefined;
  });
  assert.equal(Date.parse(status.lastScheduleTime!), minute * 60_000);

  // the next minute comes without any write: the controller's delayed wake-up
  await until('the next minute fires by itself', async () => {
    const list = (await get<{ items: Job[] }>('/apis/batch/v1/namespaces/default/jobs')).items.filter((j) => /^tick-\d+$/.test(j.metadata.name!));
    return list.some((j) => Number(j.metadata.name!.slice(5)) > minute);
  }, 90_000, 1000);
  assert.match(await ok(['get', 'cronjob', 'tick', '--no-headers']), /^tick\s+\*\/1 \* \* \* \*\s+<none>\s+False\s+[1-9]\d*\s+\d+s\s+/);
});

test('kubectl logs job/x reads the first pod of the Job on a node', { timeout: 90_000 }, async () => {
  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  node = await runNode({ server: cp.url, token, nodeName: 'sim-batch', runtime: 'simulated', subnet: 11, stateDir: join(cluster.dir, 'sim-batch'), caPem: cp.caPem, log: () => {} });
  await node.tunnel.ready;
  await ok(['create', 'namespace', 'journal']);
  await ok(['create', 'job', 'bavard', '-n', 'journal', '--image=busybox', '--', 'echo', 'bonjour']);
  await until('the pod running', async () => (await jobPods('journal', 'bavard'))[0]?.status?.phase === 'Running', 60_000, 250);
  const logs = await ok(['logs', 'job/bavard', '-n', 'journal']);
  assert.match(logs, /simulated container bavard started/);
  const job = await until('ready counted', async () => {
    const j = await get<Job>('/apis/batch/v1/namespaces/journal/jobs/bavard');
    return j.status?.active === 1 ? j : undefined;
  });
  assert.equal(job.status?.terminating, 0);
});
