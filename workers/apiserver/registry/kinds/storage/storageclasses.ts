/**
 * storage.k8s.io/v1 storageclasses (cluster-scoped). The class marked with the annotation
 * storageclass.kubernetes.io/is-default-class=true is the one the DefaultStorageClass admission
 * gives to claims that name none; kubectl prints it with " (default)".
 */
import { storageClass, type StorageClass } from '../../../../../lib/api/storage/storageclass.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';
import { qualifiedName } from '../../validation.ts';

export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
const BETA_DEFAULT_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';
const RECLAIM_POLICIES = ['Delete', 'Retain'];
const BINDING_MODES = ['Immediate', 'WaitForFirstConsumer'];

/** storageutil.IsDefaultAnnotation */
export const isDefaultClass = (sc: StorageClass) =>
  sc.metadata.annotations?.[DEFAULT_CLASS_ANNOTATION] === 'true' || sc.metadata.annotations?.[BETA_DEFAULT_CLASS_ANNOTATION] === 'true';

export function validateStorageClass(sc: StorageClass): FieldError[] {
  const errs: FieldError[] = [];
  if (!sc.provisioner) errs.push(fieldErr.required('provisioner'));
  else for (const m of qualifiedName(sc.provisioner)) errs.push(fieldErr.invalid('provisioner', sc.provisioner, m));
  if (sc.reclaimPolicy && !RECLAIM_POLICIES.includes(sc.reclaimPolicy)) errs.push(fieldErr.notSupported('reclaimPolicy', sc.reclaimPolicy, RECLAIM_POLICIES));
  if (!sc.volumeBindingMode) errs.push(fieldErr.required('volumeBindingMode'));
  else if (!BINDING_MODES.includes(sc.volumeBindingMode)) errs.push(fieldErr.notSupported('volumeBindingMode', sc.volumeBindingMode, BINDING_MODES));
  return errs;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function validateStorageClassUpdate(sc: StorageClass, old: StorageClass): FieldError[] {
  const errs: FieldError[] = [];
  if (!same(sc.parameters && Object.keys(sc.parameters).length ? sc.parameters : null, old.parameters && Object.keys(old.parameters).length ? old.parameters : null))
    errs.push(fieldErr.forbidden('parameters', 'updates to parameters are forbidden.'));
  if (sc.provisioner !== old.provisioner) errs.push(fieldErr.forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if (!same(sc.reclaimPolicy, old.reclaimPolicy)) errs.push(fieldErr.forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  if (!same(sc.volumeBindingMode, old.volumeBindingMode)) errs.push(fieldErr.invalid('volumeBindingMode', sc.volumeBindingMode ?? null, 'field is immutable'));
  return errs;
}

const desc: KindDescriptor<StorageClass> = {
  group: 'storage.k8s.io',
  version: 'v1',
  kind: 'StorageClass',
  resource: 'storageclasses',
  singular: 'storageclass',
  namespaced: false,
  shortNames: ['sc'],
  schema: storageClass,
  openapiName: 'io.k8s.api.storage.v1.StorageClass',
  nameRule: 'subdomain',

  defaults(sc) {
    sc.reclaimPolicy ??= 'Delete';
    sc.volumeBindingMode ??= 'Immediate';
  },
  validate: validateStorageClass,
  validateUpdate: validateStorageClassUpdate,

  table: {
    columns: [
      nameColumn,
      column('Provisioner', 'string', 'Indicates the type of the provisioner.'),
      column('ReclaimPolicy', 'string', 'Indicates the type of the reclaim policy.'),
      column('VolumeBindingMode', 'string', 'Indicates the binding mode of the StorageClass.'),
      column('AllowVolumeExpansion', 'string', 'Indicates whether the StorageClass allow volume expand.'),
      ageColumn,
    ],
    cells: (sc, now) => [
      isDefaultClass(sc) ? `${sc.metadata.name} (default)` : sc.metadata.name,
      sc.provisioner ?? '',
      sc.reclaimPolicy ?? 'Delete',
      sc.volumeBindingMode ?? 'Immediate',
      String(sc.allowVolumeExpansion ?? false),
      age(sc.metadata.creationTimestamp, now),
    ],
  },
};

export default desc;
