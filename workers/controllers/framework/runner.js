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
exports.settingsFrom = settingsFrom;
exports.contextFor = contextFor;
exports.runMessages = runMessages;
exports.reconcileAll = reconcileAll;
var client_ts_1 = require("../../../lib/client/client.ts");
var identity_ts_1 = require("./identity.ts");
var events_ts_1 = require("./events.ts");
var CONFLICT_RETRIES = 5;
var FAILURE_REQUEUE_SECONDS = 5;
function settingsFrom(env) {
    var _a;
    return { nodeMonitorGraceSeconds: Number((_a = env.NODE_MONITOR_GRACE_SECONDS) !== null && _a !== void 0 ? _a : 50), clusterCA: env.CLUSTER_CA };
}
function contextFor(env, c, cluster) {
    var _this = this;
    var _a;
    var api = (0, identity_ts_1.clientFor)(env, c.name, (_a = c.fieldManager) !== null && _a !== void 0 ? _a : 'kube-controller-manager');
    var now = function () { return new Date(); };
    return {
        api: api,
        events: (0, events_ts_1.eventRecorder)(api, c.name, now),
        requeue: function (key, seconds) { return __awaiter(_this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, env.CHANGES.send({ type: 'REQUEUE', cluster: cluster, controller: c.name, key: key }, { delaySeconds: Math.max(0, Math.ceil(seconds)) })];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        }); },
        settings: settingsFrom(env),
        now: now,
    };
}
/** Reconciles every key the messages lead to; resolves when all are done. */
function runMessages(env, controllers, messages) {
    return __awaiter(this, void 0, void 0, function () {
        var cluster;
        var _this = this;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    cluster = (_b = (_a = messages[0]) === null || _a === void 0 ? void 0 : _a.cluster) !== null && _b !== void 0 ? _b : 'default';
                    return [4 /*yield*/, Promise.all(controllers.map(function (c) { return __awaiter(_this, void 0, void 0, function () {
                            var ctx, keys, _i, messages_1, m, _a, _b, k;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0:
                                        ctx = contextFor(env, c, cluster);
                                        keys = new Set();
                                        _i = 0, messages_1 = messages;
                                        _c.label = 1;
                                    case 1:
                                        if (!(_i < messages_1.length)) return [3 /*break*/, 7];
                                        m = messages_1[_i];
                                        if (!(m.type === 'REQUEUE')) return [3 /*break*/, 2];
                                        if (m.controller === c.name)
                                            keys.add(m.key);
                                        return [3 /*break*/, 6];
                                    case 2:
                                        _a = 0;
                                        return [4 /*yield*/, c.keysFor(m, ctx)];
                                    case 3:
                                        _b = _c.sent();
                                        _c.label = 4;
                                    case 4:
                                        if (!(_a < _b.length)) return [3 /*break*/, 6];
                                        k = _b[_a];
                                        keys.add(k);
                                        _c.label = 5;
                                    case 5:
                                        _a++;
                                        return [3 /*break*/, 4];
                                    case 6:
                                        _i++;
                                        return [3 /*break*/, 1];
                                    case 7: return [4 /*yield*/, reconcileAll(c, ctx, __spreadArray([], keys, true))];
                                    case 8:
                                        _c.sent();
                                        return [2 /*return*/];
                                }
                            });
                        }); }))];
                case 1:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function reconcileAll(c, ctx, keys) {
    return __awaiter(this, void 0, void 0, function () {
        var _i, keys_1, key;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _i = 0, keys_1 = keys;
                    _a.label = 1;
                case 1:
                    if (!(_i < keys_1.length)) return [3 /*break*/, 4];
                    key = keys_1[_i];
                    return [4 /*yield*/, reconcileOne(c, ctx, key)];
                case 2:
                    _a.sent();
                    _a.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/];
            }
        });
    });
}
function reconcileOne(c, ctx, key) {
    return __awaiter(this, void 0, void 0, function () {
        var attempt, e_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    attempt = 1;
                    _a.label = 1;
                case 1:
                    _a.trys.push([1, 3, , 5]);
                    return [4 /*yield*/, c.reconcile(key, ctx)];
                case 2: return [2 /*return*/, _a.sent()];
                case 3:
                    e_1 = _a.sent();
                    if ((0, client_ts_1.isConflict)(e_1) && attempt < CONFLICT_RETRIES)
                        return [3 /*break*/, 5]; // someone wrote first: read again
                    console.error("".concat(c.name, ": reconcile ").concat(key, ": ").concat(e_1.message));
                    return [4 /*yield*/, ctx.requeue(key, FAILURE_REQUEUE_SECONDS).catch(function () { return undefined; })];
                case 4:
                    _a.sent();
                    return [2 /*return*/];
                case 5:
                    attempt++;
                    return [3 /*break*/, 1];
                case 6: return [2 /*return*/];
            }
        });
    });
}
