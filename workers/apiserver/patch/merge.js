"use strict";
/**
 * JSON merge patch (RFC 7386, `application/merge-patch+json`): objects merge key by key, `null`
 * deletes, anything else (arrays included) replaces. Neither input is modified.
 */
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
exports.mergePatch = mergePatch;
var isObject = function (x) { return typeof x === 'object' && x !== null && !Array.isArray(x); };
function mergePatch(target, patch) {
    if (!isObject(patch))
        return structuredClone(patch);
    var out = isObject(target) ? __assign({}, target) : {};
    for (var _i = 0, _a = Object.entries(patch); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], value = _b[1];
        if (value === null)
            delete out[k];
        else
            out[k] = mergePatch(out[k], value);
    }
    return out;
}
