/**
 * core/v1 persistentvolumeclaims (+ status). The spec is immutable once created except the
 * binding (spec.volumeName, set once by the binder) and, on a bound claim, a growth of
 * resources.requests (ValidatePersistentVolumeClaimUpdate). storageClassName is filled by the
 * DefaultStorageClass admission (admission/default-storage-class.ts).
 */
import { persistentVolumeClaim, type PersistentVolumeClaim } from '../../../../../lib/api/core/persistentvolume.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { compareQuantities } from '../../../../../lib/quantity/quantity.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';
import { validateLabelSelector } from '../../validation.ts';
import { validateQuantityValue } from '../resource-names.ts';
import { accessModesString, className, quantityCell, validateAccessModes, validateClassName, validateVolumeMode } from './common.ts';

const IMMUTABLE_DETAIL = 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

export function validateClaimSpec(pvc: PersistentVolumeClaim): FieldError[] {
  const spec = pvc.spec ?? {};
  const errs = validateAccessModes(spec.accessModes, 'spec.accessModes', 'at least 1 access mode is required');
  errs.push(...validateLabelSelector(spec.selector, 'spec.selector'));
  const storage = spec.resources?.requests?.storage;
  if (storage === undefined) errs.push(fieldErr.required('spec.resources[storage]'));
  else errs.push(...validateQuantityValue('storage', storage, 'spec.resources[storage]'));
  errs.push(...validateClassName(spec.storageClassName, 'spec.storageClassName'));
  errs.push(...validateVolumeMode(spec.volumeMode, 'spec.volumeMode'));
  return errs;
}

/** JSON with sorted keys and no null/undefined members: absent and null are alike, as in Go. */
function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x && typeof x === 'object')
    return `{${Object.keys(x)
      .sort()
      .filter((k) => (x as Record<string, unknown>)[k] != null)
      .map((k) => `${JSON.stringify(k)}:${canonical((x as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(x);
}

/** The spec with what may legally change taken out, for comparing old and new. */
function frozen(spec: PersistentVolumeClaim['spec'], old: PersistentVolumeClaim): string {
  const s: Record<string, unknown> = { ...(spec ?? {}) };
  // the binder sets volumeName once
  if (!old.spec?.volumeName) delete s.volumeName;
  if (old.status?.phase === 'Bound') {
    s.resources = { ...(spec?.resources ?? {}), requests: null };
    delete s.volumeAttributesClassName;
  }
  return canonical(s);
}

export function validateClaimUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const errs: FieldError[] = [];
  if (frozen(pvc.spec, old) !== frozen(old.spec, old)) errs.push(fieldErr.forbidden('spec', IMMUTABLE_DETAIL));
  // shrinking is allowed only back towards status.capacity (recovery from a failed expansion)
  const now = pvc.spec?.resources?.requests?.storage;
  const before = old.spec?.resources?.requests?.storage;
  const capacity = old.status?.capacity?.storage ?? 0;
  if (old.status?.phase === 'Bound' && now !== undefined && before !== undefined && (compareQuantities(now, before) ?? 0) < 0 && (compareQuantities(now, capacity) ?? 0) <= 0)
    errs.push(fieldErr.forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  return errs;
}

const desc: KindDescriptor<PersistentVolumeClaim> = {
  group: '',
  version: 'v1',
  kind: 'PersistentVolumeClaim',
  resource: 'persistentvolumeclaims',
  singular: 'persistentvolumeclaim',
  namespaced: true,
  shortNames: ['pvc'],
  schema: persistentVolumeClaim,
  openapiName: 'io.k8s.api.core.v1.PersistentVolumeClaim',
  subresources: { status: true },
  nameRule: 'subdomain',

  defaults(pvc) {
    pvc.spec ??= {};
    pvc.spec.volumeMode ??= 'Filesystem';
  },
  prepareForCreate(pvc) {
    pvc.status = { phase: 'Pending' };
  },
  prepareForUpdate(pvc, old) {
    pvc.status = old.status;
    if (pvc.status === undefined) delete pvc.status;
  },
  prepareForStatusUpdate(pvc, old) {
    pvc.spec = old.spec;
    if (pvc.spec === undefined) delete pvc.spec;
  },
  validate: validateClaimSpec,
  validateUpdate: validateClaimUpdate,

  table: {
    columns: [
      nameColumn,
      column('Status', 'string', 'Status of the pvc'),
      column('Volume', 'string', 'Volume of the pvc'),
      column('Capacity', 'string', 'Capacity of the pvc'),
      column('Access Modes', 'string', 'Access modes of the pvc'),
      column('StorageClass', 'string', 'StorageClass of the pvc'),
      column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'),
      ageColumn,
      column('VolumeMode', 'string', 'Volume mode of the pvc', 1),
    ],
    cells: (pvc, now) => {
      const volume = pvc.spec?.volumeName ?? '';
      return [
        pvc.metadata.name,
        pvc.metadata.deletionTimestamp ? 'Terminating' : (pvc.status?.phase ?? ''),
        volume,
        volume ? quantityCell(pvc.status?.capacity?.storage) : '',
        volume ? accessModesString(pvc.status?.accessModes) : '',
        className(pvc),
        pvc.spec?.volumeAttributesClassName ?? '<unset>',
        age(pvc.metadata.creationTimestamp, now),
        pvc.spec?.volumeMode ?? '<unset>',
      ];
    },
  },
};

export default desc;
