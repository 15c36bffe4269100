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
var nodes_ts_1 = require("./nodes.ts");
var NOW = Date.parse('2025-01-03T12:00:00Z');
var node = function (x, labels) {
    if (x === void 0) { x = {}; }
    if (labels === void 0) { labels = {}; }
    return (__assign({ metadata: { name: 'n1', creationTimestamp: '2025-01-01T09:00:00Z', labels: labels } }, x));
};
(0, node_test_1.test)('allocatable defaults to capacity', function () {
    var _a, _b;
    var n = node({ status: { capacity: { cpu: '4', memory: '8Gi' } } });
    nodes_ts_1.default.defaults(n);
    strict_1.default.deepEqual((_a = n.status) === null || _a === void 0 ? void 0 : _a.allocatable, { cpu: '4', memory: '8Gi' });
    var kept = node({ status: { capacity: { cpu: '4' }, allocatable: { cpu: '3500m' } } });
    nodes_ts_1.default.defaults(kept);
    strict_1.default.deepEqual((_b = kept.status) === null || _b === void 0 ? void 0 : _b.allocatable, { cpu: '3500m' });
});
(0, node_test_1.test)('status cell: Ready condition only, SchedulingDisabled appended', function () {
    var cell = function (n) { return nodes_ts_1.default.table.cells(n, NOW)[1]; };
    strict_1.default.equal(cell(node()), 'Unknown');
    strict_1.default.equal(cell(node({ status: { conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: 'True' }] } })), 'Ready');
    strict_1.default.equal(cell(node({ status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } })), 'NotReady');
    strict_1.default.equal(cell(node({ spec: { unschedulable: true }, status: { conditions: [{ type: 'Ready', status: 'True' }] } })), 'Ready,SchedulingDisabled');
    strict_1.default.equal(cell(node({ spec: { unschedulable: true } })), 'Unknown,SchedulingDisabled');
});
(0, node_test_1.test)('roles from node-role.kubernetes.io/* and kubernetes.io/role', function () {
    var roles = function (labels) { return nodes_ts_1.default.table.cells(node({}, labels), NOW)[2]; };
    strict_1.default.equal(roles({}), '<none>');
    strict_1.default.equal(roles({ 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/control-plane': 'x', 'kubernetes.io/role': 'worker' }), 'control-plane,worker');
    strict_1.default.equal(roles({ 'node-role.kubernetes.io/': 'x', 'kubernetes.io/role': '' }), '<none>');
});
(0, node_test_1.test)('wide cells', function () {
    var n = node({
        status: {
            addresses: [{ type: 'Hostname', address: 'n1' }, { type: 'InternalIP', address: '10.0.0.5' }],
            nodeInfo: { kubeletVersion: 'v1.32.0', osImage: 'Ubuntu 24.04', kernelVersion: '', containerRuntimeVersion: 'containerd://1.7.0' },
        },
    });
    strict_1.default.deepEqual(nodes_ts_1.default.table.cells(n, NOW), ['n1', 'Unknown', '<none>', '2d3h', 'v1.32.0', '10.0.0.5', '<none>', 'Ubuntu 24.04', '<unknown>', 'containerd://1.7.0']);
    strict_1.default.equal(nodes_ts_1.default.table.columns.length, 10);
});
(0, node_test_1.test)('taints: key, effect, uniqueness by key and effect', function () {
    var errs = nodes_ts_1.default.validate(node({
        spec: {
            taints: [
                { key: 'a', effect: 'NoSchedule' },
                { key: 'a', effect: 'NoExecute' },
                { key: 'a', effect: 'NoSchedule', value: 'v' },
                { key: 'b', effect: 'Sometimes' },
                { key: 'c' },
            ],
        },
    })).map(function (e) { return "".concat(e.field, ": ").concat(e.body); });
    strict_1.default.deepEqual(errs, [
        'spec.taints[2]: Duplicate value: core.Taint{Key:"a", Value:"v", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair',
        'spec.taints[3].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
        'spec.taints[4].effect: Required value',
    ]);
});
(0, node_test_1.test)('podCIDR and providerID are set once; unschedulable field selector', function () {
    var old = node({ spec: { podCIDR: '10.244.0.0/24' } });
    strict_1.default.deepEqual(nodes_ts_1.default.validateUpdate(node({ spec: { podCIDR: '10.244.0.0/24', providerID: 'kind://x' } }), old), []);
    strict_1.default.equal(nodes_ts_1.default.validateUpdate(node({ spec: { podCIDR: '10.244.1.0/24' } }), old)[0].body, 'Forbidden: node updates may not change podCIDR except from "" to valid');
    strict_1.default.equal(nodes_ts_1.default.fieldSelectors['spec.unschedulable'](node()), 'false');
});
