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
exports.sameStatus = void 0;
exports.replicaSetStatus = replicaSetStatus;
exports.nextAvailableAt = nextAvailableAt;
var label_ts_1 = require("../../../lib/selectors/label.ts");
var pods_ts_1 = require("./pods.ts");
var rfc3339 = function (d) { return d.toISOString().replace(/\.\d{3}Z$/, 'Z'); };
/**
 * `failure` is the error of creating or deleting pods in this sync, if any; it becomes (or, once
 * gone, clears) the ReplicaFailure condition.
 */
function replicaSetStatus(rs, pods, failure, now) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j;
    var templateLabels = (0, label_ts_1.selectorFromSet)((_d = (_c = (_b = (_a = rs.spec) === null || _a === void 0 ? void 0 : _a.template) === null || _b === void 0 ? void 0 : _b.metadata) === null || _c === void 0 ? void 0 : _c.labels) !== null && _d !== void 0 ? _d : {});
    var minReady = (_f = (_e = rs.spec) === null || _e === void 0 ? void 0 : _e.minReadySeconds) !== null && _f !== void 0 ? _f : 0;
    var conditions = __spreadArray([], ((_h = (_g = rs.status) === null || _g === void 0 ? void 0 : _g.conditions) !== null && _h !== void 0 ? _h : []), true);
    var failing = conditions.find(function (c) { return c.type === 'ReplicaFailure'; });
    if (failure && !failing)
        conditions.push({ type: 'ReplicaFailure', status: 'True', reason: failure.reason, message: failure.message, lastTransitionTime: rfc3339(now) });
    else if (!failure && failing)
        conditions = conditions.filter(function (c) { return c.type !== 'ReplicaFailure'; });
    var status = __assign(__assign({}, rs.status), { replicas: pods.length, fullyLabeledReplicas: pods.filter(function (p) { return (0, label_ts_1.matches)(templateLabels, p.metadata.labels); }).length, readyReplicas: pods.filter(pods_ts_1.isReady).length, availableReplicas: pods.filter(function (p) { return (0, pods_ts_1.isAvailable)(p, minReady, now); }).length, observedGeneration: (_j = rs.metadata.generation) !== null && _j !== void 0 ? _j : 0 });
    if (conditions.length)
        status.conditions = conditions;
    else
        delete status.conditions;
    return status;
}
/** When the first ready-but-not-yet-available pod becomes available (ms), to look again then. */
function nextAvailableAt(rs, pods, now) {
    var _a, _b;
    var minReady = (_b = (_a = rs.spec) === null || _a === void 0 ? void 0 : _a.minReadySeconds) !== null && _b !== void 0 ? _b : 0;
    if (!minReady)
        return undefined;
    var times = pods.filter(function (p) { return (0, pods_ts_1.isReady)(p) && !(0, pods_ts_1.isAvailable)(p, minReady, now); }).map(function (p) { var _a; return ((_a = (0, pods_ts_1.readySince)(p)) !== null && _a !== void 0 ? _a : now.getTime()) + minReady * 1000; });
    return times.length ? Math.min.apply(Math, times) : undefined;
}
var comparable = function (s) { var _a, _b, _c, _d, _e, _f; return JSON.stringify([(_a = s === null || s === void 0 ? void 0 : s.replicas) !== null && _a !== void 0 ? _a : 0, (_b = s === null || s === void 0 ? void 0 : s.fullyLabeledReplicas) !== null && _b !== void 0 ? _b : 0, (_c = s === null || s === void 0 ? void 0 : s.readyReplicas) !== null && _c !== void 0 ? _c : 0, (_d = s === null || s === void 0 ? void 0 : s.availableReplicas) !== null && _d !== void 0 ? _d : 0, (_e = s === null || s === void 0 ? void 0 : s.observedGeneration) !== null && _e !== void 0 ? _e : 0, (_f = s === null || s === void 0 ? void 0 : s.conditions) !== null && _f !== void 0 ? _f : []]); };
var sameStatus = function (a, b) { return comparable(a) === comparable(b); };
exports.sameStatus = sameStatus;
