"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var errors_ts_1 = require("../../../lib/errors.ts");
var mini_ts_1 = require("../codec/testdata/mini.ts");
var strategic_ts_1 = require("./strategic.ts");
var live = function () { return ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { app: 'web', tier: 'fe' }, finalizers: ['a', 'b', 'c'] },
    spec: {
        replicas: 2,
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
        template: {
            spec: {
                containers: [
                    { name: 'app', image: 'nginx:1.25', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }], ports: [{ containerPort: 80 }] },
                    { name: 'sidecar', image: 'busybox' },
                ],
                volumes: [{ name: 'data', emptyDir: {} }],
                tolerations: [{ key: 'x', operator: 'Exists' }],
            },
        },
    },
}); };
var containers = function (o) { return o.spec.template.spec.containers; };
var fails = function (fn, code, re) {
    try {
        fn();
    }
    catch (e) {
        strict_1.default.ok(e instanceof errors_ts_1.StatusError, String(e));
        strict_1.default.equal(e.code, code);
        strict_1.default.match(e.message, re);
        return;
    }
    strict_1.default.fail('expected an error');
};
(0, node_test_1.test)('kubectl apply: a changed image merges into the container by name', function () {
    var patch = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'app' }, { name: 'sidecar' }], containers: [{ image: 'nginx:1.26', name: 'app' }] } } } };
    var before = live();
    var out = (0, strategic_ts_1.strategicMerge)(before, patch, mini_ts_1.deployment);
    strict_1.default.equal(containers(out)[0].image, 'nginx:1.26');
    strict_1.default.deepEqual(containers(out)[0].env, before.spec.template.spec.containers[0].env, 'other fields of the element are kept');
    strict_1.default.deepEqual(containers(out).map(function (c) { return c.name; }), ['app', 'sidecar']);
    strict_1.default.equal(before.spec.template.spec.containers[0].image, 'nginx:1.25', 'the live object is not modified');
    strict_1.default.ok(!JSON.stringify(out).includes('$setElementOrder'));
});
(0, node_test_1.test)('kubectl apply: a removed env var and a removed container', function () {
    var patch = {
        spec: {
            template: {
                spec: {
                    '$setElementOrder/containers': [{ name: 'app' }],
                    containers: [{ '$setElementOrder/env': [{ name: 'A' }], env: [{ $patch: 'delete', name: 'B' }], name: 'app' }, { $patch: 'delete', name: 'sidecar' }],
                },
            },
        },
    };
    var out = (0, strategic_ts_1.strategicMerge)(live(), patch, mini_ts_1.deployment);
    strict_1.default.deepEqual(containers(out).map(function (c) { return c.name; }), ['app']);
    strict_1.default.deepEqual(containers(out)[0].env, [{ name: 'A', value: '1' }]);
});
(0, node_test_1.test)('a new element is appended; setElementOrder decides the final order', function () {
    var patch = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'init' }, { name: 'app' }, { name: 'sidecar' }], containers: [{ name: 'init', image: 'x' }] } } } };
    var out = (0, strategic_ts_1.strategicMerge)(live(), patch, mini_ts_1.deployment);
    strict_1.default.deepEqual(containers(out).map(function (c) { return c.name; }), ['init', 'app', 'sidecar']);
    var noOrder = (0, strategic_ts_1.strategicMerge)(live(), { spec: { template: { spec: { containers: [{ name: 'init', image: 'x' }] } } } }, mini_ts_1.deployment);
    // as in Kubernetes: without $setElementOrder, patch items absent from the live list go first
    strict_1.default.deepEqual(containers(noOrder).map(function (c) { return c.name; }), ['init', 'app', 'sidecar']);
});
(0, node_test_1.test)('setElementOrder must agree with the patch order', function () {
    var patch = { spec: { template: { spec: { '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'app' }], containers: [{ name: 'app', image: 'a' }, { name: 'sidecar', image: 'b' }] } } } };
    fails(function () { return (0, strategic_ts_1.strategicMerge)(live(), patch, mini_ts_1.deployment); }, 400, /^The order in patch list:\n/);
});
(0, node_test_1.test)('Recreate ↔ RollingUpdate with $retainKeys', function () {
    var toRecreate = (0, strategic_ts_1.strategicMerge)(live(), { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: null, type: 'Recreate' } } }, mini_ts_1.deployment);
    strict_1.default.deepEqual(toRecreate.spec.strategy, { type: 'Recreate' });
    var back = (0, strategic_ts_1.strategicMerge)(toRecreate, { spec: { strategy: { $retainKeys: ['rollingUpdate', 'type'], rollingUpdate: { maxSurge: 1 }, type: 'RollingUpdate' } } }, mini_ts_1.deployment);
    strict_1.default.deepEqual(back.spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } });
    fails(function () { return (0, strategic_ts_1.strategicMerge)(live(), { spec: { strategy: { $retainKeys: ['type'], rollingUpdate: { maxSurge: 1 } } } }, mini_ts_1.deployment); }, 400, /^invalid patch format of retainKeys$/);
});
(0, node_test_1.test)('a volume switching source keeps only the retained keys', function () {
    var patch = { spec: { template: { spec: { volumes: [{ $retainKeys: ['hostPath', 'name'], hostPath: { path: '/d' }, name: 'data' }] } } } };
    var out = (0, strategic_ts_1.strategicMerge)(live(), patch, mini_ts_1.deployment);
    strict_1.default.deepEqual(out.spec.template.spec.volumes, [{ name: 'data', hostPath: { path: '/d' } }]);
});
(0, node_test_1.test)('null deletes map keys; lists without a strategy are replaced', function () {
    var out = (0, strategic_ts_1.strategicMerge)(live(), { metadata: { labels: { tier: null, env: 'prod' } }, spec: { template: { spec: { tolerations: [{ key: 'y' }] } } } }, mini_ts_1.deployment);
    strict_1.default.deepEqual(out.metadata.labels, { app: 'web', env: 'prod' });
    strict_1.default.deepEqual(out.spec.template.spec.tolerations, [{ key: 'y' }]);
});
(0, node_test_1.test)('scalar merge lists: union, and $deleteFromPrimitiveList', function () {
    var out = (0, strategic_ts_1.strategicMerge)(live(), { metadata: { finalizers: ['d', 'a'] } }, mini_ts_1.deployment);
    strict_1.default.deepEqual(out.metadata.finalizers, ['d', 'a', 'b', 'c']);
    var del = (0, strategic_ts_1.strategicMerge)(live(), { metadata: { '$setElementOrder/finalizers': ['a', 'c'], '$deleteFromPrimitiveList/finalizers': ['b'] } }, mini_ts_1.deployment);
    strict_1.default.deepEqual(del.metadata.finalizers, ['a', 'c']);
});
(0, node_test_1.test)('$patch: replace and delete, in lists and objects', function () {
    var repl = (0, strategic_ts_1.strategicMerge)(live(), { spec: { template: { spec: { containers: [{ name: 'only', image: 'x' }, { $patch: 'replace' }] } } } }, mini_ts_1.deployment);
    strict_1.default.deepEqual(containers(repl), [{ name: 'only', image: 'x' }]);
    var objReplace = (0, strategic_ts_1.strategicMerge)(live(), { spec: { strategy: { $patch: 'replace', type: 'Recreate' } } }, mini_ts_1.deployment);
    strict_1.default.deepEqual(objReplace.spec.strategy, { type: 'Recreate' });
    var objDelete = (0, strategic_ts_1.strategicMerge)(live(), { metadata: { labels: { $patch: 'delete' } } }, mini_ts_1.deployment);
    strict_1.default.deepEqual(objDelete.metadata.labels, {});
    var absent = (0, strategic_ts_1.strategicMerge)(live(), { metadata: { annotations: { $patch: 'delete' } } }, mini_ts_1.deployment);
    strict_1.default.equal(absent.metadata.annotations, undefined);
    fails(function () { return (0, strategic_ts_1.strategicMerge)(live(), { metadata: { labels: { $patch: 'merge' } } }, mini_ts_1.deployment); }, 400, /^unknown patch type: merge in map: map\[\$patch:merge\]$/);
    fails(function () { return (0, strategic_ts_1.strategicMerge)(live(), { spec: { template: { spec: { containers: [{ $patch: 'merge' }] } } } }, mini_ts_1.deployment); }, 400, /^merging lists cannot yet be specified in the patch$/);
});
(0, node_test_1.test)('errors: missing merge key, lists of lists, bad patch bodies', function () {
    fails(function () { return (0, strategic_ts_1.strategicMerge)(live(), { spec: { template: { spec: { containers: [{ image: 'x' }] } } } }, mini_ts_1.deployment); }, 400, /does not contain declared merge key: name$/);
    fails(function () { return (0, strategic_ts_1.strategicMerge)({ metadata: { finalizers: [['a']] } }, { metadata: { finalizers: [['b']] } }, mini_ts_1.deployment); }, 422, /^the server rejected our request due to an error in our request$/);
    fails(function () { return (0, strategic_ts_1.strategicMerge)(live(), [1], mini_ts_1.deployment); }, 400, /^json: cannot unmarshal array into Go value of type map\[string\]interface \{\}$/);
});
(0, node_test_1.test)('new subtrees are cleaned of nulls and directives', function () {
    var p = { spec: { containers: [{ name: 'a', image: 'x', command: null, env: [{ name: 'E', value: '1' }, { $patch: 'delete', name: 'F' }] }] } };
    var out = (0, strategic_ts_1.strategicMerge)({ metadata: { name: 'p' } }, p, mini_ts_1.pod);
    strict_1.default.deepEqual(out.spec.containers, [{ name: 'a', image: 'x', env: [{ name: 'E', value: '1' }] }]);
});
(0, node_test_1.test)('ports merge on containerPort', function () {
    var p = { spec: { template: { spec: { containers: [{ name: 'app', ports: [{ containerPort: 443, name: 'https' }] }] } } } };
    var out = (0, strategic_ts_1.strategicMerge)(live(), p, mini_ts_1.deployment);
    strict_1.default.deepEqual(containers(out)[0].ports, [{ containerPort: 443, name: 'https' }, { containerPort: 80 }]);
});
