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
var leases_ts_1 = require("./leases.ts");
var lease = function (spec) { return (__assign({ metadata: { name: 'n1', namespace: 'kube-node-lease', creationTimestamp: '2025-01-01T11:59:50Z' } }, (spec ? { spec: spec } : {}))); };
(0, node_test_1.test)('table: Name, Holder, Age', function () {
    var now = Date.parse('2025-01-01T12:00:00Z');
    strict_1.default.deepEqual(leases_ts_1.default.table.columns.map(function (c) { return c.name; }), ['Name', 'Holder', 'Age']);
    strict_1.default.deepEqual(leases_ts_1.default.table.cells(lease({ holderIdentity: 'n1' }), now), ['n1', 'n1', '10s']);
    strict_1.default.deepEqual(leases_ts_1.default.table.cells(lease(), now), ['n1', '', '10s']);
});
(0, node_test_1.test)('validation of durations and transitions', function () {
    strict_1.default.deepEqual(leases_ts_1.default.validate(lease({ holderIdentity: 'n1', leaseDurationSeconds: 40, renewTime: '2025-01-01T11:59:59.123456Z' })), []);
    strict_1.default.deepEqual(leases_ts_1.default.validate(lease({ leaseDurationSeconds: 0, leaseTransitions: -1 })).map(function (e) { return "".concat(e.field, ": ").concat(e.body); }), [
        'spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0',
        'spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0',
    ]);
});
