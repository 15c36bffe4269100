/**
 * Jobs on a real node (containerd): a busybox Job runs to completion (`kubectl wait
 * --for=condition=complete`, `kubectl logs job/…`), one with a native sidecar completes while its
 * sidecar would run forever, and a failing one is retried after the backoff and ends Failed
 * with BackoffLimitExceeded.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Job } from '../../lib/api/batch/job.ts';
import { e2eSkip, getJson, kubectlOk, podsOf, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();

describe('Jobs on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('batch');
  const NS = 'default';
  const apply = (job: object) => kubectlOk(env.cluster, ['apply', '-f', '-'], { input: JSON.stringify(job) });
  const jobOf = (name: string, { podSpec, ...spec }: { podSpec: object; backoffLimit?: number }) => ({
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: NS },
    spec: { ...spec, template: { spec: { nodeName: env.nodeName, restartPolicy: 'Never', terminationGracePeriodSeconds: 1, ...podSpec } } },
  });

  test('a busybox Job completes; kubectl logs job/… shows its output', { timeout: 180_000 }, async () => {
    await apply(jobOf('compte', { podSpec: { containers: [{ name: 'c', image: 'localhost/busybox:1', command: ['sh', '-c', 'echo "compte: $((6 * 7))"'] }] } }));
    const met = await kubectlOk(env.cluster, ['wait', '--for=condition=complete', 'job/compte', '--timeout=120s'], { timeoutMs: 130_000 });
    assert.equal(met.trim(), 'job.batch/compte condition met');
    assert.equal((await kubectlOk(env.cluster, ['logs', 'job/compte'])).trim(), 'compte: 42');
    const job = await getJson<Job>(env.cluster, `/apis/batch/v1/namespaces/${NS}/jobs/compte`);
    assert.equal(job?.status?.succeeded, 1);
    const [pod] = await podsOf(env.cluster, NS, 'batch.kubernetes.io/job-name=compte');
    assert.equal(pod.status?.phase, 'Succeeded');
    assert.equal(pod.metadata.finalizers, undefined, 'counted: the tracking finalizer is gone');
  });

  test('a native sidecar does not keep the Job from completing', { timeout: 180_000 }, async () => {
    await apply(
      jobOf('avec-sidecar', {
        podSpec: {
          initContainers: [{ name: 'sidecar', image: 'localhost/busybox:1', restartPolicy: 'Always', command: ['sleep', '3600'] }],
          containers: [{ name: 'main', image: 'localhost/busybox:1', command: ['sh', '-c', 'echo fini'] }],
        },
      }),
    );
    const met = await kubectlOk(env.cluster, ['wait', '--for=condition=complete', 'job/avec-sidecar', '--timeout=120s'], { timeoutMs: 130_000 });
    assert.equal(met.trim(), 'job.batch/avec-sidecar condition met');
  });

  test('a failing Job is retried after the backoff, then Failed with BackoffLimitExceeded', { timeout: 240_000 }, async () => {
    await apply(jobOf('rate', { backoffLimit: 1, podSpec: { containers: [{ name: 'c', image: 'localhost/busybox:1', command: ['sh', '-c', 'echo essai; exit 3'] }] } }));
    const met = await kubectlOk(env.cluster, ['wait', '--for=condition=failed', 'job/rate', '--timeout=180s'], { timeoutMs: 190_000 });
    assert.equal(met.trim(), 'job.batch/rate condition met');
    const job = await getJson<Job>(env.cluster, `/apis/batch/v1/namespaces/${NS}/jobs/rate`);
    assert.equal(job?.status?.failed, 2);
    assert.deepEqual(job?.status?.conditions?.filter((c) => c.status === 'True').map((c) => [c.type, c.reason]), [['FailureTarget', 'BackoffLimitExceeded'], ['Failed', 'BackoffLimitExceeded']]);
    const pods = await until('both pods failed', async () => {
      const ps = await podsOf(env.cluster, NS, 'batch.kubernetes.io/job-name=rate');
      return ps.length === 2 && ps.every((p) => p.status?.phase === 'Failed') ? ps : undefined;
    });
    for (const p of pods) assert.equal(p.status?.containerStatuses?.[0]?.state?.terminated?.exitCode, 3);
    assert.match(await kubectlOk(env.cluster, ['get', 'job', 'rate', '--no-headers']), /^rate\s+Failed\s+0\/1\s/);
  });
});
