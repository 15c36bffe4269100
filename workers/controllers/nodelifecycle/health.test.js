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
var health_ts_1 = require("./health.ts");
var fake_context_test_support_ts_1 = require("./fake-context.test-support.ts");
/**
 * The runner is imported at run time only: its worker bindings' types (Queue, Fetcher) are not
 * in the Node typecheck.
 */
var RUNNER = '../framework/runner.ts';
var settingsFrom = (await Promise.resolve("".concat(RUNNER)).then(function (s) { return require(s); })).settingsFrom;
var T0 = Date.parse('2026-01-01T00:00:00Z');
var lease = function (renewTime) { return ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'n' }, spec: { renewTime: renewTime } }); };
(0, node_test_1.test)('the grace period is 50 s unless NODE_MONITOR_GRACE_SECONDS says otherwise', function () {
    strict_1.default.equal(settingsFrom({}).nodeMonitorGraceSeconds, 50);
    strict_1.default.equal(settingsFrom({ NODE_MONITOR_GRACE_SECONDS: '4' }).nodeMonitorGraceSeconds, 4);
});
(0, node_test_1.test)('a node is last heard from at its latest lease renewal or heartbeat, else at its creation', function () {
    var node = (0, fake_context_test_support_ts_1.makeNode)('n');
    strict_1.default.equal((0, health_ts_1.lastHeardFrom)(node, undefined), T0);
    strict_1.default.equal((0, health_ts_1.lastHeardFrom)(node, lease('2026-01-01T00:00:30.123456Z')), T0 + 30123);
    var never = (0, fake_context_test_support_ts_1.makeNode)('n', { ready: null });
    never.metadata.creationTimestamp = '2026-01-01T00:00:05Z';
    strict_1.default.equal((0, health_ts_1.lastHeardFrom)(never, undefined), T0 + 5000);
});
(0, node_test_1.test)('a lost node: Ready and the pressure conditions become Unknown, keeping their heartbeat', function () {
    var now = T0 + 60000;
    var conditions = (0, health_ts_1.lostConditions)((0, fake_context_test_support_ts_1.makeNode)('n'), now);
    strict_1.default.deepEqual(conditions[0], {
        type: 'Ready',
        status: 'Unknown',
        reason: 'NodeStatusUnknown',
        message: 'Kubelet stopped posting node status.',
        lastHeartbeatTime: '2026-01-01T00:00:00Z',
        lastTransitionTime: '2026-01-01T00:01:00Z',
    });
    strict_1.default.deepEqual(conditions.slice(1).map(function (c) { return [c.type, c.status, c.reason, c.message]; }), ['MemoryPressure', 'DiskPressure', 'PIDPressure'].map(function (t) { return [t, 'Unknown', 'NodeStatusNeverUpdated', 'Kubelet never posted node status.']; }));
    strict_1.default.equal((0, health_ts_1.lostConditions)(__assign(__assign({}, (0, fake_context_test_support_ts_1.makeNode)('n')), { status: { conditions: conditions } }), now + 1000), undefined, 'already lost: nothing to write');
    var never = (0, health_ts_1.lostConditions)((0, fake_context_test_support_ts_1.makeNode)('n', { ready: null }), now);
    strict_1.default.deepEqual([never[0].type, never[0].reason, never[0].lastHeartbeatTime], ['Ready', 'NodeStatusNeverUpdated', '2026-01-01T00:00:00Z']);
});
(0, node_test_1.test)('heard from again: what the controller made Unknown is healthy again; the rest untouched', function () {
    var lost = __assign(__assign({}, (0, fake_context_test_support_ts_1.makeNode)('n')), { status: { conditions: (0, health_ts_1.lostConditions)((0, fake_context_test_support_ts_1.makeNode)('n'), T0 + 60000) } });
    var back = (0, health_ts_1.recoveredConditions)(lost, T0 + 70000, T0 + 71000);
    strict_1.default.deepEqual(back[0], {
        type: 'Ready',
        status: 'True',
        reason: 'KubeletReady',
        message: 'kubelet is posting ready status',
        lastHeartbeatTime: '2026-01-01T00:01:10Z',
        lastTransitionTime: '2026-01-01T00:01:11Z',
    });
    strict_1.default.deepEqual(back.map(function (c) { return c.status; }), ['True', 'False', 'False', 'False']);
    strict_1.default.equal((0, health_ts_1.recoveredConditions)((0, fake_context_test_support_ts_1.makeNode)('n'), T0, T0), undefined, 'healthy: nothing to write');
    var kubeletSaysNo = (0, fake_context_test_support_ts_1.makeNode)('n', { ready: 'False' });
    strict_1.default.equal((0, health_ts_1.recoveredConditions)(kubeletSaysNo, T0, T0), undefined, "the kubelet's own NotReady is not overridden");
});
