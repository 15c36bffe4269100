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
var update_ts_1 = require("./update.ts");
var managed_ts_1 = require("./managed.ts");
var fixtures_test_support_ts_1 = require("./fixtures.test-support.ts");
var entry = function (manager, operation, time, fields, extra) {
    if (extra === void 0) { extra = {}; }
    return (__assign({ manager: manager, operation: operation, apiVersion: 'apps/v1', time: time, fieldsType: 'FieldsV1', fieldsV1: fields }, extra));
};
(0, node_test_1.test)('entries sort Apply first, then by time, manager, apiVersion, subresource', function () {
    var f = { 'f:spec': { 'f:paused': {} } };
    var sorted = (0, managed_ts_1.encodeManaged)((0, managed_ts_1.decodeManaged)([
        entry('z', 'Update', '2026-01-01T00:00:02Z', f),
        entry('b', 'Update', '2026-01-01T00:00:01Z', f, { subresource: 'status' }),
        entry('b', 'Update', '2026-01-01T00:00:01Z', f),
        entry('a', 'Update', '2026-01-01T00:00:01Z', f, { apiVersion: 'apps/v1beta2' }),
        entry('a', 'Update', '2026-01-01T00:00:01Z', f),
        entry('late', 'Apply', '2026-01-01T00:00:09Z', f),
        entry('early', 'Apply', '2026-01-01T00:00:03Z', f),
    ]));
    strict_1.default.deepEqual(sorted.map(function (e) { var _a; return "".concat(e.operation, " ").concat(e.manager, " ").concat(e.apiVersion, " ").concat((_a = e.subresource) !== null && _a !== void 0 ? _a : '').trim(); }), ['Apply early apps/v1', 'Apply late apps/v1', 'Update a apps/v1', 'Update a apps/v1beta2', 'Update b apps/v1', 'Update b apps/v1 status', 'Update z apps/v1']);
    strict_1.default.deepEqual(Object.keys(sorted[5]), ['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1', 'subresource']);
});
(0, node_test_1.test)('identifiers: Apply ignores apiVersion, Update keys on it', function () {
    strict_1.default.equal((0, managed_ts_1.managerId)({ manager: 'm', operation: 'Apply', apiVersion: 'apps/v1' }), (0, managed_ts_1.managerId)({ manager: 'm', operation: 'Apply', apiVersion: 'apps/v1beta1' }));
    strict_1.default.notEqual((0, managed_ts_1.managerId)({ manager: 'm', operation: 'Update', apiVersion: 'apps/v1' }), (0, managed_ts_1.managerId)({ manager: 'm', operation: 'Update', apiVersion: 'apps/v1beta1' }));
    strict_1.default.equal((0, managed_ts_1.managerId)({ manager: 'kubectl', operation: 'Update', apiVersion: 'apps/v1', subresource: 'scale' }), '{"manager":"kubectl","operation":"Update","apiVersion":"apps/v1","subresource":"scale"}');
});
(0, node_test_1.test)('an eleventh updater merges the two oldest into ancient-changes', function () {
    var live = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', annotations: {} }, spec: {} };
    var obj = live;
    for (var i = 0; i < 11; i++) {
        var next = (0, fixtures_test_support_ts_1.deep)(obj);
        next.metadata.annotations["k".concat(i)] = 'v';
        next.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: obj, updated: next, schema: fixtures_test_support_ts_1.deploymentSchema, manager: "writer-".concat(i), apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)("2026-01-01T00:00:".concat(String(i).padStart(2, '0'), "Z")) });
        obj = next;
    }
    var mf = obj.metadata.managedFields;
    strict_1.default.equal(mf.length, 10);
    strict_1.default.deepEqual(mf[0], {
        manager: 'ancient-changes',
        operation: 'Update',
        apiVersion: 'apps/v1',
        time: '2026-01-01T00:00:01Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:metadata': { 'f:annotations': { 'f:k0': {}, 'f:k1': {} } } },
    });
    strict_1.default.deepEqual(mf.slice(1).map(function (e) { return e.manager; }), ['writer-2', 'writer-3', 'writer-4', 'writer-5', 'writer-6', 'writer-7', 'writer-8', 'writer-9', 'writer-10']);
});
(0, node_test_1.test)('the cap leaves Apply entries alone and buckets per apiVersion', function () {
    var f = function (k) {
        var _a;
        return ({ 'f:metadata': { 'f:labels': (_a = {}, _a["f:".concat(k)] = {}, _a) } });
    };
    var entries = [entry('applier', 'Apply', '2026-01-01T00:00:00Z', f('a'))];
    for (var i = 0; i < 12; i++)
        entries.push(entry("u".concat(i), 'Update', "2026-01-01T00:01:".concat(String(i).padStart(2, '0'), "Z"), f("u".concat(i)), { apiVersion: i % 2 ? 'apps/v1' : 'apps/v1beta2' }));
    var managers = (0, managed_ts_1.decodeManaged)(entries);
    (0, managed_ts_1.capUpdateManagers)(managers);
    var out = (0, managed_ts_1.encodeManaged)(managers);
    strict_1.default.equal(out.filter(function (e) { return e.operation === 'Update'; }).length, 10);
    strict_1.default.equal(out[0].manager, 'applier');
    var buckets = out.filter(function (e) { return e.manager === 'ancient-changes'; });
    strict_1.default.deepEqual(buckets.map(function (b) { return [b.apiVersion, Object.keys(b.fieldsV1['f:metadata']['f:labels'])]; }), [
        ['apps/v1beta2', ['f:u0', 'f:u2']],
        ['apps/v1', ['f:u1', 'f:u3']],
    ]);
});
(0, node_test_1.test)('undecodable managedFields are refused by decodeManaged', function () {
    strict_1.default.throws(function () { return (0, managed_ts_1.decodeManaged)([{ manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV2', fieldsV1: {} }]); }, /invalid fieldsType "FieldsV2"/);
    strict_1.default.throws(function () { return (0, managed_ts_1.decodeManaged)([{ manager: 'm', operation: 'Patch', apiVersion: 'v1', fieldsType: 'FieldsV1' }]); }, /operation must be `Apply` or `Update`/);
});
