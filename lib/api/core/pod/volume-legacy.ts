/**
 * The in-tree volume plugins Kubernetes deprecated in favour of CSI. Few manifests still use
 * them, but they are part of v1 VolumeSource, so strict decoding must know their fields.
 */
import { bool, int32, message, obj, str, strList, strMap } from '../../../schema/fields.ts';
import { localObjectReference } from './refs.ts';

const fsType = (pb: number) => str(pb, { doc: 'Filesystem type to mount, e.g. "ext4", "xfs", "ntfs".' });
const readOnly = (pb: number) => bool(pb, { doc: 'Force the ReadOnly setting in VolumeMounts. Defaults to false.' });
const secretRef = (pb: number) => obj(pb, localObjectReference, { ptr: true, doc: 'Reference to the secret holding credentials.' });

export const legacyVolumeSources = {
  gcePersistentDisk: obj(
    3,
    message({
      pdName: str(1, { keep: true, doc: 'Unique name of the PD resource in GCE.' }),
      fsType: fsType(2),
      partition: int32(3, { doc: 'The partition in the volume that you want to mount.' }),
      readOnly: readOnly(4),
    }),
    { ptr: true, doc: "Deprecated: a GCE Disk resource attached to the kubelet's host machine." },
  ),
  awsElasticBlockStore: obj(
    4,
    message({
      volumeID: str(1, { keep: true, doc: 'Unique ID of the persistent disk resource in AWS (Amazon EBS volume).' }),
      fsType: fsType(2),
      partition: int32(3, { doc: 'The partition in the volume that you want to mount.' }),
      readOnly: readOnly(4),
    }),
    { ptr: true, doc: "Deprecated: an AWS Disk resource attached to the kubelet's host machine." },
  ),
  gitRepo: obj(
    5,
    message({
      repository: str(1, { keep: true, doc: 'Repository URL.' }),
      revision: str(2, { doc: 'Commit hash for the specified revision.' }),
      directory: str(3, { doc: 'Target directory name.' }),
    }),
    { ptr: true, doc: 'Deprecated: a git repository at a particular revision.' },
  ),
  iscsi: obj(
    8,
    message({
      targetPortal: str(1, { keep: true, doc: 'iSCSI Target Portal: an IP or ip_addr:port.' }),
      iqn: str(2, { keep: true, doc: 'Target iSCSI Qualified Name.' }),
      lun: int32(3, { keep: true, doc: 'iSCSI Target Lun number.' }),
      iscsiInterface: str(4, { doc: "Interface name that uses an iSCSI transport. Defaults to 'default' (tcp)." }),
      fsType: fsType(5),
      readOnly: readOnly(6),
      portals: strList(7, { listType: 'atomic', doc: 'iSCSI Target Portal List.' }),
      chapAuthDiscovery: bool(8, { doc: 'Whether iSCSI Discovery CHAP authentication is supported.' }),
      chapAuthSession: bool(11, { doc: 'Whether iSCSI Session CHAP authentication is supported.' }),
      secretRef: secretRef(10),
      initiatorName: str(12, { ptr: true, doc: 'Custom iSCSI Initiator Name.' }),
    }),
    { ptr: true, doc: "An ISCSI Disk resource attached to the kubelet's host machine." },
  ),
  glusterfs: obj(
    9,
    message({
      endpoints: str(1, { keep: true, doc: 'Endpoint name that details Glusterfs topology.' }),
      path: str(2, { keep: true, doc: 'Glusterfs volume path.' }),
      readOnly: readOnly(3),
    }),
    { ptr: true, doc: "Deprecated: a Glusterfs mount on the host that shares a pod's lifetime." },
  ),
  rbd: obj(
    11,
    message({
      monitors: strList(1, { listType: 'atomic', keep: true, doc: 'A collection of Ceph monitors.' }),
      image: str(2, { keep: true, doc: 'The rados image name.' }),
      fsType: fsType(3),
      pool: str(4, { doc: 'The rados pool name. Default is rbd.' }),
      user: str(5, { doc: 'The rados user name. Default is admin.' }),
      keyring: str(6, { doc: 'Path to key ring for RBDUser. Default is /etc/ceph/keyring.' }),
      secretRef: secretRef(7),
      readOnly: readOnly(8),
    }),
    { ptr: true, doc: "Deprecated: a Rados Block Device mount on the host that shares a pod's lifetime." },
  ),
  flexVolume: obj(
    12,
    message({
      driver: str(1, { keep: true, doc: 'The name of the driver to use for this volume.' }),
      fsType: fsType(2),
      secretRef: secretRef(3),
      readOnly: readOnly(4),
      options: strMap(5, { doc: 'Extra command options, if any.' }),
    }),
    { ptr: true, doc: 'Deprecated: a generic volume resource provisioned/attached using an exec based plugin.' },
  ),
  cinder: obj(
    13,
    message({
      volumeID: str(1, { keep: true, doc: 'Volume id used to identify the volume in cinder.' }),
      fsType: fsType(2),
      readOnly: readOnly(3),
      secretRef: secretRef(4),
    }),
    { ptr: true, doc: 'Deprecated: a cinder volume attached and mounted on kubelets host machine.' },
  ),
  cephfs: obj(
    14,
    message({
      monitors: strList(1, { listType: 'atomic', keep: true, doc: 'A collection of Ceph monitors.' }),
      path: str(2, { doc: 'Used as the mounted root, rather than the full Ceph tree. Default is /.' }),
      user: str(3, { doc: 'The rados user name. Default is admin.' }),
      secretFile: str(4, { doc: 'Path to key ring for User. Default is /etc/ceph/user.secret.' }),
      secretRef: secretRef(5),
      readOnly: readOnly(6),
    }),
    { ptr: true, doc: "Deprecated: a Ceph FS mount on the host that shares a pod's lifetime." },
  ),
  flocker: obj(
    15,
    message({
      datasetName: str(1, { doc: 'Name of the dataset stored as metadata -> name on the dataset for Flocker.' }),
      datasetUUID: str(2, { doc: 'UUID of the dataset.' }),
    }),
    { ptr: true, doc: "Deprecated: a Flocker volume attached to a kubelet's host machine." },
  ),
  fc: obj(
    17,
    message({
      targetWWNs: strList(1, { listType: 'atomic', doc: 'FC target worldwide names (WWNs).' }),
      lun: int32(2, { ptr: true, doc: 'FC target lun number.' }),
      fsType: fsType(3),
      readOnly: readOnly(4),
      wwids: strList(5, { listType: 'atomic', doc: 'FC volume world wide identifiers (wwids).' }),
    }),
    { ptr: true, doc: "A Fibre Channel resource attached to a kubelet's host machine." },
  ),
  azureFile: obj(
    18,
    message({
      secretName: str(1, { keep: true, doc: 'The name of secret that contains Azure Storage Account Name and Key.' }),
      shareName: str(2, { keep: true, doc: 'The azure share Name.' }),
      readOnly: readOnly(3),
    }),
    { ptr: true, doc: 'Deprecated: an Azure File Service mount on the host and bind mount to the pod.' },
  ),
  vsphereVolume: obj(
    20,
    message({
      volumePath: str(1, { keep: true, doc: 'The path that identifies vSphere volume vmdk.' }),
      fsType: fsType(2),
      storagePolicyName: str(3, { doc: 'The storage Policy Based Management (SPBM) profile name.' }),
      storagePolicyID: str(4, { doc: 'The storage Policy Based Management (SPBM) profile ID.' }),
    }),
    { ptr: true, doc: 'Deprecated: a vSphere volume attached and mounted on kubelets host machine.' },
  ),
  quobyte: obj(
    21,
    message({
      registry: str(1, { keep: true, doc: 'Quobyte Registry services as host:port pairs.' }),
      volume: str(2, { keep: true, doc: 'An already created Quobyte volume by name.' }),
      readOnly: readOnly(3),
      user: str(4, { doc: 'User to map volume access to.' }),
      group: str(5, { doc: 'Group to map volume access to.' }),
      tenant: str(6, { doc: 'Tenant owning the given Quobyte volume in the Backend.' }),
    }),
    { ptr: true, doc: "Deprecated: a Quobyte mount on the host that shares a pod's lifetime." },
  ),
  azureDisk: obj(
    22,
    message({
      diskName: str(1, { keep: true, doc: 'The name of the data disk in the blob storage.' }),
      diskURI: str(2, { keep: true, doc: 'The URI of data disk in the blob storage.' }),
      cachingMode: str(3, { ptr: true, doc: 'The Host Caching mode: None, Read Only, Read Write.' }),
      fsType: str(4, { ptr: true, doc: 'Filesystem type to mount. Defaults to "ext4".' }),
      readOnly: bool(5, { ptr: true, doc: 'Force the ReadOnly setting in VolumeMounts. Defaults to false.' }),
      kind: str(6, { ptr: true, doc: 'Shared, Dedicated or Managed. Defaults to shared.' }),
    }),
    { ptr: true, doc: 'Deprecated: an Azure Data Disk mount on the host and bind mount to the pod.' },
  ),
  photonPersistentDisk: obj(
    23,
    message({
      pdID: str(1, { keep: true, doc: 'ID that identifies Photon Controller persistent disk.' }),
      fsType: fsType(2),
    }),
    { ptr: true, doc: 'Deprecated: a PhotonController persistent disk attached and mounted on kubelets host machine.' },
  ),
  portworxVolume: obj(
    24,
    message({
      volumeID: str(1, { keep: true, doc: 'Uniquely identifies a Portworx volume.' }),
      fsType: fsType(2),
      readOnly: readOnly(3),
    }),
    { ptr: true, doc: 'Deprecated: a portworx volume attached and mounted on kubelets host machine.' },
  ),
  scaleIO: obj(
    25,
    message({
      gateway: str(1, { keep: true, doc: 'The host address of the ScaleIO API Gateway.' }),
      system: str(2, { keep: true, doc: 'The name of the storage system as configured in ScaleIO.' }),
      secretRef: obj(3, localObjectReference, { ptr: true, keep: true, doc: 'The secret for ScaleIO user and other sensitive information.' }),
      sslEnabled: bool(4, { doc: 'Enable/disable SSL communication with Gateway, default false.' }),
      protectionDomain: str(5, { doc: 'The name of the ScaleIO Protection Domain for the configured storage.' }),
      storagePool: str(6, { doc: 'The ScaleIO Storage Pool associated with the protection domain.' }),
      storageMode: str(7, { doc: 'ThickProvisioned or ThinProvisioned. Default is ThinProvisioned.' }),
      volumeName: str(8, { doc: 'The name of a volume already created in the ScaleIO system.' }),
      fsType: str(9, { doc: 'Filesystem type to mount. Default is "xfs".' }),
      readOnly: readOnly(10),
    }),
    { ptr: true, doc: 'Deprecated: a ScaleIO persistent volume attached and mounted on Kubernetes nodes.' },
  ),
  storageos: obj(
    27,
    message({
      volumeName: str(1, { doc: 'The human-readable name of the StorageOS volume.' }),
      volumeNamespace: str(2, { doc: 'The scope of the volume within StorageOS.' }),
      fsType: fsType(3),
      readOnly: readOnly(4),
      secretRef: secretRef(5),
    }),
    { ptr: true, doc: 'Deprecated: a StorageOS volume attached and mounted on Kubernetes nodes.' },
  ),
};
