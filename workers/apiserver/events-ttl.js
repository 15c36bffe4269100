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
exports.DEFAULT_EVENT_TTL_SECONDS = void 0;
exports.lastSeen = lastSeen;
exports.expireEvents = expireEvents;
var store_context_ts_1 = require("./handlers/store-context.ts");
var event_common_ts_1 = require("./registry/kinds/event-common.ts");
var index_ts_1 = require("./registry/index.ts");
var store_ts_1 = require("./rest/store.ts");
exports.DEFAULT_EVENT_TTL_SECONDS = 3600;
var APISERVER = { username: 'system:apiserver', groups: ['system:masters'] };
/** When an event last happened: its series' last observation, else lastTimestamp, eventTime, creation. */
function lastSeen(e) {
    var _a;
    for (var _i = 0, _b = [(_a = e.series) === null || _a === void 0 ? void 0 : _a.lastObservedTime, e.lastTimestamp, e.eventTime, e.metadata.creationTimestamp]; _i < _b.length; _i++) {
        var t = _b[_i];
        var ms = t ? Date.parse(t) : NaN;
        if (!Number.isNaN(ms))
            return ms;
    }
    return NaN;
}
/** Deletes the expired events of both event APIs; returns how many went. */
function expireEvents(env, storage, cluster, waitUntil) {
    return __awaiter(this, void 0, void 0, function () {
        var ttlSeconds, ctx, cutoff, kinds, seen, expired, _loop_1, _i, kinds_1, _a, desc, asCore;
        var _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    ttlSeconds = Number((_b = env.EVENT_TTL_SECONDS) !== null && _b !== void 0 ? _b : exports.DEFAULT_EVENT_TTL_SECONDS);
                    ctx = (0, store_context_ts_1.committing)(env, waitUntil, { storage: storage, cluster: cluster, user: APISERVER, manager: 'kube-apiserver', dryRun: false, now: function () { return new Date(); } });
                    cutoff = ctx.now().getTime() - ttlSeconds * 1000;
                    kinds = [
                        { desc: (0, index_ts_1.byResource)('', 'v1', 'events'), asCore: function (o) { return o; } },
                        { desc: (0, index_ts_1.byResource)('events.k8s.io', 'v1', 'events'), asCore: function (o) { return (0, event_common_ts_1.toCoreEvent)(o); } },
                    ];
                    seen = new Set();
                    expired = 0;
                    _loop_1 = function (desc, asCore) {
                        var items, _e, items_1, e, _f, namespace, name, resourceVersion, err_1, code;
                        return __generator(this, function (_g) {
                            switch (_g.label) {
                                case 0:
                                    if (!desc || seen.has((0, index_ts_1.storagePrefix)(desc)))
                                        return [2 /*return*/, "continue"];
                                    seen.add((0, index_ts_1.storagePrefix)(desc));
                                    return [4 /*yield*/, storage.list((0, index_ts_1.storagePrefix)(desc), { filter: function (o) { return lastSeen(asCore(o)) < cutoff; } })];
                                case 1:
                                    items = (_g.sent()).items;
                                    _e = 0, items_1 = items;
                                    _g.label = 2;
                                case 2:
                                    if (!(_e < items_1.length)) return [3 /*break*/, 7];
                                    e = items_1[_e];
                                    _f = e.metadata, namespace = _f.namespace, name = _f.name, resourceVersion = _f.resourceVersion;
                                    _g.label = 3;
                                case 3:
                                    _g.trys.push([3, 5, , 6]);
                                    // conditional: an event repeated since the listing lives on
                                    return [4 /*yield*/, (0, store_ts_1.deleteObject)(ctx, desc, namespace !== null && namespace !== void 0 ? namespace : '', name, { preconditions: { resourceVersion: resourceVersion } })];
                                case 4:
                                    // conditional: an event repeated since the listing lives on
                                    _g.sent();
                                    expired++;
                                    return [3 /*break*/, 6];
                                case 5:
                                    err_1 = _g.sent();
                                    code = (_c = err_1.status) === null || _c === void 0 ? void 0 : _c.code;
                                    if (code !== 404 && code !== 409)
                                        throw err_1;
                                    return [3 /*break*/, 6];
                                case 6:
                                    _e++;
                                    return [3 /*break*/, 2];
                                case 7: return [2 /*return*/];
                            }
                        });
                    };
                    _i = 0, kinds_1 = kinds;
                    _d.label = 1;
                case 1:
                    if (!(_i < kinds_1.length)) return [3 /*break*/, 4];
                    _a = kinds_1[_i], desc = _a.desc, asCore = _a.asCore;
                    return [5 /*yield**/, _loop_1(desc, asCore)];
                case 2:
                    _d.sent();
                    _d.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, expired];
            }
        });
    });
}
