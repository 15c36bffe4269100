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
exports.taintEvictionController = void 0;
exports.newTaintEvictionController = newTaintEvictionController;
var client_ts_1 = require("../../../lib/client/client.ts");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var deadline_ts_1 = require("./deadline.ts");
var health_ts_1 = require("./health.ts");
var recheck_ts_1 = require("./recheck.ts");
var REASON = 'TaintManagerEviction';
/** Checked a little after the deadline, so that the pod is then past it. */
var AFTER_DEADLINE_MS = 200;
var podKey = function (p) { return "".concat(p.metadata.namespace, "/").concat(p.metadata.name); };
var asPod = function (p) { return (__assign(__assign({}, p), { apiVersion: 'v1', kind: 'Pod' })); };
function taintedSince(firstSeen, node, taints, now) {
    return Math.min.apply(Math, taints.map(function (t) {
        if (t.timeAdded)
            return Date.parse(t.timeAdded);
        var k = "".concat(node, "/").concat(t.key, "/").concat(t.effect);
        if (!firstSeen.has(k))
            firstSeen.set(k, now);
        return firstSeen.get(k);
    }));
}
function evict(ctx, pod, now) {
    return __awaiter(this, void 0, void 0, function () {
        var condition, e_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.events.normal(asPod(pod), REASON, "Marking for deletion Pod ".concat(podKey(pod)))];
                case 1:
                    _a.sent();
                    _a.label = 2;
                case 2:
                    _a.trys.push([2, 5, , 6]);
                    condition = { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: (0, health_ts_1.rfc3339)(now), reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' };
                    return [4 /*yield*/, ctx.api.patch(resources_ts_1.RESOURCES.pods, pod.metadata.namespace, pod.metadata.name, { status: { conditions: [condition] } }, 'strategic', 'status')];
                case 3:
                    _a.sent();
                    return [4 /*yield*/, ctx.api.delete(resources_ts_1.RESOURCES.pods, pod.metadata.namespace, pod.metadata.name, { preconditions: { uid: pod.metadata.uid } })];
                case 4:
                    _a.sent();
                    return [3 /*break*/, 6];
                case 5:
                    e_1 = _a.sent();
                    if (!(0, client_ts_1.isNotFound)(e_1))
                        throw e_1;
                    return [3 /*break*/, 6];
                case 6: return [2 /*return*/];
            }
        });
    });
}
function podsOn(ctx, node) {
    return __awaiter(this, void 0, void 0, function () {
        var items;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.pods, { fieldSelector: "spec.nodeName=".concat(node) })];
                case 1:
                    items = (_a.sent()).items;
                    return [2 /*return*/, items.filter(function (p) { var _a, _b; return !p.metadata.deletionTimestamp && ((_a = p.status) === null || _a === void 0 ? void 0 : _a.phase) !== 'Succeeded' && ((_b = p.status) === null || _b === void 0 ? void 0 : _b.phase) !== 'Failed'; })];
            }
        });
    });
}
var noExecuteTaints = function (node) { var _a, _b; return ((_b = (_a = node === null || node === void 0 ? void 0 : node.spec) === null || _a === void 0 ? void 0 : _a.taints) !== null && _b !== void 0 ? _b : []).filter(function (t) { return t.effect === 'NoExecute'; }); };
/** Evicts what is due on node `name` and schedules a re-check for what will be. */
function reconcileNode(m, name, ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var now, node, taints, _loop_1, _i, _a, k, before, pods, since, after, next, _b, pods_1, pod, at;
        var _c, _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    now = ctx.now().getTime();
                    m.rechecks.fired(name, now);
                    return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.nodes, undefined, name)];
                case 1:
                    node = _e.sent();
                    taints = noExecuteTaints(node);
                    _loop_1 = function (k) {
                        if (k.startsWith("".concat(name, "/")) && !taints.some(function (t) { return k === "".concat(name, "/").concat(t.key, "/").concat(t.effect); }))
                            m.firstSeen.delete(k);
                    };
                    for (_i = 0, _a = m.firstSeen.keys(); _i < _a.length; _i++) {
                        k = _a[_i];
                        _loop_1(k);
                    }
                    before = (_c = m.scheduled.get(name)) !== null && _c !== void 0 ? _c : new Set();
                    if (!taints.length && !before.size)
                        return [2 /*return*/, m.rechecks.forget(name)];
                    return [4 /*yield*/, podsOn(ctx, name)];
                case 2:
                    pods = _e.sent();
                    since = taints.length ? taintedSince(m.firstSeen, name, taints, now) : now;
                    after = new Set();
                    next = Infinity;
                    _b = 0, pods_1 = pods;
                    _e.label = 3;
                case 3:
                    if (!(_b < pods_1.length)) return [3 /*break*/, 10];
                    pod = pods_1[_b];
                    at = (0, deadline_ts_1.evictionTime)((_d = pod.spec) === null || _d === void 0 ? void 0 : _d.tolerations, taints, since);
                    if (!(at === undefined)) return [3 /*break*/, 6];
                    if (!before.has(podKey(pod))) return [3 /*break*/, 5];
                    return [4 /*yield*/, ctx.events.normal(asPod(pod), REASON, "Cancelling deletion of Pod ".concat(podKey(pod)))];
                case 4:
                    _e.sent();
                    _e.label = 5;
                case 5: return [3 /*break*/, 9];
                case 6:
                    if (!(at <= now)) return [3 /*break*/, 8];
                    return [4 /*yield*/, evict(ctx, pod, now)];
                case 7:
                    _e.sent();
                    return [3 /*break*/, 9];
                case 8:
                    after.add(podKey(pod));
                    next = Math.min(next, at);
                    _e.label = 9;
                case 9:
                    _b++;
                    return [3 /*break*/, 3];
                case 10:
                    if (after.size)
                        m.scheduled.set(name, after);
                    else
                        m.scheduled.delete(name);
                    if (!(next < Infinity)) return [3 /*break*/, 12];
                    return [4 /*yield*/, m.rechecks.at(ctx, name, next + AFTER_DEADLINE_MS, now)];
                case 11:
                    _e.sent();
                    return [3 /*break*/, 13];
                case 12:
                    m.rechecks.forget(name);
                    _e.label = 13;
                case 13: return [2 /*return*/];
            }
        });
    });
}
function newTaintEvictionController() {
    var memory = { rechecks: new recheck_ts_1.Rechecks(), scheduled: new Map(), firstSeen: new Map() };
    return {
        name: 'taint-eviction-controller',
        keysFor: function (change) { return (change.group === '' && change.resource === 'nodes' ? [change.name] : []); },
        resync: function (ctx) {
            return __awaiter(this, void 0, void 0, function () {
                var items;
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.nodes)];
                        case 1:
                            items = (_a.sent()).items;
                            return [2 /*return*/, items.filter(function (n) { return noExecuteTaints(n).length; }).map(function (n) { return n.metadata.name; })];
                    }
                });
            });
        },
        reconcile: function (name, ctx) { return reconcileNode(memory, name, ctx); },
    };
}
exports.taintEvictionController = newTaintEvictionController();
