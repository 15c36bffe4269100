import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContainerInfo } from '../runtime/types.ts';
import { planPod, type PlanInput, type RestartPolicy } from './plan.ts';
import type { ContainerKind, ContainerView } from './view.ts';

const NOW = 1_000_000;

function info(name: string, state: ContainerInfo['state'], exit?: number, finishedAt = NOW - 1000): ContainerInfo {
  return { id: `${name}-id`, sandboxId: 'sb', name, attempt: 0, state, createdAt: new Date(0), exitCode: exit, finishedAt: state === 'exited' ? new Date(finishedAt) : undefined, image: 'i', imageRef: 'r', labels: {}, annotations: {} };
}

function view(name: string, kind: ContainerKind, current?: ContainerInfo, extra: Partial<ContainerView> = {}): ContainerView {
  const running = current?.state === 'running';
  return { spec: { name }, kind, current, restartCount: 0, started: running, ready: running, ...extra };
}

function plan(views: ContainerView[], policy: RestartPolicy = 'Always', extra: Partial<PlanInput> = {}) {
  return planPod({ restartPolicy: policy, views, initializedBefore: false, now: NOW, backoffRemaining: () => 0, ...extra });
}

const names = (p: ReturnType<typeof plan>) => p.actions.map((a) => `${a.type}:${a.name}`);

test('a new pod starts its first init container only', () => {
  const p = plan([view('i1', 'init'), view('i2', 'init'), view('app', 'app')]);
  assert.deepEqual(names(p), ['start:i1']);
  assert.equal(p.initialized, false);
});

test('init containers run in order; the apps start once all exited 0', () => {
  let p = plan([view('i1', 'init', info('i1', 'exited', 0)), view('i2', 'init', info('i2', 'running')), view('app', 'app')]);
  assert.deepEqual(names(p), []);
  p = plan([view('i1', 'init', info('i1', 'exited', 0)), view('i2', 'init', info('i2', 'exited', 0)), view('app', 'app')]);
  assert.deepEqual(names(p), ['start:app']);
  assert.equal(p.initialized, true);
});

test('a failed init container is restarted, or fails the pod under Never', () => {
  const failed = [view('i1', 'init', info('i1', 'exited', 1)), view('app', 'app')];
  assert.deepEqual(names(plan(failed, 'OnFailure')), ['start:i1']);
  const never = plan(failed, 'Never');
  assert.deepEqual(names(never), []);
  assert.equal(never.initFailed, true);
});

test('a sidecar must be started before the next init container, then keeps running', () => {
  const notStarted = [view('side', 'sidecar', info('side', 'running'), { started: false }), view('i1', 'init'), view('app', 'app')];
  assert.deepEqual(names(plan(notStarted)), []);
  const started = [view('side', 'sidecar', info('side', 'running')), view('i1', 'init'), view('app', 'app')];
  assert.deepEqual(names(plan(started)), ['start:i1']);
});

test('after init: exited apps restart per policy, sidecars always', () => {
  const views = (code: number) => [view('side', 'sidecar', info('side', 'exited', 0)), view('app', 'app', info('app', 'exited', code)), view('other', 'app', info('other', 'running'))];
  const init = { initializedBefore: true };
  assert.deepEqual(names(plan(views(0), 'Always', init)), ['start:side', 'start:app']);
  assert.deepEqual(names(plan(views(0), 'OnFailure', init)), ['start:side']);
  assert.deepEqual(names(plan(views(2), 'OnFailure', init)), ['start:side', 'start:app']);
  assert.deepEqual(names(plan(views(2), 'Never', init)), ['start:side']);
});

test('a restart within the back-off is a wait until its end', () => {
  const p = plan([view('app', 'app', info('app', 'exited', 1))], 'Always', { initializedBefore: true, backoffRemaining: () => 10_000 });
  assert.deepEqual(p.actions, [{ type: 'wait', name: 'app', untilMs: NOW + 10_000 }]);
});

test('an unhealthy running container is killed (and not started again in the same plan)', () => {
  const p = plan([view('app', 'app', info('app', 'running'), { unhealthy: 'liveness' })], 'Always', { initializedBefore: true });
  assert.deepEqual(p.actions, [{ type: 'kill', name: 'app', reason: 'liveness' }]);
});

test('when the apps are done for good, sidecars are stopped in reverse order', () => {
  const p = plan([view('s1', 'sidecar', info('s1', 'running')), view('s2', 'sidecar', info('s2', 'running')), view('job', 'app', info('job', 'exited', 0))], 'OnFailure', { initializedBefore: true });
  assert.deepEqual(names(p), ['kill:s2', 'kill:s1']);
  assert.equal(p.appsDone, true);
});

test('a running container whose image changed is killed and started again, whatever the policy', () => {
  const running = { ...info('web', 'running'), annotations: { 'timonier.dev/image': 'nginx:1.27' } };
  const changed = view('web', 'app', running, { spec: { name: 'web', image: 'nginx:1.29-alpine' } });
  for (const policy of ['Always', 'Never'] as const) assert.deepEqual(names(plan([changed], policy, { initializedBefore: true })), ['kill:web', 'start:web']);
  assert.equal(plan([changed], 'Always', { initializedBefore: true }).actions[0].type === 'kill' && (plan([changed]).actions[0] as { reason: string }).reason, 'changed');
  // same image, or an instance from before the annotation: nothing to do
  assert.deepEqual(names(plan([view('web', 'app', running, { spec: { name: 'web', image: 'nginx:1.27' } })], 'Always', { initializedBefore: true })), []);
  assert.deepEqual(names(plan([view('web', 'app', info('web', 'running'), { spec: { name: 'web', image: 'x' } })], 'Always', { initializedBefore: true })), []);
});
