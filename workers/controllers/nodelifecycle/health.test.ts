import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastHeardFrom, lostConditions, recoveredConditions } from './health.ts';
import { makeNode } from './fake-context.test-support.ts';
import type { Settings } from '../framework/controller.ts';

/**
 * The runner is imported at run time only: its worker bindings' types (Queue, Fetcher) are not
 * in the Node typecheck.
 */
const RUNNER: string = '../framework/runner.ts';
const { settingsFrom } = (await import(RUNNER)) as { settingsFrom(env: Record<string, string>): Settings };

const T0 = Date.parse('2026-01-01T00:00:00Z');
const lease = (renewTime: string) => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'n' }, spec: { renewTime } });

test('the grace period is 50 s unless NODE_MONITOR_GRACE_SECONDS says otherwise', () => {
  assert.equal(settingsFrom({}).nodeMonitorGraceSeconds, 50);
  assert.equal(settingsFrom({ NODE_MONITOR_GRACE_SECONDS: '4' }).nodeMonitorGraceSeconds, 4);
});

test('a node is last heard from at its latest lease renewal or heartbeat, else at its creation', () => {
  const node = makeNode('n');
  assert.equal(lastHeardFrom(node, undefined), T0);
  assert.equal(lastHeardFrom(node, lease('2026-01-01T00:00:30.123456Z')), T0 + 30_123);
  const never = makeNode('n', { ready: null });
  never.metadata.creationTimestamp = '2026-01-01T00:00:05Z';
  assert.equal(lastHeardFrom(never, undefined), T0 + 5000);
});

test('a lost node: Ready and the pressure conditions become Unknown, keeping their heartbeat', () => {
  const now = T0 + 60_000;
  const conditions = lostConditions(makeNode('n'), now)!;
  assert.deepEqual(conditions[0], {
    type: 'Ready',
    status: 'Unknown',
    reason: 'NodeStatusUnknown',
    message: 'Kubelet stopped posting node status.',
    lastHeartbeatTime: '2026-01-01T00:00:00Z',
    lastTransitionTime: '2026-01-01T00:01:00Z',
  });
  assert.deepEqual(
    conditions.slice(1).map((c) => [c.type, c.status, c.reason, c.message]),
    ['MemoryPressure', 'DiskPressure', 'PIDPressure'].map((t) => [t, 'Unknown', 'NodeStatusNeverUpdated', 'Kubelet never posted node status.']),
  );
  assert.equal(lostConditions({ ...makeNode('n'), status: { conditions } }, now + 1000), undefined, 'already lost: nothing to write');
  const never = lostConditions(makeNode('n', { ready: null }), now)!;
  assert.deepEqual([never[0].type, never[0].reason, never[0].lastHeartbeatTime], ['Ready', 'NodeStatusNeverUpdated', '2026-01-01T00:00:00Z']);
});

test('heard from again: what the controller made Unknown is healthy again; the rest untouched', () => {
  const lost = { ...makeNode('n'), status: { conditions: lostConditions(makeNode('n'), T0 + 60_000)! } };
  const back = recoveredConditions(lost, T0 + 70_000, T0 + 71_000)!;
  assert.deepEqual(back[0], {
    type: 'Ready',
    status: 'True',
    reason: 'KubeletReady',
    message: 'kubelet is posting ready status',
    lastHeartbeatTime: '2026-01-01T00:01:10Z',
    lastTransitionTime: '2026-01-01T00:01:11Z',
  });
  assert.deepEqual(back.map((c) => c.status), ['True', 'False', 'False', 'False']);
  assert.equal(recoveredConditions(makeNode('n'), T0, T0), undefined, 'healthy: nothing to write');
  const kubeletSaysNo = makeNode('n', { ready: 'False' });
  assert.equal(recoveredConditions(kubeletSaysNo, T0, T0), undefined, "the kubelet's own NotReady is not overridden");
});
