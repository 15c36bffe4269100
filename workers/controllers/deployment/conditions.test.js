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
var conditions_ts_1 = require("./conditions.ts");
var T0 = new Date('2026-01-01T00:00:00Z');
var T1 = new Date('2026-01-01T00:05:00Z');
var deployment = function (status) {
    if (status === void 0) { status = {}; }
    return ({
        metadata: { name: 'web', generation: 2 },
        spec: { replicas: 4, progressDeadlineSeconds: 60, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } },
        status: status,
    });
};
var rs = function (spec, replicas, ready, available) { return ({ metadata: { name: "rs-".concat(spec) }, spec: { replicas: spec }, status: { replicas: replicas, readyReplicas: ready, availableReplicas: available } }); };
(0, node_test_1.test)('a condition keeps its times when neither status nor reason changes, its transition time when only the reason does', function () {
    var s = {};
    (0, conditions_ts_1.setCondition)(s, (0, conditions_ts_1.newCondition)('Progressing', 'True', 'NewReplicaSetCreated', 'Created', T0));
    (0, conditions_ts_1.setCondition)(s, (0, conditions_ts_1.newCondition)('Progressing', 'True', 'NewReplicaSetCreated', 'Created again', T1));
    strict_1.default.deepEqual(s.conditions, [{ type: 'Progressing', status: 'True', reason: 'NewReplicaSetCreated', message: 'Created', lastUpdateTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' }]);
    (0, conditions_ts_1.setCondition)(s, (0, conditions_ts_1.newCondition)('Progressing', 'True', 'ReplicaSetUpdated', 'moving', T1));
    strict_1.default.equal(s.conditions[0].lastTransitionTime, '2026-01-01T00:00:00Z');
    strict_1.default.equal(s.conditions[0].lastUpdateTime, '2026-01-01T00:05:00Z');
});
(0, node_test_1.test)('the status sums the ReplicaSets; Available needs replicas - maxUnavailable available pods', function () {
    var _a, _b;
    var d = deployment();
    var status = (0, conditions_ts_1.calculateStatus)([rs(3, 3, 3, 3), rs(2, 2, 1, 0)], rs(2, 2, 1, 0), d, T0);
    strict_1.default.deepEqual(__assign(__assign({}, status), { conditions: undefined }), { observedGeneration: 2, replicas: 5, updatedReplicas: 2, readyReplicas: 4, availableReplicas: 3, unavailableReplicas: 2, conditions: undefined });
    strict_1.default.deepEqual((_a = status.conditions) === null || _a === void 0 ? void 0 : _a.map(function (c) { return c.reason; }), ['MinimumReplicasAvailable']);
    strict_1.default.deepEqual((_b = (0, conditions_ts_1.calculateStatus)([rs(4, 4, 2, 2)], rs(4, 4, 2, 2), d, T0).conditions) === null || _b === void 0 ? void 0 : _b.map(function (c) { return [c.status, c.reason, c.message]; }), [['False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.']]);
});
(0, node_test_1.test)('complete, progressing, timed out', function () {
    var done = { observedGeneration: 2, replicas: 4, updatedReplicas: 4, availableReplicas: 4 };
    strict_1.default.ok((0, conditions_ts_1.deploymentComplete)(deployment(), done));
    strict_1.default.ok(!(0, conditions_ts_1.deploymentComplete)(deployment(), __assign(__assign({}, done), { observedGeneration: 1 })));
    strict_1.default.ok(!(0, conditions_ts_1.deploymentComplete)(deployment(), __assign(__assign({}, done), { replicas: 5 })), 'an old pod still there');
    strict_1.default.ok((0, conditions_ts_1.deploymentProgressing)(deployment({ replicas: 5, updatedReplicas: 1 }), { replicas: 5, updatedReplicas: 2 }));
    strict_1.default.ok((0, conditions_ts_1.deploymentProgressing)(deployment({ replicas: 5, updatedReplicas: 2 }), { replicas: 4, updatedReplicas: 2 }), 'one old pod less');
    strict_1.default.ok(!(0, conditions_ts_1.deploymentProgressing)(deployment({ replicas: 5, updatedReplicas: 2, availableReplicas: 3 }), { replicas: 5, updatedReplicas: 2, availableReplicas: 3 }));
    var stuck = { conditions: [(0, conditions_ts_1.newCondition)('Progressing', 'True', 'ReplicaSetUpdated', 'moving', T0)] };
    strict_1.default.ok(!(0, conditions_ts_1.deploymentTimedOut)(deployment(), stuck, new Date(T0.getTime() + 59000)));
    strict_1.default.ok((0, conditions_ts_1.deploymentTimedOut)(deployment(), stuck, new Date(T0.getTime() + 61000)));
    strict_1.default.ok(!(0, conditions_ts_1.deploymentTimedOut)(deployment(), { conditions: [(0, conditions_ts_1.newCondition)('Progressing', 'True', 'NewReplicaSetAvailable', 'done', T0)] }, T1), 'a finished rollout never times out');
});
(0, node_test_1.test)('sameStatus sees every field the controller writes, and nothing else', function () {
    strict_1.default.ok((0, conditions_ts_1.sameStatus)({}, { replicas: 0, conditions: [] }));
    strict_1.default.ok(!(0, conditions_ts_1.sameStatus)({ replicas: 1 }, { replicas: 1, collisionCount: 1 }));
    strict_1.default.ok(!(0, conditions_ts_1.sameStatus)({ conditions: [(0, conditions_ts_1.newCondition)('Available', 'True', 'A', 'm', T0)] }, { conditions: [(0, conditions_ts_1.newCondition)('Available', 'True', 'A', 'm', T1)] }));
});
