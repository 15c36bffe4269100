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
Object.defineProperty(exports, "__esModule", { value: true });
exports.scheduler = void 0;
exports.newScheduler = newScheduler;
var recheck_ts_1 = require("../nodelifecycle/recheck.ts");
var cache_ts_1 = require("./cache.ts");
var cycle_ts_1 = require("./cycle.ts");
var KEY = 'pending';
var RETRY_SECONDS = 30;
/** A scheduler with its own memory (tests make fresh ones; the worker has one per isolate). */
function newScheduler() {
    var rechecks = new recheck_ts_1.Rechecks();
    var reported = new Map();
    var cache = new cache_ts_1.SnapshotCache();
    var running = false;
    var again = false;
    function cycle(ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var unschedulable, now;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        rechecks.fired(KEY, ctx.now().getTime());
                        return [4 /*yield*/, (0, cycle_ts_1.scheduleCycle)(ctx, cache, reported)];
                    case 1:
                        unschedulable = (_a.sent()).unschedulable;
                        if (!unschedulable) return [3 /*break*/, 3];
                        now = ctx.now().getTime();
                        return [4 /*yield*/, rechecks.at(ctx, KEY, now + RETRY_SECONDS * 1000, now)];
                    case 2:
                        _a.sent();
                        _a.label = 3;
                    case 3: return [2 /*return*/];
                }
            });
        });
    }
    return {
        name: cycle_ts_1.SCHEDULER_NAME,
        fieldManager: cycle_ts_1.SCHEDULER_NAME,
        keysFor: function (change) {
            if (change.group !== '' || (change.resource !== 'pods' && change.resource !== 'nodes'))
                return [];
            if (change.resource === 'nodes' || change.type === 'DELETED')
                cache.invalidate();
            return [KEY];
        },
        resync: function () {
            return __awaiter(this, void 0, void 0, function () {
                return __generator(this, function (_a) {
                    cache.invalidate();
                    return [2 /*return*/, [KEY]];
                });
            });
        },
        reconcile: function (_key, ctx) {
            return __awaiter(this, void 0, void 0, function () {
                return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0:
                            if (running) {
                                again = true;
                                return [2 /*return*/];
                            }
                            running = true;
                            _a.label = 1;
                        case 1:
                            _a.trys.push([1, , 6, 7]);
                            _a.label = 2;
                        case 2:
                            again = false;
                            return [4 /*yield*/, cycle(ctx)];
                        case 3:
                            _a.sent();
                            _a.label = 4;
                        case 4:
                            if (again) return [3 /*break*/, 2];
                            _a.label = 5;
                        case 5: return [3 /*break*/, 7];
                        case 6:
                            running = false;
                            return [7 /*endfinally*/];
                        case 7: return [2 /*return*/];
                    }
                });
            });
        },
    };
}
exports.scheduler = newScheduler();
