import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { PodWorker } from './worker.ts';
import { podApi, testPodContext } from './worker.test-support.ts';

test("a new pod's image check and volumes are done while its sandbox is made, and its containers still start after all three", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'worker-parallel-'));
  const runtime = new SimulatedRuntime({ sandboxDelayMs: 150, startDelayMs: 1, writeLogs: false });
  const log: string[] = [];
  const runSandbox = runtime.runSandbox.bind(runtime);
  runtime.runSandbox = async (spec) => (log.push('sandbox begins'), await runSandbox(spec).finally(() => log.push('sandbox made')));
  const imageStatus = runtime.imageStatus.bind(runtime);
  runtime.imageStatus = async (image) => (log.push('image checked'), imageStatus(image));
  const startContainer = runtime.startContainer.bind(runtime);
  runtime.startContainer = async (id) => (log.push('container starts'), startContainer(id));
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'ns', uid: 'u1', resourceVersion: '10' },
    spec: {
      nodeName: 'n1',
      serviceAccountName: 'default',
      containers: [{ name: 'web', image: 'nginx:1', volumeMounts: [{ name: 'token', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }] }],
      volumes: [{ name: 'token', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3607 } }] } }],
    },
    status: { phase: 'Pending', qosClass: 'BestEffort', conditions: [{ type: 'PodScheduled', status: 'True' }] },
  };
  const { api } = podApi(pod);
  const ctx = testPodContext(dir, api, runtime, { lookup: { configMap: async () => undefined, secret: async () => undefined, serviceAccountToken: async () => (log.push('token asked'), 't') } });
  const w = new PodWorker(pod, ctx);
  try {
    w.update(pod);
    for (let i = 0; i < 300 && !log.includes('container starts'); i++) await new Promise((ok) => setTimeout(ok, 10));
    const at = (what: string) => log.indexOf(what);
    assert.ok(at('container starts') > 0, log.join(', '));
    assert.ok(at('image checked') < at('sandbox made'), `the image is checked while the sandbox is made: ${log.join(', ')}`);
    assert.ok(at('token asked') < at('sandbox made'), `the volumes are made while the sandbox is made: ${log.join(', ')}`);
    assert.ok(at('container starts') > at('sandbox made'), log.join(', '));
  } finally {
    w.close();
    runtime.close();
    await rm(dir, { recursive: true, force: true });
  }
});
