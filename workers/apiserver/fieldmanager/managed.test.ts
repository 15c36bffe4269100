import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordUpdate } from './update.ts';
import { capUpdateManagers, decodeManaged, encodeManaged, managerId } from './managed.ts';
import type { KubeObject, ManagedFieldsEntry } from '../../../lib/api/meta.ts';
import { at, deep, deploymentSchema } from './fixtures.test-support.ts';

const entry = (manager: string, operation: 'Apply' | 'Update', time: string, fields: Record<string, unknown>, extra: Partial<ManagedFieldsEntry> = {}): ManagedFieldsEntry => ({
  manager,
  operation,
  apiVersion: 'apps/v1',
  time,
  fieldsType: 'FieldsV1',
  fieldsV1: fields,
  ...extra,
});

test('entries sort Apply first, then by time, manager, apiVersion, subresource', () => {
  const f = { 'f:spec': { 'f:paused': {} } };
  const sorted = encodeManaged(
    decodeManaged([
      entry('z', 'Update', '2026-01-01T00:00:02Z', f),
      entry('b', 'Update', '2026-01-01T00:00:01Z', f, { subresource: 'status' }),
      entry('b', 'Update', '2026-01-01T00:00:01Z', f),
      entry('a', 'Update', '2026-01-01T00:00:01Z', f, { apiVersion: 'apps/v1beta2' }),
      entry('a', 'Update', '2026-01-01T00:00:01Z', f),
      entry('late', 'Apply', '2026-01-01T00:00:09Z', f),
      entry('early', 'Apply', '2026-01-01T00:00:03Z', f),
    ]),
  );
  assert.deepEqual(
    sorted.map((e) => `${e.operation} ${e.manager} ${e.apiVersion} ${e.subresource ?? ''}`.trim()),
    ['Apply early apps/v1', 'Apply late apps/v1', 'Update a apps/v1', 'Update a apps/v1beta2', 'Update b apps/v1', 'Update b apps/v1 status', 'Update z apps/v1'],
  );
  assert.deepEqual(Object.keys(sorted[5]), ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource']);
});

test('identifiers: Apply ignores apiVersion, Update keys on it', () => {
  assert.equal(managerId({ manager: 'm', operation: 'Apply', apiVersion: 'apps/v1' }), managerId({ manager: 'm', operation: 'Apply', apiVersion: 'apps/v1beta1' }));
  assert.notEqual(managerId({ manager: 'm', operation: 'Update', apiVersion: 'apps/v1' }), managerId({ manager: 'm', operation: 'Update', apiVersion: 'apps/v1beta1' }));
  assert.equal(managerId({ manager: 'kubectl', operation: 'Update', apiVersion: 'apps/v1', subresource: 'scale' }), '{"manager":"kubectl","operation":"Update","apiVersion":"apps/v1","subresource":"scale"}');
});

test('an eleventh updater merges the two oldest into ancient-changes', () => {
  const live: KubeObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', annotations: {} }, spec: {} };
  let obj = live;
  for (let i = 0; i < 11; i++) {
    const next = deep(obj);
    next.metadata.annotations![`k${i}`] = 'v';
    next.metadata.managedFields = recordUpdate({ live: obj, updated: next, schema: deploymentSchema, manager: `writer-${i}`, apiVersion: 'apps/v1', now: at(`2026-01-01T00:00:${String(i).padStart(2, '0')}Z`) });
    obj = next;
  }
  const mf = obj.metadata.managedFields!;
  assert.equal(mf.length, 10);
  assert.deepEqual(mf[0], {
    manager: 'ancient-changes',
    operation: 'Update',
    apiVersion: 'apps/v1',
    time: '2026-01-01T00:00:01Z',
    fieldsType: 'FieldsV1',
    fieldsV1: { 'f:metadata': { 'f:annotations': { 'f:k0': {}, 'f:k1': {} } } },
  });
  assert.deepEqual(mf.slice(1).map((e) => e.manager), ['writer-2', 'writer-3', 'writer-4', 'writer-5', 'writer-6', 'writer-7', 'writer-8', 'writer-9', 'writer-10']);
});

test('the cap leaves Apply entries alone and buckets per apiVersion', () => {
  const f = (k: string) => ({ 'f:metadata': { 'f:labels': { [`f:${k}`]: {} } } });
  const entries = [entry('applier', 'Apply', '2026-01-01T00:00:00Z', f('a'))];
  for (let i = 0; i < 12; i++) entries.push(entry(`u${i}`, 'Update', `2026-01-01T00:01:${String(i).padStart(2, '0')}Z`, f(`u${i}`), { apiVersion: i % 2 ? 'apps/v1' : 'apps/v1beta2' }));
  const managers = decodeManaged(entries);
  capUpdateManagers(managers);
  const out = encodeManaged(managers);
  assert.equal(out.filter((e) => e.operation === 'Update').length, 10);
  assert.equal(out[0].manager, 'applier');
  const buckets = out.filter((e) => e.manager === 'ancient-changes');
  assert.deepEqual(buckets.map((b) => [b.apiVersion, Object.keys((b.fieldsV1 as any)['f:metadata']['f:labels'])]), [
    ['apps/v1beta2', ['f:u0', 'f:u2']],
    ['apps/v1', ['f:u1', 'f:u3']],
  ]);
});

test('undecodable managedFields are refused by decodeManaged', () => {
  assert.throws(() => decodeManaged([{ manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV2', fieldsV1: {} } as never]), /invalid fieldsType "FieldsV2"/);
  assert.throws(() => decodeManaged([{ manager: 'm', operation: 'Patch' as never, apiVersion: 'v1', fieldsType: 'FieldsV1' }]), /operation must be `Apply` or `Update`/);
});
