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
exports.typedObjectReference = exports.typedLocalObjectReference = exports.secretKeySelector = exports.configMapKeySelector = exports.resourceFieldSelector = exports.objectFieldSelector = exports.keyToPath = exports.localObjectReference = exports.localName = void 0;
/**
 * core/v1 reference and selector types shared by containers and volumes. Field numbers from
 * k8s.io/api core/v1 generated.proto (shared/reference/merge-apply-protobuf.md §2.5).
 */
var fields_ts_1 = require("../../../schema/fields.ts");
/** The name of an object in the pod's namespace (inlined in selectors and volume sources). */
var localName = function (doc) {
    if (doc === void 0) { doc = 'Name of the referent.'; }
    return (0, fields_ts_1.inline)(1, { name: (0, fields_ts_1.str)(1, { doc: doc }) });
};
exports.localName = localName;
var refs_ts_1 = require("../refs.ts");
Object.defineProperty(exports, "localObjectReference", { enumerable: true, get: function () { return refs_ts_1.localObjectReference; } });
exports.keyToPath = (0, fields_ts_1.message)({
    key: (0, fields_ts_1.str)(1, { keep: true, doc: 'key is the key to project.' }),
    path: (0, fields_ts_1.str)(2, { keep: true, doc: 'path is the relative path of the file to map the key to.' }),
    mode: (0, fields_ts_1.int32)(3, { ptr: true, doc: 'mode bits used to set permissions on this file (0000-0777).' }),
});
exports.objectFieldSelector = (0, fields_ts_1.message)({
    apiVersion: (0, fields_ts_1.str)(1, { doc: 'Version of the schema the FieldPath is written in terms of, defaults to "v1".' }),
    fieldPath: (0, fields_ts_1.str)(2, { keep: true, doc: 'Path of the field to select in the specified API version.' }),
}, { structType: 'atomic' });
exports.resourceFieldSelector = (0, fields_ts_1.message)({
    containerName: (0, fields_ts_1.str)(1, { doc: 'Container name: required for volumes, optional for env vars.' }),
    resource: (0, fields_ts_1.str)(2, { keep: true, doc: 'Required: resource to select.' }),
    divisor: (0, fields_ts_1.quantity)(3, { doc: 'Specifies the output format of the exposed resources, defaults to "1".' }),
}, { structType: 'atomic' });
exports.configMapKeySelector = (0, fields_ts_1.message)(__assign(__assign({}, (0, exports.localName)('Name of the ConfigMap.')), { key: (0, fields_ts_1.str)(2, { keep: true, doc: 'The key to select.' }), optional: (0, fields_ts_1.bool)(3, { ptr: true, doc: 'Specify whether the ConfigMap or its key must be defined.' }) }), { structType: 'atomic' });
exports.secretKeySelector = (0, fields_ts_1.message)(__assign(__assign({}, (0, exports.localName)('Name of the Secret.')), { key: (0, fields_ts_1.str)(2, { keep: true, doc: 'The key of the secret to select from. Must be a valid secret key.' }), optional: (0, fields_ts_1.bool)(3, { ptr: true, doc: 'Specify whether the Secret or its key must be defined.' }) }), { structType: 'atomic' });
exports.typedLocalObjectReference = (0, fields_ts_1.message)({
    apiGroup: (0, fields_ts_1.str)(1, { ptr: true, doc: 'APIGroup is the group for the resource being referenced.' }),
    kind: (0, fields_ts_1.str)(2, { keep: true, doc: 'Kind is the type of resource being referenced.' }),
    name: (0, fields_ts_1.str)(3, { keep: true, doc: 'Name is the name of resource being referenced.' }),
}, { structType: 'atomic' });
exports.typedObjectReference = (0, fields_ts_1.message)({
    apiGroup: (0, fields_ts_1.str)(1, { ptr: true, doc: 'APIGroup is the group for the resource being referenced.' }),
    kind: (0, fields_ts_1.str)(2, { keep: true, doc: 'Kind is the type of resource being referenced.' }),
    name: (0, fields_ts_1.str)(3, { keep: true, doc: 'Name is the name of resource being referenced.' }),
    namespace: (0, fields_ts_1.str)(4, { ptr: true, doc: 'Namespace is the namespace of resource being referenced.' }),
});
