import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { AckHold } from './ack-hold.ts';
import { PodWorker } from './worker.ts';
import { podApi, testPodContext } from './worker.test-support.ts';

const pod = (startTime?: string): Pod => ({ metadata: { name: 'web', namespace: 'ns', uid: 'u1' }, status: { phase: 'Pending', ...(startTime ? { startTime } : {}) } });

test('only the first Pending status is held, and a newer status ends the hold', async () => {
  const hold = new AckHold(10_000);
  const t0 = Date.now();
  await hold.wait(pod(), { phase: 'Running' });
  await hold.wait(pod('2025-01-01T00:00:00Z'), { phase: 'Pending' });
  assert.ok(Date.now() - t0 < 1000, 'nothing held: not an acknowledgment');
  let released = false;
  const held = hold.wait(pod(), { phase: 'Pending' }).then(() => (released = true));
  await new Promise((ok) => setTimeout(ok, 20));
  assert.equal(released, false, 'the acknowledgment waits');
  await hold.wait(pod(), { phase: 'Running' });
  await held;
  assert.ok(released && Date.now() - t0 < 1000, 'a newer status released it at once');
});

test('a held acknowledgment is written once its time is up', async () => {
  const hold = new AckHold(30);
  const t0 = Date.now();
  await hold.wait(pod(), { phase: 'Pending' });
  assert.ok(Date.now() - t0 >= 25);
});

/** A pod through a worker, its status writes counted (the API's echo gets a new resourceVersion). */
async function startPod(runtime: SimulatedRuntime) {
  const dir = await mkdtemp(join(tmpdir(), 'ack-hold-test-'));
  const p: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'ns', uid: 'u1', resourceVersion: '10' }, spec: { nodeName: 'n1', containers: [{ name: 'web', image: 'nginx' }] }, status: { phase: 'Pending', qosClass: 'BestEffort', conditions: [{ type: 'PodScheduled', status: 'True' }] } };
  const { api, statusWrites: writes } = podApi(p);
  const ctx = testPodContext(dir, api, runtime);
  const w = new PodWorker(p, ctx);
  w.update(p);
  const ready = () => writes.at(-1)?.phase === 'Running' && !!writes.at(-1)?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
  for (let i = 0; i < 500 && !ready(); i++) await new Promise((ok) => setTimeout(ok, 10));
  assert.ok(ready(), 'Running and Ready');
  await new Promise((ok) => setTimeout(ok, 50));
  w.close();
  runtime.close();
  await rm(dir, { recursive: true, force: true });
  return writes;
}

test('a pod that starts quickly costs one status write, not an acknowledgment and then Running', async () => {
  const writes = await startPod(new SimulatedRuntime({ sandboxDelayMs: 1, startDelayMs: 1, writeLogs: false }));
  assert.deepEqual(
    writes.map((s) => s?.phase),
    ['Running'],
  );
});

test('a pod slower to start than the hold is acknowledged first (Pending, ContainerCreating)', async () => {
  const writes = await startPod(new SimulatedRuntime({ sandboxDelayMs: 2500, startDelayMs: 1, writeLogs: false }));
  assert.equal(writes.length, 2);
  assert.equal(writes[0]?.phase, 'Pending');
  assert.equal(writes[0]?.containerStatuses?.[0]?.state?.waiting?.reason, 'ContainerCreating');
  assert.ok(writes[0]?.startTime);
  assert.equal(writes[1]?.phase, 'Running');
});

test('only a status that says nothing more than the acknowledgment is held: not a failed pull, not an init container running', () => {
  const creating = { name: 'web', image: 'nginx', imageID: '', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } };
  assert.equal(AckHold.isAck(pod(), { phase: 'Pending', containerStatuses: [creating] }), true);
  assert.equal(AckHold.isAck(pod(), { phase: 'Pending', initContainerStatuses: [{ ...creating, state: { waiting: { reason: 'PodInitializing' } } }], containerStatuses: [{ ...creating, state: { waiting: { reason: 'PodInitializing' } } }] }), true);
  assert.equal(AckHold.isAck(pod(), { phase: 'Pending', containerStatuses: [{ ...creating, state: { waiting: { reason: 'ErrImagePull', message: 'no such host' } } }] }), false);
  assert.equal(AckHold.isAck(pod(), { phase: 'Pending', containerStatuses: [{ ...creating, state: { waiting: { reason: 'CreateContainerConfigError' } } }] }), false);
  assert.equal(AckHold.isAck(pod(), { phase: 'Pending', initContainerStatuses: [{ ...creating, state: { running: { startedAt: '2025-01-01T00:00:00Z' } } }], containerStatuses: [{ ...creating, state: { waiting: { reason: 'PodInitializing' } } }] }), false);
});
