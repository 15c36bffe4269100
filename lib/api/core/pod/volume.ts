/**
 * core/v1 Volume: a name plus exactly one source. VolumeSource is a Go struct embedded in Volume,
 * so its fields are inlined in JSON and live in protobuf field 2.
 */
import { bool, inline, int32, int64, list, message, obj, quantity, str, strMap } from '../../../schema/fields.ts';
import { labelSelector } from '../../meta.ts';
import { keyToPath, localName, localObjectReference, objectFieldSelector, resourceFieldSelector } from './refs.ts';
import { persistentVolumeClaimTemplate } from './volume-claim.ts';
import { legacyVolumeSources } from './volume-legacy.ts';

const defaultMode = (pb: number) => int32(pb, { ptr: true, doc: 'Mode bits used to set permissions on created files by default (0000-0777). Defaults to 0644.' });
const items = (pb: number) => list(pb, keyToPath, { listType: 'atomic', doc: 'Keys to project and the paths to project them to; unset means every key.' });

export const downwardAPIVolumeFile = message({
  path: str(1, { keep: true, doc: 'Relative path name of the file to be created.' }),
  fieldRef: obj(2, objectFieldSelector, { ptr: true, doc: 'Selects a field of the pod: annotations, labels, name, namespace and uid.' }),
  resourceFieldRef: obj(3, resourceFieldSelector, { ptr: true, doc: 'Selects a resource of the container: limits and requests.' }),
  mode: int32(4, { ptr: true, doc: 'Mode bits used to set permissions on this file (0000-0777).' }),
});

const downwardAPIItems = list(1, downwardAPIVolumeFile, { listType: 'atomic', doc: 'Items is a list of downward API volume file.' });

export const volumeProjection = message({
  secret: obj(
    1,
    message({ ...localName('Name of the Secret.'), items: items(2), optional: bool(4, { ptr: true, doc: 'Whether the Secret or its key must be defined.' }) }),
    { ptr: true, doc: 'Information about the secret data to project.' },
  ),
  downwardAPI: obj(2, message({ items: downwardAPIItems }), { ptr: true, doc: 'Information about the downwardAPI data to project.' }),
  configMap: obj(
    3,
    message({ ...localName('Name of the ConfigMap.'), items: items(2), optional: bool(4, { ptr: true, doc: 'Whether the ConfigMap or its keys must be defined.' }) }),
    { ptr: true, doc: 'Information about the configMap data to project.' },
  ),
  serviceAccountToken: obj(
    4,
    message({
      audience: str(1, { doc: 'Intended audience of the token; defaults to the identifier of the apiserver.' }),
      expirationSeconds: int64(2, { ptr: true, doc: 'Requested duration of validity of the service account token. Defaults to 1 hour.' }),
      path: str(3, { keep: true, doc: 'Path relative to the mount point of the file to project the token into.' }),
    }),
    { ptr: true, doc: 'Information about the serviceAccountToken data to project.' },
  ),
  clusterTrustBundle: obj(
    5,
    message({
      name: str(1, { ptr: true, doc: 'Select a single ClusterTrustBundle by object name.' }),
      signerName: str(2, { ptr: true, doc: 'Select all ClusterTrustBundles that match this signer name.' }),
      labelSelector: obj(3, labelSelector, { ptr: true, doc: 'Select all ClusterTrustBundles that match this label selector.' }),
      optional: bool(5, { ptr: true, doc: "If true, don't block pod startup if the referenced ClusterTrustBundle(s) aren't available." }),
      path: str(4, { keep: true, doc: 'Relative path from the volume root to write the bundle.' }),
    }),
    { ptr: true, doc: 'The .spec.trustBundle field of ClusterTrustBundle objects in an auto-updating file.' },
  ),
});

/** The sources most manifests use; `legacyVolumeSources` holds the deprecated in-tree ones. */
const volumeSources = {
  hostPath: obj(
    1,
    message({
      path: str(1, { keep: true, doc: 'Path of the directory on the host.' }),
      type: str(2, { ptr: true, doc: 'Type for HostPath Volume. Defaults to "".' }),
    }),
    { ptr: true, doc: 'A pre-existing file or directory on the host machine that is directly exposed to the container.' },
  ),
  emptyDir: obj(
    2,
    message({
      medium: str(1, { doc: 'What type of storage medium should back this directory: "" or Memory.' }),
      sizeLimit: quantity(2, { ptr: true, doc: 'Total amount of local storage required for this EmptyDir volume.' }),
    }),
    { ptr: true, doc: "A temporary directory that shares a pod's lifetime." },
  ),
  secret: obj(
    6,
    message({
      secretName: str(1, { doc: "Name of the secret in the pod's namespace to use." }),
      items: items(2),
      defaultMode: defaultMode(3),
      optional: bool(4, { ptr: true, doc: 'Whether the Secret or its keys must be defined.' }),
    }),
    { ptr: true, doc: 'A secret that should populate this volume.' },
  ),
  nfs: obj(
    7,
    message({
      server: str(1, { keep: true, doc: 'Hostname or IP address of the NFS server.' }),
      path: str(2, { keep: true, doc: 'Path that is exported by the NFS server.' }),
      readOnly: bool(3, { doc: 'Force the NFS export to be mounted with read-only permissions. Defaults to false.' }),
    }),
    { ptr: true, doc: "An NFS mount on the host that shares a pod's lifetime." },
  ),
  persistentVolumeClaim: obj(
    10,
    message({
      claimName: str(1, { keep: true, doc: 'Name of a PersistentVolumeClaim in the same namespace as the pod.' }),
      readOnly: bool(2, { doc: 'Force the ReadOnly setting in VolumeMounts. Default false.' }),
    }),
    { ptr: true, doc: 'A reference to a PersistentVolumeClaim in the same namespace.' },
  ),
  downwardAPI: obj(16, message({ items: downwardAPIItems, defaultMode: defaultMode(2) }), {
    ptr: true,
    doc: 'Downward API about the pod that should populate this volume.',
  }),
  configMap: obj(
    19,
    message({
      ...localName('Name of the ConfigMap.'),
      items: items(2),
      defaultMode: defaultMode(3),
      optional: bool(4, { ptr: true, doc: 'Whether the ConfigMap or its keys must be defined.' }),
    }),
    { ptr: true, doc: 'A configMap that should populate this volume.' },
  ),
  projected: obj(
    26,
    message({
      sources: list(1, volumeProjection, { listType: 'atomic', keep: true, doc: 'The list of volume projections.' }),
      defaultMode: int32(2, { ptr: true, doc: 'Mode bits used to set permissions on created files by default (0000-0777).' }),
    }),
    { ptr: true, doc: 'Items for all in one resources secrets, configmaps, and downward API.' },
  ),
  csi: obj(
    28,
    message({
      driver: str(1, { keep: true, doc: 'The name of the CSI driver that handles this volume.' }),
      readOnly: bool(2, { ptr: true, doc: 'Read-only configuration for the volume. Defaults to false.' }),
      fsType: str(3, { ptr: true, doc: 'Filesystem type to mount, e.g. "ext4", "xfs", "ntfs".' }),
      volumeAttributes: strMap(4, { doc: 'Driver-specific properties passed to the CSI driver.' }),
      nodePublishSecretRef: obj(5, localObjectReference, { ptr: true, doc: 'The secret passed to the CSI driver on NodePublishVolume and NodeUnpublishVolume.' }),
    }),
    { ptr: true, doc: 'Ephemeral storage handled by certain external CSI drivers.' },
  ),
  ephemeral: obj(
    29,
    message({
      volumeClaimTemplate: obj(1, persistentVolumeClaimTemplate, { ptr: true, doc: 'Template for the standalone PVC provisioned for this volume.' }),
    }),
    { ptr: true, doc: 'A volume handled by a cluster storage driver, tied to the lifecycle of the pod.' },
  ),
  image: obj(
    30,
    message({
      reference: str(1, { doc: 'Image or artifact reference to be used.' }),
      pullPolicy: str(2, { doc: 'Policy for pulling OCI objects: Always, Never or IfNotPresent.' }),
    }),
    { ptr: true, doc: "An OCI object (a container image or artifact) pulled and mounted on the kubelet's host machine." },
  ),
};

export const volume = message({
  name: str(1, { keep: true, doc: 'Name of the volume: a DNS_LABEL unique within the pod.' }),
  ...inline(2, { ...volumeSources, ...legacyVolumeSources }),
});

