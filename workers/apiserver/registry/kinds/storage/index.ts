/** The storage kinds: core/v1 PersistentVolume and PersistentVolumeClaim, storage.k8s.io/v1 StorageClass. */
export { default as persistentvolumes } from './persistentvolumes.ts';
export { default as persistentvolumeclaims } from './persistentvolumeclaims.ts';
export { default as storageclasses } from './storageclasses.ts';
