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
exports.scaleSchema = void 0;
/** autoscaling/v1 Scale: the body of the `scale` subresource (kubectl scale). */
var v = require("valibot");
var fields_ts_1 = require("../schema/fields.ts");
var meta_ts_1 = require("./meta.ts");
exports.scaleSchema = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, { replicas: (0, fields_ts_1.int32)(1, { doc: 'The desired number of instances for the scaled object.' }) }, { doc: 'Desired state of the scale.' }), status: (0, fields_ts_1.obj)(3, {
        replicas: (0, fields_ts_1.int32)(1, { keep: true, doc: 'The actual number of observed instances of the scaled object.' }),
        selector: (0, fields_ts_1.str)(2, { doc: 'Label query over pods that should match the replicas count, in string form.' }),
    }, { doc: 'Current status of the scale (read-only).' }) }));
