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
var table_ts_1 = require("./table.ts");
var NOW = Date.parse('2025-01-01T12:10:00Z');
var pod = function (p) {
    if (p === void 0) { p = {}; }
    return ({
        metadata: __assign({ name: 'web', creationTimestamp: '2025-01-01T12:00:00Z' }, p.metadata),
        spec: __assign({ containers: [{ name: 'app', image: 'nginx' }] }, p.spec),
        status: p.status,
    });
};
var running = function (name, ready) {
    if (ready === void 0) { ready = true; }
    return ({ name: name, ready: ready, restartCount: 0, image: 'nginx', imageID: '', state: { running: { startedAt: '2025-01-01T12:00:05Z' } } });
};
(0, node_test_1.test)('columns: the wide set, with IP, Node, Nominated Node and Readiness Gates at priority 1', function () {
    strict_1.default.deepEqual(table_ts_1.podColumns.map(function (c) { return [c.name, c.type, c.priority]; }), [
        ['Name', 'string', 0],
        ['Ready', 'string', 0],
        ['Status', 'string', 0],
        ['Restarts', 'string', 0],
        ['Age', 'string', 0],
        ['IP', 'string', 1],
        ['Node', 'string', 1],
        ['Nominated Node', 'string', 1],
        ['Readiness Gates', 'string', 1],
    ]);
    strict_1.default.match(table_ts_1.podColumns[5].description, /^podIP address allocated to the pod/);
});
(0, node_test_1.test)('Pending with no statuses', function () {
    strict_1.default.deepEqual((0, table_ts_1.podCells)(pod({ status: { phase: 'Pending' } }), NOW), ['web', '0/1', 'Pending', '0', '10m', '<none>', '<none>', '<none>', '<none>']);
});
(0, node_test_1.test)('Running and ready, scheduled, with an IP', function () {
    var p = pod({ spec: { nodeName: 'n1', containers: [{ name: 'app' }] }, status: { phase: 'Running', podIPs: [{ ip: '10.0.0.5' }], containerStatuses: [running('app')] } });
    strict_1.default.deepEqual((0, table_ts_1.podCells)(p, NOW), ['web', '1/1', 'Running', '0', '10m', '10.0.0.5', 'n1', '<none>', '<none>']);
});
(0, node_test_1.test)('CrashLoopBackOff with restarts and the age of the last one', function () {
    var p = pod({
        status: {
            phase: 'Running',
            containerStatuses: [
                {
                    name: 'app',
                    ready: false,
                    restartCount: 3,
                    image: 'nginx',
                    imageID: '',
                    state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } },
                    lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: '2025-01-01T12:05:00Z' } },
                },
            ],
        },
    });
    strict_1.default.deepEqual((0, table_ts_1.podCells)(p, NOW).slice(1, 4), ['0/1', 'CrashLoopBackOff', '3 (5m ago)']);
});
(0, node_test_1.test)('Terminating while deleting, unless the pod already finished', function () {
    var p = pod({ metadata: { name: 'web', deletionTimestamp: '2025-01-01T12:09:30Z' }, status: { phase: 'Running', containerStatuses: [running('app')] } });
    strict_1.default.equal((0, table_ts_1.podCells)(p, NOW)[2], 'Terminating');
    p.status.phase = 'Succeeded';
    p.status.containerStatuses = [{ name: 'app', ready: false, restartCount: 0, image: 'nginx', imageID: '', state: { terminated: { exitCode: 0, reason: 'Completed' } } }];
    strict_1.default.equal((0, table_ts_1.podCells)(p, NOW)[2], 'Completed');
    p.status.reason = 'NodeLost';
    p.status.phase = 'Running';
    strict_1.default.equal((0, table_ts_1.podCells)(p, NOW)[2], 'Unknown');
});
(0, node_test_1.test)('Init:0/1 while the init container runs; Init:Error when it fails', function () {
    var p = pod({
        spec: { initContainers: [{ name: 'setup', image: 'busybox' }], containers: [{ name: 'app', image: 'nginx' }] },
        status: {
            phase: 'Pending',
            initContainerStatuses: [{ name: 'setup', ready: false, restartCount: 0, image: 'busybox', imageID: '', state: { running: { startedAt: '2025-01-01T12:00:01Z' } } }],
            containerStatuses: [{ name: 'app', ready: false, restartCount: 0, image: 'nginx', imageID: '', state: { waiting: { reason: 'PodInitializing' } } }],
        },
    });
    strict_1.default.deepEqual((0, table_ts_1.podCells)(p, NOW).slice(1, 4), ['0/1', 'Init:0/1', '0']);
    p.status.initContainerStatuses[0].state = { terminated: { exitCode: 2, reason: 'Error' } };
    p.status.initContainerStatuses[0].restartCount = 1;
    strict_1.default.deepEqual((0, table_ts_1.podCells)(p, NOW).slice(1, 4), ['0/1', 'Init:Error', '1']);
    p.status.initContainerStatuses[0].state = { waiting: { reason: 'CrashLoopBackOff' } };
    strict_1.default.equal((0, table_ts_1.podCells)(p, NOW)[2], 'Init:CrashLoopBackOff');
});
(0, node_test_1.test)('a started, ready sidecar counts toward READY and its restarts survive initialization', function () {
    var p = pod({
        spec: { initContainers: [{ name: 'log', image: 'busybox', restartPolicy: 'Always' }], containers: [{ name: 'app', image: 'nginx' }] },
        status: {
            phase: 'Running',
            conditions: [{ type: 'Initialized', status: 'True' }],
            initContainerStatuses: [__assign(__assign({}, running('log')), { started: true, restartCount: 2, lastState: { terminated: { exitCode: 1, finishedAt: '2025-01-01T12:08:00Z' } } })],
            containerStatuses: [running('app')],
        },
    });
    strict_1.default.deepEqual((0, table_ts_1.podCells)(p, NOW).slice(1, 4), ['2/2', 'Running', '2 (2m ago)']);
});
(0, node_test_1.test)('Completed, and NotReady when a finished container sits beside a running one', function () {
    var done = { name: 'job', ready: false, restartCount: 0, image: 'busybox', imageID: '', state: { terminated: { exitCode: 0, reason: 'Completed' } } };
    var p = pod({ spec: { containers: [{ name: 'job' }] }, status: { phase: 'Succeeded', containerStatuses: [done] } });
    strict_1.default.deepEqual((0, table_ts_1.podCells)(p, NOW).slice(1, 4), ['0/1', 'Completed', '0']);
    strict_1.default.deepEqual((0, table_ts_1.podRowConditions)(p), [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
    var mixed = pod({ spec: { containers: [{ name: 'job' }, { name: 'app' }] }, status: { phase: 'Running', containerStatuses: [done, running('app')] } });
    strict_1.default.deepEqual((0, table_ts_1.podCells)(mixed, NOW).slice(1, 3), ['1/2', 'NotReady']);
    mixed.status.conditions = [{ type: 'Ready', status: 'True' }];
    strict_1.default.equal((0, table_ts_1.podCells)(mixed, NOW)[2], 'Running');
});
(0, node_test_1.test)('terminated without a reason shows the signal or exit code; gated pods show SchedulingGated', function () {
    var p = pod({ status: { phase: 'Running', containerStatuses: [{ name: 'app', ready: false, restartCount: 0, image: '', imageID: '', state: { terminated: { exitCode: 137, signal: 9 } } }] } });
    strict_1.default.equal((0, table_ts_1.podCells)(p, NOW)[2], 'Signal:9');
    p.status.containerStatuses[0].state = { terminated: { exitCode: 3 } };
    strict_1.default.equal((0, table_ts_1.podCells)(p, NOW)[2], 'ExitCode:3');
    var gated = pod({ status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] } });
    strict_1.default.equal((0, table_ts_1.podCells)(gated, NOW)[2], 'SchedulingGated');
});
(0, node_test_1.test)('readiness gates count the conditions that are True', function () {
    var p = pod({
        spec: { containers: [{ name: 'app' }], readinessGates: [{ conditionType: 'example.com/lb' }, { conditionType: 'example.com/dns' }] },
        status: { phase: 'Running', conditions: [{ type: 'example.com/lb', status: 'True' }, { type: 'example.com/dns', status: 'False' }] },
    });
    strict_1.default.equal((0, table_ts_1.podCells)(p, NOW)[8], '1/2');
});
