"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var fit_error_ts_1 = require("./fit-error.ts");
var filters_ts_1 = require("./filters.ts");
var snapshot_ts_1 = require("./snapshot.ts");
var fake_context_test_support_ts_1 = require("../nodelifecycle/fake-context.test-support.ts");
function failures(pod, nodes) {
    return nodes.map(function (node) { return ({ node: node, status: (0, filters_ts_1.runFilters)(pod, node) }); });
}
(0, node_test_1.test)('reasons are counted and sorted as strings, as FitError.Error does', function () {
    var msg = (0, fit_error_ts_1.fitErrorMessage)(3, [
        { code: 'Unschedulable', reasons: ['Insufficient memory', 'Insufficient cpu'] },
        { code: 'Unschedulable', reasons: ['Insufficient cpu'] },
        { code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match Pod's node affinity/selector"] },
    ]);
    strict_1.default.equal(msg, "0/3 nodes are available: 1 Insufficient memory, 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient cpu.");
});
(0, node_test_1.test)('a taint on one node and too little cpu on the other, with what preemption found', function () {
    var pod = (0, snapshot_ts_1.podInfo)((0, fake_context_test_support_ts_1.makePod)('p', { cpu: '6' }));
    var tainted = (0, snapshot_ts_1.nodeInfo)((0, fake_context_test_support_ts_1.makeNode)('a', { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }));
    var small = (0, snapshot_ts_1.nodeInfo)((0, fake_context_test_support_ts_1.makeNode)('b'));
    strict_1.default.equal((0, fit_error_ts_1.unschedulableMessage)(pod, failures(pod, [tainted, small])), '0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling..');
});
(0, node_test_1.test)('the issue example: two nodes short of cpu', function () {
    var pod = (0, snapshot_ts_1.podInfo)((0, fake_context_test_support_ts_1.makePod)('p', { cpu: '8' }));
    strict_1.default.equal((0, fit_error_ts_1.unschedulableMessage)(pod, failures(pod, [(0, snapshot_ts_1.nodeInfo)((0, fake_context_test_support_ts_1.makeNode)('a')), (0, snapshot_ts_1.nodeInfo)((0, fake_context_test_support_ts_1.makeNode)('b'))])), '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..');
});
(0, node_test_1.test)('preemptionPolicy Never, and lower-priority pods that would not make room', function () {
    var never = (0, snapshot_ts_1.podInfo)((0, fake_context_test_support_ts_1.makePod)('p', { cpu: '8', spec: { preemptionPolicy: 'Never' } }));
    strict_1.default.equal((0, fit_error_ts_1.unschedulableMessage)(never, failures(never, [(0, snapshot_ts_1.nodeInfo)((0, fake_context_test_support_ts_1.makeNode)('a'))])), '0/1 nodes are available: 1 Insufficient cpu. preemption: not eligible due to preemptionPolicy=Never..');
    var node = (0, snapshot_ts_1.nodeInfo)((0, fake_context_test_support_ts_1.makeNode)('a', { cpu: '4', memory: '1Gi' }));
    (0, snapshot_ts_1.addPod)(node, (0, snapshot_ts_1.podInfo)((0, fake_context_test_support_ts_1.makePod)('low', { cpu: '1', node: 'a', priority: -1 })));
    (0, snapshot_ts_1.addPod)(node, (0, snapshot_ts_1.podInfo)((0, fake_context_test_support_ts_1.makePod)('same', { cpu: '2', node: 'a' })));
    var big = (0, snapshot_ts_1.podInfo)((0, fake_context_test_support_ts_1.makePod)('p', { cpu: '3', memory: '2Gi' }));
    strict_1.default.equal((0, fit_error_ts_1.unschedulableMessage)(big, failures(big, [node])), '0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory. preemption: 0/1 nodes are available: 1 Insufficient cpu, 1 Insufficient memory..');
});
