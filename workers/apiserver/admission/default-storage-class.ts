/**
 * DefaultStorageClass: a claim created without spec.storageClassName (nor the beta annotation)
 * gets the cluster's default class: the StorageClass annotated
 * storageclass.kubernetes.io/is-default-class=true, the newest one when several are (Kubernetes
 * 1.28+). With no default class the claim is left classless. An explicit "" stays "": it asks for
 * a PV without class, as in Kubernetes.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { PersistentVolumeClaim } from '../../../lib/api/core/persistentvolume.ts';
import type { StorageClass } from '../../../lib/api/storage/storageclass.ts';
import { BETA_CLASS_ANNOTATION } from '../registry/kinds/storage/common.ts';
import { isDefaultClass } from '../registry/kinds/storage/storageclasses.ts';
import type { AdmissionPlugin } from './index.ts';

/** GetDefaultClass: the newest default class (ties: the name first in order). */
export function pickDefaultClass(classes: StorageClass[]): StorageClass | undefined {
  const defaults = classes.filter(isDefaultClass);
  defaults.sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
  return defaults[0];
}

export const defaultStorageClass: AdmissionPlugin = async (ctx, desc, obj: KubeObject) => {
  if (desc.group !== '' || desc.resource !== 'persistentvolumeclaims') return;
  const pvc = obj as PersistentVolumeClaim;
  if (pvc.spec?.storageClassName != null || pvc.metadata.annotations?.[BETA_CLASS_ANNOTATION] !== undefined) return;
  const { items } = await ctx.storage.list('/registry/storageclasses.storage.k8s.io/');
  const chosen = pickDefaultClass(items as StorageClass[]);
  if (chosen) (pvc.spec ??= {}).storageClassName = chosen.metadata.name!;
};
