/** Where the storage kinds live in the API (the binder, the node agent's provisioner and volumes). */
import type { Resource } from './resources.ts';

export const STORAGE_RESOURCES = {
  persistentvolumes: { group: '', version: 'v1', resource: 'persistentvolumes', namespaced: false },
  persistentvolumeclaims: { group: '', version: 'v1', resource: 'persistentvolumeclaims', namespaced: true },
  storageclasses: { group: 'storage.k8s.io', version: 'v1', resource: 'storageclasses', namespaced: false },
} as const satisfies Record<string, Resource>;
