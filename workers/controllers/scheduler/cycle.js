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
exports.SCHEDULER_NAME = void 0;
exports.scheduleCycle = scheduleCycle;
var client_ts_1 = require("../../../lib/client/client.ts");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var plan_ts_1 = require("./plan.ts");
exports.SCHEDULER_NAME = 'default-scheduler';
var ACTIVE = 'status.phase!=Succeeded,status.phase!=Failed';
var PENDING = "spec.nodeName=,spec.schedulerName=".concat(exports.SCHEDULER_NAME, ",").concat(ACTIVE);
/** Requests in flight at once (bindings, events, status patches). */
var CONCURRENCY = 16;
/** A pod still unschedulable with the same message is reported again after this long. */
var REPORT_AGAIN_MS = 5 * 60000;
var rfc3339 = function (d) { return d.toISOString().replace(/\.\d{3}Z$/, 'Z'); };
var asPod = function (p) { return (__assign(__assign({}, p), { apiVersion: 'v1', kind: 'Pod' })); };
/** Gated and terminating pods wait; everything else pending is ours. */
var schedulable = function (p) { var _a, _b; return !p.metadata.deletionTimestamp && !((_b = (_a = p.spec) === null || _a === void 0 ? void 0 : _a.schedulingGates) === null || _b === void 0 ? void 0 : _b.length); };
/** POST pods/binding; false when the pod was bound or deleted by someone else meanwhile. */
function bind(ctx, cache, pod, node) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, namespace, name, uid, e_1;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = pod.metadata, namespace = _a.namespace, name = _a.name, uid = _a.uid;
                    _b.label = 1;
                case 1:
                    _b.trys.push([1, 3, , 4]);
                    return [4 /*yield*/, ctx.api.post(resources_ts_1.RESOURCES.pods, namespace, name, 'binding', {
                            apiVersion: 'v1',
                            kind: 'Binding',
                            metadata: { name: name, namespace: namespace, uid: uid },
                            target: { apiVersion: 'v1', kind: 'Node', name: node },
                        })];
                case 2:
                    _b.sent();
                    return [2 /*return*/, true];
                case 3:
                    e_1 = _b.sent();
                    cache.invalidate(); // the assumed binding did not happen
                    if ((0, client_ts_1.isConflict)(e_1) || (0, client_ts_1.isNotFound)(e_1))
                        return [2 /*return*/, false];
                    throw e_1;
                case 4: return [2 /*return*/];
            }
        });
    });
}
/** Event FailedScheduling, then PodScheduled=False with the same message (when it changed). */
function reportFailure(ctx, reported, d, now) {
    return __awaiter(this, void 0, void 0, function () {
        var pod, uid, last, current, condition, e_2;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    pod = d.pod;
                    uid = pod.metadata.uid;
                    last = reported.get(uid);
                    if (!(!last || last.message !== d.message || now.getTime() - last.at >= REPORT_AGAIN_MS)) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.events.warning(asPod(pod), 'FailedScheduling', d.message)];
                case 1:
                    _c.sent();
                    reported.set(uid, { message: d.message, at: now.getTime() });
                    _c.label = 2;
                case 2:
                    current = (_b = (_a = pod.status) === null || _a === void 0 ? void 0 : _a.conditions) === null || _b === void 0 ? void 0 : _b.find(function (c) { return c.type === 'PodScheduled'; });
                    if ((current === null || current === void 0 ? void 0 : current.status) === 'False' && current.reason === d.reason && current.message === d.message)
                        return [2 /*return*/];
                    condition = {
                        type: 'PodScheduled',
                        status: 'False',
                        lastProbeTime: null,
                        lastTransitionTime: (current === null || current === void 0 ? void 0 : current.status) === 'False' && current.lastTransitionTime ? current.lastTransitionTime : rfc3339(now),
                        reason: d.reason,
                        message: d.message,
                    };
                    _c.label = 3;
                case 3:
                    _c.trys.push([3, 5, , 6]);
                    return [4 /*yield*/, ctx.api.patch(resources_ts_1.RESOURCES.pods, pod.metadata.namespace, pod.metadata.name, { status: { conditions: [condition] } }, 'strategic', 'status')];
                case 4:
                    _c.sent();
                    return [3 /*break*/, 6];
                case 5:
                    e_2 = _c.sent();
                    if (!(0, client_ts_1.isNotFound)(e_2))
                        throw e_2;
                    return [3 /*break*/, 6];
                case 6: return [2 /*return*/];
            }
        });
    });
}
/** Runs `work` over `items`, at most `limit` at a time, collecting errors instead of stopping. */
function eachLimited(items, limit, errors, work) {
    return __awaiter(this, void 0, void 0, function () {
        var next, worker;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    next = 0;
                    worker = function () { return __awaiter(_this, void 0, void 0, function () {
                        var item;
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0:
                                    if (!(next < items.length)) return [3 /*break*/, 2];
                                    item = items[next++];
                                    return [4 /*yield*/, work(item).catch(function (e) { return errors.push(e); })];
                                case 1:
                                    _a.sent();
                                    return [3 /*break*/, 0];
                                case 2: return [2 /*return*/];
                            }
                        });
                    }); };
                    return [4 /*yield*/, Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function scheduleCycle(ctx, cache, reported) {
    return __awaiter(this, void 0, void 0, function () {
        var items, pending, waiting, _i, _a, uid, decisions, _b, _c, placements, failures, errors, bound, now;
        var _this = this;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.pods, { fieldSelector: PENDING })];
                case 1:
                    items = (_d.sent()).items;
                    pending = items.filter(schedulable);
                    waiting = new Set(pending.map(function (p) { return p.metadata.uid; }));
                    for (_i = 0, _a = reported.keys(); _i < _a.length; _i++) {
                        uid = _a[_i];
                        if (!waiting.has(uid))
                            reported.delete(uid);
                    }
                    if (!pending.length)
                        return [2 /*return*/, { bound: 0, unschedulable: 0 }];
                    _b = plan_ts_1.plan;
                    _c = [pending];
                    return [4 /*yield*/, cache.get(ctx)];
                case 2:
                    decisions = _b.apply(void 0, _c.concat([_d.sent()]));
                    placements = decisions.filter(function (d) { return d.node !== undefined; });
                    failures = decisions.filter(function (d) { return d.node === undefined; });
                    errors = [];
                    bound = [];
                    return [4 /*yield*/, eachLimited(placements, CONCURRENCY, errors, function (d) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, bind(ctx, cache, d.pod, d.node)];
                                case 1: return [2 /*return*/, (_a.sent()) && bound.push(d)];
                            }
                        }); }); })];
                case 3:
                    _d.sent();
                    // events once every pod of the batch is bound: a large batch gets running sooner
                    return [4 /*yield*/, eachLimited(bound, CONCURRENCY, errors, function (_a) {
                            var pod = _a.pod, node = _a.node;
                            return ctx.events.normal(asPod(pod), 'Scheduled', "Successfully assigned ".concat(pod.metadata.namespace, "/").concat(pod.metadata.name, " to ").concat(node));
                        })];
                case 4:
                    // events once every pod of the batch is bound: a large batch gets running sooner
                    _d.sent();
                    now = ctx.now();
                    return [4 /*yield*/, eachLimited(failures, CONCURRENCY, errors, function (d) { return reportFailure(ctx, reported, d, now); })];
                case 5:
                    _d.sent();
                    if (errors.length)
                        throw errors[0];
                    return [2 /*return*/, { bound: bound.length, unschedulable: failures.length }];
            }
        });
    });
}
