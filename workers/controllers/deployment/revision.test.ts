import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deployment } from '../../../lib/api/apps/deployment.ts';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import { maxRevision, revisionOf, setDeploymentRevision, setNewReplicaSetAnnotations } from './revision.ts';

const d = (annotations: Record<string, string> = {}): Deployment => ({ metadata: { name: 'd', annotations }, spec: { replicas: 3 } });
const rs = (annotations?: Record<string, string>): ReplicaSet => ({ metadata: { name: 'rs', annotations } });

test('a new ReplicaSet gets the revision, the sizes and the Deployment annotations, not the skipped ones', () => {
  const r = rs();
  const dep = d({ 'kubernetes.io/change-cause': 'kubectl set image', 'deployment.kubernetes.io/revision': '7', 'kubectl.kubernetes.io/last-applied-configuration': '{}' });
  assert.ok(setNewReplicaSetAnnotations(dep, r, 1, false, 1));
  assert.deepEqual(r.metadata.annotations, {
    'kubernetes.io/change-cause': 'kubectl set image',
    'deployment.kubernetes.io/revision': '1',
    'deployment.kubernetes.io/desired-replicas': '3',
    'deployment.kubernetes.io/max-replicas': '4',
  });
  assert.ok(!setNewReplicaSetAnnotations(dep, r, 1, true, 1), 'nothing more to change');
});

test('a revision is raised, never lowered; bringing an old one back keeps its history', () => {
  const r = rs({ 'deployment.kubernetes.io/revision': '5' });
  assert.ok(!setNewReplicaSetAnnotations(d(), r, 3, true, 1));
  assert.equal(revisionOf(r), 5);
  const back = rs({ 'deployment.kubernetes.io/revision': '1' });
  assert.ok(setNewReplicaSetAnnotations(d(), back, 3, true, 1));
  assert.equal(back.metadata.annotations!['deployment.kubernetes.io/revision'], '3');
  assert.equal(back.metadata.annotations!['deployment.kubernetes.io/revision-history'], '1');
  setNewReplicaSetAnnotations(d(), back, 5, true, 1);
  assert.equal(back.metadata.annotations!['deployment.kubernetes.io/revision-history'], '1,3');
});

test('revisions: missing is 0, unreadable is ignored; the Deployment follows its new ReplicaSet', () => {
  assert.equal(maxRevision([rs({ 'deployment.kubernetes.io/revision': '2' }), rs(), rs({ 'deployment.kubernetes.io/revision': 'x' })]), 2);
  const dep = d();
  assert.ok(setDeploymentRevision(dep, '2'));
  assert.ok(!setDeploymentRevision(dep, '2'));
  assert.equal(dep.metadata.annotations!['deployment.kubernetes.io/revision'], '2');
});
