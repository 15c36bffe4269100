import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { writeFacts } from './store-context.ts';

const ref = { apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'u1' };
const lease = (renewTime: string, extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'n1', namespace: 'kube-node-lease', ownerReferences: [ref], ...extra }, spec: { renewTime } } as KubeObject);

test("the change message says whether the owner references changed and whether the object is being deleted", () => {
  assert.deepEqual(writeFacts('MODIFIED', lease('b'), lease('a')), { ownersChanged: false }, 'a lease renewal');
  assert.deepEqual(writeFacts('MODIFIED', lease('a', { ownerReferences: [] }), lease('a')), { ownersChanged: true });
  assert.deepEqual(writeFacts('MODIFIED', lease('a', { deletionTimestamp: '2026-01-01T00:00:00Z' }), lease('a')), { ownersChanged: false, deleting: true });
  assert.deepEqual(writeFacts('ADDED', lease('a')), { ownersChanged: true }, 'a new dependent');
  assert.deepEqual(writeFacts('ADDED', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }), { ownersChanged: false });
  assert.deepEqual(writeFacts('MODIFIED', lease('a')), {}, 'without the previous revision: unknown');
  assert.deepEqual(writeFacts('DELETED', lease('a'), lease('a')), {});
});

const pod = (status: Record<string, unknown>, cpu = '100m', extra: Partial<KubeObject['metadata']> = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', ...extra }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] }, status }) as KubeObject;

test("a pod's update says whether it may change the pod's quota charge", () => {
  const pending = pod({ phase: 'Pending' });
  assert.equal(writeFacts('MODIFIED', pod({ phase: 'Running' }), pending).chargeMayChange, false, 'running now');
  assert.equal(writeFacts('MODIFIED', pod({ phase: 'Succeeded' }), pod({ phase: 'Running' })).chargeMayChange, true, 'finished: its slot is free');
  assert.equal(writeFacts('MODIFIED', pod({ phase: 'Pending' }, '200m'), pending).chargeMayChange, true, 'resized');
  const past = { deletionTimestamp: '2020-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 };
  assert.equal(writeFacts('MODIFIED', pod({ phase: 'Running' }, '100m', past), pod({ phase: 'Running' })).chargeMayChange, true, 'past its deletion grace');
  assert.equal(writeFacts('ADDED', pending).chargeMayChange, undefined);
  assert.equal(writeFacts('MODIFIED', pending).chargeMayChange, undefined, 'without the previous revision: unknown');
  assert.equal(writeFacts('MODIFIED', lease('b'), lease('a')).chargeMayChange, undefined, 'not a pod');
});
