"use strict";
/**
 * Path elements of server-side apply, as structured-merge-diff names them: a struct field or map
 * key, the key fields of an associative-list item, a set item's value, or a list index. Their
 * order is the order of fieldsV1 keys and of conflict listings: fields < keys < values < indexes,
 * then by content (numbers compare as numbers, so `k:{"port":80}` sorts before `k:{"port":443}`).
 */
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
exports.keyElement = void 0;
exports.compareElements = compareElements;
exports.compareValues = compareValues;
exports.goJson = goJson;
exports.serializeElement = serializeElement;
exports.parseElement = parseElement;
exports.pathString = pathString;
var rank = function (e) { return ('field' in e ? 0 : 'key' in e ? 1 : 'value' in e ? 2 : 3); };
function compareElements(a, b) {
    var d = rank(a) - rank(b);
    if (d)
        return d;
    if ('field' in a)
        return compareStrings(a.field, b.field);
    if ('key' in a)
        return compareKeys(a.key, b.key);
    if ('value' in a)
        return compareValues(a.value, b.value);
    return a.index - b.index;
}
var compareStrings = function (a, b) { return (a < b ? -1 : a > b ? 1 : 0); };
/** Shorter key lists first, then field by field (names, then values). */
function compareKeys(a, b) {
    if (a.length !== b.length)
        return a.length - b.length;
    for (var i = 0; i < a.length; i++) {
        var byName = compareStrings(a[i][0], b[i][0]);
        if (byName)
            return byName;
        var byValue = compareValues(a[i][1], b[i][1]);
        if (byValue)
            return byValue;
    }
    return 0;
}
/** structured-merge-diff's value order: numbers < strings < booleans < lists < maps < null. */
var typeRank = function (v) {
    return typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : Array.isArray(v) ? 3 : v !== null && typeof v === 'object' ? 4 : 5;
};
function compareValues(a, b) {
    var d = typeRank(a) - typeRank(b);
    if (d)
        return d;
    if (typeof a === 'number')
        return a - b;
    if (typeof a === 'string')
        return compareStrings(a, b);
    if (typeof a === 'boolean')
        return Number(a) - Number(b);
    if (Array.isArray(a)) {
        var bl = b;
        for (var i = 0; i < Math.min(a.length, bl.length); i++) {
            var c = compareValues(a[i], bl[i]);
            if (c)
                return c;
        }
        return a.length - bl.length;
    }
    if (a !== null && typeof a === 'object') {
        var fields = function (o) { return Object.entries(o).sort(function (_a, _b) {
            var x = _a[0];
            var y = _b[0];
            return compareStrings(x, y);
        }); };
        return compareKeys(fields(a), fields(b));
    }
    return 0;
}
/** Go's encoding/json output: compact, map keys sorted, HTML-sensitive characters escaped. */
function goJson(v) {
    var sorted = function (x) {
        return Array.isArray(x)
            ? x.map(sorted)
            : x !== null && typeof x === 'object'
                ? Object.fromEntries(Object.entries(x).sort(function (_a, _b) {
                    var a = _a[0];
                    var b = _b[0];
                    return compareStrings(a, b);
                }).map(function (_a) {
                    var k = _a[0], y = _a[1];
                    return [k, sorted(y)];
                }))
                : x;
    };
    return JSON.stringify(sorted(v)).replace(/[<>&\u2028\u2029]/g, function (c) { return "\\u".concat(c.charCodeAt(0).toString(16).padStart(4, '0')); });
}
/** The fieldsV1 key of an element: `f:name`, `k:{...}`, `v:...`, `i:n`. */
function serializeElement(e) {
    if ('field' in e)
        return "f:".concat(e.field);
    if ('key' in e)
        return "k:".concat(goJson(Object.fromEntries(e.key)));
    if ('value' in e)
        return "v:".concat(goJson(e.value));
    return "i:".concat(e.index);
}
function parseElement(s) {
    var body = s.slice(2);
    switch (s.slice(0, 2)) {
        case 'f:':
            return { field: body };
        case 'k:': {
            var obj = JSON.parse(body);
            if (obj === null || typeof obj !== 'object' || Array.isArray(obj))
                throw new Error("invalid key element ".concat(s));
            return (0, exports.keyElement)(Object.entries(obj));
        }
        case 'v:':
            return { value: JSON.parse(body) };
        case 'i:': {
            var n = Number(body);
            if (!Number.isInteger(n))
                throw new Error("invalid index element ".concat(s));
            return { index: n };
        }
    }
    throw new Error("unknown path element ".concat(JSON.stringify(s)));
}
var keyElement = function (fields) { return ({ key: __spreadArray([], fields, true).sort(function (_a, _b) {
        var a = _a[0];
        var b = _b[0];
        return compareStrings(a, b);
    }) }); };
exports.keyElement = keyElement;
/** Go's %v of a value in conflict paths: strings quoted, the rest as JSON. */
var goString = function (v) { return (typeof v === 'string' ? JSON.stringify(v) : goJson(v)); };
/** A path as conflicts print it: `.spec.replicas`, `[name="web"]`, `[=value]`, `[0]`. */
function pathString(path) {
    return path
        .map(function (e) {
        if ('field' in e)
            return ".".concat(e.field);
        if ('key' in e)
            return "[".concat(e.key.map(function (_a) {
                var k = _a[0], v = _a[1];
                return "".concat(k, "=").concat(goString(v));
            }).join(','), "]");
        if ('value' in e)
            return "[=".concat(goString(e.value), "]");
        return "[".concat(e.index, "]");
    })
        .join('');
}
