/** What the storage kinds share: access modes, the class a PV or PVC names, quantities as printed. */
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import type { KubeObject } from '../../../../../lib/api/meta.ts';
import { formatQuantity, parseQuantity } from '../../../../../lib/quantity/quantity.ts';
import { dns1123Subdomain } from '../../validation.ts';

export const ACCESS_MODES = ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'];
const SHORT: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };
export const VOLUME_MODES = ['Block', 'Filesystem'];
/** The beta annotation Kubernetes still reads before spec.storageClassName. */
export const BETA_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

/** helper.GetAccessModesAsString: deduplicated, in a fixed order, joined by `,`. */
export function accessModesString(modes: string[] | null | undefined): string {
  const set = new Set(modes ?? []);
  return ACCESS_MODES.filter((m) => set.has(m))
    .map((m) => SHORT[m])
    .join(',');
}

/** The class of a PV or PVC: the beta annotation, else spec.storageClassName, else "". */
export function className(obj: KubeObject & { spec?: { storageClassName?: string | null } | null }): string {
  return obj.metadata.annotations?.[BETA_CLASS_ANNOTATION] ?? obj.spec?.storageClassName ?? '';
}

/** Go's Quantity.String() of a resource list entry ("0" when absent). */
export function quantityCell(q: string | number | undefined | null): string {
  const parsed = parseQuantity(q ?? 0);
  return parsed ? formatQuantity(parsed) : String(q);
}

/** ValidatePersistentVolumeClaimSpec's and ValidatePersistentVolumeSpec's access mode rules. */
export function validateAccessModes(modes: string[] | null | undefined, at: string, requiredDetail: string): FieldError[] {
  if (!modes?.length) return [fieldErr.required(at, requiredDetail)];
  const errs: FieldError[] = [];
  for (const m of modes) if (!ACCESS_MODES.includes(m)) errs.push(fieldErr.notSupported(at, m, ACCESS_MODES));
  if (modes.includes('ReadWriteOncePod') && modes.length > 1) errs.push(fieldErr.forbidden(at, 'may not use ReadWriteOncePod with other access modes'));
  return errs;
}

export function validateVolumeMode(mode: string | null | undefined, at: string): FieldError[] {
  return mode && !VOLUME_MODES.includes(mode) ? [fieldErr.notSupported(at, mode, VOLUME_MODES)] : [];
}

export function validateClassName(name: string | null | undefined, at: string): FieldError[] {
  if (!name) return [];
  return dns1123Subdomain(name).map((m) => fieldErr.invalid(at, name, m));
}
