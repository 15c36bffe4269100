"use strict";
var __extends = (this && this.__extends) || (function () {
    var extendStatics = function (d, b) {
        extendStatics = Object.setPrototypeOf ||
            ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
            function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };
        return extendStatics(d, b);
    };
    return function (d, b) {
        if (typeof b !== "function" && b !== null)
            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
        extendStatics(d, b);
        function __() { this.constructor = d; }
        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
    };
})();
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
exports.WatchHub = void 0;
/**
 * WatchHub: the fan-out of one resource's events (one hub per cluster and resource) to the
 * watch streams attached to it.
 *
 * Contract:
 * - The log is the only source of events. A poke (`poke(rev)`) only says "the log moved"; the hub
 *   reads the log itself from the last revision it saw, in order, so a lost or duplicated poke
 *   never loses, duplicates or reorders an event. While watchers are attached it also re-reads the
 *   log on a short timer.
 * - Every operation that reads the log or moves a cursor runs on one serial chain (`serially`), so
 *   a new watcher's catch-up and the live pump never interleave: each watcher sees every event
 *   with rev > its start, exactly once, in rev order.
 * - Each pump writes all pending events of a watcher as ONE chunk: the cost of a Durable Object
 *   stream is per chunk, not per byte (platform.md §B2).
 */
var cloudflare_workers_1 = require("cloudflare:workers");
var connect_ts_1 = require("../workers/apiserver/storage/connect.ts");
var index_ts_1 = require("../workers/apiserver/registry/index.ts");
var errors_ts_1 = require("../lib/errors.ts");
var filter_ts_1 = require("../workers/apiserver/rest/filter.ts");
var table_ts_1 = require("../workers/apiserver/rest/table.ts");
var POLL_MS = 1000;
var BOOKMARK_MS = 30000;
/** without timeoutSeconds, Kubernetes closes a watch after 30-60 minutes */
var DEFAULT_TIMEOUT_S = function () { return 1800 + Math.floor(Math.random() * 1800); };
var encoder = new TextEncoder();
var WatchHub = /** @class */ (function (_super) {
    __extends(WatchHub, _super);
    function WatchHub() {
        var _this = _super !== null && _super.apply(this, arguments) || this;
        _this.watchers = new Set();
        /** the last log revision this hub has read for its resource (-1: not read yet) */
        _this.hubRev = -1;
        _this.chain = Promise.resolve();
        /** Set by the poll timer: the next pump also carries the cursor over other resources' writes. */
        _this.catchUp = false;
        return _this;
    }
    Object.defineProperty(WatchHub.prototype, "store", {
        get: function () {
            var _a;
            return ((_a = this.storage_) !== null && _a !== void 0 ? _a : (this.storage_ = (0, connect_ts_1.connectStorage)(this.env)));
        },
        enumerable: false,
        configurable: true
    });
    /** Runs `fn` after everything queued before it; the hub's only way to touch cursors. */
    WatchHub.prototype.serially = function (fn) {
        var next = this.chain.then(fn, fn);
        this.chain = next.catch(function () { return undefined; });
        return next;
    };
    /** The log moved (a commit happened). Coalesces: a pump already queued will see it. */
    WatchHub.prototype.poke = function (_rev) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (this.watchers.size === 0)
                            return [2 /*return*/];
                        return [4 /*yield*/, this.pumpSoon()];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    WatchHub.prototype.pumpSoon = function () {
        var _this = this;
        var _a;
        (_a = this.pumpQueued) !== null && _a !== void 0 ? _a : (this.pumpQueued = this.serially(function () { return __awaiter(_this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        this.pumpQueued = undefined;
                        return [4 /*yield*/, this.pump()];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        }); }));
        return this.pumpQueued;
    };
    WatchHub.prototype.fetch = function (request) {
        return __awaiter(this, void 0, void 0, function () {
            var spec, desc, _a, readable, writable, writer, watcher, contentType;
            var _this = this;
            var _b;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0: return [4 /*yield*/, request.json()];
                    case 1:
                        spec = (_c.sent());
                        desc = (0, index_ts_1.byResource)(spec.group, spec.version, spec.resource);
                        if (!desc)
                            return [2 /*return*/, new Response('unknown resource', { status: 404 })];
                        _a = new TransformStream(), readable = _a.readable, writable = _a.writable;
                        writer = writable.getWriter();
                        watcher = {
                            spec: spec,
                            desc: desc,
                            prefix: storagePrefixOf(desc, spec.namespace),
                            rev: 0,
                            matches: function () { return true; },
                            writer: writer,
                            headerSent: false,
                            lastWrite: Date.now(),
                            closed: false,
                            timeout: setTimeout(function () { return _this.close(watcher); }, ((_b = spec.timeoutSeconds) !== null && _b !== void 0 ? _b : DEFAULT_TIMEOUT_S()) * 1000),
                        };
                        this.serially(function () { return _this.attach(watcher); }).catch(function (e) { return _this.fail(watcher, e); });
                        contentType = spec.table ? "application/json;as=Table;v=".concat(spec.table.version, ";g=meta.k8s.io") : 'application/json';
                        // identity: a compressed stream would hold events back until the compressor's buffer fills
                        return [2 /*return*/, new Response(readable, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private', 'Content-Encoding': 'identity' } })];
                }
            });
        });
    };
    /** Brings a new watcher up to the hub's revision, then lets the pump feed it. */
    WatchHub.prototype.attach = function (w) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, rv, lines, initial, list, _i, _b, o, _c, from, compacted, _d, _e, ev, line;
            var _f, _g;
            return __generator(this, function (_h) {
                switch (_h.label) {
                    case 0:
                        w.matches = (_f = (0, filter_ts_1.objectFilter)(w.desc, w.spec.labelSelector, w.spec.fieldSelector)) !== null && _f !== void 0 ? _f : (function () { return true; });
                        if (!(this.hubRev < 0)) return [3 /*break*/, 2];
                        _a = this;
                        return [4 /*yield*/, this.store.currentRev()];
                    case 1:
                        _a.hubRev = _h.sent();
                        _h.label = 2;
                    case 2:
                        rv = w.spec.resourceVersion;
                        lines = [];
                        initial = (_g = w.spec.sendInitialEvents) !== null && _g !== void 0 ? _g : (!rv || rv === '0');
                        if (!initial) return [3 /*break*/, 4];
                        return [4 /*yield*/, this.store.list(w.prefix, { filter: w.matches })];
                    case 3:
                        list = _h.sent();
                        for (_i = 0, _b = list.items; _i < _b.length; _i++) {
                            o = _b[_i];
                            lines.push(this.line(w, 'ADDED', o));
                        }
                        w.rev = list.rev;
                        if (w.spec.sendInitialEvents && w.spec.allowWatchBookmarks)
                            lines.push(this.bookmark(w, list.rev, true));
                        return [3 /*break*/, 8];
                    case 4:
                        if (!(!rv || rv === '0')) return [3 /*break*/, 6];
                        _c = w;
                        return [4 /*yield*/, this.store.currentRev()];
                    case 5:
                        _c.rev = _h.sent(); // sendInitialEvents=false: changes from now on
                        return [3 /*break*/, 8];
                    case 6:
                        from = Number(rv);
                        return [4 /*yield*/, this.store.compactedRev()];
                    case 7:
                        compacted = _h.sent();
                        if (from < compacted)
                            throw (0, errors_ts_1.expired)("too old resource version: ".concat(from, " (").concat(compacted, ")"));
                        w.rev = from;
                        _h.label = 8;
                    case 8:
                        if (!(w.rev < this.hubRev)) return [3 /*break*/, 13];
                        _d = 0;
                        return [4 /*yield*/, this.store.events(w.rev, w.prefix)];
                    case 9:
                        _e = _h.sent();
                        _h.label = 10;
                    case 10:
                        if (!(_d < _e.length)) return [3 /*break*/, 12];
                        ev = _e[_d];
                        if (ev.rev > this.hubRev)
                            return [3 /*break*/, 12];
                        line = this.eventLine(w, ev);
                        if (line)
                            lines.push(line);
                        w.rev = ev.rev;
                        _h.label = 11;
                    case 11:
                        _d++;
                        return [3 /*break*/, 10];
                    case 12:
                        w.rev = Math.max(w.rev, this.hubRev);
                        _h.label = 13;
                    case 13:
                        this.watchers.add(w);
                        this.ensurePolling();
                        if (!lines.length) return [3 /*break*/, 15];
                        return [4 /*yield*/, this.write(w, lines)];
                    case 14:
                        _h.sent();
                        return [3 /*break*/, 17];
                    case 15: return [4 /*yield*/, w.writer.ready];
                    case 16:
                        _h.sent(); // flush headers
                        _h.label = 17;
                    case 17: return [2 /*return*/];
                }
            });
        });
    };
    /**
     * Reads the log after the hub's cursor and delivers to every watcher, one chunk each. The cursor
     * moves to this resource's last event and, on the timer's pumps, to the log's revision as of
     * before the read: every revision up to it was committed, so the read saw all of this resource's
     * writes up to it. A quiet resource's cursor thus keeps up with the log instead of falling behind
     * the compaction point, past which every read would be a 410 and its watchers would starve.
     * (Only the timer pays that extra read: a poke's pump is one round trip.)
     */
    WatchHub.prototype.pump = function () {
        return __awaiter(this, void 0, void 0, function () {
            var first, catchUp, seen, _a, events, e_1, now;
            var _this = this;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (this.watchers.size === 0)
                            return [2 /*return*/];
                        first = __spreadArray([], this.watchers, true)[0];
                        catchUp = this.catchUp;
                        this.catchUp = false;
                        if (!catchUp) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.store.currentRev()];
                    case 1:
                        _a = _b.sent();
                        return [3 /*break*/, 3];
                    case 2:
                        _a = 0;
                        _b.label = 3;
                    case 3:
                        seen = _a;
                        _b.label = 4;
                    case 4:
                        _b.trys.push([4, 6, , 8]);
                        return [4 /*yield*/, this.store.events(this.hubRev, storagePrefixOf(first.desc, ''))];
                    case 5:
                        events = _b.sent();
                        return [3 /*break*/, 8];
                    case 6:
                        e_1 = _b.sent();
                        // history the hub had not read yet is gone: its watchers must relist, as a 410 tells them
                        if ((0, errors_ts_1.toStatusError)(e_1).code !== 410)
                            throw e_1;
                        this.hubRev = -1;
                        return [4 /*yield*/, Promise.all(__spreadArray([], this.watchers, true).map(function (w) { return _this.fail(w, e_1); }))];
                    case 7:
                        _b.sent();
                        return [2 /*return*/];
                    case 8:
                        now = Date.now();
                        return [4 /*yield*/, Promise.all(__spreadArray([], this.watchers, true).map(function (w) {
                                var lines = [];
                                for (var _i = 0, events_1 = events; _i < events_1.length; _i++) {
                                    var ev = events_1[_i];
                                    if (ev.rev <= w.rev || !ev.key.startsWith(w.prefix))
                                        continue;
                                    var line = _this.eventLine(w, ev);
                                    if (line)
                                        lines.push(line);
                                }
                                if (events.length)
                                    w.rev = Math.max(w.rev, events[events.length - 1].rev);
                                if (w.spec.allowWatchBookmarks && now - w.lastWrite > BOOKMARK_MS)
                                    lines.push(_this.bookmark(w, Math.max(w.rev, _this.hubRev), false));
                                return lines.length ? _this.write(w, lines) : undefined;
                            }))];
                    case 9:
                        _b.sent();
                        this.hubRev = Math.max(this.hubRev, seen, events.length ? events[events.length - 1].rev : 0);
                        return [2 /*return*/];
                }
            });
        });
    };
    /**
     * One event as seen through the watcher's selectors. A MODIFIED that leaves the selection is a
     * DELETED of the object as the watcher last saw it (at the event's revision), as Kubernetes'
     * watch cache sends it; one that enters the selection is an ADDED.
     */
    WatchHub.prototype.eventLine = function (w, ev) {
        var now = w.matches(ev.object);
        if (ev.type === 'MODIFIED' && ev.prevObject) {
            var before = w.matches(ev.prevObject);
            if (before && !now)
                return this.line(w, 'DELETED', __assign(__assign({}, ev.prevObject), { metadata: __assign(__assign({}, ev.prevObject.metadata), { resourceVersion: String(ev.rev) }) }));
            if (!before && now)
                return this.line(w, 'ADDED', ev.object);
        }
        return now ? this.line(w, ev.type, ev.object) : undefined;
    };
    WatchHub.prototype.line = function (w, type, obj) {
        if (!w.spec.table)
            return JSON.stringify({ type: type, object: obj });
        var table = (0, table_ts_1.tableOf)(w.desc, [obj], __assign(__assign({}, w.spec.table), { noHeaders: w.headerSent }));
        w.headerSent = true;
        return JSON.stringify({ type: type, object: table });
    };
    WatchHub.prototype.bookmark = function (w, rev, initialEventsEnd) {
        var metadata = { resourceVersion: String(rev) };
        if (initialEventsEnd)
            metadata.annotations = { 'k8s.io/initial-events-end': 'true' };
        var apiVersion = w.desc.group ? "".concat(w.desc.group, "/").concat(w.desc.version) : w.desc.version;
        return JSON.stringify({ type: 'BOOKMARK', object: { kind: w.desc.kind, apiVersion: apiVersion, metadata: metadata } });
    };
    WatchHub.prototype.write = function (w, lines) {
        return __awaiter(this, void 0, void 0, function () {
            var _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        if (w.closed)
                            return [2 /*return*/];
                        w.lastWrite = Date.now();
                        _b.label = 1;
                    case 1:
                        _b.trys.push([1, 3, , 4]);
                        return [4 /*yield*/, w.writer.write(encoder.encode(lines.join('\n') + '\n'))];
                    case 2:
                        _b.sent();
                        return [3 /*break*/, 4];
                    case 3:
                        _a = _b.sent();
                        this.close(w); // the client went away
                        return [3 /*break*/, 4];
                    case 4: return [2 /*return*/];
                }
            });
        });
    };
    /** A failure after the stream started is an ERROR event, then the end of the stream. */
    WatchHub.prototype.fail = function (w, e) {
        return __awaiter(this, void 0, void 0, function () {
            var status;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        status = (0, errors_ts_1.toStatusError)(e).status;
                        return [4 /*yield*/, this.write(w, [JSON.stringify({ type: 'ERROR', object: status })])];
                    case 1:
                        _a.sent();
                        this.close(w);
                        return [2 /*return*/];
                }
            });
        });
    };
    WatchHub.prototype.close = function (w) {
        if (w.closed)
            return;
        w.closed = true;
        clearTimeout(w.timeout);
        this.watchers.delete(w);
        w.writer.close().catch(function () { return undefined; });
        if (this.watchers.size === 0 && this.poll) {
            clearInterval(this.poll);
            this.poll = undefined;
        }
    };
    /** Lost pokes are caught up by polling the log while anyone is watching. */
    WatchHub.prototype.ensurePolling = function () {
        var _this = this;
        var _a;
        (_a = this.poll) !== null && _a !== void 0 ? _a : (this.poll = setInterval(function () {
            _this.catchUp = true;
            _this.pumpSoon().catch(function () { return undefined; });
        }, POLL_MS));
    };
    return WatchHub;
}(cloudflare_workers_1.DurableObject));
exports.WatchHub = WatchHub;
var storagePrefixOf = function (desc, namespace) { return (0, index_ts_1.storagePrefix)(desc, namespace || undefined); };
