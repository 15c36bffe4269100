import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../../../lib/api/core/pod.ts';
import { podCells, podColumns, podRowConditions } from './table.ts';

const NOW = Date.parse('2025-01-01T12:10:00Z');
const pod = (p: Partial<Pod> = {}): Pod => ({
  metadata: { name: 'web', creationTimestamp: '2025-01-01T12:00:00Z', ...p.metadata },
  spec: { containers: [{ name: 'app', image: 'nginx' }], ...p.spec },
  status: p.status,
});
const running = (name: string, ready = true) => ({ name, ready, restartCount: 0, image: 'nginx', imageID: '', state: { running: { startedAt: '2025-01-01T12:00:05Z' } } });

test('columns: the wide set, with IP, Node, Nominated Node and Readiness Gates at priority 1', () => {
  assert.deepEqual(
    podColumns.map((c) => [c.name, c.type, c.priority]),
    [
      ['Name', 'string', 0],
      ['Ready', 'string', 0],
      ['Status', 'string', 0],
      ['Restarts', 'string', 0],
      ['Age', 'string', 0],
      ['IP', 'string', 1],
      ['Node', 'string', 1],
      ['Nominated Node', 'string', 1],
      ['Readiness Gates', 'string', 1],
    ],
  );
  assert.match(podColumns[5].description, /^podIP address allocated to the pod/);
});

test('Pending with no statuses', () => {
  assert.deepEqual(podCells(pod({ status: { phase: 'Pending' } }), NOW), ['web', '0/1', 'Pending', '0', '10m', '<none>', '<none>', '<none>', '<none>']);
});

test('Running and ready, scheduled, with an IP', () => {
  const p = pod({ spec: { nodeName: 'n1', containers: [{ name: 'app' }] }, status: { phase: 'Running', podIPs: [{ ip: '10.0.0.5' }], containerStatuses: [running('app')] } });
  assert.deepEqual(podCells(p, NOW), ['web', '1/1', 'Running', '0', '10m', '10.0.0.5', 'n1', '<none>', '<none>']);
});

test('CrashLoopBackOff with restarts and the age of the last one', () => {
  const p = pod({
    status: {
      phase: 'Running',
      containerStatuses: [
        {
          name: 'app',
          ready: false,
          restartCount: 3,
          image: 'nginx',
          imageID: '',
          state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } },
          lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: '2025-01-01T12:05:00Z' } },
        },
      ],
    },
  });
  assert.deepEqual(podCells(p, NOW).slice(1, 4), ['0/1', 'CrashLoopBackOff', '3 (5m ago)']);
});

test('Terminating while deleting, unless the pod already finished', () => {
  const p = pod({ metadata: { name: 'web', deletionTimestamp: '2025-01-01T12:09:30Z' }, status: { phase: 'Running', containerStatuses: [running('app')] } });
  assert.equal(podCells(p, NOW)[2], 'Terminating');
  p.status!.phase = 'Succeeded';
  p.status!.containerStatuses = [{ name: 'app', ready: false, restartCount: 0, image: 'nginx', imageID: '', state: { terminated: { exitCode: 0, reason: 'Completed' } } }];
  assert.equal(podCells(p, NOW)[2], 'Completed');
  p.status!.reason = 'NodeLost';
  p.status!.phase = 'Running';
  assert.equal(podCells(p, NOW)[2], 'Unknown');
});

test('Init:0/1 while the init container runs; Init:Error when it fails', () => {
  const p = pod({
    spec: { initContainers: [{ name: 'setup', image: 'busybox' }], containers: [{ name: 'app', image: 'nginx' }] },
    status: {
      phase: 'Pending',
      initContainerStatuses: [{ name: 'setup', ready: false, restartCount: 0, image: 'busybox', imageID: '', state: { running: { startedAt: '2025-01-01T12:00:01Z' } } }],
      containerStatuses: [{ name: 'app', ready: false, restartCount: 0, image: 'nginx', imageID: '', state: { waiting: { reason: 'PodInitializing' } } }],
    },
  });
  assert.deepEqual(podCells(p, NOW).slice(1, 4), ['0/1', 'Init:0/1', '0']);
  p.status!.initContainerStatuses![0].state = { terminated: { exitCode: 2, reason: 'Error' } };
  p.status!.initContainerStatuses![0].restartCount = 1;
  assert.deepEqual(podCells(p, NOW).slice(1, 4), ['0/1', 'Init:Error', '1']);
  p.status!.initContainerStatuses![0].state = { waiting: { reason: 'CrashLoopBackOff' } };
  assert.equal(podCells(p, NOW)[2], 'Init:CrashLoopBackOff');
});

test('a started, ready sidecar counts toward READY and its restarts survive initialization', () => {
  const p = pod({
    spec: { initContainers: [{ name: 'log', image: 'busybox', restartPolicy: 'Always' }], containers: [{ name: 'app', image: 'nginx' }] },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Initialized', status: 'True' }],
      initContainerStatuses: [{ ...running('log'), started: true, restartCount: 2, lastState: { terminated: { exitCode: 1, finishedAt: '2025-01-01T12:08:00Z' } } }],
      containerStatuses: [running('app')],
    },
  });
  assert.deepEqual(podCells(p, NOW).slice(1, 4), ['2/2', 'Running', '2 (2m ago)']);
});

test('Completed, and NotReady when a finished container sits beside a running one', () => {
  const done = { name: 'job', ready: false, restartCount: 0, image: 'busybox', imageID: '', state: { terminated: { exitCode: 0, reason: 'Completed' } } };
  const p = pod({ spec: { containers: [{ name: 'job' }] }, status: { phase: 'Succeeded', containerStatuses: [done] } });
  assert.deepEqual(podCells(p, NOW).slice(1, 4), ['0/1', 'Completed', '0']);
  assert.deepEqual(podRowConditions(p), [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);

  const mixed = pod({ spec: { containers: [{ name: 'job' }, { name: 'app' }] }, status: { phase: 'Running', containerStatuses: [done, running('app')] } });
  assert.deepEqual(podCells(mixed, NOW).slice(1, 3), ['1/2', 'NotReady']);
  mixed.status!.conditions = [{ type: 'Ready', status: 'True' }];
  assert.equal(podCells(mixed, NOW)[2], 'Running');
});

test('terminated without a reason shows the signal or exit code; gated pods show SchedulingGated', () => {
  const p = pod({ status: { phase: 'Running', containerStatuses: [{ name: 'app', ready: false, restartCount: 0, image: '', imageID: '', state: { terminated: { exitCode: 137, signal: 9 } } }] } });
  assert.equal(podCells(p, NOW)[2], 'Signal:9');
  p.status!.containerStatuses![0].state = { terminated: { exitCode: 3 } };
  assert.equal(podCells(p, NOW)[2], 'ExitCode:3');
  const gated = pod({ status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } });
  assert.equal(podCells(gated, NOW)[2], 'SchedulingGated');
});

test('readiness gates count the conditions that are True', () => {
  const p = pod({
    spec: { containers: [{ name: 'app' }], readinessGates: [{ conditionType: 'example.com/lb' }, { conditionType: 'example.com/dns' }] },
    status: { phase: 'Running', conditions: [{ type: 'example.com/lb', status: 'True' }, { type: 'example.com/dns', status: 'False' }] },
  });
  assert.equal(podCells(p, NOW)[8], '1/2');
});
