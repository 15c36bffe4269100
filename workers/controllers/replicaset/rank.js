"use strict";
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
exports.compareForDeletion = compareForDeletion;
exports.podsToDelete = podsToDelete;
var pods_ts_1 = require("./pods.ts");
var PHASE_ORDER = { Pending: 0, Unknown: 1, Running: 2 };
var DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';
function deletionCost(p) {
    var _a;
    var v = (_a = p.metadata.annotations) === null || _a === void 0 ? void 0 : _a[DELETION_COST];
    return v !== undefined && /^[+-]?\d+$/.test(v) ? Number(v) : 0;
}
/** floor(log2(age in ns)), -1 for no age: Kubernetes' logarithmic bucket. */
function bucket(t, now) {
    var ns = (now - t) * 1e6;
    return ns > 0 ? Math.floor(Math.log2(ns)) : -1;
}
/** Negative when a (the more recent, in Kubernetes' afterOrZero sense) goes first; 0 to keep looking. */
function byRecency(a, b, now, uidA, uidB) {
    if (a === b)
        return 0;
    // a missing time counts as the most recent
    if (a === undefined || b === undefined)
        return a === undefined ? -1 : 1;
    var diff = bucket(a, now) - bucket(b, now);
    if (diff !== 0)
        return diff;
    return uidA < uidB ? -1 : uidA > uidB ? 1 : 0;
}
var created = function (p) { return (p.metadata.creationTimestamp ? Date.parse(p.metadata.creationTimestamp) : undefined); };
function compareForDeletion(a, b, rankA, rankB, now) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m;
    var nodeA = (_b = (_a = a.spec) === null || _a === void 0 ? void 0 : _a.nodeName) !== null && _b !== void 0 ? _b : '';
    var nodeB = (_d = (_c = b.spec) === null || _c === void 0 ? void 0 : _c.nodeName) !== null && _d !== void 0 ? _d : '';
    if (nodeA !== nodeB && (!nodeA || !nodeB))
        return nodeA ? 1 : -1;
    var phaseA = (_g = PHASE_ORDER[(_f = (_e = a.status) === null || _e === void 0 ? void 0 : _e.phase) !== null && _f !== void 0 ? _f : '']) !== null && _g !== void 0 ? _g : 0;
    var phaseB = (_k = PHASE_ORDER[(_j = (_h = b.status) === null || _h === void 0 ? void 0 : _h.phase) !== null && _j !== void 0 ? _j : '']) !== null && _k !== void 0 ? _k : 0;
    if (phaseA !== phaseB)
        return phaseA - phaseB;
    if ((0, pods_ts_1.isReady)(a) !== (0, pods_ts_1.isReady)(b))
        return (0, pods_ts_1.isReady)(a) ? 1 : -1;
    var costA = deletionCost(a);
    var costB = deletionCost(b);
    if (costA !== costB)
        return costA - costB;
    if (rankA !== rankB)
        return rankB - rankA;
    var uidA = (_l = a.metadata.uid) !== null && _l !== void 0 ? _l : '';
    var uidB = (_m = b.metadata.uid) !== null && _m !== void 0 ? _m : '';
    if ((0, pods_ts_1.isReady)(a) && (0, pods_ts_1.isReady)(b)) {
        var c = byRecency((0, pods_ts_1.readySince)(a), (0, pods_ts_1.readySince)(b), now, uidA, uidB);
        if (c !== 0)
            return c;
    }
    if ((0, pods_ts_1.maxRestarts)(a) !== (0, pods_ts_1.maxRestarts)(b))
        return (0, pods_ts_1.maxRestarts)(b) - (0, pods_ts_1.maxRestarts)(a);
    return byRecency(created(a), created(b), now, uidA, uidB);
}
/**
 * The `count` pods of `pods` to delete first. `related` are the pods of the ReplicaSet and of its
 * siblings (same owning Deployment): the more of them share a node, the sooner one goes.
 */
function podsToDelete(pods, related, count, now) {
    var _a, _b, _c, _d, _e;
    if (count >= pods.length)
        return __spreadArray([], pods, true);
    var onNode = new Map();
    for (var _i = 0, related_1 = related; _i < related_1.length; _i++) {
        var p = related_1[_i];
        if ((0, pods_ts_1.isActive)(p))
            onNode.set((_b = (_a = p.spec) === null || _a === void 0 ? void 0 : _a.nodeName) !== null && _b !== void 0 ? _b : '', ((_e = onNode.get((_d = (_c = p.spec) === null || _c === void 0 ? void 0 : _c.nodeName) !== null && _d !== void 0 ? _d : '')) !== null && _e !== void 0 ? _e : 0) + 1);
    }
    var ranked = pods.map(function (pod) { var _a, _b, _c; return ({ pod: pod, rank: (_c = onNode.get((_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.nodeName) !== null && _b !== void 0 ? _b : '')) !== null && _c !== void 0 ? _c : 0 }); });
    ranked.sort(function (x, y) { return compareForDeletion(x.pod, y.pod, x.rank, y.rank, now.getTime()); });
    return ranked.slice(0, count).map(function (r) { return r.pod; });
}
