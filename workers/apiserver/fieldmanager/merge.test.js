"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var merge_ts_1 = require("./merge.ts");
var remove_ts_1 = require("./remove.ts");
var fieldset_ts_1 = require("./fieldset.ts");
var fixtures_test_support_ts_1 = require("./fixtures.test-support.ts");
var names = function () {
    var n = [];
    for (var _i = 0; _i < arguments.length; _i++) {
        n[_i] = arguments[_i];
    }
    return ({ spec: { template: { spec: { containers: n.map(function (name) { return ({ name: name }); }) } } } });
};
var order = function (o) { return o.spec.template.spec.containers.map(function (c) { return c.name; }); };
(0, node_test_1.test)('associative lists: live-only items keep their place, shared and new items follow the configuration', function () {
    strict_1.default.deepEqual(order((0, merge_ts_1.merge)(names('a', 'b', 'c'), names('c', 'd'), fixtures_test_support_ts_1.deploymentSchema)), ['a', 'b', 'c', 'd']);
    strict_1.default.deepEqual(order((0, merge_ts_1.merge)(names('a', 'x', 'b'), names('b', 'a'), fixtures_test_support_ts_1.deploymentSchema)), ['x', 'b', 'a']);
    strict_1.default.deepEqual(order((0, merge_ts_1.merge)(names('a'), names('n', 'a', 'm'), fixtures_test_support_ts_1.deploymentSchema)), ['n', 'a', 'm']);
});
(0, node_test_1.test)('items merge field by field; atomic values and scalars are replaced', function () {
    var live = { spec: { replicas: 3, selector: { matchLabels: { a: '1', b: '2' } }, template: { spec: { containers: [{ name: 'c', image: 'old', args: ['x', 'y'], terminationMessagePath: '/dev/t' }] } } } };
    var config = { spec: { selector: { matchLabels: { a: '1' } }, template: { spec: { containers: [{ name: 'c', image: 'new', args: ['z'] }] } } } };
    strict_1.default.deepEqual((0, merge_ts_1.merge)(live, config, fixtures_test_support_ts_1.deploymentSchema), {
        spec: { replicas: 3, selector: { matchLabels: { a: '1' } }, template: { spec: { containers: [{ name: 'c', image: 'new', args: ['z'], terminationMessagePath: '/dev/t' }] } } },
    });
});
(0, node_test_1.test)('granular maps merge per key; a null granular map keeps the live content', function () {
    var live = { metadata: { labels: { a: '1' }, annotations: { x: 'y' } } };
    strict_1.default.deepEqual((0, merge_ts_1.merge)(live, { metadata: { labels: { b: '2' }, annotations: null } }, fixtures_test_support_ts_1.deploymentSchema), { metadata: { labels: { a: '1', b: '2' }, annotations: { x: 'y' } } });
});
(0, node_test_1.test)('sets merge by value', function () {
    strict_1.default.deepEqual((0, merge_ts_1.merge)({ metadata: { finalizers: ['a', 'b'] } }, { metadata: { finalizers: ['c', 'a'] } }, fixtures_test_support_ts_1.deploymentSchema), { metadata: { finalizers: ['c', 'a', 'b'] } });
});
(0, node_test_1.test)('removing items: member paths go with their subtree; emptied maps and lists disappear, value structs stay', function () {
    var obj = { metadata: { labels: { a: '1' } }, spec: { replicas: 2, strategy: { type: 'Recreate' }, template: { spec: { containers: [{ name: 'a' }, { name: 'b' }] } } } };
    var drop = fieldset_ts_1.FieldSet.of([{ field: 'metadata' }, { field: 'labels' }, { field: 'a' }], [{ field: 'spec' }, { field: 'strategy' }, { field: 'type' }], [{ field: 'spec' }, { field: 'template' }, { field: 'spec' }, { field: 'containers' }, { key: [['name', 'a']] }]);
    strict_1.default.deepEqual((0, remove_ts_1.removeItems)(obj, drop, fixtures_test_support_ts_1.deploymentSchema), { metadata: {}, spec: { replicas: 2, strategy: {}, template: { spec: { containers: [{ name: 'b' }] } } } });
});
