import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { ContainerInfo } from '../runtime/types.ts';
import { podPhase, podStatus, type StatusInput } from './status.ts';
import type { ContainerKind, ContainerView } from './view.ts';

const T0 = new Date('2026-01-01T10:00:00Z');
const T1 = new Date('2026-01-01T10:00:05Z');

function info(name: string, state: ContainerInfo['state'], exit?: number, attempt = 0): ContainerInfo {
  return {
    id: `${name}-${attempt}`,
    sandboxId: 'sb',
    name,
    attempt,
    state,
    createdAt: T0,
    startedAt: T0,
    finishedAt: state === 'exited' ? T1 : undefined,
    exitCode: exit,
    image: 'localhost/busybox:1',
    imageRef: 'sha256:abc',
    labels: {},
    annotations: {},
  };
}

const view = (name: string, kind: ContainerKind, current?: ContainerInfo, extra: Partial<ContainerView> = {}): ContainerView => ({
  spec: { name, image: 'localhost/busybox:1' },
  kind,
  current,
  restartCount: current?.attempt ?? 0,
  started: current?.state === 'running',
  ready: current?.state === 'running',
  ...extra,
});

const pod = (status: Pod['status'] = {}, restartPolicy = 'Always'): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default', uid: 'u' },
  spec: { nodeName: 'n1', restartPolicy, containers: [{ name: 'app', image: 'localhost/busybox:1' }] },
  status: { qosClass: 'BestEffort', conditions: [{ type: 'PodScheduled', status: 'True', lastTransitionTime: '2026-01-01T09:59:59Z' }], ...status },
});

const input = (p: Pod, views: ContainerView[], extra: Partial<StatusInput> = {}): StatusInput => ({
  pod: p,
  views,
  initialized: true,
  initFailed: false,
  sandbox: { ready: true, ips: ['10.88.0.5'] },
  hostIPs: ['192.168.1.9'],
  now: T1,
  runtimeName: 'containerd',
  ...extra,
});

const cond = (s: ReturnType<typeof podStatus>, type: string) => s.conditions?.find((c) => c.type === type);

test('a running, ready container: Running, all conditions True, IPs and container status', () => {
  const s = podStatus(input(pod(), [view('app', 'app', info('app', 'running'))]));
  assert.equal(s.phase, 'Running');
  assert.equal(s.podIP, '10.88.0.5');
  assert.deepEqual(s.podIPs, [{ ip: '10.88.0.5' }]);
  assert.equal(s.hostIP, '192.168.1.9');
  assert.equal(s.qosClass, 'BestEffort');
  for (const t of ['PodScheduled', 'PodReadyToStartContainers', 'Initialized', 'ContainersReady', 'Ready']) assert.equal(cond(s, t)?.status, 'True', t);
  assert.equal(cond(s, 'PodScheduled')?.lastTransitionTime, '2026-01-01T09:59:59Z');
  assert.deepEqual(s.containerStatuses, [
    { name: 'app', state: { running: { startedAt: '2026-01-01T10:00:00Z' } }, lastState: {}, ready: true, restartCount: 0, image: 'localhost/busybox:1', imageID: 'sha256:abc', containerID: 'containerd://app-0', started: true },
  ]);
});

test('not ready: Ready and ContainersReady False with the kubelet’s reason and message', () => {
  const s = podStatus(input(pod(), [view('app', 'app', info('app', 'running'), { ready: false })]));
  assert.equal(s.phase, 'Running');
  assert.deepEqual(cond(s, 'Ready'), { type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: '2026-01-01T10:00:05Z', reason: 'ContainersNotReady', message: 'containers with unready status: [app]' });
  assert.equal(s.containerStatuses?.[0].ready, false);
});

test('transition times are kept while a condition does not change', () => {
  const first = podStatus(input(pod(), [view('app', 'app', info('app', 'running'))]));
  const later = podStatus(input({ ...pod(), status: first }, [view('app', 'app', info('app', 'running'))], { now: new Date('2026-01-01T11:00:00Z') }));
  assert.deepEqual(later, first);
});

test('CrashLoopBackOff: waiting with the back-off message, the exit as lastState, restarts counted', () => {
  const crashed = info('app', 'exited', 1, 3);
  const s = podStatus(input(pod(), [view('app', 'app', crashed, { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=app pod=p_default(u)' } })]));
  const c = s.containerStatuses![0];
  assert.equal(s.phase, 'Running');
  assert.deepEqual(c.state, { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s restarting failed container=app pod=p_default(u)' } });
  assert.equal(c.lastState?.terminated?.exitCode, 1);
  assert.equal(c.lastState?.terminated?.reason, 'Error');
  assert.equal(c.restartCount, 3);
});

test('while init containers run: Pending, Initialized False, apps PodInitializing', () => {
  const p = { ...pod(), spec: { ...pod().spec!, initContainers: [{ name: 'init', image: 'x' }] } };
  const s = podStatus(input(p, [view('init', 'init', info('init', 'running')), view('app', 'app')], { initialized: false }));
  assert.equal(s.phase, 'Pending');
  assert.equal(cond(s, 'Initialized')?.status, 'False');
  assert.equal(cond(s, 'Initialized')?.message, 'containers with incomplete status: [init]');
  assert.deepEqual(s.containerStatuses?.[0].state, { waiting: { reason: 'PodInitializing' } });
  assert.ok(s.initContainerStatuses?.[0].state?.running);
});

test('phases: Succeeded, Failed under Never, Running again under OnFailure', () => {
  const app = (code: number) => [view('app', 'app', info('app', 'exited', code))];
  const init = { initialized: true, initFailed: false };
  assert.equal(podPhase(app(0), 'OnFailure', init), 'Succeeded');
  assert.equal(podPhase(app(1), 'Never', init), 'Failed');
  assert.equal(podPhase(app(1), 'OnFailure', init), 'Running');
  assert.equal(podPhase(app(0), 'Always', init), 'Running');
  assert.equal(podPhase([view('app', 'app')], 'Always', init), 'Pending');
  assert.equal(podPhase(app(0), 'Always', { initialized: false, initFailed: true }), 'Failed');
});

test('a completed pod is not ready (PodCompleted) and stays terminal', () => {
  const s = podStatus(input(pod({}, 'Never'), [view('app', 'app', info('app', 'exited', 0))]));
  assert.equal(s.phase, 'Succeeded');
  assert.equal(cond(s, 'Ready')?.reason, 'PodCompleted');
  assert.deepEqual(s.containerStatuses?.[0].state?.terminated?.reason, 'Completed');
  const again = podStatus(input(pod({ ...s }, 'Never'), [view('app', 'app', info('app', 'running'))]));
  assert.equal(again.phase, 'Succeeded');
});
