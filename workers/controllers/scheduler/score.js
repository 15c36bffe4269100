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
exports.scoreNodes = scoreNodes;
/**
 * The score plugins of kube-scheduler's default profile, with their weights: TaintToleration (3,
 * fewer untolerated PreferNoSchedule taints), NodeAffinity (2, preferred terms), NodeResourcesFit
 * (1, least allocated cpu and memory), PodTopologySpread (2, the system default constraints:
 * spread a controller's pods over hostnames and zones), NodeResourcesBalancedAllocation (1). Each
 * plugin scores 0-100 per node; the node with the highest weighted sum wins.
 */
var node_affinity_ts_1 = require("./node-affinity.ts");
var taints_ts_1 = require("./taints.ts");
var MAX = 100;
var HOSTNAME = 'kubernetes.io/hostname';
/** The system default spreading constraints (topology key, maxSkew), ScheduleAnyway. */
var DEFAULT_SPREAD = [
    { key: HOSTNAME, maxSkew: 3 },
    { key: 'topology.kubernetes.io/zone', maxSkew: 5 },
];
/** DefaultNormalizeScore: scale to 0-100 by the highest; reversed, fewer is better. */
function normalize(raw, reverse) {
    var max = Math.max.apply(Math, __spreadArray([0], raw, false));
    if (max === 0)
        return raw.map(function () { return (reverse ? MAX : 0); });
    return raw.map(function (s) {
        var scaled = Math.floor((MAX * s) / max);
        return reverse ? MAX - scaled : scaled;
    });
}
var preferNoScheduleUntolerated = function (p, n) {
    return n.taints.filter(function (t) { var _a, _b; return t.effect === 'PreferNoSchedule' && !(0, taints_ts_1.toleratedBy)((_b = (_a = p.pod.spec) === null || _a === void 0 ? void 0 : _a.tolerations) === null || _b === void 0 ? void 0 : _b.filter(function (x) { return !x.effect || x.effect === 'PreferNoSchedule'; }), t); }).length;
};
var RESOURCES = ['cpu', 'memory'];
function leastAllocated(p, n) {
    var _a, _b, _c;
    var sum = 0;
    var weights = 0;
    for (var _i = 0, RESOURCES_1 = RESOURCES; _i < RESOURCES_1.length; _i++) {
        var r = RESOURCES_1[_i];
        var capacity = (_a = n.allocatable[r]) !== null && _a !== void 0 ? _a : 0;
        if (capacity === 0)
            continue;
        var requested = ((_b = n.nonZeroRequested[r]) !== null && _b !== void 0 ? _b : 0) + ((_c = p.nonZero[r]) !== null && _c !== void 0 ? _c : 0);
        sum += requested > capacity ? 0 : Math.floor(((capacity - requested) * MAX) / capacity);
        weights++;
    }
    return weights ? Math.floor(sum / weights) : 0;
}
function balanced(p, n) {
    var _a, _b, _c;
    var fractions = [];
    for (var _i = 0, RESOURCES_2 = RESOURCES; _i < RESOURCES_2.length; _i++) {
        var r = RESOURCES_2[_i];
        var capacity = (_a = n.allocatable[r]) !== null && _a !== void 0 ? _a : 0;
        if (capacity === 0)
            continue;
        fractions.push(Math.min(1, (((_b = n.requested[r]) !== null && _b !== void 0 ? _b : 0) + ((_c = p.requests[r]) !== null && _c !== void 0 ? _c : 0)) / capacity));
    }
    var std = fractions.length === 2 ? Math.abs((fractions[0] - fractions[1]) / 2) : 0;
    return Math.trunc((1 - std) * MAX);
}
/** PodTopologySpread with the system defaults; pods without a controller are not spread. */
function spread(p, nodes, all) {
    var _a, _b, _c;
    var owner = p.owner;
    if (!owner)
        return nodes.map(function () { return MAX; });
    var raw = nodes.map(function () { return 0; });
    var _loop_1 = function (key, maxSkew) {
        var domains = new Set(nodes.map(function (n) { var _a; return (_a = n.node.metadata.labels) === null || _a === void 0 ? void 0 : _a[key]; }).filter(function (v) { return v !== undefined; }));
        if (!domains.size)
            return "continue";
        var weight = Math.log(domains.size + 2);
        var perDomain = new Map();
        if (key !== HOSTNAME) {
            for (var _e = 0, all_1 = all; _e < all_1.length; _e++) {
                var n = all_1[_e];
                var v = (_a = n.node.metadata.labels) === null || _a === void 0 ? void 0 : _a[key];
                if (v !== undefined)
                    perDomain.set(v, ((_b = perDomain.get(v)) !== null && _b !== void 0 ? _b : 0) + ((_c = n.owners.get(owner)) !== null && _c !== void 0 ? _c : 0));
            }
        }
        nodes.forEach(function (n, i) {
            var _a, _b, _c;
            var v = (_a = n.node.metadata.labels) === null || _a === void 0 ? void 0 : _a[key];
            if (v === undefined)
                return;
            var count = key === HOSTNAME ? ((_b = n.owners.get(owner)) !== null && _b !== void 0 ? _b : 0) : ((_c = perDomain.get(v)) !== null && _c !== void 0 ? _c : 0);
            raw[i] += count * weight + (maxSkew - 1);
        });
    };
    for (var _i = 0, DEFAULT_SPREAD_1 = DEFAULT_SPREAD; _i < DEFAULT_SPREAD_1.length; _i++) {
        var _d = DEFAULT_SPREAD_1[_i], key = _d.key, maxSkew = _d.maxSkew;
        _loop_1(key, maxSkew);
    }
    var rounded = raw.map(Math.round);
    var max = Math.max.apply(Math, __spreadArray([0], rounded, false));
    var min = Math.min.apply(Math, rounded);
    return rounded.map(function (s) { return (max === 0 ? MAX : Math.floor((MAX * (max + min - s)) / max)); });
}
/** The weighted total of each feasible node, in the order given. */
function scoreNodes(p, feasible, all) {
    var taints = normalize(feasible.map(function (n) { return preferNoScheduleUntolerated(p, n); }), true);
    var affinity = normalize(feasible.map(function (n) { return (0, node_affinity_ts_1.preferredAffinityWeight)(p.pod, n.node); }), false);
    var spreading = spread(p, feasible, all);
    return feasible.map(function (n, i) { return 3 * taints[i] + 2 * affinity[i] + leastAllocated(p, n) + 2 * spreading[i] + balanced(p, n); });
}
