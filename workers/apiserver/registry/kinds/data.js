"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.base64Length = exports.utf8Length = exports.MAX_DATA_SIZE = void 0;
exports.validateKeys = validateKeys;
exports.validateImmutable = validateImmutable;
/** What ConfigMaps and Secrets share: key rules, the 1 MiB size limit, and `immutable`. */
var errors_ts_1 = require("../../../../lib/errors.ts");
var validation_ts_1 = require("../validation.ts");
/** core.MaxSecretSize, which also bounds ConfigMaps. */
exports.MAX_DATA_SIZE = 1024 * 1024;
var utf8 = new TextEncoder();
var utf8Length = function (s) { return utf8.encode(s).length; };
exports.utf8Length = utf8Length;
/** Bytes carried by a base64 string (no decoding needed). */
var base64Length = function (s) { return Math.floor((s.length * 3) / 4) - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0); };
exports.base64Length = base64Length;
/** Each key must be a config key; errors at `<path>[<key>]`. */
function validateKeys(map, path) {
    return Object.keys(map !== null && map !== void 0 ? map : {}).flatMap(function (k) { return (0, validation_ts_1.configMapKey)(k).map(function (m) { return errors_ts_1.fieldErr.invalid("".concat(path, "[").concat(k, "]"), k, m); }); });
}
var sameMap = function (a, b) {
    var ka = Object.keys(a !== null && a !== void 0 ? a : {});
    return ka.length === Object.keys(b !== null && b !== void 0 ? b : {}).length && ka.every(function (k) { return (b !== null && b !== void 0 ? b : {})[k] === a[k]; });
};
/** Once `immutable: true` is stored, it and the data fields can no longer change. */
function validateImmutable(obj, old, fields) {
    if (!old.immutable)
        return [];
    var errs = [];
    var msg = 'field is immutable when `immutable` is set';
    if (!obj.immutable)
        errs.push(errors_ts_1.fieldErr.forbidden('immutable', msg));
    for (var _i = 0, fields_1 = fields; _i < fields_1.length; _i++) {
        var f = fields_1[_i];
        if (!sameMap(obj[f], old[f]))
            errs.push(errors_ts_1.fieldErr.forbidden(f, msg));
    }
    return errs;
}
