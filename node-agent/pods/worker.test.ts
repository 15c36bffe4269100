import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { PodWorker } from './worker.ts';
import { podApi, testPodContext } from './worker.test-support.ts';


const until = async (what: string, holds: () => boolean) => {
  for (let i = 0; i < 200 && !holds(); i++) await new Promise((ok) => setTimeout(ok, 10));
  assert.ok(holds(), what);
};

test('a running pod whose status does not change is not written again, however often it is synced', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'worker-test-'));
  const runtime = new SimulatedRuntime({ sandboxDelayMs: 1, startDelayMs: 1, writeLogs: false });
  const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'ns', uid: 'u1', resourceVersion: '10' }, spec: { nodeName: 'n1', containers: [{ name: 'web', image: 'nginx' }] }, status: { phase: 'Pending', qosClass: 'BestEffort', conditions: [{ type: 'PodScheduled', status: 'True' }] } };
  const { api, statusWrites, current } = podApi(pod);
  const ctx = testPodContext(dir, api, runtime);
  const w = new PodWorker(pod, ctx);
  try {
    w.update(pod);
    await until('Running and Ready', () => statusWrites.at(-1)?.phase === 'Running' && !!statusWrites.at(-1)?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
    await new Promise((ok) => setTimeout(ok, 50));
    const written = statusWrites.length;
    assert.ok(written <= 3, `${written} writes to start a pod`);
    // syncs: the relist's, the periodic ones, and the watch bringing back the agent's own write
    for (let i = 0; i < 5; i++) {
      w.kick();
      w.update(current());
      await new Promise((ok) => setTimeout(ok, 20));
    }
    assert.equal(statusWrites.length, written, 'nothing changed: nothing written');
  } finally {
    w.close();
    runtime.close();
    await rm(dir, { recursive: true, force: true });
  }
});
