import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import { boundClaim, boundClaimStatus, boundVolume, reclaimOf, volumePhase } from './phases.ts';

const claim: PersistentVolumeClaim = { metadata: { name: 'c', namespace: 'ns', uid: 'u1', resourceVersion: '7' }, spec: { accessModes: ['ReadWriteOnce'] } };
const pv = (spec: NonNullable<PersistentVolume['spec']> = {}): PersistentVolume => ({ metadata: { name: 'v' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], ...spec } });

test('phases: Available without claim or pre-bound, Bound to its claim, Released once the claim is gone or replaced', () => {
  assert.equal(volumePhase(pv(), undefined), 'Available');
  assert.equal(volumePhase(pv({ claimRef: { namespace: 'ns', name: 'c' } }), undefined), 'Available');
  assert.equal(volumePhase(pv({ claimRef: { namespace: 'ns', name: 'c', uid: 'u1' } }), claim), 'Bound');
  assert.equal(volumePhase(pv({ claimRef: { namespace: 'ns', name: 'c', uid: 'u1' } }), undefined), 'Released');
  assert.equal(volumePhase(pv({ claimRef: { namespace: 'ns', name: 'c', uid: 'u0' } }), claim), 'Released', 'a new claim of the same name');
  assert.equal(volumePhase(pv({ claimRef: { namespace: 'ns', name: 'c', uid: 'u1' } }), { ...claim, spec: { volumeName: 'other' } }), 'Released');
});

test('reclaim: the policy, Retain by default', () => {
  assert.equal(reclaimOf(pv({ persistentVolumeReclaimPolicy: 'Delete' })), 'delete');
  assert.equal(reclaimOf(pv({ persistentVolumeReclaimPolicy: 'Retain' })), 'retain');
  assert.equal(reclaimOf(pv()), 'retain');
  assert.equal(reclaimOf(pv({ persistentVolumeReclaimPolicy: 'Recycle' })), 'unsupported');
});

test('binding: claimRef and bound-by-controller on the volume, volumeName and bind-completed on the claim', () => {
  const v = boundVolume(pv(), claim);
  assert.deepEqual(v.spec?.claimRef, { kind: 'PersistentVolumeClaim', namespace: 'ns', name: 'c', uid: 'u1', apiVersion: 'v1', resourceVersion: '7' });
  assert.equal(v.metadata.annotations?.['pv.kubernetes.io/bound-by-controller'], 'yes');
  // pre-bound by its author: the uid is filled in, the volume is not marked as bound by us
  const pre = boundVolume(pv({ claimRef: { namespace: 'ns', name: 'c' } }), claim);
  assert.equal(pre.spec?.claimRef?.uid, 'u1');
  assert.equal(pre.metadata.annotations?.['pv.kubernetes.io/bound-by-controller'], undefined);
  assert.deepEqual(boundVolume(v, claim), v, 'already bound: unchanged');

  const c = boundClaim(claim, v);
  assert.equal(c.spec?.volumeName, 'v');
  assert.deepEqual(c.metadata.annotations, { 'pv.kubernetes.io/bound-by-controller': 'yes', 'pv.kubernetes.io/bind-completed': 'yes' });
  const named = boundClaim({ ...claim, spec: { volumeName: 'v' } }, v);
  assert.deepEqual(named.metadata.annotations, { 'pv.kubernetes.io/bind-completed': 'yes' }, 'a claim that named its volume');
  assert.deepEqual(boundClaimStatus(v), { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } });
});
