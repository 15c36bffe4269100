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
exports.replicaSetController = void 0;
var resources_ts_1 = require("../../../lib/client/resources.ts");
var label_ts_1 = require("../../../lib/selectors/label.ts");
var controller_ts_1 = require("../framework/controller.ts");
var batch_cache_ts_1 = require("./batch-cache.ts");
var manage_ts_1 = require("./manage.ts");
var ownership_ts_1 = require("./ownership.ts");
var pods_ts_1 = require("./pods.ts");
var rank_ts_1 = require("./rank.ts");
var requeue_ts_1 = require("./requeue.ts");
var status_ts_1 = require("./status.ts");
var listReplicaSets = function (ctx, namespace) { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
    switch (_a.label) {
        case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.replicasets, { namespace: namespace })];
        case 1: return [2 /*return*/, (_a.sent()).items];
    }
}); }); };
/** The namespace's ReplicaSets for keysFor; a moment stale only delays an adoption (a new ReplicaSet looks at every pod). */
var replicaSetsOf = function (ctx, namespace) { return (0, batch_cache_ts_1.oncePerBatch)(ctx, "replicasets/".concat(namespace), function () { return listReplicaSets(ctx, namespace); }); };
/** Could have counted a pod: it has some, or should have. */
var mayHaveCounted = function (rs) { var _a, _b, _c, _d, _e, _f; return ((_b = (_a = rs.status) === null || _a === void 0 ? void 0 : _a.replicas) !== null && _b !== void 0 ? _b : 0) > 0 || ((_d = (_c = rs.spec) === null || _c === void 0 ? void 0 : _c.replicas) !== null && _d !== void 0 ? _d : 1) !== ((_f = (_e = rs.status) === null || _e === void 0 ? void 0 : _e.replicas) !== null && _f !== void 0 ? _f : 0); };
exports.replicaSetController = {
    name: 'replicaset-controller',
    keysFor: function (change, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var pod, _a, ref;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (change.group === 'apps' && change.resource === 'replicasets') {
                            (0, batch_cache_ts_1.forget)(ctx, "replicasets/".concat(change.namespace));
                            return [2 /*return*/, ["".concat(change.namespace, "/").concat(change.name)]];
                        }
                        if (change.group !== '' || change.resource !== 'pods' || !change.namespace)
                            return [2 /*return*/, []];
                        if (!(change.type === 'DELETED')) return [3 /*break*/, 1];
                        _a = undefined;
                        return [3 /*break*/, 3];
                    case 1: return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.pods, change.namespace, change.name)];
                    case 2:
                        _a = _b.sent();
                        _b.label = 3;
                    case 3:
                        pod = _a;
                        if (!!pod) return [3 /*break*/, 5];
                        return [4 /*yield*/, replicaSetsOf(ctx, change.namespace)];
                    case 4: return [2 /*return*/, (_b.sent()).filter(mayHaveCounted).map(controller_ts_1.keyOf)];
                    case 5:
                        ref = (0, ownership_ts_1.controllerOf)(pod);
                        if (ref)
                            return [2 /*return*/, ref.kind === 'ReplicaSet' && ref.apiVersion.startsWith('apps/') ? ["".concat(change.namespace, "/").concat(ref.name)] : []];
                        if (!(0, pods_ts_1.isActive)(pod))
                            return [2 /*return*/, []];
                        return [4 /*yield*/, replicaSetsOf(ctx, change.namespace)];
                    case 6: return [2 /*return*/, (_b.sent()).filter(function (rs) { var _a; return (0, label_ts_1.matches)((0, label_ts_1.fromLabelSelector)((_a = rs.spec) === null || _a === void 0 ? void 0 : _a.selector), pod.metadata.labels); }).map(controller_ts_1.keyOf)];
                }
            });
        });
    },
    resync: function (ctx) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.replicasets)];
                    case 1: return [2 /*return*/, (_a.sent()).items.map(controller_ts_1.keyOf)];
                }
            });
        });
    },
    reconcile: function (key, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, namespace, name, rs, now, selector, all, pods, result, _b, status, at;
            var _c;
            return __generator(this, function (_d) {
                switch (_d.label) {
                    case 0:
                        _a = (0, controller_ts_1.splitKey)(key), namespace = _a[0], name = _a[1];
                        return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.replicasets, namespace, name)];
                    case 1:
                        rs = _d.sent();
                        if (!rs)
                            return [2 /*return*/]; // gone: its pods are the garbage collector's
                        now = ctx.now();
                        selector = (0, label_ts_1.fromLabelSelector)((_c = rs.spec) === null || _c === void 0 ? void 0 : _c.selector);
                        return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.pods, { namespace: namespace })];
                    case 2:
                        all = (_d.sent()).items;
                        return [4 /*yield*/, (0, ownership_ts_1.claim)(ctx.api, resources_ts_1.RESOURCES.pods, rs, all.filter(pods_ts_1.isActive), function (p) { return (0, label_ts_1.matches)(selector, p.metadata.labels); })];
                    case 3:
                        pods = _d.sent();
                        if (!rs.metadata.deletionTimestamp) return [3 /*break*/, 4];
                        _b = {};
                        return [3 /*break*/, 6];
                    case 4: return [4 /*yield*/, manageReplicas(ctx, rs, pods, all)];
                    case 5:
                        _b = _d.sent();
                        _d.label = 6;
                    case 6:
                        result = _b;
                        status = (0, status_ts_1.replicaSetStatus)(rs, pods, result.failure, now);
                        if (!!(0, status_ts_1.sameStatus)(rs.status, status)) return [3 /*break*/, 8];
                        return [4 /*yield*/, ctx.api.update(resources_ts_1.RESOURCES.replicasets, __assign(__assign({}, rs), { status: status }), 'status')];
                    case 7:
                        _d.sent();
                        _d.label = 8;
                    case 8:
                        at = (0, status_ts_1.nextAvailableAt)(rs, pods, now);
                        if (!(at !== undefined)) return [3 /*break*/, 10];
                        return [4 /*yield*/, (0, requeue_ts_1.requeueAt)(ctx, 'replicaset-controller', key, at + 1000)];
                    case 9:
                        _d.sent();
                        _d.label = 10;
                    case 10: return [2 /*return*/];
                }
            });
        });
    },
};
function manageReplicas(ctx, rs, pods, all) {
    return __awaiter(this, void 0, void 0, function () {
        var diff, victims, _a, _b;
        var _c, _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    diff = pods.length - ((_d = (_c = rs.spec) === null || _c === void 0 ? void 0 : _c.replicas) !== null && _d !== void 0 ? _d : 1);
                    if (diff < 0)
                        return [2 /*return*/, (0, manage_ts_1.createPods)(ctx, rs, -diff)];
                    if (diff === 0)
                        return [2 /*return*/, {}];
                    _a = rank_ts_1.podsToDelete;
                    _b = [pods];
                    return [4 /*yield*/, siblingPods(ctx, rs, all)];
                case 1:
                    victims = _a.apply(void 0, _b.concat([_e.sent(), Math.min(diff, manage_ts_1.BURST_REPLICAS), ctx.now()]));
                    return [2 /*return*/, (0, manage_ts_1.deletePods)(ctx, rs, victims)];
            }
        });
    });
}
/**
 * The pods of this ReplicaSet and of the others with the same controller (a Deployment's old and
 * new ReplicaSets), to spread what remains across nodes. None for a ReplicaSet without controller.
 */
function siblingPods(ctx, rs, all) {
    return __awaiter(this, void 0, void 0, function () {
        var owner, siblings, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    owner = (0, ownership_ts_1.controllerOf)(rs);
                    if (!owner)
                        return [2 /*return*/, []];
                    _a = Set.bind;
                    return [4 /*yield*/, listReplicaSets(ctx, rs.metadata.namespace)];
                case 1:
                    siblings = new (_a.apply(Set, [void 0, (_b.sent()).filter(function (s) { var _a; return ((_a = (0, ownership_ts_1.controllerOf)(s)) === null || _a === void 0 ? void 0 : _a.uid) === owner.uid; }).map(function (s) { return s.metadata.uid; })]))();
                    return [2 /*return*/, all.filter(function (p) { var _a; return siblings.has((_a = (0, ownership_ts_1.controllerOf)(p)) === null || _a === void 0 ? void 0 : _a.uid); })];
            }
        });
    });
}
