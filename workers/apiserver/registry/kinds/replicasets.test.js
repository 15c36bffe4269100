"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var v = require("valibot");
var replicaset_ts_1 = require("../../../../lib/api/apps/replicaset.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var replicasets_ts_1 = require("./replicasets.ts");
var messages = function (errs) { return errs.map(function (e) { return "".concat(e.field, ": ").concat(e.body); }); };
/** As the deployment controller writes one. */
var rs = function () { return ({
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
        name: 'vitrine-7d9c6b5f8',
        namespace: 'default',
        labels: { app: 'vitrine', 'pod-template-hash': '7d9c6b5f8' },
        annotations: { 'deployment.kubernetes.io/revision': '1', 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4' },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'vitrine', uid: '0b1c', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
        replicas: 3,
        minReadySeconds: 0,
        selector: { matchLabels: { app: 'vitrine', 'pod-template-hash': '7d9c6b5f8' } },
        template: {
            metadata: { labels: { app: 'vitrine', 'pod-template-hash': '7d9c6b5f8' } },
            spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
        },
    },
    status: {
        replicas: 3,
        fullyLabeledReplicas: 3,
        readyReplicas: 2,
        availableReplicas: 2,
        observedGeneration: 1,
        conditions: [{ type: 'ReplicaFailure', status: 'False', lastTransitionTime: '2025-01-01T12:00:00Z', reason: 'r', message: 'm' }],
    },
}); };
var defaulted = function (r) { return (replicasets_ts_1.default.defaults(r), r); };
(0, node_test_1.test)('the schema keeps every field of a controller-written ReplicaSet', function () {
    var input = rs();
    strict_1.default.deepEqual(v.parse(replicaset_ts_1.replicaSetSchema, input), input);
});
(0, node_test_1.test)('defaults: replicas 1 and the template defaults', function () {
    var r = rs();
    delete r.spec.replicas;
    defaulted(r);
    strict_1.default.equal(r.spec.replicas, 1);
    strict_1.default.equal(r.spec.template.spec.containers[0].imagePullPolicy, 'IfNotPresent');
    strict_1.default.equal(r.spec.template.spec.schedulerName, 'default-scheduler');
    strict_1.default.equal(r.spec.template.metadata.creationTimestamp, null);
    strict_1.default.deepEqual(replicasets_ts_1.default.validate(r), []);
});
(0, node_test_1.test)('validation: selector required and matching the template, replicas >= 0', function () {
    var r = defaulted(rs());
    r.spec.replicas = -2;
    r.spec.template.metadata.labels = { app: 'other' };
    strict_1.default.equal((0, errors_ts_1.invalid)({ group: 'apps', kind: 'ReplicaSet' }, r.metadata.name, replicasets_ts_1.default.validate(r)).status.message, 'ReplicaSet.apps "vitrine-7d9c6b5f8" is invalid: [spec.replicas: Invalid value: -2: must be greater than or equal to 0, spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`]');
    var noSelector = defaulted(rs());
    delete noSelector.spec.selector;
    delete noSelector.spec.template.metadata.labels;
    strict_1.default.deepEqual(messages(replicasets_ts_1.default.validate(noSelector)), [
        'spec.selector: Required value',
        'spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`',
    ]);
    var badOperator = defaulted(rs());
    badOperator.spec.selector = { matchExpressions: [{ key: 'app', operator: 'Is', values: ['x'] }] };
    strict_1.default.deepEqual(messages(replicasets_ts_1.default.validate(badOperator)), [
        'spec.selector.matchExpressions[0].operator: Invalid value: "Is": not a valid selector operator',
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"Is", Values:[]string{"x"}}}}: invalid label selector',
    ]);
});
(0, node_test_1.test)('update: selector immutable; status kept; a status write keeps the spec', function () {
    var old = defaulted(rs());
    var next = structuredClone(old);
    next.spec.selector = { matchLabels: { app: 'vitrine' } };
    strict_1.default.equal(messages(replicasets_ts_1.default.validateUpdate(next, old)).length, 1);
    next.status = { replicas: 0 };
    replicasets_ts_1.default.prepareForUpdate(next, old);
    strict_1.default.equal(next.status.replicas, 3);
    var status = structuredClone(old);
    status.spec.replicas = 10;
    status.status = { replicas: 3, readyReplicas: 3 };
    replicasets_ts_1.default.prepareForStatusUpdate(status, old);
    strict_1.default.equal(status.spec.replicas, 3);
    strict_1.default.equal(status.status.readyReplicas, 3);
    var fresh = defaulted(rs());
    replicasets_ts_1.default.prepareForCreate(fresh);
    strict_1.default.deepEqual(fresh.status, { replicas: 0 });
});
(0, node_test_1.test)('table: DESIRED, CURRENT and READY are integers; the selector is formatted', function () {
    var r = defaulted(rs());
    r.metadata.creationTimestamp = '2025-01-01T12:00:00Z';
    var cells = replicasets_ts_1.default.table.cells(r, Date.parse('2025-01-01T12:03:02Z'));
    strict_1.default.deepEqual(cells, ['vitrine-7d9c6b5f8', 3, 3, 2, '3m2s', 'nginx', 'nginx:1.27', 'app=vitrine,pod-template-hash=7d9c6b5f8']);
    strict_1.default.deepEqual(replicasets_ts_1.default.table.columns.map(function (c) { return [c.name, c.type, c.priority]; }), [
        ['Name', 'string', 0],
        ['Desired', 'integer', 0],
        ['Current', 'integer', 0],
        ['Ready', 'integer', 0],
        ['Age', 'string', 0],
        ['Containers', 'string', 1],
        ['Images', 'string', 1],
        ['Selector', 'string', 1],
    ]);
    delete r.spec.selector;
    strict_1.default.equal(replicasets_ts_1.default.table.cells(r, 0)[7], '<none>');
    strict_1.default.equal(replicasets_ts_1.default.fieldSelectors['status.replicas'](r), '3');
});
