"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.volume = exports.volumeProjection = exports.downwardAPIVolumeFile = void 0;
/**
 * core/v1 Volume: a name plus exactly one source. VolumeSource is a Go struct embedded in Volume,
 * so its fields are inlined in JSON and live in protobuf field 2.
 */
var fields_ts_1 = require("../../../schema/fields.ts");
var meta_ts_1 = require("../../meta.ts");
var refs_ts_1 = require("./refs.ts");
var volume_claim_ts_1 = require("./volume-claim.ts");
var volume_legacy_ts_1 = require("./volume-legacy.ts");
var defaultMode = function (pb) { return (0, fields_ts_1.int32)(pb, { ptr: true, doc: 'Mode bits used to set permissions on created files by default (0000-0777). Defaults to 0644.' }); };
var items = function (pb) { return (0, fields_ts_1.list)(pb, refs_ts_1.keyToPath, { listType: 'atomic', doc: 'Keys to project and the paths to project them to; unset means every key.' }); };
exports.downwardAPIVolumeFile = (0, fields_ts_1.message)({
    path: (0, fields_ts_1.str)(1, { keep: true, doc: 'Relative path name of the file to be created.' }),
    fieldRef: (0, fields_ts_1.obj)(2, refs_ts_1.objectFieldSelector, { ptr: true, doc: 'Selects a field of the pod: annotations, labels, name, namespace and uid.' }),
    resourceFieldRef: (0, fields_ts_1.obj)(3, refs_ts_1.resourceFieldSelector, { ptr: true, doc: 'Selects a resource of the container: limits and requests.' }),
    mode: (0, fields_ts_1.int32)(4, { ptr: true, doc: 'Mode bits used to set permissions on this file (0000-0777).' }),
});
var downwardAPIItems = (0, fields_ts_1.list)(1, exports.downwardAPIVolumeFile, { listType: 'atomic', doc: 'Items is a list of downward API volume file.' });
exports.volumeProjection = (0, fields_ts_1.message)({
    secret: (0, fields_ts_1.obj)(1, (0, fields_ts_1.message)(__assign(__assign({}, (0, refs_ts_1.localName)('Name of the Secret.')), { items: items(2), optional: (0, fields_ts_1.bool)(4, { ptr: true, doc: 'Whether the Secret or its key must be defined.' }) })), { ptr: true, doc: 'Information about the secret data to project.' }),
    downwardAPI: (0, fields_ts_1.obj)(2, (0, fields_ts_1.message)({ items: downwardAPIItems }), { ptr: true, doc: 'Information about the downwardAPI data to project.' }),
    configMap: (0, fields_ts_1.obj)(3, (0, fields_ts_1.message)(__assign(__assign({}, (0, refs_ts_1.localName)('Name of the ConfigMap.')), { items: items(2), optional: (0, fields_ts_1.bool)(4, { ptr: true, doc: 'Whether the ConfigMap or its keys must be defined.' }) })), { ptr: true, doc: 'Information about the configMap data to project.' }),
    serviceAccountToken: (0, fields_ts_1.obj)(4, (0, fields_ts_1.message)({
        audience: (0, fields_ts_1.str)(1, { doc: 'Intended audience of the token; defaults to the identifier of the apiserver.' }),
        expirationSeconds: (0, fields_ts_1.int64)(2, { ptr: true, doc: 'Requested duration of validity of the service account token. Defaults to 1 hour.' }),
        path: (0, fields_ts_1.str)(3, { keep: true, doc: 'Path relative to the mount point of the file to project the token into.' }),
    }), { ptr: true, doc: 'Information about the serviceAccountToken data to project.' }),
    clusterTrustBundle: (0, fields_ts_1.obj)(5, (0, fields_ts_1.message)({
        name: (0, fields_ts_1.str)(1, { ptr: true, doc: 'Select a single ClusterTrustBundle by object name.' }),
        signerName: (0, fields_ts_1.str)(2, { ptr: true, doc: 'Select all ClusterTrustBundles that match this signer name.' }),
        labelSelector: (0, fields_ts_1.obj)(3, meta_ts_1.labelSelector, { ptr: true, doc: 'Select all ClusterTrustBundles that match this label selector.' }),
        optional: (0, fields_ts_1.bool)(5, { ptr: true, doc: "If true, don't block pod startup if the referenced ClusterTrustBundle(s) aren't available." }),
        path: (0, fields_ts_1.str)(4, { keep: true, doc: 'Relative path from the volume root to write the bundle.' }),
    }), { ptr: true, doc: 'The .spec.trustBundle field of ClusterTrustBundle objects in an auto-updating file.' }),
});
/** The sources most manifests use; `legacyVolumeSources` holds the deprecated in-tree ones. */
var volumeSources = {
    hostPath: (0, fields_ts_1.obj)(1, (0, fields_ts_1.message)({
        path: (0, fields_ts_1.str)(1, { keep: true, doc: 'Path of the directory on the host.' }),
        type: (0, fields_ts_1.str)(2, { ptr: true, doc: 'Type for HostPath Volume. Defaults to "".' }),
    }), { ptr: true, doc: 'A pre-existing file or directory on the host machine that is directly exposed to the container.' }),
    emptyDir: (0, fields_ts_1.obj)(2, (0, fields_ts_1.message)({
        medium: (0, fields_ts_1.str)(1, { doc: 'What type of storage medium should back this directory: "" or Memory.' }),
        sizeLimit: (0, fields_ts_1.quantity)(2, { ptr: true, doc: 'Total amount of local storage required for this EmptyDir volume.' }),
    }), { ptr: true, doc: "A temporary directory that shares a pod's lifetime." }),
    secret: (0, fields_ts_1.obj)(6, (0, fields_ts_1.message)({
        secretName: (0, fields_ts_1.str)(1, { doc: "Name of the secret in the pod's namespace to use." }),
        items: items(2),
        defaultMode: defaultMode(3),
        optional: (0, fields_ts_1.bool)(4, { ptr: true, doc: 'Whether the Secret or its keys must be defined.' }),
    }), { ptr: true, doc: 'A secret that should populate this volume.' }),
    nfs: (0, fields_ts_1.obj)(7, (0, fields_ts_1.message)({
        server: (0, fields_ts_1.str)(1, { keep: true, doc: 'Hostname or IP address of the NFS server.' }),
        path: (0, fields_ts_1.str)(2, { keep: true, doc: 'Path that is exported by the NFS server.' }),
        readOnly: (0, fields_ts_1.bool)(3, { doc: 'Force the NFS export to be mounted with read-only permissions. Defaults to false.' }),
    }), { ptr: true, doc: "An NFS mount on the host that shares a pod's lifetime." }),
    persistentVolumeClaim: (0, fields_ts_1.obj)(10, (0, fields_ts_1.message)({
        claimName: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of a PersistentVolumeClaim in the same namespace as the pod.' }),
        readOnly: (0, fields_ts_1.bool)(2, { doc: 'Force the ReadOnly setting in VolumeMounts. Default false.' }),
    }), { ptr: true, doc: 'A reference to a PersistentVolumeClaim in the same namespace.' }),
    downwardAPI: (0, fields_ts_1.obj)(16, (0, fields_ts_1.message)({ items: downwardAPIItems, defaultMode: defaultMode(2) }), {
        ptr: true,
        doc: 'Downward API about the pod that should populate this volume.',
    }),
    configMap: (0, fields_ts_1.obj)(19, (0, fields_ts_1.message)(__assign(__assign({}, (0, refs_ts_1.localName)('Name of the ConfigMap.')), { items: items(2), defaultMode: defaultMode(3), optional: (0, fields_ts_1.bool)(4, { ptr: true, doc: 'Whether the ConfigMap or its keys must be defined.' }) })), { ptr: true, doc: 'A configMap that should populate this volume.' }),
    projected: (0, fields_ts_1.obj)(26, (0, fields_ts_1.message)({
        sources: (0, fields_ts_1.list)(1, exports.volumeProjection, { listType: 'atomic', keep: true, doc: 'The list of volume projections.' }),
        defaultMode: (0, fields_ts_1.int32)(2, { ptr: true, doc: 'Mode bits used to set permissions on created files by default (0000-0777).' }),
    }), { ptr: true, doc: 'Items for all in one resources secrets, configmaps, and downward API.' }),
    csi: (0, fields_ts_1.obj)(28, (0, fields_ts_1.message)({
        driver: (0, fields_ts_1.str)(1, { keep: true, doc: 'The name of the CSI driver that handles this volume.' }),
        readOnly: (0, fields_ts_1.bool)(2, { ptr: true, doc: 'Read-only configuration for the volume. Defaults to false.' }),
        fsType: (0, fields_ts_1.str)(3, { ptr: true, doc: 'Filesystem type to mount, e.g. "ext4", "xfs", "ntfs".' }),
        volumeAttributes: (0, fields_ts_1.strMap)(4, { doc: 'Driver-specific properties passed to the CSI driver.' }),
        nodePublishSecretRef: (0, fields_ts_1.obj)(5, refs_ts_1.localObjectReference, { ptr: true, doc: 'The secret passed to the CSI driver on NodePublishVolume and NodeUnpublishVolume.' }),
    }), { ptr: true, doc: 'Ephemeral storage handled by certain external CSI drivers.' }),
    ephemeral: (0, fields_ts_1.obj)(29, (0, fields_ts_1.message)({
        volumeClaimTemplate: (0, fields_ts_1.obj)(1, volume_claim_ts_1.persistentVolumeClaimTemplate, { ptr: true, doc: 'Template for the standalone PVC provisioned for this volume.' }),
    }), { ptr: true, doc: 'A volume handled by a cluster storage driver, tied to the lifecycle of the pod.' }),
    image: (0, fields_ts_1.obj)(30, (0, fields_ts_1.message)({
        reference: (0, fields_ts_1.str)(1, { doc: 'Image or artifact reference to be used.' }),
        pullPolicy: (0, fields_ts_1.str)(2, { doc: 'Policy for pulling OCI objects: Always, Never or IfNotPresent.' }),
    }), { ptr: true, doc: "An OCI object (a container image or artifact) pulled and mounted on the kubelet's host machine." }),
};
exports.volume = (0, fields_ts_1.message)(__assign({ name: (0, fields_ts_1.str)(1, { keep: true, doc: 'Name of the volume: a DNS_LABEL unique within the pod.' }) }, (0, fields_ts_1.inline)(2, __assign(__assign({}, volumeSources), volume_legacy_ts_1.legacyVolumeSources))));
