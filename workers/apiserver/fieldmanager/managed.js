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
exports.isReset = exports.MAX_UPDATE_MANAGERS = void 0;
exports.managerId = managerId;
exports.decodeManaged = decodeManaged;
exports.decodeManagedOrEmpty = decodeManagedOrEmpty;
exports.encodeManaged = encodeManaged;
exports.compareEntries = compareEntries;
exports.capUpdateManagers = capUpdateManagers;
var fieldset_ts_1 = require("./fieldset.ts");
exports.MAX_UPDATE_MANAGERS = 10;
var ANCIENT_CHANGES = 'ancient-changes';
function managerId(m) {
    var id = {};
    if (m.manager)
        id.manager = m.manager;
    id.operation = m.operation;
    if (m.operation === 'Update' && m.apiVersion)
        id.apiVersion = m.apiVersion;
    if (m.subresource)
        id.subresource = m.subresource;
    return JSON.stringify(id);
}
/** Throws on an entry Kubernetes could not decode. */
function decodeManaged(entries) {
    var out = new Map();
    (entries !== null && entries !== void 0 ? entries : []).forEach(function (e, i) {
        var _a, _b;
        if (e.operation !== 'Apply' && e.operation !== 'Update')
            throw new Error('operation must be `Apply` or `Update`');
        if (!e.apiVersion)
            throw new Error('apiVersion must not be empty');
        if (!e.fieldsType)
            throw new Error("missing fieldsType in managed fields entry ".concat(i));
        if (e.fieldsType !== 'FieldsV1')
            throw new Error("invalid fieldsType ".concat(JSON.stringify(e.fieldsType), " in managed fields entry ").concat(i));
        var m = { manager: (_a = e.manager) !== null && _a !== void 0 ? _a : '', operation: e.operation, apiVersion: e.apiVersion, set: fieldset_ts_1.FieldSet.fromFieldsV1((_b = e.fieldsV1) !== null && _b !== void 0 ? _b : {}) };
        if (e.subresource)
            m.subresource = e.subresource;
        if (e.time)
            m.time = e.time;
        out.set(managerId(m), m);
    });
    return out;
}
/** The same table when decoding fails: Kubernetes then starts over rather than failing the write. */
function decodeManagedOrEmpty(entries) {
    try {
        return decodeManaged(entries);
    }
    catch (_a) {
        return new Map();
    }
}
/** `[{}]` is the documented way to clear managedFields. */
var isReset = function (entries) { var _a; return (entries === null || entries === void 0 ? void 0 : entries.length) === 1 && Object.values((_a = entries[0]) !== null && _a !== void 0 ? _a : {}).every(function (x) { return x === undefined || x === null || x === ''; }); };
exports.isReset = isReset;
/** Entries in Kubernetes' key order and sort order; managers owning nothing are left out. */
function encodeManaged(managers) {
    var out = [];
    for (var _i = 0, _a = managers.values(); _i < _a.length; _i++) {
        var m = _a[_i];
        if (m.set.isEmpty())
            continue;
        var e = { manager: m.manager, operation: m.operation, apiVersion: m.apiVersion };
        if (m.time)
            e.time = m.time;
        e.fieldsType = 'FieldsV1';
        e.fieldsV1 = m.set.toFieldsV1();
        if (m.subresource)
            e.subresource = m.subresource;
        out.push(e);
    }
    return out.sort(compareEntries);
}
var seconds = function (t) { return (t ? Math.floor(Date.parse(t) / 1000) || 0 : 0); };
var cmp = function (a, b) {
    if (a === void 0) { a = ''; }
    if (b === void 0) { b = ''; }
    return (a < b ? -1 : a > b ? 1 : 0);
};
/** Apply before Update, then oldest first, then manager, apiVersion, subresource. */
function compareEntries(p, q) {
    return cmp(p.operation, q.operation) || seconds(p.time) - seconds(q.time) || cmp(p.manager, q.manager) || cmp(p.apiVersion, q.apiVersion) || cmp(p.subresource, q.subresource);
}
/**
 * Keeps at most `max` Update managers: the oldest are merged, per apiVersion, into an
 * `ancient-changes` entry that takes the time of the newest update merged into it.
 */
function capUpdateManagers(managers, max) {
    if (max === void 0) { max = exports.MAX_UPDATE_MANAGERS; }
    var updaters = __spreadArray([], managers.entries(), true).filter(function (_a) {
        var m = _a[1];
        return m.operation === 'Update';
    });
    if (updaters.length <= max)
        return;
    updaters.sort(function (_a, _b) {
        var ia = _a[0], a = _a[1];
        var ib = _b[0], b = _b[1];
        return seconds(a.time) - seconds(b.time) || cmp(ia, ib);
    });
    var firstOfVersion = new Map();
    var count = updaters.length;
    for (var _i = 0, updaters_1 = updaters; _i < updaters_1.length; _i++) {
        var _a = updaters_1[_i], id = _a[0], m = _a[1];
        if (count <= max)
            break;
        var bucketId = managerId({ manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: m.apiVersion });
        var first = firstOfVersion.get(m.apiVersion);
        if (first === undefined) {
            firstOfVersion.set(m.apiVersion, id);
            continue;
        }
        var bucket = managers.get(bucketId);
        if (!bucket) {
            // the first updater seen for this version becomes the bucket
            bucket = __assign(__assign({}, managers.get(first)), { manager: ANCIENT_CHANGES, subresource: undefined });
            managers.delete(first);
        }
        if (id === bucketId)
            continue;
        managers.set(bucketId, __assign(__assign({}, bucket), { set: bucket.set.union(m.set), time: m.time }));
        managers.delete(id);
        count--;
    }
}
