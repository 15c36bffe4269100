"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var requests_ts_1 = require("./requests.ts");
var fake_context_test_support_ts_1 = require("../nodelifecycle/fake-context.test-support.ts");
var c = function (name, requests, restartPolicy) { return ({ name: name, image: 'x', resources: { requests: requests }, restartPolicy: restartPolicy }); };
(0, node_test_1.test)('quantities become millicores for cpu and rounded-up units otherwise', function () {
    strict_1.default.equal((0, requests_ts_1.amount)('cpu', '500m'), 500);
    strict_1.default.equal((0, requests_ts_1.amount)('cpu', '2'), 2000);
    strict_1.default.equal((0, requests_ts_1.amount)('cpu', '0.1'), 100);
    strict_1.default.equal((0, requests_ts_1.amount)('cpu', '1u'), 1);
    strict_1.default.equal((0, requests_ts_1.amount)('memory', '1Gi'), Math.pow(1024, 3));
    strict_1.default.equal((0, requests_ts_1.amount)('memory', '1.5k'), 1500);
    strict_1.default.equal((0, requests_ts_1.amount)('memory', 'nonsense'), 0);
    strict_1.default.equal((0, requests_ts_1.amount)('pods', '110'), 110);
});
(0, node_test_1.test)('containers add up; init containers count by the largest; sidecars add to both; overhead is added', function () {
    var pod = (0, fake_context_test_support_ts_1.makePod)('p', {
        spec: {
            containers: [c('a', { cpu: '100m', memory: '64Mi' }), c('b', { cpu: '200m' })],
            initContainers: [c('init', { cpu: '1', memory: '32Mi' })],
            overhead: { cpu: '10m' },
        },
    });
    strict_1.default.deepEqual((0, requests_ts_1.podRequests)(pod), { cpu: 1010, memory: 64 * Math.pow(1024, 2) });
    var sidecar = (0, fake_context_test_support_ts_1.makePod)('p', {
        spec: { containers: [c('a', { cpu: '100m' })], initContainers: [c('side', { cpu: '300m' }, 'Always'), c('init', { cpu: '350m' })] },
    });
    // running: 100 + 300 = 400; while init runs: 350 + sidecar 300 = 650
    strict_1.default.deepEqual((0, requests_ts_1.podRequests)(sidecar), { cpu: 650 });
});
(0, node_test_1.test)('for scoring, containers without requests count 100m cpu and 200Mi memory', function () {
    var pod = (0, fake_context_test_support_ts_1.makePod)('p', { spec: { containers: [c('a', {}), c('b', { cpu: '1' })] } });
    strict_1.default.deepEqual((0, requests_ts_1.podRequests)(pod), { cpu: 1000 });
    strict_1.default.deepEqual((0, requests_ts_1.podRequests)(pod, true), { cpu: 1100, memory: 2 * 200 * Math.pow(1024, 2) });
});
