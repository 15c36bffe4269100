"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.legacyVolumeSources = void 0;
/**
 * The in-tree volume plugins Kubernetes deprecated in favour of CSI. Few manifests still use
 * them, but they are part of v1 VolumeSource, so strict decoding must know their fields.
 */
var fields_ts_1 = require("../../../schema/fields.ts");
var refs_ts_1 = require("./refs.ts");
var fsType = function (pb) { return (0, fields_ts_1.str)(pb, { doc: 'Filesystem type to mount, e.g. "ext4", "xfs", "ntfs".' }); };
var readOnly = function (pb) { return (0, fields_ts_1.bool)(pb, { doc: 'Force the ReadOnly setting in VolumeMounts. Defaults to false.' }); };
var secretRef = function (pb) { return (0, fields_ts_1.obj)(pb, refs_ts_1.localObjectReference, { ptr: true, doc: 'Reference to the secret holding credentials.' }); };
exports.legacyVolumeSources = {
    gcePersistentDisk: (0, fields_ts_1.obj)(3, (0, fields_ts_1.message)({
        pdName: (0, fields_ts_1.str)(1, { keep: true, doc: 'Unique name of the PD resource in GCE.' }),
        fsType: fsType(2),
        partition: (0, fields_ts_1.int32)(3, { doc: 'The partition in the volume that you want to mount.' }),
        readOnly: readOnly(4),
    }), { ptr: true, doc: "Deprecated: a GCE Disk resource attached to the kubelet's host machine." }),
    awsElasticBlockStore: (0, fields_ts_1.obj)(4, (0, fields_ts_1.message)({
        volumeID: (0, fields_ts_1.str)(1, { keep: true, doc: 'Unique ID of the persistent disk resource in AWS (Amazon EBS volume).' }),
        fsType: fsType(2),
        partition: (0, fields_ts_1.int32)(3, { doc: 'The partition in the volume that you want to mount.' }),
        readOnly: readOnly(4),
    }), { ptr: true, doc: "Deprecated: an AWS Disk resource attached to the kubelet's host machine." }),
    gitRepo: (0, fields_ts_1.obj)(5, (0, fields_ts_1.message)({
        repository: (0, fields_ts_1.str)(1, { keep: true, doc: 'Repository URL.' }),
        revision: (0, fields_ts_1.str)(2, { doc: 'Commit hash for the specified revision.' }),
        directory: (0, fields_ts_1.str)(3, { doc: 'Target directory name.' }),
    }), { ptr: true, doc: 'Deprecated: a git repository at a particular revision.' }),
    iscsi: (0, fields_ts_1.obj)(8, (0, fields_ts_1.message)({
        targetPortal: (0, fields_ts_1.str)(1, { keep: true, doc: 'iSCSI Target Portal: an IP or ip_addr:port.' }),
        iqn: (0, fields_ts_1.str)(2, { keep: true, doc: 'Target iSCSI Qualified Name.' }),
        lun: (0, fields_ts_1.int32)(3, { keep: true, doc: 'iSCSI Target Lun number.' }),
        iscsiInterface: (0, fields_ts_1.str)(4, { doc: "Interface name that uses an iSCSI transport. Defaults to 'default' (tcp)." }),
        fsType: fsType(5),
        readOnly: readOnly(6),
        portals: (0, fields_ts_1.strList)(7, { listType: 'atomic', doc: 'iSCSI Target Portal List.' }),
        chapAuthDiscovery: (0, fields_ts_1.bool)(8, { doc: 'Whether iSCSI Discovery CHAP authentication is supported.' }),
        chapAuthSession: (0, fields_ts_1.bool)(11, { doc: 'Whether iSCSI Session CHAP authentication is supported.' }),
        secretRef: secretRef(10),
        initiatorName: (0, fields_ts_1.str)(12, { ptr: true, doc: 'Custom iSCSI Initiator Name.' }),
    }), { ptr: true, doc: "An ISCSI Disk resource attached to the kubelet's host machine." }),
    glusterfs: (0, fields_ts_1.obj)(9, (0, fields_ts_1.message)({
        endpoints: (0, fields_ts_1.str)(1, { keep: true, doc: 'Endpoint name that details Glusterfs topology.' }),
        path: (0, fields_ts_1.str)(2, { keep: true, doc: 'Glusterfs volume path.' }),
        readOnly: readOnly(3),
    }), { ptr: true, doc: "Deprecated: a Glusterfs mount on the host that shares a pod's lifetime." }),
    rbd: (0, fields_ts_1.obj)(11, (0, fields_ts_1.message)({
        monitors: (0, fields_ts_1.strList)(1, { listType: 'atomic', keep: true, doc: 'A collection of Ceph monitors.' }),
        image: (0, fields_ts_1.str)(2, { keep: true, doc: 'The rados image name.' }),
        fsType: fsType(3),
        pool: (0, fields_ts_1.str)(4, { doc: 'The rados pool name. Default is rbd.' }),
        user: (0, fields_ts_1.str)(5, { doc: 'The rados user name. Default is admin.' }),
        keyring: (0, fields_ts_1.str)(6, { doc: 'Path to key ring for RBDUser. Default is /etc/ceph/keyring.' }),
        secretRef: secretRef(7),
        readOnly: readOnly(8),
    }), { ptr: true, doc: "Deprecated: a Rados Block Device mount on the host that shares a pod's lifetime." }),
    flexVolume: (0, fields_ts_1.obj)(12, (0, fields_ts_1.message)({
        driver: (0, fields_ts_1.str)(1, { keep: true, doc: 'The name of the driver to use for this volume.' }),
        fsType: fsType(2),
        secretRef: secretRef(3),
        readOnly: readOnly(4),
        options: (0, fields_ts_1.strMap)(5, { doc: 'Extra command options, if any.' }),
    }), { ptr: true, doc: 'Deprecated: a generic volume resource provisioned/attached using an exec based plugin.' }),
    cinder: (0, fields_ts_1.obj)(13, (0, fields_ts_1.message)({
        volumeID: (0, fields_ts_1.str)(1, { keep: true, doc: 'Volume id used to identify the volume in cinder.' }),
        fsType: fsType(2),
        readOnly: readOnly(3),
        secretRef: secretRef(4),
    }), { ptr: true, doc: 'Deprecated: a cinder volume attached and mounted on kubelets host machine.' }),
    cephfs: (0, fields_ts_1.obj)(14, (0, fields_ts_1.message)({
        monitors: (0, fields_ts_1.strList)(1, { listType: 'atomic', keep: true, doc: 'A collection of Ceph monitors.' }),
        path: (0, fields_ts_1.str)(2, { doc: 'Used as the mounted root, rather than the full Ceph tree. Default is /.' }),
        user: (0, fields_ts_1.str)(3, { doc: 'The rados user name. Default is admin.' }),
        secretFile: (0, fields_ts_1.str)(4, { doc: 'Path to key ring for User. Default is /etc/ceph/user.secret.' }),
        secretRef: secretRef(5),
        readOnly: readOnly(6),
    }), { ptr: true, doc: "Deprecated: a Ceph FS mount on the host that shares a pod's lifetime." }),
    flocker: (0, fields_ts_1.obj)(15, (0, fields_ts_1.message)({
        datasetName: (0, fields_ts_1.str)(1, { doc: 'Name of the dataset stored as metadata -> name on the dataset for Flocker.' }),
        datasetUUID: (0, fields_ts_1.str)(2, { doc: 'UUID of the dataset.' }),
    }), { ptr: true, doc: "Deprecated: a Flocker volume attached to a kubelet's host machine." }),
    fc: (0, fields_ts_1.obj)(17, (0, fields_ts_1.message)({
        targetWWNs: (0, fields_ts_1.strList)(1, { listType: 'atomic', doc: 'FC target worldwide names (WWNs).' }),
        lun: (0, fields_ts_1.int32)(2, { ptr: true, doc: 'FC target lun number.' }),
        fsType: fsType(3),
        readOnly: readOnly(4),
        wwids: (0, fields_ts_1.strList)(5, { listType: 'atomic', doc: 'FC volume world wide identifiers (wwids).' }),
    }), { ptr: true, doc: "A Fibre Channel resource attached to a kubelet's host machine." }),
    azureFile: (0, fields_ts_1.obj)(18, (0, fields_ts_1.message)({
        secretName: (0, fields_ts_1.str)(1, { keep: true, doc: 'The name of secret that contains Azure Storage Account Name and Key.' }),
        shareName: (0, fields_ts_1.str)(2, { keep: true, doc: 'The azure share Name.' }),
        readOnly: readOnly(3),
    }), { ptr: true, doc: 'Deprecated: an Azure File Service mount on the host and bind mount to the pod.' }),
    vsphereVolume: (0, fields_ts_1.obj)(20, (0, fields_ts_1.message)({
        volumePath: (0, fields_ts_1.str)(1, { keep: true, doc: 'The path that identifies vSphere volume vmdk.' }),
        fsType: fsType(2),
        storagePolicyName: (0, fields_ts_1.str)(3, { doc: 'The storage Policy Based Management (SPBM) profile name.' }),
        storagePolicyID: (0, fields_ts_1.str)(4, { doc: 'The storage Policy Based Management (SPBM) profile ID.' }),
    }), { ptr: true, doc: 'Deprecated: a vSphere volume attached and mounted on kubelets host machine.' }),
    quobyte: (0, fields_ts_1.obj)(21, (0, fields_ts_1.message)({
        registry: (0, fields_ts_1.str)(1, { keep: true, doc: 'Quobyte Registry services as host:port pairs.' }),
        volume: (0, fields_ts_1.str)(2, { keep: true, doc: 'An already created Quobyte volume by name.' }),
        readOnly: readOnly(3),
        user: (0, fields_ts_1.str)(4, { doc: 'User to map volume access to.' }),
        group: (0, fields_ts_1.str)(5, { doc: 'Group to map volume access to.' }),
        tenant: (0, fields_ts_1.str)(6, { doc: 'Tenant owning the given Quobyte volume in the Backend.' }),
    }), { ptr: true, doc: "Deprecated: a Quobyte mount on the host that shares a pod's lifetime." }),
    azureDisk: (0, fields_ts_1.obj)(22, (0, fields_ts_1.message)({
        diskName: (0, fields_ts_1.str)(1, { keep: true, doc: 'The name of the data disk in the blob storage.' }),
        diskURI: (0, fields_ts_1.str)(2, { keep: true, doc: 'The URI of data disk in the blob storage.' }),
        cachingMode: (0, fields_ts_1.str)(3, { ptr: true, doc: 'The Host Caching mode: None, Read Only, Read Write.' }),
        fsType: (0, fields_ts_1.str)(4, { ptr: true, doc: 'Filesystem type to mount. Defaults to "ext4".' }),
        readOnly: (0, fields_ts_1.bool)(5, { ptr: true, doc: 'Force the ReadOnly setting in VolumeMounts. Defaults to false.' }),
        kind: (0, fields_ts_1.str)(6, { ptr: true, doc: 'Shared, Dedicated or Managed. Defaults to shared.' }),
    }), { ptr: true, doc: 'Deprecated: an Azure Data Disk mount on the host and bind mount to the pod.' }),
    photonPersistentDisk: (0, fields_ts_1.obj)(23, (0, fields_ts_1.message)({
        pdID: (0, fields_ts_1.str)(1, { keep: true, doc: 'ID that identifies Photon Controller persistent disk.' }),
        fsType: fsType(2),
    }), { ptr: true, doc: 'Deprecated: a PhotonController persistent disk attached and mounted on kubelets host machine.' }),
    portworxVolume: (0, fields_ts_1.obj)(24, (0, fields_ts_1.message)({
        volumeID: (0, fields_ts_1.str)(1, { keep: true, doc: 'Uniquely identifies a Portworx volume.' }),
        fsType: fsType(2),
        readOnly: readOnly(3),
    }), { ptr: true, doc: 'Deprecated: a portworx volume attached and mounted on kubelets host machine.' }),
    scaleIO: (0, fields_ts_1.obj)(25, (0, fields_ts_1.message)({
        gateway: (0, fields_ts_1.str)(1, { keep: true, doc: 'The host address of the ScaleIO API Gateway.' }),
        system: (0, fields_ts_1.str)(2, { keep: true, doc: 'The name of the storage system as configured in ScaleIO.' }),
        secretRef: (0, fields_ts_1.obj)(3, refs_ts_1.localObjectReference, { ptr: true, keep: true, doc: 'The secret for ScaleIO user and other sensitive information.' }),
        sslEnabled: (0, fields_ts_1.bool)(4, { doc: 'Enable/disable SSL communication with Gateway, default false.' }),
        protectionDomain: (0, fields_ts_1.str)(5, { doc: 'The name of the ScaleIO Protection Domain for the configured storage.' }),
        storagePool: (0, fields_ts_1.str)(6, { doc: 'The ScaleIO Storage Pool associated with the protection domain.' }),
        storageMode: (0, fields_ts_1.str)(7, { doc: 'ThickProvisioned or ThinProvisioned. Default is ThinProvisioned.' }),
        volumeName: (0, fields_ts_1.str)(8, { doc: 'The name of a volume already created in the ScaleIO system.' }),
        fsType: (0, fields_ts_1.str)(9, { doc: 'Filesystem type to mount. Default is "xfs".' }),
        readOnly: readOnly(10),
    }), { ptr: true, doc: 'Deprecated: a ScaleIO persistent volume attached and mounted on Kubernetes nodes.' }),
    storageos: (0, fields_ts_1.obj)(27, (0, fields_ts_1.message)({
        volumeName: (0, fields_ts_1.str)(1, { doc: 'The human-readable name of the StorageOS volume.' }),
        volumeNamespace: (0, fields_ts_1.str)(2, { doc: 'The scope of the volume within StorageOS.' }),
        fsType: fsType(3),
        readOnly: readOnly(4),
        secretRef: secretRef(5),
    }), { ptr: true, doc: 'Deprecated: a StorageOS volume attached and mounted on Kubernetes nodes.' }),
};
