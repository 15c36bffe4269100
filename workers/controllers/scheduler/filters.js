"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.FILTERS = exports.resourcesFit = exports.REASON = void 0;
exports.runFilters = runFilters;
/**
 * The filter plugins of kube-scheduler's default profile that apply here, in its order. A node is
 * feasible when every filter passes; the first that fails says why, with Kubernetes' reason texts
 * (they end up counted in FailedScheduling's "0/N nodes are available: ..."). The code says
 * whether evicting lower-priority pods could help (Unschedulable) or not (…AndUnresolvable).
 */
var node_affinity_ts_1 = require("./node-affinity.ts");
var taints_ts_1 = require("./taints.ts");
exports.REASON = {
    unschedulable: 'node(s) were unschedulable',
    untoleratedTaint: function (key, value) {
        if (value === void 0) { value = ''; }
        return "node(s) had untolerated taint {".concat(key, ": ").concat(value, "}");
    },
    affinity: "node(s) didn't match Pod's node affinity/selector",
    ports: "node(s) didn't have free ports for the requested pod ports",
    tooManyPods: 'Too many pods',
    insufficient: function (resource) { return "Insufficient ".concat(resource); },
};
var unresolvable = function (reason) { return ({ code: 'UnschedulableAndUnresolvable', reasons: [reason] }); };
var nodeUnschedulable = function (p, n) {
    var _a, _b;
    if (!((_a = n.node.spec) === null || _a === void 0 ? void 0 : _a.unschedulable))
        return undefined;
    return (0, taints_ts_1.toleratedBy)((_b = p.pod.spec) === null || _b === void 0 ? void 0 : _b.tolerations, { key: taints_ts_1.UNSCHEDULABLE, effect: 'NoSchedule' }) ? undefined : unresolvable(exports.REASON.unschedulable);
};
var taintToleration = function (p, n) {
    var _a;
    var taint = (0, taints_ts_1.firstUntolerated)(n.taints, (_a = p.pod.spec) === null || _a === void 0 ? void 0 : _a.tolerations, ['NoSchedule', 'NoExecute']);
    return taint ? unresolvable(exports.REASON.untoleratedTaint(taint.key, taint.value)) : undefined;
};
var nodeAffinity = function (p, n) { return ((0, node_affinity_ts_1.requiredAffinityMatches)(p.pod, n.node) ? undefined : unresolvable(exports.REASON.affinity)); };
var conflicts = function (a, b) { return a.port === b.port && a.protocol === b.protocol && (a.ip === b.ip || a.ip === '0.0.0.0' || b.ip === '0.0.0.0'); };
var nodePorts = function (p, n) {
    var taken = p.ports.some(function (want) { return n.ports.some(function (used) { return conflicts(want, used); }); });
    return taken ? { code: 'Unschedulable', reasons: [exports.REASON.ports] } : undefined;
};
/** NodeResourcesFit: pod count, then every requested resource against what is left of allocatable. */
var resourcesFit = function (p, n) {
    var _a, _b, _c;
    var reasons = [];
    if (n.pods.length + 1 > ((_a = n.allocatable.pods) !== null && _a !== void 0 ? _a : 0))
        reasons.push(exports.REASON.tooManyPods);
    for (var _i = 0, _d = Object.entries(p.requests); _i < _d.length; _i++) {
        var _e = _d[_i], resource = _e[0], want = _e[1];
        if (resource === 'pods' || want <= 0)
            continue;
        if (want > ((_b = n.allocatable[resource]) !== null && _b !== void 0 ? _b : 0) - ((_c = n.requested[resource]) !== null && _c !== void 0 ? _c : 0))
            reasons.push(exports.REASON.insufficient(resource));
    }
    return reasons.length ? { code: 'Unschedulable', reasons: reasons } : undefined;
};
exports.resourcesFit = resourcesFit;
exports.FILTERS = [nodeUnschedulable, taintToleration, nodeAffinity, nodePorts, exports.resourcesFit];
/** The first failing filter's status, or undefined when the node fits. */
function runFilters(p, n) {
    for (var _i = 0, FILTERS_1 = exports.FILTERS; _i < FILTERS_1.length; _i++) {
        var f = FILTERS_1[_i];
        var s = f(p, n);
        if (s)
            return s;
    }
    return undefined;
}
