/**
 * StorageObjectInUseProtection: every new claim gets the kubernetes.io/pvc-protection finalizer
 * and every new volume kubernetes.io/pv-protection, so that deleting a claim a pod still uses, or
 * a volume still bound, only marks it Terminating; the protection controllers
 * (workers/controllers/volume/protection.ts) remove the finalizer once nothing uses it.
 */
import type { AdmissionPlugin } from './index.ts';

export const PVC_PROTECTION = 'kubernetes.io/pvc-protection';
export const PV_PROTECTION = 'kubernetes.io/pv-protection';

export const storageObjectInUseProtection: AdmissionPlugin = (_ctx, desc, obj) => {
  if (desc.group !== '') return;
  const finalizer = desc.resource === 'persistentvolumeclaims' ? PVC_PROTECTION : desc.resource === 'persistentvolumes' ? PV_PROTECTION : undefined;
  if (!finalizer) return;
  const list = obj.metadata.finalizers ?? [];
  if (!list.includes(finalizer)) obj.metadata.finalizers = [...list, finalizer];
};
