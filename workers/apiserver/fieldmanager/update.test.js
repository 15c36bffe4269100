"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var update_ts_1 = require("./update.ts");
var fixtures_test_support_ts_1 = require("./fixtures.test-support.ts");
var json = function (x) { return JSON.stringify(x); };
var schema = fixtures_test_support_ts_1.deploymentSchema;
/** What `kubectl create deployment nginx --image=nginx` sends. */
var createDeployment = function () { return ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx', namespace: 'default', labels: { app: 'nginx' } },
    spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'nginx' } },
        strategy: {},
        template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }] } },
    },
}); };
(0, node_test_1.test)('kubectl create deployment: the Update entry Kubernetes writes', function () {
    var obj = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(createDeployment()));
    var entries = (0, update_ts_1.recordUpdate)({ live: undefined, updated: obj, schema: schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:17:28.734Z') });
    strict_1.default.equal(json(entries), json([
        {
            manager: 'kubectl-create',
            operation: 'Update',
            apiVersion: 'apps/v1',
            time: '2026-09-26T17:17:28Z',
            fieldsType: 'FieldsV1',
            fieldsV1: {
                'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
                'f:spec': {
                    'f:progressDeadlineSeconds': {},
                    'f:replicas': {},
                    'f:revisionHistoryLimit': {},
                    'f:selector': {},
                    'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {}, 'f:maxUnavailable': {} }, 'f:type': {} },
                    'f:template': {
                        'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
                        'f:spec': {
                            'f:containers': {
                                'k:{"name":"nginx"}': {
                                    '.': {},
                                    'f:image': {},
                                    'f:imagePullPolicy': {},
                                    'f:name': {},
                                    'f:resources': {},
                                    'f:terminationMessagePath': {},
                                    'f:terminationMessagePolicy': {},
                                },
                            },
                            'f:dnsPolicy': {},
                            'f:restartPolicy': {},
                            'f:schedulerName': {},
                            'f:securityContext': {},
                            'f:terminationGracePeriodSeconds': {},
                        },
                    },
                },
            },
        },
    ]));
});
(0, node_test_1.test)('a status write is its own entry with subresource, and the writer keeps its other fields', function () {
    var live = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(createDeployment()));
    live.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: undefined, updated: live, schema: schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:17:28Z') });
    var next = (0, fixtures_test_support_ts_1.deep)(live);
    next.status = { observedGeneration: 1, replicas: 1, conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'ok', lastTransitionTime: '2026-09-26T17:17:30Z' }] };
    var entries = (0, update_ts_1.recordUpdate)({ live: live, updated: next, schema: schema, manager: 'kube-controller-manager', apiVersion: 'apps/v1', subresource: 'status', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:17:30Z') });
    strict_1.default.deepEqual(entries.map(function (e) { return [e.manager, e.subresource]; }), [
        ['kubectl-create', undefined],
        ['kube-controller-manager', 'status'],
    ]);
    strict_1.default.equal(json(entries[1].fieldsV1), json({
        'f:status': {
            'f:conditions': {
                '.': {},
                'k:{"type":"Available"}': { '.': {}, 'f:lastTransitionTime': {}, 'f:message': {}, 'f:reason': {}, 'f:status': {}, 'f:type': {} },
            },
            'f:observedGeneration': {},
            'f:replicas': {},
        },
    }));
    strict_1.default.deepEqual(entries[0], live.metadata.managedFields[0]);
});
(0, node_test_1.test)('an update takes the fields it changes from other managers; removed fields leave everyone', function () {
    var live = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(createDeployment()));
    live.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: undefined, updated: live, schema: schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var next = (0, fixtures_test_support_ts_1.deep)(live);
    next.spec.template.spec.containers[0].image = 'nginx:1.27';
    delete next.metadata.labels;
    var entries = (0, update_ts_1.recordUpdate)({ live: live, updated: next, schema: schema, manager: 'kubectl-edit', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:05:00Z') });
    var create = entries[0], edit = entries[1];
    strict_1.default.equal(edit.manager, 'kubectl-edit');
    strict_1.default.deepEqual(edit.fieldsV1, { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { 'f:image': {} } } } } } });
    var c = create.fieldsV1['f:spec']['f:template']['f:spec']['f:containers']['k:{"name":"nginx"}'];
    strict_1.default.equal('f:image' in c, false);
    strict_1.default.equal('f:metadata' in create.fieldsV1, false);
    strict_1.default.equal(create.time, '2026-09-26T17:00:00Z', 'an entry that only lost fields keeps its time');
});
(0, node_test_1.test)('the same manager accumulates; its time moves only when it changes something', function () {
    var live = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(createDeployment()));
    live.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: undefined, updated: live, schema: schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var noop = (0, fixtures_test_support_ts_1.deep)(live);
    noop.metadata.resourceVersion = '9';
    var same = (0, update_ts_1.recordUpdate)({ live: live, updated: noop, schema: schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T18:00:00Z') });
    strict_1.default.deepEqual(same, live.metadata.managedFields);
    var nobody = (0, update_ts_1.recordUpdate)({ live: live, updated: noop, schema: schema, manager: 'someone', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T18:00:00Z') });
    strict_1.default.equal(nobody.length, 1, 'a writer that changes nothing gets no entry');
});
(0, node_test_1.test)('managedFields sent by the client are used; [{}] clears them', function () {
    var live = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(createDeployment()));
    live.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: undefined, updated: live, schema: schema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') });
    var next = (0, fixtures_test_support_ts_1.deep)(live);
    next.metadata.managedFields = [{}];
    strict_1.default.deepEqual((0, update_ts_1.recordUpdate)({ live: live, updated: next, schema: schema, manager: 'x', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T18:00:00Z') }), []);
    var mine = (0, fixtures_test_support_ts_1.deep)(live);
    mine.metadata.managedFields = [{ manager: 'mine', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:paused': {} } } }];
    strict_1.default.deepEqual((0, update_ts_1.recordUpdate)({ live: live, updated: mine, schema: schema, manager: 'x', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T18:00:00Z') }).map(function (e) { return e.manager; }), ['mine']);
});
(0, node_test_1.test)('reset fields are never owned', function () {
    var obj = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(createDeployment()));
    obj.status = { replicas: 3 };
    var entry = (0, update_ts_1.recordUpdate)({ live: undefined, updated: obj, schema: schema, manager: 'm', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z'), resetFields: [['status']] })[0];
    strict_1.default.equal('f:status' in entry.fieldsV1, false);
});
