import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment, DeploymentStatus } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { calculateStatus, deploymentComplete, deploymentProgressing, deploymentTimedOut, newCondition, sameStatus, setCondition } from './conditions.ts';

const T0 = new Date('2026-01-01T00:00:00Z');
const T1 = new Date('2026-01-01T00:05:00Z');

const deployment = (status: DeploymentStatus = {}): Deployment => ({
  metadata: { name: 'web', generation: 2 },
  spec: { replicas: 4, progressDeadlineSeconds: 60, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } },
  status,
});
const rs = (spec: number, replicas: number, ready: number, available: number): ReplicaSet => ({ metadata: { name: `rs-${spec}` }, spec: { replicas: spec }, status: { replicas, readyReplicas: ready, availableReplicas: available } });

test('a condition keeps its times when neither status nor reason changes, its transition time when only the reason does', () => {
  const s: DeploymentStatus = {};
  setCondition(s, newCondition('Progressing', 'True', 'NewReplicaSetCreated', 'Created', T0));
  setCondition(s, newCondition('Progressing', 'True', 'NewReplicaSetCreated', 'Created again', T1));
  assert.deepEqual(s.conditions, [{ type: 'Progressing', status: 'True', reason: 'NewReplicaSetCreated', message: 'Created', lastUpdateTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' }]);
  setCondition(s, newCondition('Progressing', 'True', 'ReplicaSetUpdated', 'moving', T1));
  assert.equal(s.conditions![0].lastTransitionTime, '2026-01-01T00:00:00Z');
  assert.equal(s.conditions![0].lastUpdateTime, '2026-01-01T00:05:00Z');
});

test('the status sums the ReplicaSets; Available needs replicas - maxUnavailable available pods', () => {
  const d = deployment();
  const status = calculateStatus([rs(3, 3, 3, 3), rs(2, 2, 1, 0)], rs(2, 2, 1, 0), d, T0);
  assert.deepEqual({ ...status, conditions: undefined }, { observedGeneration: 2, replicas: 5, updatedReplicas: 2, readyReplicas: 4, availableReplicas: 3, unavailableReplicas: 2, conditions: undefined });
  assert.deepEqual(status.conditions?.map((c) => c.reason), ['MinimumReplicasAvailable']);
  assert.deepEqual(calculateStatus([rs(4, 4, 2, 2)], rs(4, 4, 2, 2), d, T0).conditions?.map((c) => [c.status, c.reason, c.message]), [['False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.']]);
});

test('complete, progressing, timed out', () => {
  const done: DeploymentStatus = { observedGeneration: 2, replicas: 4, updatedReplicas: 4, availableReplicas: 4 };
  assert.ok(deploymentComplete(deployment(), done));
  assert.ok(!deploymentComplete(deployment(), { ...done, observedGeneration: 1 }));
  assert.ok(!deploymentComplete(deployment(), { ...done, replicas: 5 }), 'an old pod still there');
  assert.ok(deploymentProgressing(deployment({ replicas: 5, updatedReplicas: 1 }), { replicas: 5, updatedReplicas: 2 }));
  assert.ok(deploymentProgressing(deployment({ replicas: 5, updatedReplicas: 2 }), { replicas: 4, updatedReplicas: 2 }), 'one old pod less');
  assert.ok(!deploymentProgressing(deployment({ replicas: 5, updatedReplicas: 2, availableReplicas: 3 }), { replicas: 5, updatedReplicas: 2, availableReplicas: 3 }));
  const stuck: DeploymentStatus = { conditions: [newCondition('Progressing', 'True', 'ReplicaSetUpdated', 'moving', T0)] };
  assert.ok(!deploymentTimedOut(deployment(), stuck, new Date(T0.getTime() + 59_000)));
  assert.ok(deploymentTimedOut(deployment(), stuck, new Date(T0.getTime() + 61_000)));
  assert.ok(!deploymentTimedOut(deployment(), { conditions: [newCondition('Progressing', 'True', 'NewReplicaSetAvailable', 'done', T0)] }, T1), 'a finished rollout never times out');
});

test('sameStatus sees every field the controller writes, and nothing else', () => {
  assert.ok(sameStatus({}, { replicas: 0, conditions: [] }));
  assert.ok(!sameStatus({ replicas: 1 }, { replicas: 1, collisionCount: 1 }));
  assert.ok(!sameStatus({ conditions: [newCondition('Available', 'True', 'A', 'm', T0)] }, { conditions: [newCondition('Available', 'True', 'A', 'm', T1)] }));
});
