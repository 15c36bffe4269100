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
exports.podInfo = podInfo;
exports.nodeInfo = nodeInfo;
exports.addPod = addPod;
exports.snapshot = snapshot;
var requests_ts_1 = require("./requests.ts");
var taints_ts_1 = require("./taints.ts");
function podInfo(pod) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j;
    var ports = [];
    for (var _i = 0, _k = __spreadArray(__spreadArray([], ((_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.initContainers) !== null && _b !== void 0 ? _b : []), true), ((_d = (_c = pod.spec) === null || _c === void 0 ? void 0 : _c.containers) !== null && _d !== void 0 ? _d : []), true); _i < _k.length; _i++) {
        var c = _k[_i];
        for (var _l = 0, _m = (_e = c.ports) !== null && _e !== void 0 ? _e : []; _l < _m.length; _l++) {
            var p = _m[_l];
            if (p.hostPort)
                ports.push({ ip: p.hostIP || '0.0.0.0', protocol: p.protocol || 'TCP', port: p.hostPort });
        }
    }
    return {
        pod: pod,
        requests: (0, requests_ts_1.podRequests)(pod),
        nonZero: (0, requests_ts_1.podRequests)(pod, true),
        ports: ports,
        owner: pod.metadata.deletionTimestamp ? undefined : (_g = (_f = pod.metadata.ownerReferences) === null || _f === void 0 ? void 0 : _f.find(function (o) { return o.controller; })) === null || _g === void 0 ? void 0 : _g.uid,
        priority: (_j = (_h = pod.spec) === null || _h === void 0 ? void 0 : _h.priority) !== null && _j !== void 0 ? _j : 0,
    };
}
function nodeInfo(node) {
    var _a;
    return {
        node: node,
        name: node.metadata.name,
        taints: (0, taints_ts_1.schedulingTaints)(node),
        allocatable: (0, requests_ts_1.amounts)((_a = node.status) === null || _a === void 0 ? void 0 : _a.allocatable),
        requested: {},
        nonZeroRequested: {},
        pods: [],
        ports: [],
        owners: new Map(),
    };
}
function addAmounts(into, more) {
    var _a;
    for (var _i = 0, _b = Object.entries(more); _i < _b.length; _i++) {
        var _c = _b[_i], k = _c[0], v = _c[1];
        into[k] = ((_a = into[k]) !== null && _a !== void 0 ? _a : 0) + v;
    }
}
/** Counts `p` on the node: an existing pod, or one just bound in this cycle. */
function addPod(n, p) {
    var _a;
    var _b;
    n.pods.push(p);
    addAmounts(n.requested, p.requests);
    addAmounts(n.nonZeroRequested, p.nonZero);
    (_a = n.ports).push.apply(_a, p.ports);
    if (p.owner)
        n.owners.set(p.owner, ((_b = n.owners.get(p.owner)) !== null && _b !== void 0 ? _b : 0) + 1);
}
/** Nodes with the pods already bound to them (pods on unknown nodes count nowhere). */
function snapshot(nodes, assigned) {
    var _a, _b;
    var infos = nodes.map(nodeInfo);
    var byName = new Map(infos.map(function (n) { return [n.name, n]; }));
    for (var _i = 0, assigned_1 = assigned; _i < assigned_1.length; _i++) {
        var pod = assigned_1[_i];
        var n = byName.get((_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.nodeName) !== null && _b !== void 0 ? _b : '');
        if (n)
            addPod(n, podInfo(pod));
    }
    return { nodes: infos, byName: byName };
}
