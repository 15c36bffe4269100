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
/**
 * The kind suite (STYLE.md §13): the same checks run against every registered kind, then the
 * registry's own lookups and storage keys.
 */
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var v = require("valibot");
var walk_ts_1 = require("../../../lib/schema/walk.ts");
var printing_ts_1 = require("./printing.ts");
var index_ts_1 = require("./index.ts");
var validation_ts_1 = require("./validation.ts");
var NOW = Date.parse('2025-01-01T12:00:00Z');
/** The smallest object of a kind, as the generic create path would store it. */
function sampleOf(d) {
    var _a, _b;
    var obj = {
        apiVersion: d.group ? "".concat(d.group, "/").concat(d.version) : d.version,
        kind: d.kind,
        metadata: __assign(__assign({ name: 'sample' }, (d.namespaced ? { namespace: 'default' } : {})), { uid: 'u-1', creationTimestamp: '2025-01-01T11:00:00Z' }),
    };
    (_a = d.defaults) === null || _a === void 0 ? void 0 : _a.call(d, obj);
    (_b = d.prepareForCreate) === null || _b === void 0 ? void 0 : _b.call(d, obj);
    return obj;
}
function runKindSuite(descs) {
    var _loop_1 = function (d) {
        var id = "".concat(d.group || 'core', "/").concat(d.version, " ").concat(d.resource);
        (0, node_test_1.test)("".concat(id, ": schema is an object schema with metadata"), function () {
            var s = (0, walk_ts_1.shape)(d.schema);
            strict_1.default.equal(s.kind, 'object');
            strict_1.default.ok(s.kind === 'object' && 'metadata' in s.entries && 'apiVersion' in s.entries && 'kind' in s.entries);
        });
        (0, node_test_1.test)("".concat(id, ": descriptor fields are consistent"), function () {
            strict_1.default.match(d.openapiName, /^io\.k8s\.api\.[a-z0-9]+\.v1\.[A-Z]\w+$/);
            strict_1.default.ok(d.openapiName.endsWith(".".concat(d.kind)));
            strict_1.default.match(d.resource, /^[a-z]+$/);
            strict_1.default.ok(d.singular && d.singular === d.singular.toLowerCase());
            var key = (0, index_ts_1.storageKey)(d, 'ns1', 'n1');
            strict_1.default.equal(key.split('/').length, d.namespaced ? 5 : 4, key);
            strict_1.default.ok(key.startsWith((0, index_ts_1.storagePrefix)(d, d.namespaced ? 'ns1' : undefined)));
            strict_1.default.ok(key.startsWith((0, index_ts_1.storagePrefix)(d)));
        });
        (0, node_test_1.test)("".concat(id, ": a minimal object parses, passes validation and prints one cell per column"), function () {
            var _a, _b;
            var obj = sampleOf(d);
            var parsed = v.safeParse(d.schema, obj);
            strict_1.default.ok(parsed.success, JSON.stringify((_a = parsed.issues) === null || _a === void 0 ? void 0 : _a.map(function (i) { return i.message; })));
            var rules = { namespaced: d.namespaced, nameRule: d.nameRule, isCreate: true };
            strict_1.default.deepEqual(__spreadArray([], (0, validation_ts_1.validateObjectMeta)(obj, rules), true), []);
            var table = (_b = d.table) !== null && _b !== void 0 ? _b : printing_ts_1.defaultTable;
            var cells = table.cells(obj, NOW);
            strict_1.default.equal(cells.length, table.columns.length);
            for (var _i = 0, _c = table.columns; _i < _c.length; _i++) {
                var c = _c[_i];
                strict_1.default.equal(typeof c.description, 'string');
            }
            var name = table.columns.findIndex(function (c) { return c.format === 'name'; });
            strict_1.default.ok(name >= 0, 'a Name column');
            strict_1.default.equal(cells[name], 'sample');
        });
    };
    for (var _i = 0, descs_1 = descs; _i < descs_1.length; _i++) {
        var d = descs_1[_i];
        _loop_1(d);
    }
}
runKindSuite(index_ts_1.kinds);
(0, node_test_1.test)('discovery order and lookups', function () {
    var _a, _b, _c, _d;
    strict_1.default.deepEqual(index_ts_1.kinds.map(function (d) { return (d.group ? "".concat(d.resource, ".").concat(d.group) : d.resource); }), [
        'namespaces',
        'configmaps',
        'secrets',
        'pods',
        'services',
        'serviceaccounts',
        'nodes',
        'events',
        'endpoints',
        'deployments.apps',
        'replicasets.apps',
        'endpointslices.discovery.k8s.io',
        'leases.coordination.k8s.io',
        'events.events.k8s.io',
    ]);
    strict_1.default.deepEqual((0, index_ts_1.groups)(), [
        { group: '', version: 'v1' },
        { group: 'apps', version: 'v1' },
        { group: 'discovery.k8s.io', version: 'v1' },
        { group: 'coordination.k8s.io', version: 'v1' },
        { group: 'events.k8s.io', version: 'v1' },
    ]);
    strict_1.default.equal((_a = (0, index_ts_1.byResource)('', 'v1', 'configmaps')) === null || _a === void 0 ? void 0 : _a.kind, 'ConfigMap');
    strict_1.default.equal((_b = (0, index_ts_1.byResource)('events.k8s.io', 'v1', 'events')) === null || _b === void 0 ? void 0 : _b.openapiName, 'io.k8s.api.events.v1.Event');
    strict_1.default.equal((_c = (0, index_ts_1.byResource)('', 'v1', 'events')) === null || _c === void 0 ? void 0 : _c.openapiName, 'io.k8s.api.core.v1.Event');
    strict_1.default.equal((0, index_ts_1.byResource)('apps', 'v2', 'deployments'), undefined);
    strict_1.default.equal((_d = (0, index_ts_1.byGroupKind)('coordination.k8s.io', 'Lease')) === null || _d === void 0 ? void 0 : _d.resource, 'leases');
    strict_1.default.equal((0, index_ts_1.byGroupKind)('', 'Lease'), undefined);
    var keys = new Set(index_ts_1.kinds.map(function (d) { return "".concat(d.group, "/").concat(d.kind); }));
    strict_1.default.equal(keys.size, index_ts_1.kinds.length, 'group/kind is unique');
});
(0, node_test_1.test)('storage keys look like etcd keys', function () {
    var d = function (g, r) { return (0, index_ts_1.byResource)(g, 'v1', r); };
    strict_1.default.equal((0, index_ts_1.storageKey)(d('', 'configmaps'), 'ns1', 'a'), '/registry/configmaps/ns1/a');
    strict_1.default.equal((0, index_ts_1.storageKey)(d('', 'nodes'), undefined, 'n1'), '/registry/nodes/n1');
    strict_1.default.equal((0, index_ts_1.storageKey)(d('apps', 'deployments'), 'ns1', 'web'), '/registry/deployments/ns1/web');
    strict_1.default.equal((0, index_ts_1.storageKey)(d('coordination.k8s.io', 'leases'), 'kube-node-lease', 'n1'), '/registry/leases.coordination.k8s.io/kube-node-lease/n1');
    strict_1.default.equal((0, index_ts_1.storagePrefix)(d('events.k8s.io', 'events'), 'ns1'), '/registry/events.events.k8s.io/ns1/');
    strict_1.default.equal((0, index_ts_1.storagePrefix)(d('', 'events')), '/registry/events/');
    strict_1.default.equal((0, index_ts_1.storagePrefix)(d('', 'namespaces'), 'ignored'), '/registry/namespaces/');
    // the core events prefix must not cover events.k8s.io keys
    strict_1.default.ok(!(0, index_ts_1.storageKey)(d('events.k8s.io', 'events'), 'ns1', 'e').startsWith((0, index_ts_1.storagePrefix)(d('', 'events'))));
});
