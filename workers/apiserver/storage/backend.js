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
exports.tooLargeResourceVersion = tooLargeResourceVersion;
exports.backend = backend;
var errors_ts_1 = require("../../../lib/errors.ts");
/** 504, as Kubernetes answers a read at a revision it has not reached yet. */
function tooLargeResourceVersion(rev, current) {
    var err = (0, errors_ts_1.timeout)("Too large resource version: ".concat(rev, ", current: ").concat(current));
    err.status.details = {
        causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }],
        retryAfterSeconds: 1,
    };
    return err;
}
function backend(log, _a) {
    var _this = this;
    var _b = _a === void 0 ? {} : _a, _c = _b.filterChunk, filterChunk = _c === void 0 ? 1000 : _c;
    function write(key, type, obj, expectedRev) {
        return __awaiter(this, void 0, void 0, function () {
            var res, current, _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (type !== 'ADDED' && !(expectedRev > 0))
                            throw new Error("storage: ".concat(type, " of ").concat(key, " needs the revision it read"));
                        return [4 /*yield*/, log.append(key, type, obj, expectedRev)];
                    case 1:
                        res = _b.sent();
                        if (!('refused' in res)) return [3 /*break*/, 5];
                        if (!(res.refused === 'not-found')) return [3 /*break*/, 2];
                        _a = undefined;
                        return [3 /*break*/, 4];
                    case 2: return [4 /*yield*/, log.get(key)];
                    case 3:
                        _a = _b.sent();
                        _b.label = 4;
                    case 4:
                        current = _a;
                        return [2 /*return*/, current ? { ok: false, reason: res.refused, current: current } : { ok: false, reason: res.refused }];
                    case 5: return [2 /*return*/, { ok: true, object: res.object, rev: res.rev }];
                }
            });
        });
    }
    /** One consistent read; a given revision must be readable (compacted <= rev <= current). */
    function read(q) {
        return __awaiter(this, void 0, void 0, function () {
            var snap;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, log.snapshot(q)];
                    case 1:
                        snap = _a.sent();
                        if (q.rev !== undefined && q.rev < snap.compacted)
                            throw (0, errors_ts_1.expired)('The resourceVersion for the provided list is too old.');
                        if (q.rev !== undefined && q.rev > snap.current)
                            throw tooLargeResourceVersion(q.rev, snap.current);
                        return [2 /*return*/, snap];
                }
            });
        });
    }
    function list(prefix_1) {
        return __awaiter(this, arguments, void 0, function (prefix, opts) {
            var after, filter, limit, rev, snap, items_1, items, at, cursor, snap, _i, _a, _b, key, object;
            if (opts === void 0) { opts = {}; }
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        after = opts.after, filter = opts.filter;
                        limit = opts.limit || undefined;
                        rev = opts.rev || undefined;
                        if (!!filter) return [3 /*break*/, 2];
                        return [4 /*yield*/, read({ prefix: prefix, after: after, limit: limit, rev: rev, count: limit !== undefined })];
                    case 1:
                        snap = _c.sent();
                        items_1 = snap.entries.map(function (e) { return e.object; });
                        if (!snap.more)
                            return [2 /*return*/, { items: items_1, rev: snap.rev }];
                        return [2 /*return*/, { items: items_1, rev: snap.rev, lastKey: snap.entries[items_1.length - 1].key, remaining: snap.total - items_1.length }];
                    case 2:
                        items = [];
                        at = rev;
                        cursor = after;
                        _c.label = 3;
                    case 3: return [4 /*yield*/, read({ prefix: prefix, after: cursor, limit: limit && Math.max(limit, filterChunk), rev: at })];
                    case 4:
                        snap = _c.sent();
                        at = snap.rev;
                        for (_i = 0, _a = snap.entries; _i < _a.length; _i++) {
                            _b = _a[_i], key = _b.key, object = _b.object;
                            if (!filter(object))
                                continue;
                            if (items.length === limit)
                                return [2 /*return*/, { items: items, rev: at, lastKey: cursor }];
                            items.push(object);
                            cursor = key;
                        }
                        if (!snap.more)
                            return [2 /*return*/, { items: items, rev: at }];
                        if (items.length === limit)
                            return [2 /*return*/, { items: items, rev: at, lastKey: cursor }];
                        cursor = snap.entries[snap.entries.length - 1].key;
                        _c.label = 5;
                    case 5: return [3 /*break*/, 3];
                    case 6: return [2 /*return*/];
                }
            });
        });
    }
    return {
        currentRev: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, log.revs()];
                case 1: return [2 /*return*/, (_a.sent()).current];
            }
        }); }); },
        compactedRev: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, log.revs()];
                case 1: return [2 /*return*/, (_a.sent()).compacted];
            }
        }); }); },
        get: function (key) { return log.get(key); },
        list: list,
        create: function (key, obj) { return write(key, 'ADDED', obj, 0); },
        update: function (key, obj, expectedRev) { return write(key, 'MODIFIED', obj, expectedRev); },
        delete: function (key, expectedRev) { return write(key, 'DELETED', undefined, expectedRev); },
        events: function (afterRev, prefix, limit) {
            return __awaiter(this, void 0, void 0, function () {
                var _a, events, compacted;
                return __generator(this, function (_b) {
                    switch (_b.label) {
                        case 0: return [4 /*yield*/, log.after(afterRev, prefix, limit)];
                        case 1:
                            _a = _b.sent(), events = _a.events, compacted = _a.compacted;
                            if (afterRev < compacted)
                                throw (0, errors_ts_1.expired)("too old resource version: ".concat(afterRev, " (").concat(compacted, ")"));
                            return [2 /*return*/, events];
                    }
                });
            });
        },
        compact: function (olderThanMs) { return log.compact(olderThanMs); },
    };
}
