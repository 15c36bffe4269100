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
var __rest = (this && this.__rest) || function (s, e) {
    var t = {};
    for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p) && e.indexOf(p) < 0)
        t[p] = s[p];
    if (s != null && typeof Object.getOwnPropertySymbols === "function")
        for (var i = 0, p = Object.getOwnPropertySymbols(s); i < p.length; i++) {
            if (e.indexOf(p[i]) < 0 && Object.prototype.propertyIsEnumerable.call(s, p[i]))
                t[p[i]] = s[p[i]];
        }
    return t;
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
exports.clone = exports.generatedName = exports.rfc3339 = void 0;
exports.randomSuffix = randomSuffix;
exports.wipeForCreate = wipeForCreate;
exports.keepOnUpdate = keepOnUpdate;
exports.jsonEqual = jsonEqual;
exports.withoutVolatile = withoutVolatile;
/** RFC 3339, UTC, second precision, as Kubernetes serialises metav1.Time. */
var rfc3339 = function (d) { return d.toISOString().replace(/\.\d{3}Z$/, 'Z'); };
exports.rfc3339 = rfc3339;
var GENERATE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
function randomSuffix(n) {
    if (n === void 0) { n = 5; }
    var bytes = crypto.getRandomValues(new Uint8Array(n));
    return __spreadArray([], bytes, true).map(function (b) { return GENERATE_ALPHABET[b % GENERATE_ALPHABET.length]; }).join('');
}
/** `generateName` truncated to 58 characters plus 5 random ones. */
var generatedName = function (base) { return base.slice(0, 58) + randomSuffix(); };
exports.generatedName = generatedName;
/** Fields a client may not set on create. */
function wipeForCreate(meta) {
    delete meta.uid;
    delete meta.creationTimestamp;
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    delete meta.selfLink;
    delete meta.resourceVersion;
}
/** Fields an update may not change: restored from the live object. */
function keepOnUpdate(meta, old) {
    meta.uid = old.uid;
    meta.creationTimestamp = old.creationTimestamp;
    for (var _i = 0, _a = ['deletionTimestamp', 'deletionGracePeriodSeconds', 'generation']; _i < _a.length; _i++) {
        var k = _a[_i];
        if (old[k] === undefined)
            delete meta[k];
        else
            meta[k] = old[k];
    }
    delete meta.selfLink;
    if (meta.managedFields === undefined && old.managedFields)
        meta.managedFields = old.managedFields;
}
/** A deep copy through JSON: objects are JSON documents, nothing else. */
var clone = function (x) { return (x === undefined ? x : JSON.parse(JSON.stringify(x))); };
exports.clone = clone;
/** Deep equality of JSON values (key order ignored). */
function jsonEqual(a, b) {
    if (a === b)
        return true;
    if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object')
        return false;
    if (Array.isArray(a) !== Array.isArray(b))
        return false;
    if (Array.isArray(a)) {
        var bb_1 = b;
        return a.length === bb_1.length && a.every(function (x, i) { return jsonEqual(x, bb_1[i]); });
    }
    var ka = Object.keys(a).filter(function (k) { return a[k] !== undefined; });
    var kb = Object.keys(b).filter(function (k) { return b[k] !== undefined; });
    return ka.length === kb.length && ka.every(function (k) { return jsonEqual(a[k], b[k]); });
}
/** The object without the fields that change on every write, to detect no-op updates. */
function withoutVolatile(o) {
    var _a = o.metadata, _rv = _a.resourceVersion, _mf = _a.managedFields, meta = __rest(_a, ["resourceVersion", "managedFields"]);
    return __assign(__assign({}, o), { metadata: meta });
}
