"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var serviceaccounts_ts_1 = require("./serviceaccounts.ts");
(0, node_test_1.test)('table: Secrets is an integer count; DELETE returns the object', function () {
    var sa = { metadata: { name: 'default', namespace: 'd', creationTimestamp: '2025-01-01T11:00:00Z' }, secrets: [{ name: 'tok' }] };
    strict_1.default.deepEqual(serviceaccounts_ts_1.default.table.columns.map(function (c) { return c.name; }), ['Name', 'Secrets', 'Age']);
    strict_1.default.deepEqual(serviceaccounts_ts_1.default.table.cells(sa, Date.parse('2025-01-02T11:00:00Z')), ['default', 1, '24h']);
    strict_1.default.deepEqual(serviceaccounts_ts_1.default.table.cells({ metadata: { name: 'x' } }, 0), ['x', 0, '<unknown>']);
    strict_1.default.equal(serviceaccounts_ts_1.default.deleteReturnsObject, true);
});
