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
exports.isScalingEvent = isScalingEvent;
exports.syncScaling = syncScaling;
var cleanup_ts_1 = require("./cleanup.ts");
var new_replicaset_ts_1 = require("./new-replicaset.ts");
var progress_ts_1 = require("./progress.ts");
var replicasets_ts_1 = require("./replicasets.ts");
var replicas_ts_1 = require("./replicas.ts");
var revision_ts_1 = require("./revision.ts");
var sync_ts_1 = require("./sync.ts");
/** A scaling: some active ReplicaSet was sized for another Deployment size than the current one. */
function isScalingEvent(s) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, newRS, oldRSs;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, (0, new_replicaset_ts_1.newAndOldReplicaSets)(s, false)];
                case 1:
                    _a = _b.sent(), newRS = _a.newRS, oldRSs = _a.oldRSs;
                    return [2 /*return*/, (0, replicasets_ts_1.active)(__spreadArray(__spreadArray([], oldRSs, true), [newRS], false).map(function (rs) { return (0, sync_ts_1.latest)(s, rs); })).some(function (rs) {
                            var desired = (0, revision_ts_1.desiredReplicasOf)(rs);
                            return desired !== undefined && desired !== (0, replicas_ts_1.specReplicas)(s.d);
                        })];
            }
        });
    });
}
/** Scaling and paused Deployments: resize, trim history when paused, write the status. */
function syncScaling(s) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, newRS, oldRSs;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, (0, new_replicaset_ts_1.newAndOldReplicaSets)(s, false)];
                case 1:
                    _a = _c.sent(), newRS = _a.newRS, oldRSs = _a.oldRSs;
                    return [4 /*yield*/, scale(s, newRS, oldRSs)];
                case 2:
                    _c.sent();
                    if (!((_b = s.d.spec) === null || _b === void 0 ? void 0 : _b.paused)) return [3 /*break*/, 4];
                    return [4 /*yield*/, (0, cleanup_ts_1.cleanupDeployment)(s, oldRSs)];
                case 3:
                    _c.sent();
                    _c.label = 4;
                case 4: return [4 /*yield*/, (0, progress_ts_1.syncDeploymentStatus)(s, __spreadArray(__spreadArray([], oldRSs, true), [newRS], false).map(function (rs) { return (0, sync_ts_1.latest)(s, rs); }), (0, sync_ts_1.latest)(s, newRS))];
                case 5:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** The only active ReplicaSet, or the newest when none is active; undefined when several are. */
function activeOrLatest(newRS, oldRSs) {
    if (!newRS && !oldRSs.length)
        return undefined;
    var act = (0, replicasets_ts_1.active)(__spreadArray(__spreadArray([], __spreadArray([], oldRSs, true).sort(replicasets_ts_1.byCreation).reverse(), true), [newRS], false));
    if (act.length === 1)
        return act[0];
    if (act.length === 0)
        return newRS !== null && newRS !== void 0 ? newRS : __spreadArray([], oldRSs, true).sort(replicasets_ts_1.byCreation).at(-1);
    return undefined;
}
/** The new ReplicaSet holds the whole Deployment, and knows it. */
function isSaturated(s, rs) {
    return !!rs && (0, replicas_ts_1.specReplicas)(rs) === (0, replicas_ts_1.specReplicas)(s.d) && (0, revision_ts_1.desiredReplicasOf)(rs) === (0, replicas_ts_1.specReplicas)(s.d);
}
function scale(s, newRS, oldRSs) {
    return __awaiter(this, void 0, void 0, function () {
        var d, only, _i, _a, rs, all, allowed, toAdd, op, added, sizes, i;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    d = s.d;
                    only = activeOrLatest(newRS, oldRSs);
                    if (!only) return [3 /*break*/, 3];
                    if (!((0, replicas_ts_1.specReplicas)(only) !== (0, replicas_ts_1.specReplicas)(d))) return [3 /*break*/, 2];
                    return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSetAndRecordEvent)(s, only, (0, replicas_ts_1.specReplicas)(d))];
                case 1:
                    _b.sent();
                    _b.label = 2;
                case 2: return [2 /*return*/];
                case 3:
                    if (!isSaturated(s, newRS)) return [3 /*break*/, 8];
                    _i = 0, _a = (0, replicasets_ts_1.active)(oldRSs);
                    _b.label = 4;
                case 4:
                    if (!(_i < _a.length)) return [3 /*break*/, 7];
                    rs = _a[_i];
                    return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSetAndRecordEvent)(s, rs, 0)];
                case 5:
                    _b.sent();
                    _b.label = 6;
                case 6:
                    _i++;
                    return [3 /*break*/, 4];
                case 7: return [2 /*return*/];
                case 8:
                    if (!(0, replicas_ts_1.isRollingUpdate)(d))
                        return [2 /*return*/];
                    all = (0, replicasets_ts_1.active)(__spreadArray(__spreadArray([], oldRSs, true), [newRS], false));
                    allowed = (0, replicas_ts_1.specReplicas)(d) > 0 ? (0, replicas_ts_1.specReplicas)(d) + (0, replicas_ts_1.maxSurge)(d) : 0;
                    toAdd = allowed - (0, replicas_ts_1.sumSpecReplicas)(all);
                    // growing: the largest first, newest among equals; shrinking: the largest first, oldest among equals
                    all.sort(function (a, b) { return (0, replicas_ts_1.specReplicas)(b) - (0, replicas_ts_1.specReplicas)(a) || (toAdd > 0 ? (0, replicasets_ts_1.byCreation)(b, a) : (0, replicasets_ts_1.byCreation)(a, b)); });
                    op = toAdd > 0 ? 'up' : 'down';
                    added = 0;
                    sizes = all.map(function (rs) {
                        if (toAdd === 0)
                            return (0, replicas_ts_1.specReplicas)(rs);
                        var p = (0, replicas_ts_1.proportion)(rs, d, toAdd, added);
                        added += p;
                        return (0, replicas_ts_1.specReplicas)(rs) + p;
                    });
                    if (toAdd !== 0 && sizes.length)
                        sizes[0] = Math.max(0, sizes[0] + toAdd - added);
                    i = 0;
                    _b.label = 9;
                case 9:
                    if (!(i < all.length)) return [3 /*break*/, 12];
                    return [4 /*yield*/, (0, replicasets_ts_1.scaleReplicaSet)(s, all[i], sizes[i], op)];
                case 10:
                    _b.sent();
                    _b.label = 11;
                case 11:
                    i++;
                    return [3 /*break*/, 9];
                case 12: return [2 /*return*/];
            }
        });
    });
}
