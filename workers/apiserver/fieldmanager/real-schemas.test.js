"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
/** The same expectations against the real kind schemas (lib/api), which other parts maintain. */
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var deployment_ts_1 = require("../../../lib/api/apps/deployment.ts");
var configmap_ts_1 = require("../../../lib/api/core/configmap.ts");
var update_ts_1 = require("./update.ts");
var apply_ts_1 = require("./apply.ts");
var fixtures_test_support_ts_1 = require("./fixtures.test-support.ts");
var json = function (x) { return JSON.stringify(x); };
(0, node_test_1.test)('apps/v1 Deployment: kubectl create deployment records the Update entry Kubernetes writes', function () {
    var sent = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'nginx', namespace: 'default', labels: { app: 'nginx' } },
        spec: { replicas: 1, selector: { matchLabels: { app: 'nginx' } }, strategy: {}, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }] } } },
    };
    var entry = (0, update_ts_1.recordUpdate)({ live: undefined, updated: (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(sent)), schema: deployment_ts_1.deploymentSchema, manager: 'kubectl-create', apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:17:28Z') })[0];
    strict_1.default.equal(json(entry.fieldsV1), json({
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
                        'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:imagePullPolicy': {}, 'f:name': {}, 'f:resources': {}, 'f:terminationMessagePath': {}, 'f:terminationMessagePolicy': {} },
                    },
                    'f:dnsPolicy': {},
                    'f:restartPolicy': {},
                    'f:schedulerName': {},
                    'f:securityContext': {},
                    'f:terminationGracePeriodSeconds': {},
                },
            },
        },
    }));
});
(0, node_test_1.test)('apps/v1 Deployment: the chapter apply owns exactly its file, and conflicts with scale', function () {
    var first = (0, apply_ts_1.apply)({ live: undefined, config: (0, fixtures_test_support_ts_1.vitrineConfig)(2), schema: deployment_ts_1.deploymentSchema, manager: 'equipe-web', force: false, apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:17:28Z') });
    strict_1.default.equal(json(first.managedFields[0].fieldsV1), json({
        'f:spec': {
            'f:replicas': {},
            'f:selector': {},
            'f:template': {
                'f:metadata': { 'f:labels': { 'f:app': {} } },
                'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:args': {}, 'f:image': {}, 'f:name': {}, 'f:resources': { 'f:requests': { 'f:cpu': {}, 'f:memory': {} } } } } },
            },
        },
    }));
    var live = (0, fixtures_test_support_ts_1.created)((0, fixtures_test_support_ts_1.defaulted)(first.object));
    var scaled = (0, fixtures_test_support_ts_1.deep)(live);
    scaled.spec.replicas = 4;
    scaled.metadata.managedFields = (0, update_ts_1.recordUpdate)({ live: live, updated: scaled, schema: deployment_ts_1.deploymentSchema, manager: 'kubectl', apiVersion: 'apps/v1', subresource: 'scale', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:18:00Z') });
    strict_1.default.throws(function () { return (0, apply_ts_1.apply)({ live: scaled, config: (0, fixtures_test_support_ts_1.vitrineConfig)(2), schema: deployment_ts_1.deploymentSchema, manager: 'equipe-web', force: false, apiVersion: 'apps/v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:19:00Z') }); }, { message: 'Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas' });
});
(0, node_test_1.test)('v1 ConfigMap: data keys are owned one by one', function () {
    var cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'reglages', namespace: 'ch34' }, data: { couleur: 'bleu', taille: 'M' } };
    var entry = (0, update_ts_1.recordUpdate)({ live: undefined, updated: (0, fixtures_test_support_ts_1.created)(cm), schema: configmap_ts_1.configMap, manager: 'kubectl-create', apiVersion: 'v1', now: (0, fixtures_test_support_ts_1.at)('2026-09-26T17:00:00Z') })[0];
    strict_1.default.deepEqual(entry.fieldsV1, { 'f:data': { '.': {}, 'f:couleur': {}, 'f:taille': {} } });
});
