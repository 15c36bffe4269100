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
exports.equalIgnoreHash = exports.HASH_LABEL = void 0;
exports.canonical = canonical;
exports.templateHash = templateHash;
exports.HASH_LABEL = 'pod-template-hash';
var ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';
/** Sorted keys; null, empty lists and empty objects dropped (undefined when nothing is left). */
function canonical(v) {
    if (v === null || v === undefined)
        return undefined;
    if (Array.isArray(v))
        return v.length ? v.map(function (x) { var _a; return (_a = canonical(x)) !== null && _a !== void 0 ? _a : null; }) : undefined;
    if (typeof v !== 'object')
        return v;
    var entries = Object.keys(v)
        .sort()
        .map(function (k) { return [k, canonical(v[k])]; })
        .filter(function (_a) {
        var x = _a[1];
        return x !== undefined;
    });
    return entries.length ? Object.fromEntries(entries) : undefined;
}
function fnv32a(bytes, h) {
    if (h === void 0) { h = 0x811c9dc5; }
    for (var _i = 0, bytes_1 = bytes; _i < bytes_1.length; _i++) {
        var b = bytes_1[_i];
        h = Math.imul(h ^ b, 0x01000193) >>> 0;
    }
    return h;
}
/** The hash of a template; a collision count (status.collisionCount) perturbs it. */
function templateHash(template, collisionCount) {
    var _a;
    var h = fnv32a(new TextEncoder().encode(JSON.stringify((_a = canonical(template)) !== null && _a !== void 0 ? _a : {})));
    if (collisionCount !== undefined && collisionCount !== null) {
        var extra = new Uint8Array(8);
        new DataView(extra.buffer).setUint32(0, collisionCount >>> 0, true);
        h = fnv32a(extra, h);
    }
    return __spreadArray([], String(h), true).map(function (c) { return ALPHANUMS[c.charCodeAt(0) % ALPHANUMS.length]; }).join('');
}
function withoutHashLabel(t) {
    var _a;
    if (!t)
        return undefined;
    var labels = __assign({}, (_a = t.metadata) === null || _a === void 0 ? void 0 : _a.labels);
    delete labels[exports.HASH_LABEL];
    return canonical(__assign(__assign({}, t), { metadata: __assign(__assign({}, t.metadata), { labels: labels }) }));
}
/** Same template, whatever their pod-template-hash labels say (deploymentutil.EqualIgnoreHash). */
var equalIgnoreHash = function (a, b) { var _a, _b; return JSON.stringify((_a = withoutHashLabel(a)) !== null && _a !== void 0 ? _a : {}) === JSON.stringify((_b = withoutHashLabel(b)) !== null && _b !== void 0 ? _b : {}); };
exports.equalIgnoreHash = equalIgnoreHash;
