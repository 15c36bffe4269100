import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { nextAvailableAt, replicaSetStatus, sameStatus } from './status.ts';

const NOW = new Date('2026-01-01T12:00:00Z');
const ago = (s: number) => new Date(NOW.getTime() - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const rs = (o: { minReadySeconds?: number; conditions?: unknown[] } = {}): ReplicaSet => ({
  metadata: { name: 'web-abc', namespace: 'ns', generation: 4 },
  spec: { replicas: 3, minReadySeconds: o.minReadySeconds, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web', tier: 'front' } } } },
  status: { replicas: 0, conditions: o.conditions as never },
});

const pod = (labels: Record<string, string>, readyFor?: number): Pod => ({
  metadata: { name: 'p', labels },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: readyFor === undefined ? 'False' : 'True', lastTransitionTime: ago(readyFor ?? 0) }] },
});

test('counts pods, fully labelled ones, ready and available ones; observes the generation', () => {
  const s = replicaSetStatus(rs(), [pod({ app: 'web', tier: 'front' }, 10), pod({ app: 'web' }, 10), pod({ app: 'web', tier: 'front' })], undefined, NOW);
  assert.deepEqual(s, { replicas: 3, fullyLabeledReplicas: 2, readyReplicas: 2, availableReplicas: 2, observedGeneration: 4 });
});

test('minReadySeconds: ready is not yet available, and the controller knows when it will be', () => {
  const pods = [pod({ app: 'web' }, 3), pod({ app: 'web' }, 30)];
  const s = replicaSetStatus(rs({ minReadySeconds: 10 }), pods, undefined, NOW);
  assert.equal(s.readyReplicas, 2);
  assert.equal(s.availableReplicas, 1);
  assert.equal(nextAvailableAt(rs({ minReadySeconds: 10 }), pods, NOW), NOW.getTime() + 7000);
  assert.equal(nextAvailableAt(rs(), pods, NOW), undefined);
});

test('a failure to create or delete sets ReplicaFailure once; success clears it', () => {
  const failing = replicaSetStatus(rs(), [], { reason: 'FailedCreate', message: 'pods "x" is forbidden: quota' }, NOW);
  assert.deepEqual(failing.conditions, [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'pods "x" is forbidden: quota', lastTransitionTime: '2026-01-01T12:00:00Z' }]);
  const still = replicaSetStatus({ ...rs(), status: failing }, [], { reason: 'FailedCreate', message: 'again' }, new Date(NOW.getTime() + 60_000));
  assert.deepEqual(still.conditions, failing.conditions);
  assert.equal(replicaSetStatus({ ...rs(), status: failing }, [], undefined, NOW).conditions, undefined);
});

test('sameStatus compares what the controller writes', () => {
  assert.ok(sameStatus({ replicas: 0 }, { replicas: 0, fullyLabeledReplicas: 0, readyReplicas: 0, availableReplicas: 0, observedGeneration: 0 }));
  assert.ok(!sameStatus({ replicas: 1, observedGeneration: 1 }, { replicas: 1, observedGeneration: 2 }));
});
