import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PersistentVolume, PersistentVolumeClaim } from '../../../../../lib/api/core/persistentvolume.ts';
import type { StorageClass } from '../../../../../lib/api/storage/storageclass.ts';
import type { FieldError } from '../../../../../lib/errors.ts';
import { persistentvolumeclaims as pvcs, persistentvolumes as pvs, storageclasses as scs } from './index.ts';

const NOW = Date.parse('2025-01-01T12:00:00Z');
const show = (errs: FieldError[]) => errs.map((e) => `${e.field}: ${e.body}`);

test('PersistentVolume: defaults (Retain, Filesystem, Pending) and validation messages', () => {
  const pv: PersistentVolume = { metadata: { name: 'v' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/d' } } };
  pvs.defaults!(pv);
  pvs.prepareForCreate!(pv);
  assert.equal(pv.spec?.persistentVolumeReclaimPolicy, 'Retain');
  assert.equal(pv.spec?.volumeMode, 'Filesystem');
  assert.equal(pv.status?.phase, 'Pending');
  assert.deepEqual(pvs.validate!(pv), []);
  assert.deepEqual(show(pvs.validate!({ metadata: { name: 'x' }, spec: {} })), ['spec.accessModes: Required value: must specify at least 1 access mode', 'spec.capacity: Required value', 'spec: Required value: must specify a volume type']);
  assert.deepEqual(show(pvs.validate!({ metadata: { name: 'x' }, spec: { ...pv.spec, accessModes: ['ReadWriteSometimes'], persistentVolumeReclaimPolicy: 'Keep', nfs: { server: 's', path: '/p' } } })), [
    'spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod"',
    'spec.persistentVolumeReclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Recycle", "Retain"',
    'spec.nfs: Forbidden: may not specify more than 1 volume type',
  ]);
  assert.deepEqual(show(pvs.validate!({ metadata: { name: 'x' }, spec: { ...pv.spec, hostPath: undefined, local: { path: '/l' } } })), ['spec.nodeAffinity: Required value: Local volume requires node affinity']);
  assert.deepEqual(show(pvs.validateUpdate!({ ...pv, spec: { ...pv.spec, hostPath: { path: '/other' } } }, pv)), ['spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is forbidden once created']);
});

test('PersistentVolume: the table as kubectl prints it', () => {
  const pv: PersistentVolume = {
    metadata: { name: 'v', creationTimestamp: '2025-01-01T11:00:00Z' },
    spec: { capacity: { storage: '1024Mi' }, accessModes: ['ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Delete', storageClassName: 'standard', claimRef: { namespace: 'ns', name: 'c' }, volumeMode: 'Filesystem' },
    status: { phase: 'Bound' },
  };
  assert.deepEqual(pvs.table!.cells(pv, NOW), ['v', '1Gi', 'RWO,RWX', 'Delete', 'Bound', 'ns/c', 'standard', '<unset>', '', '60m', 'Filesystem']);
  assert.equal(pvs.table!.cells({ ...pv, metadata: { ...pv.metadata, deletionTimestamp: '2025-01-01T11:30:00Z' } }, NOW)[4], 'Terminating');
});

test('PersistentVolumeClaim: Pending at creation, validation, an immutable spec but binding and growth of a bound claim', () => {
  const pvc: PersistentVolumeClaim = { metadata: { name: 'c', namespace: 'ns' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
  pvcs.defaults!(pvc);
  pvcs.prepareForCreate!(pvc);
  assert.equal(pvc.status?.phase, 'Pending');
  assert.equal(pvc.spec?.volumeMode, 'Filesystem');
  assert.deepEqual(pvcs.validate!(pvc), []);
  assert.deepEqual(show(pvcs.validate!({ metadata: { name: 'c' }, spec: { resources: {} } })), ['spec.accessModes: Required value: at least 1 access mode is required', 'spec.resources[storage]: Required value']);

  const IMMUTABLE = 'spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';
  assert.deepEqual(show(pvcs.validateUpdate!({ ...pvc, spec: { ...pvc.spec, accessModes: ['ReadWriteMany'] } }, pvc)), [IMMUTABLE]);
  assert.deepEqual(pvcs.validateUpdate!({ ...pvc, spec: { ...pvc.spec, volumeName: 'v' } }, pvc), [], 'binding sets volumeName');
  assert.deepEqual(show(pvcs.validateUpdate!({ ...pvc, spec: { ...pvc.spec, resources: { requests: { storage: '2Gi' } } } }, pvc)), [IMMUTABLE], 'an unbound claim does not grow');
  const bound: PersistentVolumeClaim = { ...pvc, spec: { ...pvc.spec, volumeName: 'v' }, status: { phase: 'Bound', capacity: { storage: '1Gi' } } };
  assert.deepEqual(pvcs.validateUpdate!({ ...bound, spec: { ...bound.spec, resources: { requests: { storage: '2Gi' } } } }, bound), []);
  assert.deepEqual(show(pvcs.validateUpdate!({ ...bound, spec: { ...bound.spec, resources: { requests: { storage: '500Mi' } } } }, bound)), ['spec.resources.requests.storage: Forbidden: field can not be less than status.capacity']);
  // a claim smaller than its volume keeps its request through other updates (the finalizer's removal)
  const roomy: PersistentVolumeClaim = { ...bound, spec: { ...bound.spec, resources: { requests: { storage: '512Mi' } } } };
  assert.deepEqual(pvcs.validateUpdate!({ ...roomy, metadata: { ...roomy.metadata, finalizers: [] } }, roomy), []);
  const grown: PersistentVolumeClaim = { ...bound, spec: { ...bound.spec, resources: { requests: { storage: '3Gi' } } } };
  assert.deepEqual(pvcs.validateUpdate!({ ...grown, spec: { ...grown.spec, resources: { requests: { storage: '2Gi' } } } }, grown), [], 'back towards status.capacity');
  assert.deepEqual(show(pvcs.validateUpdate!({ ...bound, spec: { ...bound.spec, volumeName: 'w' } }, bound)), [IMMUTABLE]);
});

test('PersistentVolumeClaim: the table, capacity and modes only once bound', () => {
  const pvc: PersistentVolumeClaim = { metadata: { name: 'c', namespace: 'ns', creationTimestamp: '2025-01-01T11:59:00Z' }, spec: { storageClassName: 'standard' }, status: { phase: 'Pending', capacity: { storage: '1Gi' } } };
  assert.deepEqual(pvcs.table!.cells(pvc, NOW), ['c', 'Pending', '', '', '', 'standard', '<unset>', '60s', '<unset>']);
  const bound = { ...pvc, spec: { ...pvc.spec, volumeName: 'v' }, status: { phase: 'Bound', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'] } };
  assert.deepEqual(pvcs.table!.cells(bound, NOW), ['c', 'Bound', 'v', '1Gi', 'RWO', 'standard', '<unset>', '60s', '<unset>']);
});

test('StorageClass: defaults, validation, immutability, "(default)"', () => {
  const sc: StorageClass = { metadata: { name: 'fast', creationTimestamp: '2025-01-01T11:00:00Z' }, provisioner: 'example.com/disk' };
  scs.defaults!(sc);
  assert.equal(sc.reclaimPolicy, 'Delete');
  assert.equal(sc.volumeBindingMode, 'Immediate');
  assert.deepEqual(scs.validate!(sc), []);
  assert.deepEqual(show(scs.validate!({ ...sc, provisioner: '', reclaimPolicy: 'Recycle', volumeBindingMode: 'Later' })), [
    'provisioner: Required value',
    'reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"',
    'volumeBindingMode: Unsupported value: "Later": supported values: "Immediate", "WaitForFirstConsumer"',
  ]);
  assert.deepEqual(show(scs.validateUpdate!({ ...sc, provisioner: 'x.io/y', parameters: { a: 'b' } }, sc)), ['parameters: Forbidden: updates to parameters are forbidden.', 'provisioner: Forbidden: updates to provisioner are forbidden.']);
  assert.deepEqual(scs.table!.cells(sc, NOW), ['fast', 'example.com/disk', 'Delete', 'Immediate', 'false', '60m']);
  const def = { ...sc, metadata: { ...sc.metadata, annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } };
  assert.equal(scs.table!.cells(def, NOW)[0], 'fast (default)');
});
