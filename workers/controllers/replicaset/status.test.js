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
var status_ts_1 = require("./status.ts");
var NOW = new Date('2026-01-01T12:00:00Z');
var ago = function (s) { return new Date(NOW.getTime() - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'); };
var rs = function (o) {
    if (o === void 0) { o = {}; }
    return ({
        metadata: { name: 'web-abc', namespace: 'ns', generation: 4 },
        spec: { replicas: 3, minReadySeconds: o.minReadySeconds, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web', tier: 'front' } } } },
        status: { replicas: 0, conditions: o.conditions },
    });
};
var pod = function (labels, readyFor) { return ({
    metadata: { name: 'p', labels: labels },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: readyFor === undefined ? 'False' : 'True', lastTransitionTime: ago(readyFor !== null && readyFor !== void 0 ? readyFor : 0) }] },
}); };
(0, node_test_1.test)('counts pods, fully labelled ones, ready and available ones; observes the generation', function () {
    var s = (0, status_ts_1.replicaSetStatus)(rs(), [pod({ app: 'web', tier: 'front' }, 10), pod({ app: 'web' }, 10), pod({ app: 'web', tier: 'front' })], undefined, NOW);
    strict_1.default.deepEqual(s, { replicas: 3, fullyLabeledReplicas: 2, readyReplicas: 2, availableReplicas: 2, observedGeneration: 4 });
});
(0, node_test_1.test)('minReadySeconds: ready is not yet available, and the controller knows when it will be', function () {
    var pods = [pod({ app: 'web' }, 3), pod({ app: 'web' }, 30)];
    var s = (0, status_ts_1.replicaSetStatus)(rs({ minReadySeconds: 10 }), pods, undefined, NOW);
    strict_1.default.equal(s.readyReplicas, 2);
    strict_1.default.equal(s.availableReplicas, 1);
    strict_1.default.equal((0, status_ts_1.nextAvailableAt)(rs({ minReadySeconds: 10 }), pods, NOW), NOW.getTime() + 7000);
    strict_1.default.equal((0, status_ts_1.nextAvailableAt)(rs(), pods, NOW), undefined);
});
(0, node_test_1.test)('a failure to create or delete sets ReplicaFailure once; success clears it', function () {
    var failing = (0, status_ts_1.replicaSetStatus)(rs(), [], { reason: 'FailedCreate', message: 'pods "x" is forbidden: quota' }, NOW);
    strict_1.default.deepEqual(failing.conditions, [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'pods "x" is forbidden: quota', lastTransitionTime: '2026-01-01T12:00:00Z' }]);
    var still = (0, status_ts_1.replicaSetStatus)(__assign(__assign({}, rs()), { status: failing }), [], { reason: 'FailedCreate', message: 'again' }, new Date(NOW.getTime() + 60000));
    strict_1.default.deepEqual(still.conditions, failing.conditions);
    strict_1.default.equal((0, status_ts_1.replicaSetStatus)(__assign(__assign({}, rs()), { status: failing }), [], undefined, NOW).conditions, undefined);
});
(0, node_test_1.test)('sameStatus compares what the controller writes', function () {
    strict_1.default.ok((0, status_ts_1.sameStatus)({ replicas: 0 }, { replicas: 0, fullyLabeledReplicas: 0, readyReplicas: 0, availableReplicas: 0, observedGeneration: 0 }));
    strict_1.default.ok(!(0, status_ts_1.sameStatus)({ replicas: 1, observedGeneration: 1 }, { replicas: 1, observedGeneration: 2 }));
});
