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
exports.controllers = void 0;
var runner_ts_1 = require("./framework/runner.ts");
var controller_ts_1 = require("./namespace/controller.ts");
var controller_ts_2 = require("./serviceaccount/controller.ts");
var controller_ts_3 = require("./scheduler/controller.ts");
var index_ts_1 = require("./nodelifecycle/index.ts");
var controller_ts_4 = require("./deployment/controller.ts");
var controller_ts_5 = require("./replicaset/controller.ts");
var controller_ts_6 = require("./gc/controller.ts");
var controller_ts_7 = require("./endpointslice/controller.ts");
exports.controllers = __spreadArray(__spreadArray(__spreadArray([controller_ts_1.namespaceController, controller_ts_2.serviceAccountController, controller_ts_2.rootCAPublisher, controller_ts_3.scheduler], index_ts_1.nodeLifecycleControllers, true), [controller_ts_4.deploymentController, controller_ts_5.replicaSetController, controller_ts_6.garbageCollector], false), controller_ts_7.endpointControllers, true);
exports.default = {
    queue: function (batch, env) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, (0, runner_ts_1.runMessages)(env, exports.controllers, batch.messages.map(function (m) { return m.body; }))];
                    case 1:
                        _a.sent();
                        batch.ackAll();
                        return [2 /*return*/];
                }
            });
        });
    },
    scheduled: function (_event, env) {
        return __awaiter(this, void 0, void 0, function () {
            var _this = this;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, Promise.all(exports.controllers.map(function (c) { return __awaiter(_this, void 0, void 0, function () {
                            var ctx, _a, _b;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0:
                                        if (!c.resync)
                                            return [2 /*return*/];
                                        ctx = (0, runner_ts_1.contextFor)(env, c, 'default');
                                        _a = runner_ts_1.reconcileAll;
                                        _b = [c, ctx];
                                        return [4 /*yield*/, c.resync(ctx)];
                                    case 1: return [4 /*yield*/, _a.apply(void 0, _b.concat([_c.sent()]))];
                                    case 2:
                                        _c.sent();
                                        return [2 /*return*/];
                                }
                            });
                        }); }))];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    },
};
