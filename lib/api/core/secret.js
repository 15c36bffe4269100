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
exports.secret = void 0;
/** core/v1 Secret. */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
exports.secret = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { data: (0, fields_ts_1.bytesMap)(2, { doc: 'Secret data: keys of [-._a-zA-Z0-9]+, base64-encoded values.' }), type: (0, fields_ts_1.str)(3, { doc: 'Used to facilitate programmatic handling of secret data (default Opaque).' }), stringData: (0, fields_ts_1.strMap)(4, { doc: 'Write-only convenience: non-binary values merged into data on write; never output.' }), immutable: (0, fields_ts_1.bool)(5, { ptr: true, doc: 'If true, data cannot be updated (only the object metadata can be modified).' }) }));
