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
exports.NodeTunnel = exports.Metrics = exports.WatchHub = void 0;
var app_ts_1 = require("./app.ts");
var connect_ts_1 = require("./storage/connect.ts");
var bootstrap_ts_1 = require("./bootstrap.ts");
var events_ttl_ts_1 = require("./events-ttl.ts");
var watch_hub_ts_1 = require("../../durable/watch-hub.ts");
Object.defineProperty(exports, "WatchHub", { enumerable: true, get: function () { return watch_hub_ts_1.WatchHub; } });
var metrics_ts_1 = require("../../durable/metrics.ts");
Object.defineProperty(exports, "Metrics", { enumerable: true, get: function () { return metrics_ts_1.Metrics; } });
var node_tunnel_ts_1 = require("../../durable/node-tunnel.ts");
Object.defineProperty(exports, "NodeTunnel", { enumerable: true, get: function () { return node_tunnel_ts_1.NodeTunnel; } });
var app = (0, app_ts_1.createApp)();
exports.default = {
    fetch: app.fetch,
    /** every minute: the system objects, event expiry (1 h), and compaction of the log beyond its window (default 5 min) */
    scheduled: function (_event, env, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var storage, windowSeconds;
            var _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        storage = (0, connect_ts_1.connectStorage)(env);
                        return [4 /*yield*/, (0, bootstrap_ts_1.ensureSystemObjects)(env, storage, 'default', function (p) { return ctx.waitUntil(p); })];
                    case 1:
                        _b.sent();
                        return [4 /*yield*/, (0, events_ttl_ts_1.expireEvents)(env, storage, 'default', function (p) { return ctx.waitUntil(p); })];
                    case 2:
                        _b.sent();
                        windowSeconds = Number((_a = env.COMPACTION_WINDOW_SECONDS) !== null && _a !== void 0 ? _a : 300);
                        return [4 /*yield*/, storage.compact(Date.now() - windowSeconds * 1000)];
                    case 3:
                        _b.sent();
                        return [2 /*return*/];
                }
            });
        });
    },
};
