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
exports.nodeLifecycleController = exports.newNodeLifecycleController = exports.NODE_LEASE_NAMESPACE = void 0;
var client_ts_1 = require("../../../lib/client/client.ts");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var health_ts_1 = require("./health.ts");
var recheck_ts_1 = require("./recheck.ts");
var taints_ts_1 = require("./taints.ts");
exports.NODE_LEASE_NAMESPACE = 'kube-node-lease';
/** Checked a little after the deadline, so that the node is then past it. */
var AFTER_DEADLINE_MS = 200;
/** MarkPodsNotReady: the pods of a lost node stop counting as ready. */
function markPodsNotReady(ctx, node, now) {
    return __awaiter(this, void 0, void 0, function () {
        var items, _i, items_1, pod, ready, e_1;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.pods, { fieldSelector: "spec.nodeName=".concat(node) })];
                case 1:
                    items = (_c.sent()).items;
                    _i = 0, items_1 = items;
                    _c.label = 2;
                case 2:
                    if (!(_i < items_1.length)) return [3 /*break*/, 9];
                    pod = items_1[_i];
                    ready = (_b = (_a = pod.status) === null || _a === void 0 ? void 0 : _a.conditions) === null || _b === void 0 ? void 0 : _b.find(function (c) { return c.type === 'Ready'; });
                    if (!ready || ready.status === 'False')
                        return [3 /*break*/, 8];
                    _c.label = 3;
                case 3:
                    _c.trys.push([3, 5, , 6]);
                    return [4 /*yield*/, ctx.api.patch(resources_ts_1.RESOURCES.pods, pod.metadata.namespace, pod.metadata.name, { status: { conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: (0, health_ts_1.rfc3339)(now) }] } }, 'strategic', 'status')];
                case 4:
                    _c.sent();
                    return [3 /*break*/, 6];
                case 5:
                    e_1 = _c.sent();
                    if ((0, client_ts_1.isNotFound)(e_1))
                        return [3 /*break*/, 8];
                    throw e_1;
                case 6: return [4 /*yield*/, ctx.events.warning(__assign(__assign({}, pod), { apiVersion: 'v1', kind: 'Pod' }), 'NodeNotReady', 'Node is not ready')];
                case 7:
                    _c.sent();
                    _c.label = 8;
                case 8:
                    _i++;
                    return [3 /*break*/, 2];
                case 9: return [2 /*return*/];
            }
        });
    });
}
/** The controller with its own memory of pending re-checks (tests make fresh ones). */
var newNodeLifecycleController = function (rechecks) {
    if (rechecks === void 0) { rechecks = new recheck_ts_1.Rechecks(); }
    return ({
        name: 'node-controller',
        keysFor: function (change) {
            if (change.group === '' && change.resource === 'nodes')
                return [change.name];
            if (change.group === 'coordination.k8s.io' && change.resource === 'leases' && change.namespace === exports.NODE_LEASE_NAMESPACE)
                return [change.name];
            return [];
        },
        resync: function (ctx) {
            return __awaiter(this, void 0, void 0, function () {
                var items;
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.nodes)];
                        case 1:
                            items = (_a.sent()).items;
                            return [2 /*return*/, items.map(function (n) { return n.metadata.name; })];
                    }
                });
            });
        },
        reconcile: function (name, ctx) {
            return __awaiter(this, void 0, void 0, function () {
                var now, node, lease, heardAt, deadline, lost, wasReady, conditions, taints;
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0:
                            now = ctx.now().getTime();
                            rechecks.fired(name, now);
                            return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.nodes, undefined, name)];
                        case 1:
                            node = _a.sent();
                            if (!node)
                                return [2 /*return*/, rechecks.forget(name)];
                            return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.leases, exports.NODE_LEASE_NAMESPACE, name)];
                        case 2:
                            lease = _a.sent();
                            heardAt = (0, health_ts_1.lastHeardFrom)(node, lease);
                            deadline = heardAt + ctx.settings.nodeMonitorGraceSeconds * 1000;
                            lost = now > deadline;
                            wasReady = (0, health_ts_1.readyStatus)(node);
                            conditions = lost ? (0, health_ts_1.lostConditions)(node, now) : (0, health_ts_1.recoveredConditions)(node, heardAt, now);
                            if (!conditions) return [3 /*break*/, 5];
                            return [4 /*yield*/, ctx.api.update(resources_ts_1.RESOURCES.nodes, __assign(__assign({}, node), { status: __assign(__assign({}, node.status), { conditions: conditions }) }), 'status')];
                        case 3:
                            node = _a.sent();
                            if (!(lost && wasReady === 'True')) return [3 /*break*/, 5];
                            return [4 /*yield*/, ctx.events.normal(__assign(__assign({}, node), { apiVersion: 'v1', kind: 'Node' }), 'NodeNotReady', "Node ".concat(name, " status is now: NodeNotReady"))];
                        case 4:
                            _a.sent();
                            _a.label = 5;
                        case 5:
                            taints = (0, taints_ts_1.reconcileTaints)(node, now);
                            if (!taints) return [3 /*break*/, 7];
                            return [4 /*yield*/, ctx.api.update(resources_ts_1.RESOURCES.nodes, __assign(__assign({}, node), { spec: __assign(__assign({}, node.spec), { taints: taints }) }))];
                        case 6:
                            node = _a.sent();
                            _a.label = 7;
                        case 7:
                            if (!lost) return [3 /*break*/, 9];
                            return [4 /*yield*/, markPodsNotReady(ctx, name, now)];
                        case 8:
                            _a.sent();
                            return [3 /*break*/, 11];
                        case 9: return [4 /*yield*/, rechecks.at(ctx, name, deadline + AFTER_DEADLINE_MS, now)];
                        case 10:
                            _a.sent();
                            _a.label = 11;
                        case 11: return [2 /*return*/];
                    }
                });
            });
        },
    });
};
exports.newNodeLifecycleController = newNodeLifecycleController;
exports.nodeLifecycleController = (0, exports.newNodeLifecycleController)();
