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
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.progressDeadlineAt = exports.hasProgressDeadline = exports.getCondition = exports.REASON = void 0;
exports.newCondition = newCondition;
exports.removeCondition = removeCondition;
exports.setCondition = setCondition;
exports.calculateStatus = calculateStatus;
exports.deploymentComplete = deploymentComplete;
exports.deploymentProgressing = deploymentProgressing;
exports.deploymentTimedOut = deploymentTimedOut;
exports.sameStatus = sameStatus;
var replicas_ts_1 = require("./replicas.ts");
exports.REASON = {
    replicaSetUpdated: 'ReplicaSetUpdated',
    failedRSCreate: 'ReplicaSetCreateError',
    newReplicaSet: 'NewReplicaSetCreated',
    foundNewRS: 'FoundNewReplicaSet',
    newRSAvailable: 'NewReplicaSetAvailable',
    timedOut: 'ProgressDeadlineExceeded',
    paused: 'DeploymentPaused',
    resumed: 'DeploymentResumed',
    minimumAvailable: 'MinimumReplicasAvailable',
    minimumUnavailable: 'MinimumReplicasUnavailable',
};
var rfc3339 = function (d) { return d.toISOString().replace(/\.\d{3}Z$/, 'Z'); };
function newCondition(type, status, reason, message, now) {
    var t = rfc3339(now);
    return { type: type, status: status, lastUpdateTime: t, lastTransitionTime: t, reason: reason, message: message };
}
var getCondition = function (status, type) { var _a; return (_a = status === null || status === void 0 ? void 0 : status.conditions) === null || _a === void 0 ? void 0 : _a.find(function (c) { return c.type === type; }); };
exports.getCondition = getCondition;
function removeCondition(status, type) {
    var _a;
    status.conditions = ((_a = status.conditions) !== null && _a !== void 0 ? _a : []).filter(function (c) { return c.type !== type; });
    if (!status.conditions.length)
        delete status.conditions;
}
/** Same status and reason: left as is. Same status: keeps its transition time. */
function setCondition(status, c) {
    var _a;
    var current = (0, exports.getCondition)(status, c.type);
    if (current && current.status === c.status && current.reason === c.reason)
        return;
    if (current && current.status === c.status)
        c = __assign(__assign({}, c), { lastTransitionTime: current.lastTransitionTime });
    status.conditions = __spreadArray(__spreadArray([], ((_a = status.conditions) !== null && _a !== void 0 ? _a : []).filter(function (x) { return x.type !== c.type; }), true), [c], false);
}
/** deploymentutil.HasProgressDeadline: set, and not MaxInt32 (which means none). */
var hasProgressDeadline = function (d) { var _a; return ((_a = d.spec) === null || _a === void 0 ? void 0 : _a.progressDeadlineSeconds) != null && d.spec.progressDeadlineSeconds !== 2147483647; };
exports.hasProgressDeadline = hasProgressDeadline;
/** The counts, summed over the ReplicaSets, and the Available condition (deployment calculateStatus). */
function calculateStatus(all, newRS, d, now) {
    var _a, _b, _c, _d;
    var available = (0, replicas_ts_1.sumStatus)(all, 'availableReplicas');
    var status = {
        observedGeneration: (_a = d.metadata.generation) !== null && _a !== void 0 ? _a : 0,
        replicas: (0, replicas_ts_1.sumStatus)(all, 'replicas'),
        updatedReplicas: (0, replicas_ts_1.sumStatus)([newRS], 'replicas'),
        readyReplicas: (0, replicas_ts_1.sumStatus)(all, 'readyReplicas'),
        availableReplicas: available,
        unavailableReplicas: Math.max(0, (0, replicas_ts_1.sumSpecReplicas)(all) - available),
    };
    if (((_b = d.status) === null || _b === void 0 ? void 0 : _b.collisionCount) != null)
        status.collisionCount = d.status.collisionCount;
    if ((_d = (_c = d.status) === null || _c === void 0 ? void 0 : _c.conditions) === null || _d === void 0 ? void 0 : _d.length)
        status.conditions = d.status.conditions.map(function (c) { return (__assign({}, c)); });
    if (available >= (0, replicas_ts_1.specReplicas)(d) - (0, replicas_ts_1.maxUnavailable)(d))
        setCondition(status, newCondition('Available', 'True', exports.REASON.minimumAvailable, 'Deployment has minimum availability.', now));
    else
        setCondition(status, newCondition('Available', 'False', exports.REASON.minimumUnavailable, 'Deployment does not have minimum availability.', now));
    return status;
}
/** Every desired pod updated and available, nothing old left, the latest spec seen. */
function deploymentComplete(d, s) {
    var _a, _b, _c, _d, _e;
    var want = (0, replicas_ts_1.specReplicas)(d);
    return ((_a = s === null || s === void 0 ? void 0 : s.updatedReplicas) !== null && _a !== void 0 ? _a : 0) === want && ((_b = s === null || s === void 0 ? void 0 : s.replicas) !== null && _b !== void 0 ? _b : 0) === want && ((_c = s === null || s === void 0 ? void 0 : s.availableReplicas) !== null && _c !== void 0 ? _c : 0) === want && ((_d = s === null || s === void 0 ? void 0 : s.observedGeneration) !== null && _d !== void 0 ? _d : 0) >= ((_e = d.metadata.generation) !== null && _e !== void 0 ? _e : 0);
}
/** Progress since the last status: more updated pods, fewer old ones, or more available. */
function deploymentProgressing(d, s) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j;
    var old = (_a = d.status) !== null && _a !== void 0 ? _a : {};
    var oldOld = ((_b = old.replicas) !== null && _b !== void 0 ? _b : 0) - ((_c = old.updatedReplicas) !== null && _c !== void 0 ? _c : 0);
    var newOld = ((_d = s.replicas) !== null && _d !== void 0 ? _d : 0) - ((_e = s.updatedReplicas) !== null && _e !== void 0 ? _e : 0);
    return ((_f = s.updatedReplicas) !== null && _f !== void 0 ? _f : 0) > ((_g = old.updatedReplicas) !== null && _g !== void 0 ? _g : 0) || newOld < oldOld || ((_h = s.availableReplicas) !== null && _h !== void 0 ? _h : 0) > ((_j = old.availableReplicas) !== null && _j !== void 0 ? _j : 0);
}
/** No progress reported for progressDeadlineSeconds. */
function deploymentTimedOut(d, s, now) {
    if (!(0, exports.hasProgressDeadline)(d))
        return false;
    var c = (0, exports.getCondition)(s, 'Progressing');
    if (!c || c.reason === exports.REASON.newRSAvailable)
        return false;
    if (c.reason === exports.REASON.timedOut)
        return true;
    return (0, exports.progressDeadlineAt)(d, c) < now.getTime();
}
/** When a rollout whose Progressing condition last moved at `c.lastUpdateTime` times out (ms). */
var progressDeadlineAt = function (d, c) { var _a, _b, _c; return Date.parse((_a = c.lastUpdateTime) !== null && _a !== void 0 ? _a : '') + ((_c = (_b = d.spec) === null || _b === void 0 ? void 0 : _b.progressDeadlineSeconds) !== null && _c !== void 0 ? _c : 0) * 1000; };
exports.progressDeadlineAt = progressDeadlineAt;
/** Field by field, as the status would be stored (absent conditions and empty ones alike). */
function sameStatus(a, b) {
    var norm = function (s) {
        var _a, _b, _c, _d, _e, _f, _g, _h;
        return ({
            observedGeneration: (_a = s === null || s === void 0 ? void 0 : s.observedGeneration) !== null && _a !== void 0 ? _a : 0,
            replicas: (_b = s === null || s === void 0 ? void 0 : s.replicas) !== null && _b !== void 0 ? _b : 0,
            updatedReplicas: (_c = s === null || s === void 0 ? void 0 : s.updatedReplicas) !== null && _c !== void 0 ? _c : 0,
            readyReplicas: (_d = s === null || s === void 0 ? void 0 : s.readyReplicas) !== null && _d !== void 0 ? _d : 0,
            availableReplicas: (_e = s === null || s === void 0 ? void 0 : s.availableReplicas) !== null && _e !== void 0 ? _e : 0,
            unavailableReplicas: (_f = s === null || s === void 0 ? void 0 : s.unavailableReplicas) !== null && _f !== void 0 ? _f : 0,
            collisionCount: (_g = s === null || s === void 0 ? void 0 : s.collisionCount) !== null && _g !== void 0 ? _g : null,
            conditions: ((_h = s === null || s === void 0 ? void 0 : s.conditions) !== null && _h !== void 0 ? _h : []).map(function (c) { var _a, _b, _c, _d; return [c.type, c.status, (_a = c.reason) !== null && _a !== void 0 ? _a : '', (_b = c.message) !== null && _b !== void 0 ? _b : '', (_c = c.lastUpdateTime) !== null && _c !== void 0 ? _c : '', (_d = c.lastTransitionTime) !== null && _d !== void 0 ? _d : '']; }),
        });
    };
    return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
