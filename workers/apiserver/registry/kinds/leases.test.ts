import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Lease } from '../../../../lib/api/coordination.ts';
import leases from './leases.ts';

const lease = (spec?: Lease['spec']): Lease => ({ metadata: { name: 'n1', namespace: 'kube-node-lease', creationTimestamp: '2025-01-01T11:59:50Z' }, ...(spec ? { spec } : {}) });

test('table: Name, Holder, Age', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  assert.deepEqual(leases.table!.columns.map((c) => c.name), ['Name', 'Holder', 'Age']);
  assert.deepEqual(leases.table!.cells(lease({ holderIdentity: 'n1' }), now), ['n1', 'n1', '10s']);
  assert.deepEqual(leases.table!.cells(lease(), now), ['n1', '', '10s']);
});

test('validation of durations and transitions', () => {
  assert.deepEqual(leases.validate!(lease({ holderIdentity: 'n1', leaseDurationSeconds: 40, renewTime: '2025-01-01T11:59:59.123456Z' })), []);
  assert.deepEqual(leases.validate!(lease({ leaseDurationSeconds: 0, leaseTransitions: -1 })).map((e) => `${e.field}: ${e.body}`), [
    'spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
    'spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0',
  ]);
});
