import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import { byResource } from '../../apiserver/registry/index.ts';
import { storageObjectInUseProtection } from '../../apiserver/admission/storage-protection.ts';
import type { AdmissionContext } from '../../apiserver/admission/index.ts';
import { claimInUse, pvcProtectionController } from './protection.ts';
import type { ControllerContext } from '../framework/controller.ts';

const claim: PersistentVolumeClaim = { metadata: { name: 'data', namespace: 'ns' } };
const pod = (claimName: string, phase: string): Pod => ({ metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [], volumes: [{ name: 'v', persistentVolumeClaim: { claimName } }] }, status: { phase } });

test('a claim is in use while a pod that is not finished names it', () => {
  assert.equal(claimInUse(claim, [pod('data', 'Running')]), true);
  assert.equal(claimInUse(claim, [pod('data', 'Pending')]), true);
  assert.equal(claimInUse(claim, [pod('data', 'Succeeded'), pod('data', 'Failed')]), false);
  assert.equal(claimInUse(claim, [pod('other', 'Running')]), false);
});

test('StorageObjectInUseProtection adds the finalizers once', () => {
  const ctx = {} as AdmissionContext;
  const c: PersistentVolumeClaim = { metadata: { name: 'c', finalizers: ['example.com/x'] } };
  storageObjectInUseProtection(ctx, byResource('', 'v1', 'persistentvolumeclaims')!, c);
  storageObjectInUseProtection(ctx, byResource('', 'v1', 'persistentvolumeclaims')!, c);
  assert.deepEqual(c.metadata.finalizers, ['example.com/x', 'kubernetes.io/pvc-protection']);
  const v: KubeObject = { metadata: { name: 'v' } };
  storageObjectInUseProtection(ctx, byResource('', 'v1', 'persistentvolumes')!, v);
  assert.deepEqual(v.metadata.finalizers, ['kubernetes.io/pv-protection']);
  const cm: KubeObject = { metadata: { name: 'cm' } };
  storageObjectInUseProtection(ctx, byResource('', 'v1', 'configmaps')!, cm);
  assert.equal(cm.metadata.finalizers, undefined);
});

test("a pod the batch wrote without claims concerns no claim: no list of the namespace's claims", async () => {
  const lists: string[] = [];
  const deleting: PersistentVolumeClaim = { metadata: { name: 'data', namespace: 'ns', deletionTimestamp: '2026-01-01T00:00:00Z' } };
  const plain: Pod = { metadata: { name: 'plain', namespace: 'ns' }, spec: { containers: [] } };
  const withClaim = { ...pod('data', 'Pending'), metadata: { name: 'with-claim', namespace: 'ns' } };
  const ctx = {
    shared: { list: async (res: { resource: string }) => (lists.push(res.resource), { items: [deleting] }) },
    written: (_res: unknown, _ns: string, name: string) => [plain, withClaim].find((p) => p.metadata.name === name),
  } as unknown as ControllerContext;
  const change = (name: string) => ({ cluster: 'default', rev: 1, group: '', resource: 'pods', namespace: 'ns', name, type: 'ADDED' as const });
  assert.deepEqual(await pvcProtectionController.keysFor(change('plain'), ctx), []);
  assert.deepEqual(lists, []);
  assert.deepEqual(await pvcProtectionController.keysFor(change('with-claim'), ctx), ['ns/data']);
  assert.deepEqual(await pvcProtectionController.keysFor(change('not-written'), ctx), ['ns/data'], 'a pod not known: as before');
  assert.deepEqual(lists, ['persistentvolumeclaims', 'persistentvolumeclaims']);
});

test("a pod whose change says it uses no claim concerns none, written by the batch or not (Kubernetes' enqueuePVCs)", async () => {
  const lists: string[] = [];
  const deleting: PersistentVolumeClaim = { metadata: { name: 'data', namespace: 'ns', deletionTimestamp: '2026-01-01T00:00:00Z' } };
  const ctx = { shared: { list: async (res: { resource: string }) => (lists.push(res.resource), { items: [deleting] }) }, written: () => undefined } as unknown as ControllerContext;
  const change = (usesClaims: boolean, type: 'MODIFIED' | 'DELETED') => ({ cluster: 'default', rev: 1, group: '', resource: 'pods', namespace: 'ns', name: 'p', type, usesClaims });
  assert.deepEqual(await pvcProtectionController.keysFor(change(false, 'MODIFIED'), ctx), []);
  assert.deepEqual(await pvcProtectionController.keysFor(change(false, 'DELETED'), ctx), []);
  assert.deepEqual(lists, [], 'no list of the claims');
  assert.deepEqual(await pvcProtectionController.keysFor(change(true, 'DELETED'), ctx), ['ns/data']);
});
