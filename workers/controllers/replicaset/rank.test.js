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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var rank_ts_1 = require("./rank.ts");
var NOW = new Date('2026-01-01T12:00:00Z');
var ago = function (s) { return new Date(NOW.getTime() - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'); };
function pod(name, o) {
    var _a, _b, _c, _d, _e;
    if (o === void 0) { o = {}; }
    var ready = o.readyFor !== undefined;
    return {
        metadata: { name: name, uid: "uid-".concat(name), creationTimestamp: ago((_a = o.created) !== null && _a !== void 0 ? _a : 100), annotations: o.cost ? { 'controller.kubernetes.io/pod-deletion-cost': o.cost } : undefined },
        spec: { nodeName: (_b = o.node) !== null && _b !== void 0 ? _b : 'n1', containers: [] },
        status: {
            phase: (_c = o.phase) !== null && _c !== void 0 ? _c : 'Running',
            conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: ago((_d = o.readyFor) !== null && _d !== void 0 ? _d : 0) }],
            containerStatuses: [{ name: 'c', restartCount: (_e = o.restarts) !== null && _e !== void 0 ? _e : 0, ready: ready, image: 'x', imageID: '' }],
        },
    };
}
var names = function (pods) { return pods.map(function (p) { return p.metadata.name; }); };
var first = function (pods, related) {
    if (related === void 0) { related = pods; }
    return names((0, rank_ts_1.podsToDelete)(pods, related, 1, NOW))[0];
};
(0, node_test_1.test)('unscheduled, then Pending, then not ready go first', function () {
    strict_1.default.equal(first([pod('ready', { readyFor: 60 }), pod('unscheduled', { node: '' }), pod('pending', { phase: 'Pending' })]), 'unscheduled');
    strict_1.default.equal(first([pod('ready', { readyFor: 60 }), pod('pending', { phase: 'Pending' }), pod('unknown', { phase: 'Unknown' })]), 'pending');
    strict_1.default.equal(first([pod('ready', { readyFor: 60 }), pod('not-ready')]), 'not-ready');
});
(0, node_test_1.test)('a lower pod-deletion-cost goes first, before any age rule', function () {
    strict_1.default.equal(first([pod('young', { readyFor: 1, created: 1, cost: '10' }), pod('cheap', { readyFor: 900, created: 900, cost: '-5' })]), 'cheap');
});
(0, node_test_1.test)('pods doubled up on a node with their siblings go first', function () {
    var a = pod('alone', { node: 'n1', readyFor: 1, created: 1 });
    var b = pod('crowded', { node: 'n2', readyFor: 900, created: 900 });
    var sibling = pod('sibling', { node: 'n2', readyFor: 900 });
    strict_1.default.equal(first([a, b], [a, b, sibling]), 'crowded');
});
(0, node_test_1.test)('ready for less time, then more restarts, then newer go first; ages compare by power-of-two buckets', function () {
    strict_1.default.equal(first([pod('long', { readyFor: 600 }), pod('short', { readyFor: 5 })]), 'short');
    strict_1.default.equal(first([pod('calm', { readyFor: 60, restarts: 0 }), pod('flappy', { readyFor: 60, restarts: 3 })]), 'flappy');
    strict_1.default.equal(first([pod('old', { readyFor: 60, created: 3600 }), pod('new', { readyFor: 60, created: 10 })]), 'new');
    // 100 s and 101 s fall in the same bucket: the uid decides, stably
    var tie = [pod('b', { readyFor: 100, created: 100 }), pod('a', { readyFor: 101, created: 101 })];
    strict_1.default.equal(first(tie), 'a');
    strict_1.default.equal(first(__spreadArray([], tie, true).reverse()), 'a');
});
(0, node_test_1.test)('asking for as many as there are returns them all', function () {
    var pods = [pod('x'), pod('y')];
    strict_1.default.deepEqual(names((0, rank_ts_1.podsToDelete)(pods, pods, 5, NOW)), ['x', 'y']);
    strict_1.default.deepEqual(names((0, rank_ts_1.podsToDelete)([pod('ready', { readyFor: 9 }), pod('a', { node: '' }), pod('b', { phase: 'Pending' })], [], 2, NOW)), ['a', 'b']);
});
