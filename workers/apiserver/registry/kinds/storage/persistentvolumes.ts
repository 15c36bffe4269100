/**
 * core/v1 persistentvolumes (cluster-scoped, + status). Static PVs default to the Retain reclaim
 * policy; a provisioner sets its class's. status.phase starts Pending and the binder moves it
 * (Available, Bound, Released); lastPhaseTransitionTime follows every phase change, as the
 * strategy does in Kubernetes 1.32.
 */
import { persistentVolume, type PersistentVolume } from '../../../../../lib/api/core/persistentvolume.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';
import { validateQuantityValue } from '../resource-names.ts';
import { accessModesString, className, quantityCell, validateAccessModes, validateClassName, validateVolumeMode } from './common.ts';

const RECLAIM_POLICIES = ['Delete', 'Recycle', 'Retain'];
const SOURCES = ['hostPath', 'nfs', 'local', 'csi'] as const;

const nowTime = () => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

function validateSource(pv: PersistentVolume): FieldError[] {
  const spec = pv.spec ?? {};
  const set = SOURCES.filter((s) => spec[s]);
  if (set.length === 0) return [fieldErr.required('spec', 'must specify a volume type')];
  const errs: FieldError[] = set.slice(1).map((s) => fieldErr.forbidden(`spec.${s}`, 'may not specify more than 1 volume type'));
  if (spec.hostPath && !spec.hostPath.path) errs.push(fieldErr.required('spec.hostPath.path'));
  if (spec.local) {
    if (!spec.local.path) errs.push(fieldErr.required('spec.local.path'));
    if (!spec.nodeAffinity?.required) errs.push(fieldErr.required('spec.nodeAffinity', 'Local volume requires node affinity'));
  }
  if (spec.nfs) {
    if (!spec.nfs.server) errs.push(fieldErr.required('spec.nfs.server'));
    if (!spec.nfs.path) errs.push(fieldErr.required('spec.nfs.path'));
  }
  if (spec.csi) {
    if (!spec.csi.driver) errs.push(fieldErr.required('spec.csi.driver'));
    if (!spec.csi.volumeHandle) errs.push(fieldErr.required('spec.csi.volumeHandle'));
  }
  return errs;
}

export function validatePersistentVolume(pv: PersistentVolume): FieldError[] {
  const spec = pv.spec ?? {};
  const errs = validateAccessModes(spec.accessModes, 'spec.accessModes', 'must specify at least 1 access mode');
  const capacity = spec.capacity ?? {};
  const keys = Object.keys(capacity);
  if (keys.length === 0) errs.push(fieldErr.required('spec.capacity'));
  else if (!('storage' in capacity) || keys.length > 1) errs.push(fieldErr.notSupported('spec.capacity', capacity, ['storage']));
  else errs.push(...validateQuantityValue('storage', capacity.storage, 'spec.capacity[storage]'));
  if (spec.persistentVolumeReclaimPolicy && !RECLAIM_POLICIES.includes(spec.persistentVolumeReclaimPolicy))
    errs.push(fieldErr.notSupported('spec.persistentVolumeReclaimPolicy', spec.persistentVolumeReclaimPolicy, RECLAIM_POLICIES));
  errs.push(...validateClassName(spec.storageClassName, 'spec.storageClassName'));
  errs.push(...validateVolumeMode(spec.volumeMode, 'spec.volumeMode'));
  errs.push(...validateSource(pv));
  return errs;
}

const sourceOf = (pv: PersistentVolume) => JSON.stringify(SOURCES.map((s) => pv.spec?.[s] ?? null));

const desc: KindDescriptor<PersistentVolume> = {
  group: '',
  version: 'v1',
  kind: 'PersistentVolume',
  resource: 'persistentvolumes',
  singular: 'persistentvolume',
  namespaced: false,
  shortNames: ['pv'],
  schema: persistentVolume,
  openapiName: 'io.k8s.api.core.v1.PersistentVolume',
  subresources: { status: true },
  nameRule: 'subdomain',

  defaults(pv) {
    pv.spec ??= {};
    pv.spec.persistentVolumeReclaimPolicy ||= 'Retain';
    pv.spec.volumeMode ??= 'Filesystem';
  },
  prepareForCreate(pv) {
    pv.status = { phase: 'Pending', lastPhaseTransitionTime: nowTime() };
  },
  prepareForUpdate(pv, old) {
    pv.status = old.status;
    if (pv.status === undefined) delete pv.status;
  },
  prepareForStatusUpdate(pv, old) {
    pv.spec = old.spec;
    if (pv.spec === undefined) delete pv.spec;
    if (pv.status?.phase !== old.status?.phase && pv.status) pv.status.lastPhaseTransitionTime = nowTime();
  },
  validate: validatePersistentVolume,
  validateUpdate(pv, old) {
    const errs: FieldError[] = [];
    if (sourceOf(pv) !== sourceOf(old)) errs.push(fieldErr.forbidden('spec.persistentvolumesource', 'spec.persistentvolumesource is forbidden once created'));
    if ((pv.spec?.volumeMode ?? null) !== (old.spec?.volumeMode ?? null)) errs.push(fieldErr.invalid('spec.volumeMode', pv.spec?.volumeMode ?? null, 'field is immutable'));
    if (old.spec?.nodeAffinity && JSON.stringify(pv.spec?.nodeAffinity ?? null) !== JSON.stringify(old.spec.nodeAffinity))
      errs.push(fieldErr.invalid('spec.nodeAffinity', pv.spec?.nodeAffinity ?? null, 'field is immutable'));
    return errs;
  },

  table: {
    columns: [
      nameColumn,
      column('Capacity', 'string', 'Capacity of the pv'),
      column('Access Modes', 'string', 'Access modes of the pv'),
      column('Reclaim Policy', 'string', 'Reclaim policy of the pv'),
      column('Status', 'string', 'Status of the pv'),
      column('Claim', 'string', 'Claimed by the pvc'),
      column('StorageClass', 'string', 'StorageClass of the pv'),
      column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
      column('Reason', 'string', 'Reason of the pv'),
      ageColumn,
      column('VolumeMode', 'string', 'Volume mode of the pv', 1),
    ],
    cells: (pv, now) => {
      const ref = pv.spec?.claimRef;
      return [
        pv.metadata.name,
        quantityCell(pv.spec?.capacity?.storage),
        accessModesString(pv.spec?.accessModes),
        pv.spec?.persistentVolumeReclaimPolicy ?? '',
        pv.metadata.deletionTimestamp ? 'Terminating' : (pv.status?.phase ?? ''),
        ref ? `${ref.namespace ?? ''}/${ref.name ?? ''}` : '',
        className(pv),
        pv.spec?.volumeAttributesClassName ?? '<unset>',
        pv.status?.reason ?? '',
        age(pv.metadata.creationTimestamp, now),
        pv.spec?.volumeMode ?? '<unset>',
      ];
    },
  },
};

export default desc;
