"use strict";
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.STRATEGIC_PATCH = exports.MERGE_PATCH = exports.JSON_PATCH = void 0;
exports.applyPatchBody = applyPatchBody;
exports.decodePatched = decodePatched;
var errors_ts_1 = require("../../../lib/errors.ts");
var conform_ts_1 = require("../codec/conform.ts");
var errors_ts_2 = require("../codec/errors.ts");
var json_ts_1 = require("../codec/json.ts");
var errors_ts_3 = require("./errors.ts");
var json_ts_2 = require("./json.ts");
var merge_ts_1 = require("./merge.ts");
var strategic_ts_1 = require("./strategic.ts");
exports.JSON_PATCH = 'application/json-patch+json';
exports.MERGE_PATCH = 'application/merge-patch+json';
exports.STRATEGIC_PATCH = 'application/strategic-merge-patch+json';
var JSON_PATCH_OP_FIELDS = new Set(['op', 'path', 'from', 'value']);
function read(body, duplicates, syntax) {
    try {
        return (0, json_ts_1.readJson)(body, { duplicates: duplicates });
    }
    catch (e) {
        throw e instanceof json_ts_1.JsonSyntaxError ? syntax(e) : e;
    }
}
/**
 * In Strict and Warn modes Kubernetes first decodes a JSON patch into its own `[]jsonPatchOp`
 * (op, path, from: strings) to find unknown fields; a body of the wrong shape fails there, with
 * Go's first type error. (In Ignore mode the JSON patch library's own decoding reports it.)
 */
function jsonPatchOpsTypeError(value) {
    if (value === null)
        return undefined;
    if (!Array.isArray(value))
        return "json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(value), " into Go value of type []handlers.jsonPatchOp");
    for (var _i = 0, value_1 = value; _i < value_1.length; _i++) {
        var op = value_1[_i];
        if (op === null)
            continue;
        if (typeof op !== 'object' || Array.isArray(op))
            return "json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(op), " into Go value of type handlers.jsonPatchOp");
        for (var _a = 0, _b = Object.entries(op); _a < _b.length; _a++) {
            var _c = _b[_a], k = _c[0], x = _c[1];
            if (k !== 'value' && JSON_PATCH_OP_FIELDS.has(k) && x !== null && typeof x !== 'string')
                return "json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(x), " into Go struct field jsonPatchOp.").concat(k, " of type string");
        }
    }
    return undefined;
}
/** Parses a patch body and applies it to `live` (not modified). Throws 400/413/422 StatusErrors. */
function applyPatchBody(type, live, body, schema, fv) {
    var strict = fv !== 'Ignore';
    var dupes = function (d, prefix) {
        if (prefix === void 0) { prefix = ''; }
        return d.map(function (p) { return "".concat(prefix, "duplicate field ").concat(JSON.stringify(p)); });
    };
    switch (type) {
        case exports.STRATEGIC_PATCH: {
            var _a = read(body, strict, function (e) { return (0, errors_ts_1.badRequest)(e.message); }), value = _a.value, duplicates = _a.duplicates;
            var object = (0, strategic_ts_1.strategicMerge)(live, value, schema);
            return { object: object, strictErrors: dupes(duplicates), quoted: (0, errors_ts_3.goFormat)(value !== null && value !== void 0 ? value : {}) };
        }
        case exports.MERGE_PATCH: {
            var _b = read(body, strict, function (e) { return (0, errors_ts_1.badRequest)(strict ? "error decoding patch: ".concat(e.message) : 'Invalid JSON Patch'); }), value = _b.value, duplicates = _b.duplicates;
            if (strict && value !== null && (typeof value !== 'object' || Array.isArray(value)))
                throw (0, errors_ts_1.badRequest)("error decoding patch: json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(value), " into Go value of type map[string]interface {}"));
            if (value === null || (typeof value !== 'object' && !Array.isArray(value)))
                throw (0, errors_ts_1.badRequest)('Invalid JSON Patch');
            var object = (0, merge_ts_1.mergePatch)(live, value);
            return { object: object, strictErrors: dupes(duplicates), quoted: JSON.stringify(object) };
        }
        case exports.JSON_PATCH: {
            var _c = read(body, strict, function (e) { return (0, errors_ts_1.badRequest)(strict ? "error decoding patch: ".concat(e.message) : e.message); }), value = _c.value, duplicates = _c.duplicates;
            var strictErrors_1 = dupes(duplicates, 'json patch ');
            if (strict) {
                var typeError = jsonPatchOpsTypeError(value);
                if (typeError)
                    throw (0, errors_ts_1.badRequest)("error decoding patch: ".concat(typeError));
            }
            if (strict && Array.isArray(value)) {
                value.forEach(function (op, i) {
                    if (op && typeof op === 'object' && !Array.isArray(op))
                        for (var _i = 0, _a = Object.keys(op); _i < _a.length; _i++) {
                            var k = _a[_i];
                            if (!JSON_PATCH_OP_FIELDS.has(k))
                                strictErrors_1.push("json patch unknown field ".concat(JSON.stringify("[".concat(i, "].").concat(k))));
                        }
                });
            }
            var object = (0, json_ts_2.jsonPatch)(live, value);
            return { object: object, strictErrors: strictErrors_1, quoted: JSON.stringify(object) };
        }
    }
}
/**
 * The patched object as an object of the kind: a type error, or (Strict) any strict error, is
 * 422 `"" is invalid: patch: Invalid value: "<quoted>": ...`; Warn returns them as warnings.
 */
function decodePatched(patched, schema, kind, fv) {
    var bad = function (err) { return (0, errors_ts_1.invalid)({ group: '', kind: '' }, '', [errors_ts_1.fieldErr.invalid('patch', patched.quoted, err)]); };
    var obj = patched.object;
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj))
        throw bad("json: cannot unmarshal ".concat((0, errors_ts_2.goKind)(obj), " into Go value of type v1.").concat(kind));
    var c = (0, conform_ts_1.conform)(obj, schema, kind);
    if (c.typeError)
        throw bad(c.typeError);
    var strict = __spreadArray(__spreadArray([], patched.strictErrors, true), c.unknown.map(function (u) { return "unknown field ".concat(JSON.stringify(u)); }), true);
    if (strict.length && fv === 'Strict')
        throw bad("strict decoding error: ".concat(strict.join(', ')));
    return { object: c.value, warnings: fv === 'Warn' ? strict : [] };
}
