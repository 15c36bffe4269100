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
exports.serviceAccount = void 0;
/** core/v1 ServiceAccount. */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
var refs_ts_1 = require("./refs.ts");
exports.serviceAccount = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { secrets: (0, fields_ts_1.list)(2, refs_ts_1.objectReference, {
        patchStrategy: 'merge',
        patchMergeKey: 'name',
        listType: 'map',
        listMapKeys: ['name'],
        doc: 'Secrets in the same namespace that pods running with this ServiceAccount may use (deprecated for tokens).',
    }), imagePullSecrets: (0, fields_ts_1.list)(3, refs_ts_1.localObjectReference, { listType: 'atomic', doc: 'Secrets used to pull images of pods referencing this ServiceAccount.' }), automountServiceAccountToken: (0, fields_ts_1.bool)(4, { ptr: true, doc: 'Whether pods running as this service account should have an API token automatically mounted.' }) }));
