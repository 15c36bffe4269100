"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.objectEntries = exports.deleteOptions = exports.preconditions = exports.condition = exports.labelSelector = exports.labelSelectorRequirement = exports.objectMeta = exports.managedFieldsEntry = exports.ownerReference = void 0;
/** meta/v1: the types every object shares. Field numbers from k8s.io/apimachinery generated.proto. */
var v = require("valibot");
var fields_ts_1 = require("../schema/fields.ts");
exports.ownerReference = (0, fields_ts_1.message)({
    apiVersion: (0, fields_ts_1.str)(5, { keep: true, doc: 'API version of the referent.' }),
    kind: (0, fields_ts_1.str)(1, { keep: true, doc: 'Kind of the referent.' }),
    name: (0, fields_ts_1.str)(3, { keep: true, doc: 'Name of the referent.' }),
    uid: (0, fields_ts_1.str)(4, { keep: true, doc: 'UID of the referent.' }),
    controller: (0, fields_ts_1.bool)(6, { ptr: true, doc: 'If true, this reference points to the managing controller.' }),
    blockOwnerDeletion: (0, fields_ts_1.bool)(7, { ptr: true, doc: 'If true, the owner cannot be deleted from the key-value store until this reference is removed.' }),
}, { structType: 'atomic' });
exports.managedFieldsEntry = (0, fields_ts_1.message)({
    manager: (0, fields_ts_1.str)(1),
    operation: (0, fields_ts_1.str)(2),
    apiVersion: (0, fields_ts_1.str)(3),
    time: (0, fields_ts_1.time)(4, { ptr: true }),
    fieldsType: (0, fields_ts_1.str)(6),
    fieldsV1: (0, fields_ts_1.fieldsV1)(7, { ptr: true }),
    subresource: (0, fields_ts_1.str)(8),
});
exports.objectMeta = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { doc: 'Name must be unique within a namespace.' }),
    generateName: (0, fields_ts_1.str)(2, { doc: 'Optional prefix used by the server to generate a unique name.' }),
    namespace: (0, fields_ts_1.str)(3, { doc: 'Namespace defines the space within which each name must be unique.' }),
    selfLink: (0, fields_ts_1.str)(4),
    uid: (0, fields_ts_1.str)(5, { doc: 'UID is the unique in time and space value for this object.' }),
    resourceVersion: (0, fields_ts_1.str)(6, { doc: 'An opaque value that represents the internal version of this object.' }),
    generation: (0, fields_ts_1.int64)(7, { doc: 'A sequence number representing a specific generation of the desired state.' }),
    creationTimestamp: (0, fields_ts_1.time)(8, { doc: 'Time when this object was created.' }),
    deletionTimestamp: (0, fields_ts_1.time)(9, { ptr: true, doc: 'Time at which this resource will be deleted.' }),
    deletionGracePeriodSeconds: (0, fields_ts_1.int64)(10, { ptr: true }),
    labels: (0, fields_ts_1.strMap)(11, { doc: 'Map of string keys and values that can be used to organize and categorize objects.' }),
    annotations: (0, fields_ts_1.strMap)(12, { doc: 'Unstructured key value map stored with a resource.' }),
    ownerReferences: (0, fields_ts_1.list)(13, exports.ownerReference, { patchStrategy: 'merge', patchMergeKey: 'uid', listType: 'map', listMapKeys: ['uid'], doc: 'List of objects depended by this object.' }),
    finalizers: (0, fields_ts_1.strList)(14, { patchStrategy: 'merge', listType: 'set', doc: 'Must be empty before the object is deleted from the registry.' }),
    managedFields: (0, fields_ts_1.list)(17, exports.managedFieldsEntry, { listType: 'atomic' }),
});
exports.labelSelectorRequirement = (0, fields_ts_1.message)({
    key: (0, fields_ts_1.str)(1, { keep: true }),
    operator: (0, fields_ts_1.str)(2, { keep: true }),
    values: (0, fields_ts_1.strList)(3, { listType: 'atomic' }),
});
exports.labelSelector = (0, fields_ts_1.message)({
    matchLabels: (0, fields_ts_1.strMap)(1),
    matchExpressions: (0, fields_ts_1.list)(2, exports.labelSelectorRequirement, { listType: 'atomic' }),
}, { structType: 'atomic' });
exports.condition = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true }),
    status: (0, fields_ts_1.str)(2, { keep: true }),
    observedGeneration: (0, fields_ts_1.int64)(3),
    lastTransitionTime: (0, fields_ts_1.time)(4, { keep: true }),
    reason: (0, fields_ts_1.str)(5, { keep: true }),
    message: (0, fields_ts_1.str)(6, { keep: true }),
});
exports.preconditions = (0, fields_ts_1.message)({
    uid: (0, fields_ts_1.str)(1, { ptr: true, doc: 'Specifies the target UID.' }),
    resourceVersion: (0, fields_ts_1.str)(2, { ptr: true, doc: 'Specifies the target ResourceVersion.' }),
});
/** The body of a DELETE (and of an Eviction's deleteOptions). */
exports.deleteOptions = (0, fields_ts_1.message)({
    apiVersion: v.optional(v.nullable(v.string())),
    kind: v.optional(v.nullable(v.string())),
    gracePeriodSeconds: (0, fields_ts_1.int64)(1, { ptr: true, doc: 'The duration in seconds before the object should be deleted.' }),
    preconditions: (0, fields_ts_1.obj)(2, exports.preconditions, { ptr: true, doc: 'Must be fulfilled before a deletion is carried out.' }),
    orphanDependents: (0, fields_ts_1.bool)(3, { ptr: true, doc: 'Deprecated: use propagationPolicy. Should the dependent objects be orphaned.' }),
    propagationPolicy: (0, fields_ts_1.str)(4, { ptr: true, doc: "Whether and how garbage collection will be performed: 'Orphan', 'Background' or 'Foreground'." }),
    dryRun: (0, fields_ts_1.strList)(5, { listType: 'atomic', doc: 'When present, indicates that modifications should not be persisted.' }),
    ignoreStoreReadErrorWithClusterBreakingPotential: (0, fields_ts_1.bool)(6, { ptr: true, doc: 'Unsafe deletion of corrupt objects (not supported).' }),
});
/** The top-level fields of every object; kinds add spec/status/data/... */
exports.objectEntries = {
    apiVersion: v.optional(v.nullable(v.pipe(v.string(), v.description('APIVersion defines the versioned schema of this representation of an object.')))),
    kind: v.optional(v.nullable(v.pipe(v.string(), v.description('Kind is a string value representing the REST resource this object represents.')))),
    metadata: (0, fields_ts_1.obj)(1, exports.objectMeta, { doc: "Standard object's metadata." }),
};
