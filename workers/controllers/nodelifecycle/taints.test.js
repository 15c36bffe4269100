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
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var taints_ts_1 = require("./taints.ts");
var fake_context_test_support_ts_1 = require("./fake-context.test-support.ts");
var NOW = Date.parse('2026-01-01T00:01:00Z');
var ids = function (taints) { return taints === null || taints === void 0 ? void 0 : taints.map(function (t) { return "".concat(t.key, ":").concat(t.effect); }); };
(0, node_test_1.test)('Ready Unknown: unreachable NoSchedule then NoExecute, with timeAdded; other taints kept', function () {
    var node = (0, fake_context_test_support_ts_1.makeNode)('n', { ready: 'Unknown', taints: [{ key: 'equipe', value: 'rouge', effect: 'NoSchedule' }] });
    var taints = (0, taints_ts_1.reconcileTaints)(node, NOW);
    strict_1.default.deepEqual(ids(taints), ['equipe:NoSchedule', 'node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    strict_1.default.equal(taints[1].timeAdded, '2026-01-01T00:01:00Z');
    strict_1.default.equal(taints[2].timeAdded, '2026-01-01T00:01:00Z');
    strict_1.default.equal((0, taints_ts_1.reconcileTaints)(__assign(__assign({}, node), { spec: { taints: taints } }), NOW + 5000), undefined, 'in line: nothing to write');
});
(0, node_test_1.test)('Unknown becoming False swaps unreachable for not-ready; True removes them', function () {
    var lost = (0, fake_context_test_support_ts_1.makeNode)('n', { ready: 'Unknown' });
    var taints = (0, taints_ts_1.reconcileTaints)(lost, NOW);
    var notReady = (0, taints_ts_1.reconcileTaints)((0, fake_context_test_support_ts_1.makeNode)('n', { ready: 'False', taints: taints }), NOW + 1000);
    strict_1.default.deepEqual(ids(notReady), ['node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
    strict_1.default.deepEqual((0, taints_ts_1.reconcileTaints)((0, fake_context_test_support_ts_1.makeNode)('n', { taints: notReady }), NOW + 2000), []);
});
(0, node_test_1.test)('pressure conditions and a cordon bring their NoSchedule taints', function () {
    var node = (0, fake_context_test_support_ts_1.makeNode)('n', { unschedulable: true });
    node.status.conditions.push({ type: 'DiskPressure', status: 'True' }, { type: 'MemoryPressure', status: 'False' });
    strict_1.default.deepEqual(ids((0, taints_ts_1.reconcileTaints)(node, NOW)), ['node.kubernetes.io/disk-pressure:NoSchedule', 'node.kubernetes.io/unschedulable:NoSchedule']);
});
