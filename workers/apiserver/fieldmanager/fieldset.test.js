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
var fieldset_ts_1 = require("./fieldset.ts");
var owned_ts_1 = require("./owned.ts");
var path_ts_1 = require("./path.ts");
var strip_ts_1 = require("./strip.ts");
var fixtures_test_support_ts_1 = require("./fixtures.test-support.ts");
var meta_ts_1 = require("../../../lib/api/meta.ts");
var v = require("valibot");
var json = function (x) { return JSON.stringify(x); };
(0, node_test_1.test)('an applied Deployment owns what the chapter shows, in the same key order', function () {
    var set = (0, strip_ts_1.strip)((0, owned_ts_1.fieldSet)((0, fixtures_test_support_ts_1.vitrineConfig)(2), fixtures_test_support_ts_1.deploymentSchema));
    var expected = {
        'f:spec': {
            'f:replicas': {},
            'f:selector': {},
            'f:template': {
                'f:metadata': { 'f:labels': { 'f:app': {} } },
                'f:spec': {
                    'f:containers': {
                        'k:{"name":"web"}': { '.': {}, 'f:args': {}, 'f:image': {}, 'f:name': {}, 'f:resources': { 'f:requests': { 'f:cpu': {}, 'f:memory': {} } } },
                    },
                },
            },
        },
    };
    strict_1.default.equal(json(set.toFieldsV1()), json(expected));
});
(0, node_test_1.test)('keys sort numbers as numbers, fields before keys before values; `.` comes first', function () {
    var set = fieldset_ts_1.FieldSet.fromFieldsV1({
        'v:"b"': {},
        'k:{"containerPort":443,"protocol":"TCP"}': {},
        'f:z': {},
        'k:{"containerPort":80,"protocol":"TCP"}': { 'f:name': {}, '.': {} },
        'v:"a"': {},
        'f:a': { 'f:b': {} },
    });
    strict_1.default.equal(json(set.toFieldsV1()), json({
        'f:a': { 'f:b': {} },
        'f:z': {},
        'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:name': {} },
        'k:{"containerPort":443,"protocol":"TCP"}': {},
        'v:"a"': {},
        'v:"b"': {},
    }));
});
(0, node_test_1.test)('fieldsV1 round-trips, and `.` marks a path that is itself owned', function () {
    var raw = { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { 'f:replicas': {} } };
    var set = fieldset_ts_1.FieldSet.fromFieldsV1(raw);
    strict_1.default.deepEqual(set.toFieldsV1(), raw);
    strict_1.default.equal(set.has([{ field: 'metadata' }, { field: 'labels' }]), true);
    strict_1.default.equal(set.has([{ field: 'metadata' }]), false);
    strict_1.default.deepEqual(set.paths().map(path_ts_1.pathString), ['.metadata.labels', '.metadata.labels.app', '.spec.replicas']);
});
(0, node_test_1.test)('key fields are compact JSON sorted by name; a missing protocol defaults to TCP', function () {
    var obj = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { template: { spec: { containers: [{ name: 'c', ports: [{ protocol: 'UDP', containerPort: 53 }, { containerPort: 80 }] }] } } } };
    var ports = (0, owned_ts_1.fieldSet)(obj, fixtures_test_support_ts_1.deploymentSchema).toFieldsV1();
    var c = ports['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"c"}'];
    strict_1.default.deepEqual(Object.keys(c['f:ports']), ['k:{"containerPort":53,"protocol":"UDP"}', 'k:{"containerPort":80,"protocol":"TCP"}']);
});
(0, node_test_1.test)('sets own each value; null and {} struct fields are owned themselves; atomic values are leaves', function () {
    var obj = {
        metadata: { name: 'x', finalizers: ['b', 'a'], labels: {} },
        spec: { strategy: {}, replicas: null, selector: { matchLabels: { a: 'b' } }, template: { spec: { nodeSelector: { disk: 'ssd' }, containers: [] } } },
    };
    strict_1.default.deepEqual((0, strip_ts_1.strip)((0, owned_ts_1.fieldSet)(obj, fixtures_test_support_ts_1.deploymentSchema)).toFieldsV1(), {
        'f:metadata': { 'f:finalizers': { 'v:"a"': {}, 'v:"b"': {} }, 'f:labels': {} },
        'f:spec': { 'f:replicas': {}, 'f:selector': {}, 'f:strategy': {}, 'f:template': { 'f:spec': { 'f:nodeSelector': {} } } },
    });
});
(0, node_test_1.test)('never-tracked fields are stripped', function () {
    var obj = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'n', uid: 'u', resourceVersion: '3', labels: { a: 'b' } }, data: { k: 'v' } };
    var schema = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { data: v.optional(v.record(v.string(), v.string())) }));
    strict_1.default.deepEqual((0, strip_ts_1.strip)((0, owned_ts_1.fieldSet)(obj, schema)).toFieldsV1(), { 'f:data': { 'f:k': {} }, 'f:metadata': { 'f:labels': { 'f:a': {} } } });
});
(0, node_test_1.test)('a configuration a typed conversion would refuse is reported with structured-merge-diff wording', function () {
    var obj = { spec: { template: { spec: { containers: [{ image: 'x' }, { name: 'a' }, { name: 'a' }] } } } };
    strict_1.default.deepEqual((0, owned_ts_1.typedErrors)(obj, fixtures_test_support_ts_1.deploymentSchema), [
        ".spec.template.spec.containers: element 0: associative list with keys has an element that omits key field \"name\" (and doesn't have default value)",
        '.spec.template.spec.containers: duplicate entries for key [name="a"]',
    ]);
});
(0, node_test_1.test)('set algebra: difference is per member, recursiveDifference drops whole subtrees', function () {
    var a = fieldset_ts_1.FieldSet.of([{ field: 'spec' }], [{ field: 'spec' }, { field: 'replicas' }], [{ field: 'status' }, { field: 'x' }]);
    var spec = fieldset_ts_1.FieldSet.of([{ field: 'spec' }]);
    strict_1.default.deepEqual(a.difference(spec).paths().map(path_ts_1.pathString), ['.spec.replicas', '.status.x']);
    strict_1.default.deepEqual(a.recursiveDifference(spec).paths().map(path_ts_1.pathString), ['.status.x']);
    strict_1.default.deepEqual(a.intersection(fieldset_ts_1.FieldSet.of([{ field: 'status' }, { field: 'x' }])).paths().map(path_ts_1.pathString), ['.status.x']);
    strict_1.default.equal(a.difference(a).isEmpty(), true);
});
