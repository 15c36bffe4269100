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
var replicas_ts_1 = require("./replicas.ts");
var deployment = function (replicas, surge, unavailable, type) {
    if (surge === void 0) { surge = '25%'; }
    if (unavailable === void 0) { unavailable = '25%'; }
    if (type === void 0) { type = 'RollingUpdate'; }
    return ({
        metadata: { name: 'd' },
        spec: { replicas: replicas, strategy: { type: type, rollingUpdate: type === 'RollingUpdate' ? { maxSurge: surge, maxUnavailable: unavailable } : undefined } },
        status: {},
    });
};
var rs = function (replicas, maxReplicas) { return ({
    metadata: { name: "rs-".concat(replicas), annotations: maxReplicas === undefined ? undefined : { 'deployment.kubernetes.io/max-replicas': String(maxReplicas) } },
    spec: { replicas: replicas },
}); };
(0, node_test_1.test)('percentages: surge rounds up, unavailable rounds down', function () {
    strict_1.default.equal((0, replicas_ts_1.scaledValue)('25%', 3, true), 1);
    strict_1.default.equal((0, replicas_ts_1.scaledValue)('25%', 3, false), 0);
    strict_1.default.equal((0, replicas_ts_1.scaledValue)('25%', 10, true), 3);
    strict_1.default.equal((0, replicas_ts_1.scaledValue)('25%', 10, false), 2);
    strict_1.default.equal((0, replicas_ts_1.scaledValue)(2, 10, false), 2);
    strict_1.default.throws(function () { return (0, replicas_ts_1.scaledValue)('25', 10, true); }, /not a percentage/);
});
(0, node_test_1.test)('fenceposts: both zero lets one pod be unavailable; unavailable never exceeds the replicas', function () {
    strict_1.default.deepEqual((0, replicas_ts_1.resolveFenceposts)(deployment(3)), { surge: 1, unavailable: 0 });
    strict_1.default.deepEqual((0, replicas_ts_1.resolveFenceposts)(deployment(1, 0, '25%')), { surge: 0, unavailable: 1 });
    strict_1.default.equal((0, replicas_ts_1.maxUnavailable)(deployment(2, 0, 5)), 2);
    strict_1.default.equal((0, replicas_ts_1.maxUnavailable)(deployment(0)), 0);
    strict_1.default.equal((0, replicas_ts_1.maxSurge)(deployment(3, '25%', '25%', 'Recreate')), 0);
    strict_1.default.equal((0, replicas_ts_1.maxUnavailable)(deployment(3, '25%', '25%', 'Recreate')), 0);
});
(0, node_test_1.test)('the new ReplicaSet grows within replicas + maxSurge, and never beyond the replicas', function () {
    var d = deployment(3);
    strict_1.default.equal((0, replicas_ts_1.newRSNewReplicas)(d, [rs(0)], rs(0)), 3, 'a first rollout starts at full size');
    strict_1.default.equal((0, replicas_ts_1.newRSNewReplicas)(d, [rs(3), rs(0)], rs(0)), 1, 'beside 3 old pods: one surge pod');
    strict_1.default.equal((0, replicas_ts_1.newRSNewReplicas)(d, [rs(3), rs(1)], rs(1)), 1, 'at the surge limit: no growth');
    strict_1.default.equal((0, replicas_ts_1.newRSNewReplicas)(d, [rs(2), rs(1)], rs(1)), 2);
    strict_1.default.equal((0, replicas_ts_1.newRSNewReplicas)(deployment(3, '25%', '25%', 'Recreate'), [rs(3), rs(0)], rs(0)), 3);
});
(0, node_test_1.test)('proportions: a scaling mid-rollout is shared by size, relative to the size each was made for', function () {
    var d = deployment(6); // max 6 + 2 = 8, the ReplicaSets were sized for 3 + 1 = 4
    strict_1.default.equal((0, replicas_ts_1.proportion)(rs(3, 4), d, 4, 0), 3);
    strict_1.default.equal((0, replicas_ts_1.proportion)(rs(1, 4), d, 4, 3), 1);
    strict_1.default.equal((0, replicas_ts_1.proportion)(rs(1, 4), d, 4, 4), 0, 'nothing left to hand out');
    var down = deployment(1); // max 1 + 1 = 2 from 4: 3 becomes 1.5, rounded to 2
    strict_1.default.equal((0, replicas_ts_1.proportion)(rs(3, 4), down, -2, 0), -1);
    strict_1.default.equal((0, replicas_ts_1.proportion)(rs(3, 4), deployment(0), -4, 0), -3, 'to zero: all of it');
    strict_1.default.equal((0, replicas_ts_1.proportion)(rs(3, 4), deployment(0), -4, -2), -2, 'shrinking: never more than what is left to remove');
    strict_1.default.equal((0, replicas_ts_1.proportion)(rs(0, 4), d, 4, 0), 0, 'an empty ReplicaSet is never grown proportionally');
    strict_1.default.equal((0, replicas_ts_1.proportion)(rs(2), __assign(__assign({}, d), { status: { replicas: 4 } }), 4, 0), 2, 'without annotation: the Deployment size');
});
