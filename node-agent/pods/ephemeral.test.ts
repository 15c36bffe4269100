import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import { LABELS } from '../runtime/types.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { planPod } from './plan.ts';
import type { ContainerView } from './view.ts';
import { PodWorker } from './worker.ts';
import { podApi, testPodContext } from './worker.test-support.ts';

const view = (name: string, kind: ContainerView['kind'], state?: 'running' | 'exited'): ContainerView => ({
  spec: { name, image: 'busybox' },
  kind,
  current: state && { id: `${name}-id`, sandboxId: 's', name, attempt: 0, state, createdAt: new Date(0), finishedAt: state === 'exited' ? new Date(0) : undefined, exitCode: state === 'exited' ? 0 : undefined, image: 'busybox', imageRef: '', labels: {}, annotations: {} },
  restartCount: 0,
  started: state === 'running',
  ready: state === 'running',
});
const plan = (views: ContainerView[], initializedBefore = true) => planPod({ restartPolicy: 'Always', views, initializedBefore, now: 0, backoffRemaining: () => 0 }).actions;

test('an ephemeral container is started once, before initialization if need be, and never restarted', () => {
  assert.deepEqual(plan([view('app', 'app', 'running'), view('debugger', 'ephemeral')]), [{ type: 'start', name: 'debugger' }]);
  // restartPolicy Always restarts the app container, never the ephemeral one
  assert.deepEqual(plan([view('app', 'app', 'running'), view('debugger', 'ephemeral', 'exited')]), []);
  assert.deepEqual(plan([view('setup', 'init', 'running'), view('app', 'app'), view('debugger', 'ephemeral')], false), [{ type: 'start', name: 'debugger' }]);
});


const until = async (what: string, holds: () => boolean) => {
  for (let i = 0; i < 300 && !holds(); i++) await new Promise((ok) => setTimeout(ok, 10));
  assert.ok(holds(), what);
};

test('kubectl debug --target: the agent starts the ephemeral container in the sandbox, sharing the target\'s processes', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ephemeral-test-'));
  const runtime = new SimulatedRuntime({ sandboxDelayMs: 1, startDelayMs: 1, writeLogs: false });
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'ns', uid: 'u1', resourceVersion: '10' },
    spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'nginx' }, { name: 'other', image: 'nginx' }] },
    status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'True' }] },
  };
  const { api, current, edit } = podApi(pod);
  const events: string[] = [];
  const ctx = testPodContext(dir, api, runtime, { recorder: { normal: (_t, r) => events.push(r), warning: (t, r, m) => events.push(`${r} ${t.fieldPath} ${m}`), flush: async () => {} } });
  const w = new PodWorker(pod, ctx);
  const status = () => current().status;
  const debuggerStatus = (name: string) => status()?.ephemeralContainerStatuses?.find((s) => s.name === name);
  try {
    w.update(pod);
    await until('Running', () => status()?.phase === 'Running' && status()?.containerStatuses?.every((c) => c.state?.running) === true);
    const withDebug = (ecs: object[]) => w.update(edit((p) => (p.spec!.ephemeralContainers = ecs as never)));
    withDebug([{ name: 'debugger', image: 'busybox', targetContainerName: 'app', stdin: true, tty: true }]);
    await until('the ephemeral container runs', () => !!debuggerStatus('debugger')?.state?.running);
    const s = debuggerStatus('debugger')!;
    assert.equal(s.ready, false);
    assert.equal(s.started, undefined);
    assert.match(s.containerID ?? '', /^simulated:\/\//);
    // same sandbox as the target; the target's process namespace
    const [app] = await runtime.listContainers({ [LABELS.containerName]: 'app' });
    const [dbg] = await runtime.listContainers({ [LABELS.containerName]: 'debugger' });
    assert.equal(dbg.sandboxId, app.sandboxId);
    assert.equal(dbg.labels[LABELS.containerKind], 'ephemeral');
    assert.equal(runtime.pidTargetOf(dbg.id), app.id);
    // it does not count for readiness, nor for the container statuses
    assert.equal(status()?.containerStatuses?.length, 2);
    assert.ok(status()?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));

    // once exited, it stays exited (never restarted), shown as terminated
    await runtime.stopContainer(dbg.id);
    w.kick();
    await until('terminated', () => !!debuggerStatus('debugger')?.state?.terminated);
    await new Promise((ok) => setTimeout(ok, 50));
    w.kick();
    await new Promise((ok) => setTimeout(ok, 50));
    assert.equal((await runtime.listContainers({ [LABELS.containerName]: 'debugger' })).length, 1);
    assert.equal(debuggerStatus('debugger')?.restartCount, 0);

    // a target that is not there: the kubelet's message, and the container waits
    withDebug([...(current().spec!.ephemeralContainers ?? []), { name: 'lost', image: 'busybox', targetContainerName: 'gone' }]);
    await until('CreateContainerConfigError', () => debuggerStatus('lost')?.state?.waiting?.reason === 'CreateContainerConfigError');
    assert.equal(debuggerStatus('lost')?.state?.waiting?.message, 'unable to find target container gone');
    assert.ok(events.includes('Failed spec.ephemeralContainers{lost} Error: unable to find target container gone'), events.join('\n'));
  } finally {
    w.close();
    runtime.close();
    await rm(dir, { recursive: true, force: true });
  }
});
