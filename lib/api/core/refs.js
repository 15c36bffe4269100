"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.localObjectReference = exports.objectReference = void 0;
/** core/v1 object references, shared by many kinds (Event, Binding, Endpoints, ServiceAccount, ...). */
var fields_ts_1 = require("../../schema/fields.ts");
exports.objectReference = (0, fields_ts_1.message)({
    kind: (0, fields_ts_1.str)(1, { doc: 'Kind of the referent.' }),
    namespace: (0, fields_ts_1.str)(2, { doc: 'Namespace of the referent.' }),
    name: (0, fields_ts_1.str)(3, { doc: 'Name of the referent.' }),
    uid: (0, fields_ts_1.str)(4, { doc: 'UID of the referent.' }),
    apiVersion: (0, fields_ts_1.str)(5, { doc: 'API version of the referent.' }),
    resourceVersion: (0, fields_ts_1.str)(6, { doc: 'Specific resourceVersion to which this reference is made, if any.' }),
    fieldPath: (0, fields_ts_1.str)(7, { doc: 'If referring to a piece of an object instead of an entire object, the path to that piece (e.g. spec.containers{name}).' }),
}, { structType: 'atomic' });
exports.localObjectReference = (0, fields_ts_1.message)({ name: (0, fields_ts_1.str)(1, { doc: 'Name of the referent in the same namespace.' }) }, { structType: 'atomic' });
