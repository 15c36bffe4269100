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
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.syncDeploymentStatus = syncDeploymentStatus;
exports.syncRolloutStatus = syncRolloutStatus;
var requeue_ts_1 = require("../replicaset/requeue.ts");
var conditions_ts_1 = require("./conditions.ts");
var sync_ts_1 = require("./sync.ts");
/** Status without rollout progress: scaling, paused, or being deleted. */
function syncDeploymentStatus(s, all, newRS) {
    return __awaiter(this, void 0, void 0, function () {
        var status;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    status = (0, conditions_ts_1.calculateStatus)(all, newRS, s.d, s.now);
                    if ((0, conditions_ts_1.sameStatus)(s.d.status, status))
                        return [2 /*return*/];
                    s.d = __assign(__assign({}, s.d), { status: status });
                    return [4 /*yield*/, (0, sync_ts_1.writeStatus)(s)];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function syncRolloutStatus(s, all, newRS) {
    return __awaiter(this, void 0, void 0, function () {
        var d, status, current, settled, rsName, message, message, c, message, failure;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    d = s.d;
                    status = (0, conditions_ts_1.calculateStatus)(all, newRS, d, s.now);
                    if (!(0, conditions_ts_1.hasProgressDeadline)(d))
                        (0, conditions_ts_1.removeCondition)(status, 'Progressing');
                    current = (0, conditions_ts_1.getCondition)(d.status, 'Progressing');
                    settled = status.replicas === status.updatedReplicas && (current === null || current === void 0 ? void 0 : current.reason) === conditions_ts_1.REASON.newRSAvailable;
                    if ((0, conditions_ts_1.hasProgressDeadline)(d) && !settled) {
                        rsName = newRS === null || newRS === void 0 ? void 0 : newRS.metadata.name;
                        if ((0, conditions_ts_1.deploymentComplete)(d, status)) {
                            message = rsName ? "ReplicaSet \"".concat(rsName, "\" has successfully progressed.") : "Deployment \"".concat(d.metadata.name, "\" has successfully progressed.");
                            (0, conditions_ts_1.setCondition)(status, (0, conditions_ts_1.newCondition)('Progressing', 'True', conditions_ts_1.REASON.newRSAvailable, message, s.now));
                        }
                        else if ((0, conditions_ts_1.deploymentProgressing)(d, status)) {
                            message = rsName ? "ReplicaSet \"".concat(rsName, "\" is progressing.") : "Deployment \"".concat(d.metadata.name, "\" is progressing.");
                            c = (0, conditions_ts_1.newCondition)('Progressing', 'True', conditions_ts_1.REASON.replicaSetUpdated, message, s.now);
                            // progress moves lastUpdateTime even when the reason stays; the transition time stays
                            if ((current === null || current === void 0 ? void 0 : current.status) === 'True')
                                c.lastTransitionTime = current.lastTransitionTime;
                            (0, conditions_ts_1.removeCondition)(status, 'Progressing');
                            (0, conditions_ts_1.setCondition)(status, c);
                        }
                        else if ((0, conditions_ts_1.deploymentTimedOut)(d, status, s.now)) {
                            message = rsName ? "ReplicaSet \"".concat(rsName, "\" has timed out progressing.") : "Deployment \"".concat(d.metadata.name, "\" has timed out progressing.");
                            (0, conditions_ts_1.setCondition)(status, (0, conditions_ts_1.newCondition)('Progressing', 'False', conditions_ts_1.REASON.timedOut, message, s.now));
                        }
                    }
                    failure = replicaFailure(all, newRS);
                    if (failure)
                        (0, conditions_ts_1.setCondition)(status, { type: 'ReplicaFailure', status: failure.status, reason: failure.reason, message: failure.message, lastTransitionTime: failure.lastTransitionTime, lastUpdateTime: failure.lastTransitionTime });
                    else
                        (0, conditions_ts_1.removeCondition)(status, 'ReplicaFailure');
                    if ((0, conditions_ts_1.sameStatus)(d.status, status))
                        return [2 /*return*/, requeueStuck(s.ctx, s.key, d, status, s.now)];
                    s.d = __assign(__assign({}, d), { status: status });
                    return [4 /*yield*/, (0, sync_ts_1.writeStatus)(s)];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function replicaFailure(all, newRS) {
    var _a;
    var failureOf = function (rs) { var _a, _b; return (_b = (_a = rs === null || rs === void 0 ? void 0 : rs.status) === null || _a === void 0 ? void 0 : _a.conditions) === null || _b === void 0 ? void 0 : _b.find(function (c) { return c.type === 'ReplicaFailure'; }); };
    return (_a = failureOf(newRS)) !== null && _a !== void 0 ? _a : all.map(failureOf).find(function (c) { return c; });
}
/** A rollout still under way is looked at again when its deadline passes (+1 s against clock skew). */
function requeueStuck(ctx, key, d, status, now) {
    return __awaiter(this, void 0, void 0, function () {
        var c, at;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    c = (0, conditions_ts_1.getCondition)(d.status, 'Progressing');
                    if (!(0, conditions_ts_1.hasProgressDeadline)(d) || !c || (0, conditions_ts_1.deploymentComplete)(d, status) || c.reason === conditions_ts_1.REASON.timedOut)
                        return [2 /*return*/];
                    at = (0, conditions_ts_1.progressDeadlineAt)(d, c);
                    if (!!Number.isNaN(at)) return [3 /*break*/, 2];
                    return [4 /*yield*/, (0, requeue_ts_1.requeueAt)(ctx, 'deployment-controller', key, Math.max(at, now.getTime()) + 1000)];
                case 1:
                    _a.sent();
                    _a.label = 2;
                case 2: return [2 /*return*/];
            }
        });
    });
}
