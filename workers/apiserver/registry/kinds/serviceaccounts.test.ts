import { test } from 'node:test';
import assert from 'node:assert/strict';
import serviceaccounts from './serviceaccounts.ts';

test('table: Secrets is an integer count; DELETE returns the object', () => {
  const sa = { metadata: { name: 'default', namespace: 'd', creationTimestamp: '2025-01-01T11:00:00Z' }, secrets: [{ name: 'tok' }] };
  assert.deepEqual(serviceaccounts.table!.columns.map((c) => c.name), ['Name', 'Secrets', 'Age']);
  assert.deepEqual(serviceaccounts.table!.cells(sa, Date.parse('2025-01-02T11:00:00Z')), ['default', 1, '24h']);
  assert.deepEqual(serviceaccounts.table!.cells({ metadata: { name: 'x' } }, 0), ['x', 0, '<unknown>']);
  assert.equal(serviceaccounts.deleteReturnsObject, true);
});
