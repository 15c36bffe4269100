import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { PodWorker } from './worker.ts';
import { VolumeError } from './volumes.ts';
import { podApi, testPodContext } from './worker.test-support.ts';


/**
 * With mocked timers: lets real I/O (the pod's files), promises and the timers due now (the
 * simulated runtime's) run, the clock staying where the test put it, until `holds` (bounded).
 */
const frozenClockTurns = (t: TestContext) => async (holds: () => boolean) => {
  for (let i = 0; i < 5000 && !holds(); i++) {
    t.mock.timers.tick(0);
    await new Promise((ok) => setImmediate(ok));
  }
  return holds();
};

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

test('volumes not ready yet are looked at again every 300 ms, however often the pod is synced meanwhile; FailedMount is told once per reason', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const dir = await mkdtemp(join(tmpdir(), 'worker-test-'));
  const runtime = new SimulatedRuntime({ sandboxDelayMs: 0, startDelayMs: 0, writeLogs: false });
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-0', namespace: 'ns', uid: 'u2', resourceVersion: '10' },
    spec: { nodeName: 'n1', volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } }], containers: [{ name: 'web', image: 'nginx', volumeMounts: [{ name: 'data', mountPath: '/data' }] }] },
    status: { phase: 'Pending', qosClass: 'BestEffort', conditions: [{ type: 'PodScheduled', status: 'True' }] },
  };
  const { api } = podApi(pod);
  // the claim, as the binder leaves it: not bound for the first looks
  const looks: number[] = [];
  let bound = false;
  const claimPath = async () => {
    looks.push(Date.now());
    if (!bound) throw new VolumeError('error processing PVC ns/data-web-0: PVC is not bound');
    return dir;
  };
  const failedMounts: string[] = [];
  const recorder = { normal() {}, warning: (_t: unknown, reason: string, message: string) => void (reason === 'FailedMount' && failedMounts.push(message)), flush: async () => {} };
  const ctx = testPodContext(dir, api, runtime, { lookup: { configMap: async () => undefined, secret: async () => undefined, serviceAccountToken: async () => 't', claimPath }, recorder });
  const turns = frozenClockTurns(t);
  const w = new PodWorker(pod, ctx);
  try {
    w.update(pod);
    assert.ok(await turns(() => looks.length === 1), 'a first look');
    // other syncs meanwhile (the relist's, after the sandbox; another writer's update): each looks again
    for (let i = 0; i < 3; i++) {
      w.kick();
      assert.ok(await turns(() => looks.length === 2 + i), `look ${2 + i} after a sync`);
    }
    const last = looks.at(-1)!;
    t.mock.timers.tick(299);
    assert.equal(await turns(() => looks.length > 4), false, 'not before 300 ms');
    t.mock.timers.tick(1);
    assert.ok(await turns(() => looks.length === 5), 'a look 300 ms after the last, not after a backoff the syncs stretched');
    assert.equal(looks[4] - last, 300);
    assert.deepEqual(failedMounts, ['MountVolume.SetUp failed: error processing PVC ns/data-web-0: PVC is not bound'], 'told once, not per look');
    bound = true;
    t.mock.timers.tick(300);
    assert.ok(await turns(() => looks.length === 6), 'the look that finds it bound');
  } finally {
    w.close();
    runtime.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('a pod whose init container is done starts its app container without waiting out the acknowledgment hold (ack-hold.ts)', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const dir = await mkdtemp(join(tmpdir(), 'worker-test-'));
  const runtime = new SimulatedRuntime({ sandboxDelayMs: 0, startDelayMs: 0, initRunMs: 0, writeLogs: false });
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'ns', uid: 'u3', resourceVersion: '10' },
    spec: { nodeName: 'n1', initContainers: [{ name: 'init', image: 'busybox' }], containers: [{ name: 'web', image: 'nginx' }] },
    status: { phase: 'Pending', qosClass: 'BestEffort', conditions: [{ type: 'PodScheduled', status: 'True' }] },
  };
  const { api, statusWrites } = podApi(pod);
  const w = new PodWorker(pod, testPodContext(dir, api, runtime));
  const turns = frozenClockTurns(t);
  try {
    const running = () => statusWrites.some((s) => s?.phase === 'Running');
    w.update(pod);
    // the init container runs for no time here; the relist's kicks see it exit, all within the
    // 2 s an acknowledgment may be held
    for (let i = 0; i < 5 && !running(); i++) {
      await turns(running);
      w.kick();
    }
    assert.equal(statusWrites.at(-1)?.phase, 'Running', 'the app container started without the clock moving');
    // Init:0/1 says more than an acknowledgment: written at once, as the kubelet writes it
    assert.deepEqual(statusWrites.map((s) => [s?.phase, Object.keys(s?.initContainerStatuses?.[0]?.state ?? {})[0]]), [['Pending', 'running'], ['Running', 'terminated']]);
  } finally {
    w.close();
    runtime.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("a pod new to the runtime starts without looking there first; one it may hold (the agent restarted) is looked for", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'worker-test-'));
  const runtime = new SimulatedRuntime({ sandboxDelayMs: 1, startDelayMs: 1, writeLogs: false });
  /** the runtime's lists asked for one pod before its sandbox was asked for */
  const looks: string[] = [];
  let sandboxAsked = false;
  const watched = Object.create(runtime, {
    listContainers: { value: (labels?: Record<string, string>) => (sandboxAsked || looks.push(`containers ${JSON.stringify(labels)}`), runtime.listContainers(labels)) },
    listSandboxes: { value: (labels?: Record<string, string>) => (sandboxAsked || looks.push(`sandboxes ${JSON.stringify(labels)}`), runtime.listSandboxes(labels)) },
    runSandbox: { value: (...args: Parameters<SimulatedRuntime['runSandbox']>) => ((sandboxAsked = true), runtime.runSandbox(...args)) },
  }) as SimulatedRuntime;
  try {
    for (const held of [false, true]) {
      looks.length = 0;
      sandboxAsked = false;
      const uid = `u-${held}`;
      const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: `web-${held}`, namespace: 'ns', uid, resourceVersion: '10' }, spec: { nodeName: 'n1', containers: [{ name: 'web', image: 'nginx' }] }, status: { phase: 'Pending', qosClass: 'BestEffort' } };
      const { api, statusWrites } = podApi(pod);
      const asked: string[] = [];
      const w = new PodWorker(pod, testPodContext(dir, api, watched, { mayHold: (u) => (asked.push(u), held) }));
      try {
        w.update(pod);
        await until('Running', () => statusWrites.at(-1)?.phase === 'Running');
        assert.deepEqual(asked, [uid], 'asked once, as the worker was made');
        if (held) assert.ok(looks.length >= 2, `looked for its sandbox and containers: ${looks.join(', ')}`);
        else assert.deepEqual(looks, [], 'nothing looked for before its sandbox');
      } finally {
        w.close();
      }
    }
  } finally {
    runtime.close();
    await rm(dir, { recursive: true, force: true });
  }
});
