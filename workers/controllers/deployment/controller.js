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
exports.deploymentController = void 0;
var resources_ts_1 = require("../../../lib/client/resources.ts");
var label_ts_1 = require("../../../lib/selectors/label.ts");
var controller_ts_1 = require("../framework/controller.ts");
var batch_cache_ts_1 = require("../replicaset/batch-cache.ts");
var manage_ts_1 = require("../replicaset/manage.ts");
var ownership_ts_1 = require("../replicaset/ownership.ts");
var conditions_ts_1 = require("./conditions.ts");
var new_replicaset_ts_1 = require("./new-replicaset.ts");
var progress_ts_1 = require("./progress.ts");
var replicasets_ts_1 = require("./replicasets.ts");
var recreate_ts_1 = require("./recreate.ts");
var rolling_ts_1 = require("./rolling.ts");
var scale_ts_1 = require("./scale.ts");
var sync_ts_1 = require("./sync.ts");
var listDeployments = function (ctx, namespace) { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
    switch (_a.label) {
        case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.deployments, { namespace: namespace })];
        case 1: return [2 /*return*/, (_a.sent()).items];
    }
}); }); };
exports.deploymentController = {
    name: 'deployment-controller',
    keysFor: function (change, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var rs_1, _a, ref, all;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (change.group === 'apps' && change.resource === 'deployments')
                            return [2 /*return*/, ["".concat(change.namespace, "/").concat(change.name)]];
                        if (!change.namespace)
                            return [2 /*return*/, []];
                        if (!(change.group === 'apps' && change.resource === 'replicasets')) return [3 /*break*/, 7];
                        if (!(change.type === 'DELETED')) return [3 /*break*/, 1];
                        _a = undefined;
                        return [3 /*break*/, 3];
                    case 1: return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.replicasets, change.namespace, change.name)];
                    case 2:
                        _a = _b.sent();
                        _b.label = 3;
                    case 3:
                        rs_1 = _a;
                        if (!!rs_1) return [3 /*break*/, 5];
                        return [4 /*yield*/, listDeployments(ctx, change.namespace)];
                    case 4: return [2 /*return*/, (_b.sent()).map(controller_ts_1.keyOf)];
                    case 5:
                        ref = (0, ownership_ts_1.controllerOf)(rs_1);
                        if (ref)
                            return [2 /*return*/, ref.kind === 'Deployment' && ref.apiVersion.startsWith('apps/') ? ["".concat(change.namespace, "/").concat(ref.name)] : []];
                        return [4 /*yield*/, listDeployments(ctx, change.namespace)];
                    case 6: return [2 /*return*/, (_b.sent()).filter(function (d) { var _a; return (0, label_ts_1.matches)((0, label_ts_1.fromLabelSelector)((_a = d.spec) === null || _a === void 0 ? void 0 : _a.selector), rs_1.metadata.labels); }).map(controller_ts_1.keyOf)];
                    case 7:
                        if (!(change.group === '' && change.resource === 'pods' && change.type === 'DELETED')) return [3 /*break*/, 9];
                        return [4 /*yield*/, (0, batch_cache_ts_1.oncePerBatch)(ctx, "deployments/".concat(change.namespace), function () { return listDeployments(ctx, change.namespace); })];
                    case 8:
                        all = _b.sent();
                        return [2 /*return*/, all.filter(function (d) { var _a, _b; return ((_b = (_a = d.spec) === null || _a === void 0 ? void 0 : _a.strategy) === null || _b === void 0 ? void 0 : _b.type) === 'Recreate'; }).map(controller_ts_1.keyOf)];
                    case 9: return [2 /*return*/, []];
                }
            });
        });
    },
    resync: function (ctx) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.deployments)];
                    case 1: return [2 /*return*/, (_a.sent()).items.map(controller_ts_1.keyOf)];
                }
            });
        });
    },
    reconcile: function (key, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, namespace, name, d, e_1;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        _a = (0, controller_ts_1.splitKey)(key), namespace = _a[0], name = _a[1];
                        return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.deployments, namespace, name)];
                    case 1:
                        d = _b.sent();
                        if (!d)
                            return [2 /*return*/];
                        _b.label = 2;
                    case 2:
                        _b.trys.push([2, 4, , 5]);
                        return [4 /*yield*/, syncDeployment(ctx, key, structuredClone(d))];
                    case 3:
                        _b.sent();
                        return [3 /*break*/, 5];
                    case 4:
                        e_1 = _b.sent();
                        if (!(e_1 instanceof sync_ts_1.SyncAborted))
                            throw e_1;
                        return [3 /*break*/, 5];
                    case 5: return [2 /*return*/];
                }
            });
        });
    },
};
function syncDeployment(ctx, key, d) {
    return __awaiter(this, void 0, void 0, function () {
        var now, s, _a, newRS, oldRSs, _b, _c, _d;
        var _e;
        var _f, _g, _h, _j, _k, _l;
        return __generator(this, function (_m) {
            switch (_m.label) {
                case 0:
                    now = ctx.now();
                    if (!isEverything(d)) return [3 /*break*/, 4];
                    return [4 /*yield*/, (0, manage_ts_1.emit)(ctx.events.warning(d, 'SelectingAll', 'This deployment is selecting all pods. A non-empty selector is required.'))];
                case 1:
                    _m.sent();
                    if (!(((_g = (_f = d.status) === null || _f === void 0 ? void 0 : _f.observedGeneration) !== null && _g !== void 0 ? _g : 0) < ((_h = d.metadata.generation) !== null && _h !== void 0 ? _h : 0))) return [3 /*break*/, 3];
                    d.status = __assign(__assign({}, d.status), { observedGeneration: d.metadata.generation });
                    return [4 /*yield*/, ctx.api.update(resources_ts_1.RESOURCES.deployments, d, 'status')];
                case 2:
                    _m.sent();
                    _m.label = 3;
                case 3: return [2 /*return*/];
                case 4:
                    _e = { ctx: ctx, key: key, d: d };
                    return [4 /*yield*/, (0, replicasets_ts_1.claimReplicaSets)(ctx, d)];
                case 5:
                    s = (_e.rsList = _m.sent(), _e.now = now, _e);
                    if (!d.metadata.deletionTimestamp) return [3 /*break*/, 7];
                    return [4 /*yield*/, (0, new_replicaset_ts_1.newAndOldReplicaSets)(s, false)];
                case 6:
                    _a = _m.sent(), newRS = _a.newRS, oldRSs = _a.oldRSs;
                    return [2 /*return*/, (0, progress_ts_1.syncDeploymentStatus)(s, __spreadArray(__spreadArray([], oldRSs, true), [newRS], false).map(function (rs) { return (0, sync_ts_1.latest)(s, rs); }), (0, sync_ts_1.latest)(s, newRS))];
                case 7: return [4 /*yield*/, checkPausedConditions(s)];
                case 8:
                    _m.sent();
                    _b = ((_j = s.d.spec) === null || _j === void 0 ? void 0 : _j.paused);
                    if (_b) return [3 /*break*/, 10];
                    return [4 /*yield*/, (0, scale_ts_1.isScalingEvent)(s)];
                case 9:
                    _b = (_m.sent());
                    _m.label = 10;
                case 10:
                    if (_b)
                        return [2 /*return*/, (0, scale_ts_1.syncScaling)(s)];
                    if (!(((_l = (_k = s.d.spec) === null || _k === void 0 ? void 0 : _k.strategy) === null || _l === void 0 ? void 0 : _l.type) === 'Recreate')) return [3 /*break*/, 12];
                    _c = recreate_ts_1.rolloutRecreate;
                    _d = [s];
                    return [4 /*yield*/, podsByReplicaSet(s)];
                case 11: return [2 /*return*/, _c.apply(void 0, _d.concat([_m.sent()]))];
                case 12: return [2 /*return*/, (0, rolling_ts_1.rolloutRolling)(s)];
            }
        });
    });
}
/** `selector: {}`: Kubernetes refuses to act on a Deployment that would take every pod. */
var isEverything = function (d) {
    var _a, _b, _c;
    var sel = (_a = d.spec) === null || _a === void 0 ? void 0 : _a.selector;
    return !!sel && !Object.keys((_b = sel.matchLabels) !== null && _b !== void 0 ? _b : {}).length && !((_c = sel.matchExpressions) !== null && _c !== void 0 ? _c : []).length;
};
/** A paused Deployment's Progressing is Unknown (so its deadline does not run), and says when it resumes. */
function checkPausedConditions(s) {
    return __awaiter(this, void 0, void 0, function () {
        var d, c, pausedNoted, _a, reason, message;
        var _b, _c, _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    d = s.d;
                    if (!(0, conditions_ts_1.hasProgressDeadline)(d))
                        return [2 /*return*/];
                    c = (0, conditions_ts_1.getCondition)(d.status, 'Progressing');
                    if ((c === null || c === void 0 ? void 0 : c.reason) === conditions_ts_1.REASON.timedOut)
                        return [2 /*return*/];
                    pausedNoted = (c === null || c === void 0 ? void 0 : c.reason) === conditions_ts_1.REASON.paused;
                    if (!!((_b = d.spec) === null || _b === void 0 ? void 0 : _b.paused) === pausedNoted)
                        return [2 /*return*/];
                    _a = ((_c = d.spec) === null || _c === void 0 ? void 0 : _c.paused) ? [conditions_ts_1.REASON.paused, 'Deployment is paused'] : [conditions_ts_1.REASON.resumed, 'Deployment is resumed'], reason = _a[0], message = _a[1];
                    (0, conditions_ts_1.setCondition)(((_d = d.status) !== null && _d !== void 0 ? _d : (d.status = {})), (0, conditions_ts_1.newCondition)('Progressing', 'Unknown', reason, message, s.now));
                    return [4 /*yield*/, (0, sync_ts_1.writeStatus)(s)];
                case 1:
                    _e.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** The Deployment's pods, by the uid of their controlling ReplicaSet (Recreate waits on them). */
function podsByReplicaSet(s) {
    return __awaiter(this, void 0, void 0, function () {
        var labelSelector, items, owned, byRS, _i, items_1, p, uid;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    labelSelector = (0, label_ts_1.selectorToString)((0, label_ts_1.fromLabelSelector)((_a = s.d.spec) === null || _a === void 0 ? void 0 : _a.selector));
                    return [4 /*yield*/, s.ctx.api.list(resources_ts_1.RESOURCES.pods, { namespace: s.d.metadata.namespace, labelSelector: labelSelector })];
                case 1:
                    items = (_c.sent()).items;
                    owned = new Set(s.rsList.map(function (rs) { return rs.metadata.uid; }));
                    byRS = new Map(__spreadArray([], owned, true).map(function (uid) { return [uid, []]; }));
                    for (_i = 0, items_1 = items; _i < items_1.length; _i++) {
                        p = items_1[_i];
                        uid = (_b = (0, ownership_ts_1.controllerOf)(p)) === null || _b === void 0 ? void 0 : _b.uid;
                        if (uid && owned.has(uid))
                            byRS.get(uid).push(p);
                    }
                    return [2 /*return*/, byRS];
            }
        });
    });
}
