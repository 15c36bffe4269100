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
