/**
 * The local-path provisioner's decision and its PersistentVolume: a claim annotated by the binder
 * with this node as its selected node and our provisioner, not bound yet, gets a directory on
 * this node and a volume pinned to it (node affinity kubernetes.io/hostname), pre-bound to the
 * claim (claimRef with its uid) so the binder binds the two. The reclaim policy is the class's.
 */
import type { PersistentVolume, PersistentVolumeClaim } from '../../lib/api/core/persistentvolume.ts';
import type { StorageClass } from '../../lib/api/storage/storageclass.ts';
import { volumeNameFor } from './paths.ts';

export const LOCAL_PATH_PROVISIONER = 'timonier.dev/local-path';
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
export const ANN_STORAGE_PROVISIONER = 'volume.kubernetes.io/storage-provisioner';
export const ANN_PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';

/** Whether this node's provisioner should make the claim's volume. */
export function shouldProvision(pvc: PersistentVolumeClaim, nodeName: string): boolean {
  const ann = pvc.metadata.annotations ?? {};
  return !pvc.spec?.volumeName && !pvc.metadata.deletionTimestamp && ann[ANN_SELECTED_NODE] === nodeName && ann[ANN_STORAGE_PROVISIONER] === LOCAL_PATH_PROVISIONER;
}

export function provisionedVolume(pvc: PersistentVolumeClaim, sc: StorageClass | undefined, nodeName: string, path: string): PersistentVolume {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name: volumeNameFor(pvc.metadata.uid!), annotations: { [ANN_PROVISIONED_BY]: LOCAL_PATH_PROVISIONER } },
    spec: {
      capacity: { storage: pvc.spec?.resources?.requests?.storage ?? '0' },
      accessModes: pvc.spec?.accessModes ?? ['ReadWriteOnce'],
      persistentVolumeReclaimPolicy: sc?.reclaimPolicy ?? 'Delete',
      storageClassName: pvc.spec?.storageClassName ?? '',
      volumeMode: 'Filesystem',
      local: { path },
      nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [nodeName] }] }] } },
      claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: pvc.metadata.namespace, name: pvc.metadata.name, uid: pvc.metadata.uid, resourceVersion: pvc.metadata.resourceVersion },
      ...(sc?.mountOptions?.length ? { mountOptions: sc.mountOptions } : {}),
    },
  };
}
