/**
 * The StorageClass every cluster has, as minikube's and kind's do: `standard`, the default, served
 * by the node agents' local-path provisioner (node-agent/storage/). WaitForFirstConsumer: a claim
 * is provisioned on the node its first pod is scheduled to, so the pod and its directory meet.
 * Made at bootstrap when missing (as the addon manager's EnsureExists mode: a deleted class comes
 * back, an edited one is left alone).
 */
import type { StorageClass } from '../../../../../lib/api/storage/storageclass.ts';
import { DEFAULT_CLASS_ANNOTATION } from './storageclasses.ts';

export const LOCAL_PATH_PROVISIONER = 'timonier.dev/local-path';

export const defaultStorageClass = (): StorageClass => ({
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name: 'standard', annotations: { [DEFAULT_CLASS_ANNOTATION]: 'true' } },
  provisioner: LOCAL_PATH_PROVISIONER,
  reclaimPolicy: 'Delete',
  volumeBindingMode: 'WaitForFirstConsumer',
});
