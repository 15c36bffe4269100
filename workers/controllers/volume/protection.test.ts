import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../../lib/api/core/pod.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import { byResource } from '../../apiserver/registry/index.ts';
import { storageObjectInUseProtection } from '../../apiserver/admission/storage-protection.ts';
import type { AdmissionContext } from '../../apiserver/admission/index.ts';
import { claimInUse } from './protection.ts';

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
