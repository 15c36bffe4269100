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
exports.wantedTaints = wantedTaints;
exports.reconcileTaints = reconcileTaints;
var taints_ts_1 = require("../scheduler/taints.ts");
var health_ts_1 = require("./health.ts");
/** condition type → condition status → taint key (NoSchedule) */
var NO_SCHEDULE = {
    Ready: { False: taints_ts_1.NOT_READY, Unknown: taints_ts_1.UNREACHABLE },
    MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
    DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
    NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
    PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};
var NO_EXECUTE = { False: taints_ts_1.NOT_READY, Unknown: taints_ts_1.UNREACHABLE };
var MANAGED = new Set(__spreadArray(__spreadArray([], Object.values(NO_SCHEDULE).flatMap(function (m) { return Object.values(m).map(function (k) { return "".concat(k, ":NoSchedule"); }); }), true), [
    "".concat(taints_ts_1.UNSCHEDULABLE, ":NoSchedule"),
    "".concat(taints_ts_1.NOT_READY, ":NoExecute"),
    "".concat(taints_ts_1.UNREACHABLE, ":NoExecute"),
], false));
var id = function (t) { return "".concat(t.key, ":").concat(t.effect); };
/** The managed taints the node should carry, NoSchedule ones first. */
function wantedTaints(node) {
    var _a, _b, _c, _d, _e, _f, _g;
    var out = [];
    for (var _i = 0, _h = (_b = (_a = node.status) === null || _a === void 0 ? void 0 : _a.conditions) !== null && _b !== void 0 ? _b : []; _i < _h.length; _i++) {
        var c = _h[_i];
        var key_1 = (_c = NO_SCHEDULE[c.type]) === null || _c === void 0 ? void 0 : _c[c.status];
        if (key_1)
            out.push({ key: key_1, effect: 'NoSchedule' });
    }
    if ((_d = node.spec) === null || _d === void 0 ? void 0 : _d.unschedulable)
        out.push({ key: taints_ts_1.UNSCHEDULABLE, effect: 'NoSchedule' });
    var ready = (_g = (_f = (_e = node.status) === null || _e === void 0 ? void 0 : _e.conditions) === null || _f === void 0 ? void 0 : _f.find(function (c) { return c.type === 'Ready'; })) === null || _g === void 0 ? void 0 : _g.status;
    var key = ready && NO_EXECUTE[ready];
    if (key)
        out.push({ key: key, effect: 'NoExecute' });
    return out;
}
/** The node's taints with the managed ones brought in line, or undefined when they already are. */
function reconcileTaints(node, now) {
    var _a, _b;
    var current = (_b = (_a = node.spec) === null || _a === void 0 ? void 0 : _a.taints) !== null && _b !== void 0 ? _b : [];
    var wanted = wantedTaints(node);
    var wantedIds = new Set(wanted.map(id));
    var kept = current.filter(function (t) { return !MANAGED.has(id(t)) || wantedIds.has(id(t)); });
    var have = new Set(kept.map(id));
    var added = wanted.filter(function (t) { return !have.has(id(t)); }).map(function (t) { return (__assign(__assign({}, t), { timeAdded: (0, health_ts_1.rfc3339)(now) })); });
    if (!added.length && kept.length === current.length)
        return undefined;
    return __spreadArray(__spreadArray([], kept, true), added, true);
}
