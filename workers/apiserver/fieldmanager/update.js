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
Object.defineProperty(exports, "__esModule", { value: true });
exports.recordUpdate = recordUpdate;
exports.withoutManagedFields = withoutManagedFields;
var compare_ts_1 = require("./compare.ts");
var managed_ts_1 = require("./managed.ts");
var settle_ts_1 = require("./settle.ts");
var strip_ts_1 = require("./strip.ts");
var time_ts_1 = require("./time.ts");
/** The managedFields to store with `updated` ([] means none: omit the field). */
function recordUpdate(input) {
    var _a;
    var live = input.live, updated = input.updated, schema = input.schema, manager = input.manager, apiVersion = input.apiVersion, subresource = input.subresource;
    var managers = startingManagers(live, updated, !!subresource);
    var before = live ? withoutManagedFields(live) : {};
    var changes = (0, compare_ts_1.compare)(before, withoutManagedFields(updated), schema);
    (0, settle_ts_1.settle)(managers, undefined, changes, true);
    var own = (0, strip_ts_1.strip)(changes.modified.union(changes.added), (0, strip_ts_1.resetSet)(input.resetFields));
    if (!own.isEmpty()) {
        var entry = __assign({ manager: manager, operation: 'Update', apiVersion: apiVersion }, (subresource ? { subresource: subresource } : {}));
        var id = (0, managed_ts_1.managerId)(entry);
        var previous = (_a = managers.get(id)) === null || _a === void 0 ? void 0 : _a.set;
        managers.set(id, __assign(__assign({}, entry), { time: (0, time_ts_1.rfc3339Seconds)(input.now), set: previous ? previous.union(own) : own }));
    }
    (0, managed_ts_1.capUpdateManagers)(managers);
    return (0, managed_ts_1.encodeManaged)(managers);
}
/**
 * A client may write managedFields itself (then they are used as sent; `[{}]` clears them);
 * otherwise, or when they do not decode, the live object's carry over. Subresource writes always
 * start from the live object's.
 */
function startingManagers(live, updated, subresource) {
    var _a;
    var fromLive = function () { var _a; return (0, managed_ts_1.decodeManagedOrEmpty)((_a = live === null || live === void 0 ? void 0 : live.metadata) === null || _a === void 0 ? void 0 : _a.managedFields); };
    if (subresource)
        return fromLive();
    var sent = (_a = updated.metadata) === null || _a === void 0 ? void 0 : _a.managedFields;
    if ((0, managed_ts_1.isReset)(sent))
        return new Map();
    try {
        var m = (0, managed_ts_1.decodeManaged)(sent);
        return m.size ? m : fromLive();
    }
    catch (_b) {
        return fromLive();
    }
}
function withoutManagedFields(obj) {
    if (!obj.metadata || !('managedFields' in obj.metadata))
        return obj;
    var _a = obj.metadata, _ = _a.managedFields, metadata = __rest(_a, ["managedFields"]);
    return __assign(__assign({}, obj), { metadata: metadata });
}
