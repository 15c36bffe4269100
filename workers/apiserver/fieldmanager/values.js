"use strict";
/** Plain JSON value helpers. */
Object.defineProperty(exports, "__esModule", { value: true });
exports.clone = void 0;
exports.deepEqual = deepEqual;
exports.dropNulls = dropNulls;
/** Structural equality of JSON values; object key order does not matter. */
function deepEqual(a, b) {
    if (a === b)
        return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
        return false;
    if (Array.isArray(a) !== Array.isArray(b))
        return false;
    if (Array.isArray(a)) {
        var bl_1 = b;
        return a.length === bl_1.length && a.every(function (x, i) { return deepEqual(x, bl_1[i]); });
    }
    var ak = Object.keys(a);
    var bo = b;
    return ak.length === Object.keys(bo).length && ak.every(function (k) { return k in bo && deepEqual(a[k], bo[k]); });
}
var clone = function (x) { return (x === undefined ? x : JSON.parse(JSON.stringify(x))); };
exports.clone = clone;
/** Go decodes `null` as the zero value, which it then omits: drop null-valued object keys. */
function dropNulls(x) {
    if (Array.isArray(x))
        return x.map(dropNulls);
    if (x === null || typeof x !== 'object')
        return x;
    var out = {};
    for (var _i = 0, _a = Object.entries(x); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], v = _b[1];
        if (v !== null)
            out[k] = dropNulls(v);
    }
    return out;
}
