/**
 * core/v1 PersistentVolume and PersistentVolumeClaim. Field numbers from k8s.io/api/core/v1
 * generated.proto. A PV's source is PersistentVolumeSource inlined in spec (protobuf field 2):
 * the sources a local cluster can serve (hostPath, local) and the common network ones, so
 * manifests that name them decode strictly.
 */
import * as v from 'valibot';
import { bool, inline, list, message, obj, quantityMap, str, strList, strMap, time } from '../../schema/fields.ts';
import { objectEntries, type KubeObject, type LabelSelector } from '../meta.ts';
import { objectReference, type ObjectReference } from './refs.ts';
import { persistentVolumeClaimSpec } from './pod/volume-claim.ts';
import { nodeSelector } from './pod/scheduling.ts';

const persistentVolumeSource = inline(2, {
  hostPath: obj(
    3,
    message({
      path: str(1, { keep: true, doc: 'Path of the directory on the host.' }),
      type: str(2, { ptr: true, doc: 'Type for HostPath Volume. Defaults to "".' }),
    }),
    { ptr: true, doc: 'A directory on the host, for single-node development and testing only.' },
  ),
  nfs: obj(
    5,
    message({
      server: str(1, { keep: true, doc: 'Hostname or IP address of the NFS server.' }),
      path: str(2, { keep: true, doc: 'Path that is exported by the NFS server.' }),
      readOnly: bool(3, { doc: 'Force the NFS export to be mounted with read-only permissions.' }),
    }),
    { ptr: true, doc: 'An NFS mount on the host.' },
  ),
  local: obj(
    20,
    message({
      path: str(1, { keep: true, doc: 'The full path to the volume on the node: a directory or a block device.' }),
      fsType: str(2, { ptr: true, doc: 'The filesystem type to mount; applies only when path is a block device.' }),
    }),
    { ptr: true, doc: 'Directly-attached storage with node affinity.' },
  ),
  csi: obj(
    22,
    message({
      driver: str(1, { keep: true, doc: 'The name of the driver to use for this volume.' }),
      volumeHandle: str(2, { keep: true, doc: 'The unique volume name returned by the CSI volume plugin.' }),
      readOnly: bool(3, { doc: 'The value to pass to ControllerPublishVolumeRequest. Defaults to false.' }),
      fsType: str(4, { doc: 'The filesystem type to mount.' }),
      volumeAttributes: strMap(5, { doc: 'Driver-specific attributes of the volume.' }),
      controllerPublishSecretRef: obj(6, secretReference(), { ptr: true, doc: 'The secret passed to ControllerPublishVolume.' }),
      nodeStageSecretRef: obj(7, secretReference(), { ptr: true, doc: 'The secret passed to NodeStageVolume.' }),
      nodePublishSecretRef: obj(8, secretReference(), { ptr: true, doc: 'The secret passed to NodePublishVolume.' }),
      controllerExpandSecretRef: obj(9, secretReference(), { ptr: true, doc: 'The secret passed to ControllerExpandVolume.' }),
      nodeExpandSecretRef: obj(10, secretReference(), { ptr: true, doc: 'The secret passed to NodeExpandVolume.' }),
    }),
    { ptr: true, doc: 'Storage handled by an external CSI driver.' },
  ),
});

function secretReference() {
  return message(
    {
      name: str(1, { doc: 'Name is unique within a namespace to reference a secret resource.' }),
      namespace: str(2, { doc: 'Namespace defines the space within which the secret name must be unique.' }),
    },
    { structType: 'atomic' },
  );
}

export const persistentVolume = v.object({
  ...objectEntries,
  spec: obj(
    2,
    {
      capacity: quantityMap(1, { doc: "The description of the persistent volume's resources and capacity." }),
      ...persistentVolumeSource,
      accessModes: strList(3, { listType: 'atomic', doc: 'All ways the volume can be mounted: ReadWriteOnce, ReadOnlyMany, ReadWriteMany, ReadWriteOncePod.' }),
      claimRef: obj(4, objectReference, { ptr: true, doc: 'Part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.' }),
      persistentVolumeReclaimPolicy: str(5, { doc: 'What happens to a persistent volume when released from its claim: Retain (default for manually created PVs), Delete or Recycle.' }),
      storageClassName: str(6, { doc: 'The name of StorageClass to which this persistent volume belongs.' }),
      mountOptions: strList(7, { listType: 'atomic', doc: 'A list of mount options, e.g. ["ro", "soft"].' }),
      volumeMode: str(8, { ptr: true, doc: 'Whether the volume is a formatted filesystem (Filesystem, the default) or a raw block device (Block).' }),
      nodeAffinity: obj(9, message({ required: obj(1, nodeSelector, { ptr: true, doc: 'Required physical constraints of the volume.' }) }), {
        ptr: true,
        doc: 'The constraints that limit what nodes this volume can be accessed from.',
      }),
      volumeAttributesClassName: str(10, { ptr: true, doc: 'The name of the VolumeAttributesClass to which this persistent volume belongs.' }),
    },
    { doc: 'Spec defines a specification of a persistent volume owned by the cluster.' },
  ),
  status: obj(
    3,
    {
      phase: str(1, { doc: 'The current phase of a volume: Pending, Available, Bound, Released or Failed.' }),
      message: str(2, { doc: 'A human-readable message indicating details about why the volume is in this state.' }),
      reason: str(3, { doc: 'A brief CamelCase string that describes any failure.' }),
      lastPhaseTransitionTime: time(4, { ptr: true, doc: 'The time the phase transitioned from one to another.' }),
    },
    { doc: 'Status represents the current information/status for the persistent volume.' },
  ),
});

export const persistentVolumeClaimCondition = message({
  type: str(1, { keep: true, doc: 'Type of the condition: Resizing, FileSystemResizePending, ...' }),
  status: str(2, { keep: true, doc: 'Status of the condition: True, False or Unknown.' }),
  lastProbeTime: time(3, { doc: 'The last time we probed the condition.' }),
  lastTransitionTime: time(4, { doc: 'The last time the condition transitioned from one status to another.' }),
  reason: str(5, { doc: 'A unique, short, machine understandable string that gives the reason for the last transition.' }),
  message: str(6, { doc: 'The human-readable message indicating details about the last transition.' }),
});

export const persistentVolumeClaim = v.object({
  ...objectEntries,
  spec: obj(2, persistentVolumeClaimSpec, { doc: 'Spec defines the desired characteristics of a volume requested by a pod author.' }),
  status: obj(
    3,
    {
      phase: str(1, { doc: 'The current phase of the claim: Pending, Bound or Lost.' }),
      accessModes: strList(2, { listType: 'atomic', doc: 'The actual access modes the volume backing the PVC has.' }),
      capacity: quantityMap(3, { doc: 'The actual resources of the underlying volume.' }),
      conditions: list(4, persistentVolumeClaimCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'The current conditions of the claim.' }),
      allocatedResources: quantityMap(5, { doc: 'The storage resource within the claim allocated for a resize.' }),
      allocatedResourceStatuses: strMap(7, { mapType: 'granular', doc: 'The status of the resource being resized for the given PVC.' }),
      currentVolumeAttributesClassName: str(8, { ptr: true, doc: 'The current name of the VolumeAttributesClass the PVC is using.' }),
    },
    { doc: 'Status represents the current information/status of a persistent volume claim.' },
  ),
});

export type AccessMode = 'ReadWriteOnce' | 'ReadOnlyMany' | 'ReadWriteMany' | 'ReadWriteOncePod';

export interface VolumeNodeAffinity {
  required?: { nodeSelectorTerms?: { matchExpressions?: { key: string; operator: string; values?: string[] }[]; matchFields?: { key: string; operator: string; values?: string[] }[] }[] } | null;
}

export interface PersistentVolumeSpec {
  capacity?: Record<string, string | number> | null;
  hostPath?: { path: string; type?: string | null } | null;
  local?: { path: string; fsType?: string | null } | null;
  nfs?: { server: string; path: string; readOnly?: boolean } | null;
  csi?: { driver: string; volumeHandle: string; [k: string]: unknown } | null;
  accessModes?: string[] | null;
  claimRef?: ObjectReference | null;
  persistentVolumeReclaimPolicy?: string;
  storageClassName?: string;
  mountOptions?: string[] | null;
  volumeMode?: string | null;
  nodeAffinity?: VolumeNodeAffinity | null;
  volumeAttributesClassName?: string | null;
}

export interface PersistentVolume extends KubeObject {
  spec?: PersistentVolumeSpec | null;
  status?: { phase?: string; message?: string; reason?: string; lastPhaseTransitionTime?: string | null } | null;
}

export interface PersistentVolumeClaimSpec {
  accessModes?: string[] | null;
  selector?: LabelSelector | null;
  resources?: { limits?: Record<string, string | number> | null; requests?: Record<string, string | number> | null } | null;
  volumeName?: string;
  storageClassName?: string | null;
  volumeMode?: string | null;
  dataSource?: { apiGroup?: string | null; kind: string; name: string } | null;
  dataSourceRef?: { apiGroup?: string | null; kind: string; name: string; namespace?: string | null } | null;
  volumeAttributesClassName?: string | null;
}

export interface PersistentVolumeClaim extends KubeObject {
  spec?: PersistentVolumeClaimSpec | null;
  status?: {
    phase?: string;
    accessModes?: string[] | null;
    capacity?: Record<string, string | number> | null;
    conditions?: { type: string; status: string; lastProbeTime?: string; lastTransitionTime?: string; reason?: string; message?: string }[] | null;
    allocatedResources?: Record<string, string | number> | null;
    allocatedResourceStatuses?: Record<string, string> | null;
    currentVolumeAttributesClassName?: string | null;
  } | null;
}
