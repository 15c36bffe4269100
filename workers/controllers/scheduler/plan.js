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
exports.plan = plan;
var fit_error_ts_1 = require("./fit-error.ts");
var filters_ts_1 = require("./filters.ts");
var score_ts_1 = require("./score.ts");
var snapshot_ts_1 = require("./snapshot.ts");
function queueOrder(a, b) {
    var _a, _b, _c, _d, _e, _f, _g, _h;
    var pa = (_b = (_a = a.spec) === null || _a === void 0 ? void 0 : _a.priority) !== null && _b !== void 0 ? _b : 0;
    var pb = (_d = (_c = b.spec) === null || _c === void 0 ? void 0 : _c.priority) !== null && _d !== void 0 ? _d : 0;
    if (pa !== pb)
        return pb - pa;
    var ta = (_e = a.metadata.creationTimestamp) !== null && _e !== void 0 ? _e : '';
    var tb = (_f = b.metadata.creationTimestamp) !== null && _f !== void 0 ? _f : '';
    if (ta !== tb)
        return ta < tb ? -1 : 1;
    return ((_g = a.metadata.name) !== null && _g !== void 0 ? _g : '') < ((_h = b.metadata.name) !== null && _h !== void 0 ? _h : '') ? -1 : 1;
}
/** selectHost: the best score, one of the best at random. */
function selectHost(nodes, scores, random) {
    var best = 0;
    var ties = 1;
    for (var i = 1; i < nodes.length; i++) {
        if (scores[i] > scores[best]) {
            best = i;
            ties = 1;
        }
        else if (scores[i] === scores[best] && Math.floor(random() * ++ties) === 0)
            best = i;
    }
    return nodes[best];
}
function plan(pending, snap, random) {
    if (random === void 0) { random = Math.random; }
    return __spreadArray([], pending, true).sort(queueOrder).map(function (pod) {
        if (!snap.nodes.length)
            return { pod: pod, reason: 'SchedulerError', message: fit_error_ts_1.NO_NODES };
        var p = (0, snapshot_ts_1.podInfo)(pod);
        var feasible = [];
        var failures = [];
        for (var _i = 0, _a = snap.nodes; _i < _a.length; _i++) {
            var node = _a[_i];
            var status = (0, filters_ts_1.runFilters)(p, node);
            if (status)
                failures.push({ node: node, status: status });
            else
                feasible.push(node);
        }
        if (!feasible.length)
            return { pod: pod, reason: 'Unschedulable', message: (0, fit_error_ts_1.unschedulableMessage)(p, failures) };
        var chosen = selectHost(feasible, (0, score_ts_1.scoreNodes)(p, feasible, snap.nodes), random);
        (0, snapshot_ts_1.addPod)(chosen, p);
        return { pod: pod, node: chosen.name };
    });
}
