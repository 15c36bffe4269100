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
var namespaces_ts_1 = require("./namespaces.ts");
var NOW = Date.parse('2025-01-01T12:00:00Z');
var ns = function (x) {
    if (x === void 0) { x = {}; }
    return (__assign({ metadata: { name: 'team-a', creationTimestamp: '2025-01-01T11:59:00Z' } }, x));
};
(0, node_test_1.test)('create: name label, kubernetes finalizer appended, phase Active', function () {
    var _a;
    var o = ns({ spec: { finalizers: ['example.com/keep'] }, status: { phase: 'Terminating' } });
    namespaces_ts_1.default.defaults(o);
    namespaces_ts_1.default.prepareForCreate(o);
    strict_1.default.deepEqual(o.metadata.labels, { 'kubernetes.io/metadata.name': 'team-a' });
    strict_1.default.deepEqual((_a = o.spec) === null || _a === void 0 ? void 0 : _a.finalizers, ['example.com/keep', 'kubernetes']);
    strict_1.default.deepEqual(o.status, { phase: 'Active' });
});
(0, node_test_1.test)('update keeps the old spec.finalizers and status, and restores the name label', function () {
    var _a;
    var old = ns({ spec: { finalizers: ['kubernetes'] }, status: { phase: 'Terminating' } });
    var o = ns({ metadata: { name: 'team-a', labels: { 'kubernetes.io/metadata.name': 'other', x: 'y' } }, spec: { finalizers: [] }, status: { phase: 'Active' } });
    namespaces_ts_1.default.prepareForUpdate(o, old);
    strict_1.default.deepEqual((_a = o.spec) === null || _a === void 0 ? void 0 : _a.finalizers, ['kubernetes']);
    strict_1.default.deepEqual(o.status, { phase: 'Terminating' });
    strict_1.default.deepEqual(o.metadata.labels, { 'kubernetes.io/metadata.name': 'team-a', x: 'y' });
});
(0, node_test_1.test)('spec.finalizers must be standard or qualified', function () {
    var errs = namespaces_ts_1.default.validate(ns({ spec: { finalizers: ['kubernetes', 'mine', 'a.io/b'] } }));
    strict_1.default.deepEqual(errs.map(function (e) { return "".concat(e.field, ": ").concat(e.body); }), ['spec.finalizers: Invalid value: "mine": name is neither a standard finalizer name nor is it fully qualified']);
});
(0, node_test_1.test)('table: Name, Status, Age', function () {
    strict_1.default.deepEqual(namespaces_ts_1.default.table.columns.map(function (c) { return c.name; }), ['Name', 'Status', 'Age']);
    strict_1.default.deepEqual(namespaces_ts_1.default.table.cells(ns({ status: { phase: 'Active' } }), NOW), ['team-a', 'Active', '60s']);
    strict_1.default.equal(namespaces_ts_1.default.fieldSelectors['status.phase'](ns({ status: { phase: 'Terminating' } })), 'Terminating');
    strict_1.default.equal(namespaces_ts_1.default.deleteReturnsObject, true);
});
