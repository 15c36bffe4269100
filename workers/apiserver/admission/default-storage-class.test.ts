import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { StorageClass } from '../../../lib/api/storage/storageclass.ts';
import { byResource } from '../registry/index.ts';
import type { AdmissionContext } from './index.ts';
import { defaultStorageClass, pickDefaultClass } from './default-storage-class.ts';

const DEFAULT = { 'storageclass.kubernetes.io/is-default-class': 'true' };
const sc = (name: string, created: string, annotations?: Record<string, string>): StorageClass => ({ metadata: { name, creationTimestamp: created, annotations }, provisioner: 'p' });

test('the default class: the annotated one, the newest when several are', () => {
  assert.equal(pickDefaultClass([sc('a', '2025-01-01T00:00:00Z'), sc('b', '2025-01-01T00:00:00Z', DEFAULT)])?.metadata.name, 'b');
  assert.equal(pickDefaultClass([sc('old', '2025-01-01T00:00:00Z', DEFAULT), sc('new', '2025-02-01T00:00:00Z', DEFAULT)])?.metadata.name, 'new');
  assert.equal(pickDefaultClass([sc('beta', '2025-01-01T00:00:00Z', { 'storageclass.beta.kubernetes.io/is-default-class': 'true' })])?.metadata.name, 'beta');
  assert.equal(pickDefaultClass([sc('a', '2025-01-01T00:00:00Z')]), undefined);
});

test('a claim without class gets the default; a class named, even "", stays', async () => {
  const classes: KubeObject[] = [sc('standard', '2025-01-01T00:00:00Z', DEFAULT)];
  const ctx = { storage: { list: async () => ({ items: classes }) } } as unknown as AdmissionContext;
  const pvcs = byResource('', 'v1', 'persistentvolumeclaims')!;
  const claim = (spec: PersistentVolumeClaim['spec']): PersistentVolumeClaim => ({ metadata: { name: 'c', namespace: 'ns' }, spec });
  const a = claim({ accessModes: ['ReadWriteOnce'] });
  await defaultStorageClass(ctx, pvcs, a);
  assert.equal(a.spec?.storageClassName, 'standard');
  const b = claim({ storageClassName: 'fast' });
  await defaultStorageClass(ctx, pvcs, b);
  assert.equal(b.spec?.storageClassName, 'fast');
  const c = claim({ storageClassName: '' });
  await defaultStorageClass(ctx, pvcs, c);
  assert.equal(c.spec?.storageClassName, '');
  const d = claim({});
  d.metadata.annotations = { 'volume.beta.kubernetes.io/storage-class': 'legacy' };
  await defaultStorageClass(ctx, pvcs, d);
  assert.equal(d.spec?.storageClassName, undefined);
  // no default class: nothing set
  classes.length = 0;
  const e = claim({});
  await defaultStorageClass(ctx, pvcs, e);
  assert.equal(e.spec?.storageClassName, undefined);
});
