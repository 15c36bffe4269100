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
exports.NO_NODES = void 0;
exports.fitErrorMessage = fitErrorMessage;
exports.unschedulableMessage = unschedulableMessage;
/**
 * Why a pod fits nowhere, worded as kube-scheduler 1.32 words it (FitError.Error and the default
 * preemption plugin): "0/N nodes are available:", then each reason with the number of nodes that
 * gave it, sorted as strings, then what preemption found, e.g.
 *   0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {k: v}.
 *   preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod,
 *   1 Preemption is not helpful for scheduling..
 * (the doubled final dot is Kubernetes': the preemption text ends with one and is framed by
 * another). Preemption itself is not performed: a node where evicting lower-priority pods would
 * make room is reported as having no victims.
 */
var filters_ts_1 = require("./filters.ts");
var snapshot_ts_1 = require("./snapshot.ts");
exports.NO_NODES = 'no nodes available to schedule pods';
var NOT_HELPFUL = 'Preemption is not helpful for scheduling';
var NO_VICTIMS = 'No preemption victims found for incoming pod';
var NEVER = 'not eligible due to preemptionPolicy=Never.';
var sentence = function (s) { return " ".concat(s, "."); };
function fitErrorMessage(numNodes, statuses, postFilter) {
    var _a;
    var counts = new Map();
    for (var _i = 0, statuses_1 = statuses; _i < statuses_1.length; _i++) {
        var s = statuses_1[_i];
        for (var _b = 0, _c = s.reasons; _b < _c.length; _b++) {
            var r = _c[_b];
            counts.set(r, ((_a = counts.get(r)) !== null && _a !== void 0 ? _a : 0) + 1);
        }
    }
    var histogram = __spreadArray([], counts, true).map(function (_a) {
        var reason = _a[0], n = _a[1];
        return "".concat(n, " ").concat(reason);
    }).sort();
    var msg = "0/".concat(numNodes, " nodes are available:");
    if (histogram.length)
        msg += sentence(histogram.join(', '));
    if (postFilter)
        msg += sentence(postFilter);
    return msg;
}
var unschedulable = function (reason) { return ({ code: 'Unschedulable', reasons: [reason] }); };
/** The node as it would be without `victims`. */
function without(n, victims) {
    var copy = (0, snapshot_ts_1.nodeInfo)(n.node);
    for (var _i = 0, _a = n.pods; _i < _a.length; _i++) {
        var p = _a[_i];
        if (!victims.has(p))
            (0, snapshot_ts_1.addPod)(copy, p);
    }
    return copy;
}
/** What the default preemption plugin would say after trying each node that failed. */
function preemptionStatus(p, n, status) {
    var _a;
    if (status.code === 'UnschedulableAndUnresolvable')
        return { code: status.code, reasons: [NOT_HELPFUL] };
    var victims = new Set(n.pods.filter(function (q) { return q.priority < p.priority; }));
    if (!victims.size)
        return unschedulable(NO_VICTIMS);
    return (_a = (0, filters_ts_1.runFilters)(p, without(n, victims))) !== null && _a !== void 0 ? _a : unschedulable(NO_VICTIMS);
}
/** The full FailedScheduling message for a pod every node rejected with `failures`. */
function unschedulableMessage(p, failures) {
    var _a;
    var statuses = failures.map(function (f) { return f.status; });
    var preemption = ((_a = p.pod.spec) === null || _a === void 0 ? void 0 : _a.preemptionPolicy) === 'Never'
        ? NEVER
        : fitErrorMessage(failures.length, failures.map(function (f) { return preemptionStatus(p, f.node, f.status); }));
    return fitErrorMessage(failures.length, statuses, "preemption: ".concat(preemption));
}
