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
exports.configMap = void 0;
/** core/v1 ConfigMap. */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
exports.configMap = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { data: (0, fields_ts_1.strMap)(2, { doc: 'Configuration data: keys of [-._a-zA-Z0-9]+, UTF-8 values.' }), binaryData: (0, fields_ts_1.bytesMap)(3, { doc: 'Binary configuration data (base64 in JSON); keys must not overlap with data.' }), immutable: (0, fields_ts_1.bool)(4, { ptr: true, doc: 'If true, data and binaryData cannot be updated (only the object metadata can be modified).' }) }));
