"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.persistentVolumeClaimTemplate = exports.persistentVolumeClaimSpec = exports.volumeResourceRequirements = void 0;
/** The PersistentVolumeClaim template of a generic ephemeral volume (VolumeSource.ephemeral). */
var fields_ts_1 = require("../../../schema/fields.ts");
var meta_ts_1 = require("../../meta.ts");
var refs_ts_1 = require("./refs.ts");
exports.volumeResourceRequirements = (0, fields_ts_1.message)({
    limits: (0, fields_ts_1.quantityMap)(1, { doc: 'The maximum amount of storage resources allowed.' }),
    requests: (0, fields_ts_1.quantityMap)(2, { doc: 'The minimum amount of storage resources required.' }),
});
exports.persistentVolumeClaimSpec = (0, fields_ts_1.message)({
    accessModes: (0, fields_ts_1.strList)(1, { listType: 'atomic', doc: 'The desired access modes the volume should have.' }),
    selector: (0, fields_ts_1.obj)(4, meta_ts_1.labelSelector, { ptr: true, doc: 'A label query over volumes to consider for binding.' }),
    resources: (0, fields_ts_1.obj)(2, exports.volumeResourceRequirements, { doc: 'The minimum resources the volume should have.' }),
    volumeName: (0, fields_ts_1.str)(3, { doc: 'The binding reference to the PersistentVolume backing this claim.' }),
    storageClassName: (0, fields_ts_1.str)(5, { ptr: true, doc: 'The name of the StorageClass required by the claim.' }),
    volumeMode: (0, fields_ts_1.str)(6, { ptr: true, doc: 'What type of volume is required by the claim: Filesystem or Block.' }),
    dataSource: (0, fields_ts_1.obj)(7, refs_ts_1.typedLocalObjectReference, { ptr: true, doc: 'An existing VolumeSnapshot or PVC to populate the volume from.' }),
    dataSourceRef: (0, fields_ts_1.obj)(8, refs_ts_1.typedObjectReference, { ptr: true, doc: 'The object from which to populate the volume with data.' }),
    volumeAttributesClassName: (0, fields_ts_1.str)(9, { ptr: true, doc: 'The VolumeAttributesClass used by this claim.' }),
});
exports.persistentVolumeClaimTemplate = (0, fields_ts_1.message)({
    metadata: (0, fields_ts_1.obj)(1, meta_ts_1.objectMeta, { doc: 'Labels and annotations copied into the PVC when creating it.' }),
    spec: (0, fields_ts_1.obj)(2, exports.persistentVolumeClaimSpec, { doc: 'The specification for the PersistentVolumeClaim.' }),
});
