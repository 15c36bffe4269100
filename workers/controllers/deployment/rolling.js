"use strict";
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
exports.rolloutRolling = rolloutRolling;
var conditions_ts_1 = require("./conditions.ts");
var cleanup_ts_1 = require("./cleanup.ts");
var new_replicaset_ts_1 = require("./new-replicaset.ts");
var progress_ts_1 = require("./progress.ts");
var replicasets_ts_1 = require("./replicasets.ts");
var replicas_ts_1 = require("./replicas.ts");
var sync_ts_1 = require("./sync.ts");
function rolloutRolling(s) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, newRS, oldRSs, all;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, (0, new_replicaset_ts_1.newAndOldReplicaSets)(s, true)];
                case 1:
                    _a = _b.sent(), newRS = _a.newRS, oldRSs = _a.oldRSs;
                    all = function () { return __spreadArray(__spreadArray([], oldRSs, true), [newRS], false).map(function (rs) { return (0, sync_ts_1.latest)(s, rs); }); };
                    return [4 /*yield*/, reconcileNewReplicaSet(s, all(), newRS)];
                case 2:
                    if (_b.sent())
                        return [2 /*return*/, (0, progress_ts_1.syncRolloutStatus)(s, all(), (0, sync_ts_1.latest)(s, newRS))];
                    return [4 /*yield*/, reconcileOldReplicaSets(s, all(), (0, replicasets_ts_1.active)(oldRSs.map(function (rs) { return (0, sync_ts_1.latest)(s, rs); })), (0, sync_ts_1.latest)(s, newRS))];
                case 3:
                    if (_b.sent())
                        return [2 /*return*/, (0, progress_ts_1.syncRolloutStatus)(s, all(), (0, sync_ts_1.latest)(s, newRS))];
                    if (!(0, conditions_ts_1.deploymentComplete)(s.d, s.d.status)) return [3 /*break*/, 5];
                    return [4 /*yield*/, (0, cleanup_ts_1.cleanupDeployment)(s, oldRSs)];
                case 4:
                    _b.sent();
                    _b.label = 5;
                case 5: return [2 /*return*/, (0, progress_ts_1.syncRolloutStatus)(s, all(), (0, sync_ts_1.latest)(s, newRS))];
            }
        });
    });
}
function reconcileNewReplicaSet(s, all, newRS) {
    return __awaiter(this, void 0, void 0, function () {
        var want;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    want = (0, replicas_ts_1.specReplicas)(s.d);
                    if ((0, replicas_ts_1.specReplicas)(newRS) === want)
                        return [2 /*return*/, false];
                    if (!((0, replicas_ts_1.specReplicas)(newRS) > want)) return [3 /*break*/, 2];
                    return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSetAndRecordEvent)(s, newRS, want)];
                case 1: return [2 /*return*/, (_a.sent()).scaled];
                case 2: return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSetAndRecordEvent)(s, newRS, (0, replicas_ts_1.newRSNewReplicas)(s.d, all, newRS))];
                case 3: return [2 /*return*/, (_a.sent()).scaled];
            }
        });
    });
}
function reconcileOldReplicaSets(s, all, oldRSs, newRS) {
    return __awaiter(this, void 0, void 0, function () {
        var minAvailable, newUnavailable, maxScaledDown, _a, rss, count, scaled;
        var _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    if ((0, replicas_ts_1.sumSpecReplicas)(oldRSs) === 0)
                        return [2 /*return*/, false]; // nothing left to scale down
                    minAvailable = (0, replicas_ts_1.specReplicas)(s.d) - (0, replicas_ts_1.maxUnavailable)(s.d);
                    newUnavailable = (0, replicas_ts_1.specReplicas)(newRS) - ((_c = (_b = newRS.status) === null || _b === void 0 ? void 0 : _b.availableReplicas) !== null && _c !== void 0 ? _c : 0);
                    maxScaledDown = (0, replicas_ts_1.sumSpecReplicas)(all) - minAvailable - newUnavailable;
                    if (maxScaledDown <= 0)
                        return [2 /*return*/, false];
                    return [4 /*yield*/, cleanupUnhealthyReplicas(s, oldRSs, maxScaledDown)];
                case 1:
                    _a = _d.sent(), rss = _a.rss, count = _a.count;
                    return [4 /*yield*/, scaleDownOldForRollingUpdate(s, __spreadArray(__spreadArray([], rss, true), [newRS], false), rss)];
                case 2:
                    scaled = _d.sent();
                    return [2 /*return*/, count + scaled > 0];
            }
        });
    });
}
/** Removes up to `max` old pods that are not available, oldest ReplicaSets first. */
function cleanupUnhealthyReplicas(s, oldRSs, max) {
    return __awaiter(this, void 0, void 0, function () {
        var rss, count, i, rs, unhealthy, down, _a, _b;
        var _c, _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    rss = __spreadArray([], oldRSs, true).sort(replicasets_ts_1.byCreation);
                    count = 0;
                    i = 0;
                    _e.label = 1;
                case 1:
                    if (!(i < rss.length && count < max)) return [3 /*break*/, 4];
                    rs = rss[i];
                    unhealthy = (0, replicas_ts_1.specReplicas)(rs) - ((_d = (_c = rs.status) === null || _c === void 0 ? void 0 : _c.availableReplicas) !== null && _d !== void 0 ? _d : 0);
                    if ((0, replicas_ts_1.specReplicas)(rs) === 0 || unhealthy <= 0)
                        return [3 /*break*/, 3];
                    down = Math.min(max - count, unhealthy);
                    _a = rss;
                    _b = i;
                    return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSetAndRecordEvent)(s, rs, (0, replicas_ts_1.specReplicas)(rs) - down)];
                case 2:
                    _a[_b] = (_e.sent()).rs;
                    count += down;
                    _e.label = 3;
                case 3:
                    i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, { rss: rss, count: count }];
            }
        });
    });
}
/** Scales old ReplicaSets down by what availability allows, oldest first. */
function scaleDownOldForRollingUpdate(s, all, oldRSs) {
    return __awaiter(this, void 0, void 0, function () {
        var minAvailable, available, target, done, _i, _a, rs, down;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    minAvailable = (0, replicas_ts_1.specReplicas)(s.d) - (0, replicas_ts_1.maxUnavailable)(s.d);
                    available = (0, replicas_ts_1.sumStatus)(all, 'availableReplicas');
                    if (available <= minAvailable)
                        return [2 /*return*/, 0];
                    target = available - minAvailable;
                    done = 0;
                    _i = 0, _a = __spreadArray([], oldRSs, true).sort(replicasets_ts_1.byCreation);
                    _b.label = 1;
                case 1:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    rs = _a[_i];
                    if (done >= target)
                        return [3 /*break*/, 4];
                    if ((0, replicas_ts_1.specReplicas)(rs) === 0)
                        return [3 /*break*/, 3];
                    down = Math.min((0, replicas_ts_1.specReplicas)(rs), target - done);
                    return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSetAndRecordEvent)(s, rs, (0, replicas_ts_1.specReplicas)(rs) - down)];
                case 2:
                    _b.sent();
                    done += down;
                    _b.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, done];
            }
        });
    });
}
