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
exports.namespace = exports.namespaceCondition = void 0;
/** core/v1 Namespace. */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
exports.namespaceCondition = (0, fields_ts_1.message)({
    type: (0, fields_ts_1.str)(1, { keep: true, doc: 'Type of namespace controller condition.' }),
    status: (0, fields_ts_1.str)(2, { keep: true, doc: 'Status of the condition, one of True, False, Unknown.' }),
    lastTransitionTime: (0, fields_ts_1.time)(4, { doc: 'Last time the condition transitioned from one status to another.' }),
    reason: (0, fields_ts_1.str)(5, { doc: 'Unique, one-word, CamelCase reason for the condition.' }),
    message: (0, fields_ts_1.str)(6, { doc: 'Human-readable message indicating details about the last transition.' }),
});
exports.namespace = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, { finalizers: (0, fields_ts_1.strList)(1, { listType: 'atomic', doc: 'An opaque list of values that must be empty to permanently remove the object from storage.' }) }, {
        doc: 'Spec defines the behavior of the Namespace.',
    }), status: (0, fields_ts_1.obj)(3, {
        phase: (0, fields_ts_1.str)(1, { doc: 'Phase is the current lifecycle phase of the namespace: Active or Terminating.' }),
        conditions: (0, fields_ts_1.list)(2, exports.namespaceCondition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'The latest available observations of the namespace state.' }),
    }, { doc: 'Status describes the current status of a Namespace.' }) }));
