import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../../lib/api/core/node.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import { findMatchingVolume, volumeFits } from './matching.ts';

const pv = (name: string, storage: string, extra: Partial<NonNullable<PersistentVolume['spec']>> = {}, labels?: Record<string, string>): PersistentVolume => ({
  metadata: { name, labels },
  spec: { capacity: { storage }, accessModes: ['ReadWriteOnce'], storageClassName: 'manual', volumeMode: 'Filesystem', hostPath: { path: `/v/${name}` }, ...extra },
  status: { phase: 'Available' },
});
const pvc = (extra: Partial<NonNullable<PersistentVolumeClaim['spec']>> = {}): PersistentVolumeClaim => ({
  metadata: { name: 'c', namespace: 'ns', uid: 'u1' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'manual', volumeMode: 'Filesystem', ...extra },
});
const node = (name: string): Node => ({ metadata: { name, labels: { 'kubernetes.io/hostname': name } } });

test('the smallest volume that fits: class, access modes, size', () => {
  const vols = [pv('huge', '10Gi'), pv('tiny', '500Mi'), pv('fits', '2Gi'), pv('other-class', '1Gi', { storageClassName: 'fast' }), pv('rox', '1Gi', { accessModes: ['ReadOnlyMany'] })];
  assert.equal(findMatchingVolume(pvc(), vols)?.metadata.name, 'fits');
  assert.equal(findMatchingVolume(pvc({ storageClassName: 'fast' }), vols)?.metadata.name, 'other-class');
  assert.equal(findMatchingVolume(pvc({ accessModes: ['ReadWriteOnce', 'ReadWriteMany'] }), vols), undefined);
  assert.equal(findMatchingVolume(pvc({ resources: { requests: { storage: '1000Mi' } } }), vols)?.metadata.name, 'fits', '1000Mi > 500Mi, < 2Gi');
});

test('a selector, a volume mode, a claimed or deleting volume', () => {
  const gold = pv('gold', '1Gi', {}, { tier: 'gold' });
  assert.equal(findMatchingVolume(pvc({ selector: { matchLabels: { tier: 'gold' } } }), [pv('plain', '1Gi'), gold])?.metadata.name, 'gold');
  assert.equal(volumeFits(pv('b', '1Gi', { volumeMode: 'Block' }), pvc()), false);
  const taken = pv('taken', '1Gi', { claimRef: { namespace: 'ns', name: 'other', uid: 'u9' } });
  assert.equal(findMatchingVolume(pvc(), [taken]), undefined);
  const deleting = pv('deleting', '1Gi');
  deleting.metadata.deletionTimestamp = '2025-01-01T00:00:00Z';
  assert.equal(findMatchingVolume(pvc(), [deleting]), undefined);
});

test('a volume pre-bound to the claim wins over a smaller free one', () => {
  const pre = pv('pre', '5Gi', { claimRef: { namespace: 'ns', name: 'c' } });
  assert.equal(findMatchingVolume(pvc(), [pv('free', '1Gi'), pre])?.metadata.name, 'pre');
  const preOther = pv('pre-other-uid', '5Gi', { claimRef: { namespace: 'ns', name: 'c', uid: 'old' } });
  assert.equal(findMatchingVolume(pvc(), [preOther]), undefined, 'a claimRef to an older claim of that name');
});

test("with a node: only volumes whose node affinity allows it", () => {
  const pinned = (n: string) => pv(`on-${n}`, '1Gi', { nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [n] }] }] } } });
  const vols = [pinned('a'), pinned('b')];
  assert.equal(findMatchingVolume(pvc(), vols, node('b'))?.metadata.name, 'on-b');
  assert.equal(findMatchingVolume(pvc(), vols, node('c')), undefined);
  assert.equal(findMatchingVolume(pvc(), [pv('anywhere', '1Gi')], node('c'))?.metadata.name, 'anywhere');
});
