"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.podColumns = void 0;
exports.summarizePod = summarizePod;
exports.podCells = podCells;
exports.podRowConditions = podRowConditions;
/**
 * The pods Table (printers.md §2.1) and its READY / STATUS / RESTARTS cells, computed exactly as
 * kubectl's printPod does (§3), sidecars and the Initialized condition included.
 */
var pod_ts_1 = require("../../../../../lib/api/core/pod.ts");
var printing_ts_1 = require("../../printing.ts");
var doc_ts_1 = require("./doc.ts");
exports.podColumns = [
    printing_ts_1.nameColumn,
    (0, printing_ts_1.column)('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
    (0, printing_ts_1.column)('Status', 'string', 'The aggregate status of the containers in this pod.'),
    (0, printing_ts_1.column)('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
    printing_ts_1.ageColumn,
    (0, printing_ts_1.column)('IP', 'string', (0, doc_ts_1.fieldDoc)(pod_ts_1.podStatus, ['podIP']), 1),
    (0, printing_ts_1.column)('Node', 'string', (0, doc_ts_1.fieldDoc)(pod_ts_1.podSpec, ['nodeName']), 1),
    (0, printing_ts_1.column)('Nominated Node', 'string', (0, doc_ts_1.fieldDoc)(pod_ts_1.podStatus, ['nominatedNodeName']), 1),
    (0, printing_ts_1.column)('Readiness Gates', 'string', (0, doc_ts_1.fieldDoc)(pod_ts_1.podSpec, ['readinessGates']), 1),
];
var finishedAt = function (s) {
    var _a, _b;
    var t = (_b = (_a = s.lastState) === null || _a === void 0 ? void 0 : _a.terminated) === null || _b === void 0 ? void 0 : _b.finishedAt;
    return t ? Date.parse(t) : 0;
};
var conditionTrue = function (pod, type) { var _a, _b; return ((_b = (_a = pod.status) === null || _a === void 0 ? void 0 : _a.conditions) !== null && _b !== void 0 ? _b : []).some(function (c) { return c.type === type && c.status === 'True'; }); };
/** READY, STATUS and RESTARTS of `kubectl get pods`. */
function summarizePod(pod, now) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x;
    var spec = (_a = pod.spec) !== null && _a !== void 0 ? _a : {};
    var status = (_b = pod.status) !== null && _b !== void 0 ? _b : {};
    var sidecars = new Set(((_c = spec.initContainers) !== null && _c !== void 0 ? _c : []).filter(function (c) { return c.restartPolicy === 'Always'; }).map(function (c) { return c.name; }));
    var total = ((_e = (_d = spec.containers) === null || _d === void 0 ? void 0 : _d.length) !== null && _e !== void 0 ? _e : 0) + sidecars.size;
    var ready = 0;
    var restarts = 0;
    var lastRestart = 0;
    var sidecarRestarts = 0;
    var sidecarLastRestart = 0;
    var reason = status.reason || status.phase || '';
    if (((_f = status.conditions) !== null && _f !== void 0 ? _f : []).some(function (c) { return c.type === 'PodScheduled' && c.reason === 'SchedulingGated'; }))
        reason = 'SchedulingGated';
    var initializing = false;
    var initStatuses = (_g = status.initContainerStatuses) !== null && _g !== void 0 ? _g : [];
    for (var i = 0; i < initStatuses.length; i++) {
        var c = initStatuses[i];
        restarts += (_h = c.restartCount) !== null && _h !== void 0 ? _h : 0;
        lastRestart = Math.max(lastRestart, finishedAt(c));
        var sidecar = sidecars.has(c.name);
        if (sidecar) {
            sidecarRestarts += (_j = c.restartCount) !== null && _j !== void 0 ? _j : 0;
            sidecarLastRestart = Math.max(sidecarLastRestart, finishedAt(c));
        }
        var term = (_k = c.state) === null || _k === void 0 ? void 0 : _k.terminated;
        var waiting = (_l = c.state) === null || _l === void 0 ? void 0 : _l.waiting;
        if (term && ((_m = term.exitCode) !== null && _m !== void 0 ? _m : 0) === 0)
            continue;
        if (sidecar && c.started) {
            if (c.ready)
                ready++;
            continue;
        }
        if (term)
            reason = term.reason ? "Init:".concat(term.reason) : term.signal ? "Init:Signal:".concat(term.signal) : "Init:ExitCode:".concat((_o = term.exitCode) !== null && _o !== void 0 ? _o : 0);
        else if ((waiting === null || waiting === void 0 ? void 0 : waiting.reason) && waiting.reason !== 'PodInitializing')
            reason = "Init:".concat(waiting.reason);
        else
            reason = "Init:".concat(i, "/").concat((_q = (_p = spec.initContainers) === null || _p === void 0 ? void 0 : _p.length) !== null && _q !== void 0 ? _q : 0);
        initializing = true;
        break;
    }
    if (!initializing || conditionTrue(pod, 'Initialized')) {
        restarts = sidecarRestarts;
        lastRestart = sidecarLastRestart;
        var hasRunning = false;
        var statuses = (_r = status.containerStatuses) !== null && _r !== void 0 ? _r : [];
        // from last to first: the first container with a reason wins
        for (var i = statuses.length - 1; i >= 0; i--) {
            var c = statuses[i];
            restarts += (_s = c.restartCount) !== null && _s !== void 0 ? _s : 0;
            lastRestart = Math.max(lastRestart, finishedAt(c));
            var term = (_t = c.state) === null || _t === void 0 ? void 0 : _t.terminated;
            if ((_v = (_u = c.state) === null || _u === void 0 ? void 0 : _u.waiting) === null || _v === void 0 ? void 0 : _v.reason)
                reason = c.state.waiting.reason;
            else if (term === null || term === void 0 ? void 0 : term.reason)
                reason = term.reason;
            else if (term)
                reason = term.signal ? "Signal:".concat(term.signal) : "ExitCode:".concat((_w = term.exitCode) !== null && _w !== void 0 ? _w : 0);
            else if (c.ready && ((_x = c.state) === null || _x === void 0 ? void 0 : _x.running)) {
                hasRunning = true;
                ready++;
            }
        }
        if (reason === 'Completed' && hasRunning)
            reason = conditionTrue(pod, 'Ready') ? 'Running' : 'NotReady';
    }
    if (pod.metadata.deletionTimestamp) {
        if (status.reason === 'NodeLost')
            reason = 'Unknown';
        else if (status.phase !== 'Succeeded' && status.phase !== 'Failed')
            reason = 'Terminating';
    }
    var since = lastRestart ? new Date(lastRestart).toISOString() : '';
    return {
        ready: "".concat(ready, "/").concat(total),
        status: reason,
        restarts: restarts !== 0 && since ? "".concat(restarts, " (").concat((0, printing_ts_1.age)(since, now), " ago)") : String(restarts),
    };
}
function readinessGates(pod) {
    var _a, _b, _c, _d;
    var gates = (_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.readinessGates) !== null && _b !== void 0 ? _b : [];
    if (!gates.length)
        return '<none>';
    var conditions = (_d = (_c = pod.status) === null || _c === void 0 ? void 0 : _c.conditions) !== null && _d !== void 0 ? _d : [];
    var passed = gates.filter(function (g) { var _a; return ((_a = conditions.find(function (c) { return c.type === g.conditionType; })) === null || _a === void 0 ? void 0 : _a.status) === 'True'; }).length;
    return "".concat(passed, "/").concat(gates.length);
}
function podCells(pod, now) {
    var _a, _b, _c, _d, _e, _f;
    var s = summarizePod(pod, now);
    return [
        (_a = pod.metadata.name) !== null && _a !== void 0 ? _a : '',
        s.ready,
        s.status,
        s.restarts,
        (0, printing_ts_1.age)(pod.metadata.creationTimestamp, now),
        ((_d = (_c = (_b = pod.status) === null || _b === void 0 ? void 0 : _b.podIPs) === null || _c === void 0 ? void 0 : _c[0]) === null || _d === void 0 ? void 0 : _d.ip) || '<none>',
        ((_e = pod.spec) === null || _e === void 0 ? void 0 : _e.nodeName) || '<none>',
        ((_f = pod.status) === null || _f === void 0 ? void 0 : _f.nominatedNodeName) || '<none>',
        readinessGates(pod),
    ];
}
/** The row conditions kubectl uses for finished pods (Table rows[].conditions). */
function podRowConditions(pod) {
    var _a, _b;
    if (((_a = pod.status) === null || _a === void 0 ? void 0 : _a.phase) === 'Succeeded')
        return [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
    if (((_b = pod.status) === null || _b === void 0 ? void 0 : _b.phase) === 'Failed')
        return [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];
    return undefined;
}
