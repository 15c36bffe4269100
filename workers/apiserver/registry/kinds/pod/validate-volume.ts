/** ValidateVolumes: names, exactly one source per volume, and the checks of the common sources. */
import type { Volume } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { dns1123Label } from '../../validation.ts';
import { validateFieldRef, validateResourceFieldRef } from './validate-env.ts';
import { FILE_MODE, localPath } from './messages.ts';

type KeyToPath = { key?: string; path?: string; mode?: number };
type DownwardFile = { path?: string; fieldRef?: { apiVersion?: string; fieldPath?: string }; resourceFieldRef?: { containerName?: string; resource?: string }; mode?: number };

/** validateVolumeSource's order: the first source found is validated, any other is refused. */
const SOURCE_ORDER = [
  'emptyDir',
  'hostPath',
  'gitRepo',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'flocker',
  'persistentVolumeClaim',
  'rbd',
  'cinder',
  'cephfs',
  'quobyte',
  'downwardAPI',
  'fc',
  'flexVolume',
  'configMap',
  'azureFile',
  'vsphereVolume',
  'photonPersistentDisk',
  'portworxVolume',
  'azureDisk',
  'storageos',
  'projected',
  'scaleIO',
  'csi',
  'ephemeral',
  'image',
];
const HOST_PATH_TYPES = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];
const VOLUME_FIELD_PATHS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];

/** The volumes that passed validation, by name: containers may mount only those. */
export type ValidVolumes = Map<string, Volume>;

export function validateVolumes(volumes: Volume[] | undefined, path: string): { errs: FieldError[]; valid: ValidVolumes } {
  const errs: FieldError[] = [];
  const valid: ValidVolumes = new Map();
  (volumes ?? []).forEach((vol, i) => {
    const at = `${path}[${i}]`;
    const el = validateVolumeSource(vol, at);
    const name = vol.name ?? '';
    if (!name) el.push(fieldErr.required(`${at}.name`));
    else for (const m of dns1123Label(name)) el.push(fieldErr.invalid(`${at}.name`, name, m));
    if (valid.has(name)) el.push(fieldErr.duplicate(`${at}.name`, name));
    if (el.length === 0) valid.set(name, vol);
    else errs.push(...el);
  });
  return { errs, valid };
}

function validateVolumeSource(vol: Volume, at: string): FieldError[] {
  const set = SOURCE_ORDER.filter((k) => (vol as Record<string, unknown>)[k] != null);
  if (set.length === 0) return [fieldErr.required(at, 'must specify a volume type')];
  const errs = set.slice(1).map((k) => fieldErr.forbidden(`${at}.${k}`, 'may not specify more than 1 volume type'));
  const source = set[0];
  const s = (vol as Record<string, Record<string, unknown>>)[source];
  const p = `${at}.${source}`;
  switch (source) {
    case 'hostPath': {
      const hp = s as { path?: string; type?: string };
      if (!hp.path) return [...errs, fieldErr.required(`${p}.path`)];
      if (hp.path.split('/').includes('..')) errs.push(fieldErr.invalid(`${p}.path`, hp.path, "must not contain '..'"));
      if (hp.type != null && !HOST_PATH_TYPES.includes(hp.type)) errs.push(fieldErr.notSupported(`${p}.type`, hp.type, HOST_PATH_TYPES));
      break;
    }
    case 'secret':
      if (!s.secretName) errs.push(fieldErr.required(`${p}.secretName`));
      errs.push(...validateMode(s.defaultMode as number | undefined, `${p}.defaultMode`), ...validateItems(s.items as KeyToPath[] | undefined, `${p}.items`));
      break;
    case 'configMap':
      if (!s.name) errs.push(fieldErr.required(`${p}.name`));
      errs.push(...validateMode(s.defaultMode as number | undefined, `${p}.defaultMode`), ...validateItems(s.items as KeyToPath[] | undefined, `${p}.items`));
      break;
    case 'persistentVolumeClaim':
      if (!s.claimName) errs.push(fieldErr.required(`${p}.claimName`));
      break;
    case 'nfs': {
      if (!s.server) errs.push(fieldErr.required(`${p}.server`));
      const nfsPath = (s.path as string | undefined) ?? '';
      if (!nfsPath) errs.push(fieldErr.required(`${p}.path`));
      if (!nfsPath.startsWith('/')) errs.push(fieldErr.invalid(`${p}.path`, nfsPath, 'must be an absolute path'));
      break;
    }
    case 'downwardAPI':
      errs.push(...validateMode(s.defaultMode as number | undefined, `${p}.defaultMode`));
      ((s.items as DownwardFile[] | undefined) ?? []).forEach((f, j) => errs.push(...validateDownwardFile(f, `${p}.items[${j}]`)));
      break;
    case 'projected':
      errs.push(...validateProjected(s as { sources?: Record<string, Record<string, unknown> | undefined>[]; defaultMode?: number }, p));
      break;
    case 'csi':
      if (!s.driver) errs.push(fieldErr.required(`${p}.driver`));
      break;
    case 'ephemeral':
      if (!s.volumeClaimTemplate) errs.push(fieldErr.required(`${p}.volumeClaimTemplate`));
      break;
  }
  return errs;
}

function validateMode(mode: number | undefined, at: string): FieldError[] {
  return mode != null && (mode > 0o777 || mode < 0) ? [fieldErr.invalid(at, mode, FILE_MODE)] : [];
}

function validateKeyToPath(kp: KeyToPath, at: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!kp.key) errs.push(fieldErr.required(`${at}.key`));
  if (!kp.path) errs.push(fieldErr.required(`${at}.path`));
  for (const m of localPath(kp.path ?? '', true)) errs.push(fieldErr.invalid(`${at}.path`, kp.path ?? '', m));
  errs.push(...validateMode(kp.mode, `${at}.mode`));
  return errs;
}

const validateItems = (items: KeyToPath[] | undefined, at: string) => (items ?? []).flatMap((kp, i) => validateKeyToPath(kp, `${at}[${i}]`));

function validateDownwardFile(f: DownwardFile, at: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!f.path) errs.push(fieldErr.required(`${at}.path`));
  for (const m of localPath(f.path ?? '', true)) errs.push(fieldErr.invalid(`${at}.path`, f.path ?? '', m));
  if (f.fieldRef) {
    errs.push(...validateFieldRef(f.fieldRef, VOLUME_FIELD_PATHS, `${at}.fieldRef`));
    if (f.resourceFieldRef) errs.push(fieldErr.invalid(at, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
  } else if (f.resourceFieldRef) {
    errs.push(...validateResourceFieldRef(f.resourceFieldRef, `${at}.resourceFieldRef`, true));
  } else {
    errs.push(fieldErr.required(at, 'one of fieldRef and resourceFieldRef is required'));
  }
  errs.push(...validateMode(f.mode, `${at}.mode`));
  return errs;
}

function validateProjected(proj: { sources?: Record<string, Record<string, unknown> | undefined>[]; defaultMode?: number }, p: string): FieldError[] {
  const errs = validateMode(proj.defaultMode, `${p}.defaultMode`);
  const paths = new Set<string>();
  const claim = (path: string | undefined, value: unknown) => {
    if (!path) return;
    if (paths.has(path)) errs.push(fieldErr.invalid(p, value, 'conflicting duplicate paths'));
    paths.add(path);
  };
  (proj.sources ?? []).forEach((src, i) => {
    const at = `${p}.sources[${i}]`;
    const kinds = Object.keys(src).filter((k) => src[k] != null);
    for (const kind of ['secret', 'configMap'] as const) {
      const s = src[kind];
      if (!s) continue;
      if (!s.name) errs.push(fieldErr.required(`${at}.${kind}.name`));
      ((s.items as KeyToPath[] | undefined) ?? []).forEach((kp, j) => {
        errs.push(...validateKeyToPath(kp, `${at}.${kind}.items[${j}]`));
        claim(kp.path, s.name ?? '');
      });
    }
    for (const f of (src.downwardAPI?.items as DownwardFile[] | undefined) ?? []) {
      errs.push(...validateDownwardFile(f, `${at}.downwardAPI`));
      claim(f.path, f.path);
    }
    const token = src.serviceAccountToken as { expirationSeconds?: number; path?: string } | undefined;
    if (token) {
      const seconds = token.expirationSeconds ?? 0;
      if (seconds < 600) errs.push(fieldErr.invalid(`${at}.serviceAccountToken.expirationSeconds`, seconds, 'may not specify a duration less than 10 minutes'));
      if (seconds > 2 ** 32) errs.push(fieldErr.invalid(`${at}.serviceAccountToken.expirationSeconds`, seconds, 'may not specify a duration larger than 2^32 seconds'));
      if (!token.path) errs.push(fieldErr.required(`${p}.path`));
      else for (const m of localPath(token.path, true)) errs.push(fieldErr.invalid(`${p}.path`, token.path, m));
      claim(token.path, token.path);
    }
    if (kinds.length > 1) errs.push(fieldErr.forbidden(at, 'may not specify more than 1 volume type per source'));
  });
  return errs;
}
