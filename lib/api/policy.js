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
exports.evictionSchema = void 0;
/** policy/v1 Eviction: the body of pods/eviction (kubectl drain). */
var v = require("valibot");
var fields_ts_1 = require("../schema/fields.ts");
var meta_ts_1 = require("./meta.ts");
exports.evictionSchema = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { deleteOptions: (0, fields_ts_1.obj)(2, meta_ts_1.deleteOptions, { ptr: true, doc: 'DeleteOptions may be provided.' }) }));
