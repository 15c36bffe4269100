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
/**
 * One storage suite, run against every backend: the node client on a file, and the web client
 * (what the workers use) over HTTP against the local Hrana server.
 */
var strict_1 = require("node:assert/strict");
var node_fs_1 = require("node:fs");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var node_test_1 = require("node:test");
var client_1 = require("@libsql/client");
var web_1 = require("@libsql/client/web");
var hrana_server_ts_1 = require("../../../local/hrana-server.ts");
var errors_ts_1 = require("../../../lib/errors.ts");
var backend_ts_1 = require("./backend.ts");
var dialect_ts_1 = require("./dialect.ts");
var index_ts_1 = require("./index.ts");
var log_ts_1 = require("./log.ts");
var dir = (0, node_fs_1.mkdtempSync)((0, node_path_1.join)((0, node_os_1.tmpdir)(), 'timonier-storage-'));
(0, node_test_1.after)(function () { return (0, node_fs_1.rmSync)(dir, { recursive: true, force: true }); });
var files = 0;
var freshFile = function () { return (0, node_path_1.join)(dir, "db".concat(++files, ".sqlite")); };
var backends = {
    'node client on a file': function () { return __awaiter(void 0, void 0, void 0, function () {
        var client;
        return __generator(this, function (_a) {
            client = (0, client_1.createClient)({ url: "file:".concat(freshFile()) });
            return [2 /*return*/, { client: client, close: function () { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
                        return [2 /*return*/, client.close()];
                    }); }); } }];
        });
    }); },
    'web client over the Hrana server': function () { return __awaiter(void 0, void 0, void 0, function () {
        var server, client;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, hrana_server_ts_1.startHranaServer)({ file: freshFile(), authToken: 'secret' })];
                case 1:
                    server = _a.sent();
                    client = (0, web_1.createClient)({ url: server.url, authToken: 'secret' });
                    return [2 /*return*/, {
                            client: client,
                            close: function () { return __awaiter(void 0, void 0, void 0, function () {
                                return __generator(this, function (_a) {
                                    switch (_a.label) {
                                        case 0:
                                            client.close();
                                            return [4 /*yield*/, server.close()];
                                        case 1:
                                            _a.sent();
                                            return [2 /*return*/];
                                    }
                                });
                            }); },
                        }];
            }
        });
    }); },
};
var PREFIX = '/registry/configmaps/ns/';
var key = function (name) { return PREFIX + name; };
var cm = function (name, data, labels) {
    if (data === void 0) { data = {}; }
    return ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: __assign({ name: name, namespace: 'ns' }, (labels ? { labels: labels } : {})),
        data: data,
    });
};
var names = function (items) { return items.map(function (o) { return o.metadata.name; }); };
var sleep = function (ms) { return new Promise(function (r) { return setTimeout(r, ms); }); };
function mustCreate(s_1, name_1) {
    return __awaiter(this, arguments, void 0, function (s, name, data, labels) {
        var res;
        if (data === void 0) { data = {}; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, s.create(key(name), cm(name, data, labels))];
                case 1:
                    res = _a.sent();
                    strict_1.default.ok(res.ok, "create ".concat(name));
                    return [2 /*return*/, res.rev];
            }
        });
    });
}
function rejectsWith(p, code, message) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, strict_1.default.rejects(p, function (err) {
                        strict_1.default.ok(err instanceof errors_ts_1.StatusError);
                        strict_1.default.equal(err.code, code);
                        strict_1.default.match(err.message, message);
                        return true;
                    })];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
var _loop_1 = function (name, open) {
    (0, node_test_1.describe)("storage: ".concat(name), function () {
        var db;
        var s;
        // a fresh database per test: revisions are predictable
        var fresh = function () { return __awaiter(void 0, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, (db === null || db === void 0 ? void 0 : db.close())];
                    case 1:
                        _a.sent();
                        return [4 /*yield*/, open()];
                    case 2:
                        db = _a.sent();
                        return [4 /*yield*/, (0, index_ts_1.migrate)(db.client)];
                    case 3:
                        _a.sent();
                        s = (0, index_ts_1.createStorage)(db.client);
                        return [2 /*return*/];
                }
            });
        }); };
        (0, node_test_1.after)(function () { return db === null || db === void 0 ? void 0 : db.close(); });
        (0, node_test_1.it)('migrate is idempotent, also when two run at once', function () { return __awaiter(void 0, void 0, void 0, function () {
            var _a, a, b, _b, _c, _d, _e, _f, _g;
            return __generator(this, function (_h) {
                switch (_h.label) {
                    case 0: return [4 /*yield*/, open()];
                    case 1:
                        db = _h.sent();
                        return [4 /*yield*/, Promise.all([(0, index_ts_1.migrate)(db.client), (0, index_ts_1.migrate)(db.client)])];
                    case 2:
                        _a = _h.sent(), a = _a[0], b = _a[1];
                        strict_1.default.equal(a.length + b.length, 2, 'each migration applied exactly once');
                        _c = (_b = strict_1.default).deepEqual;
                        return [4 /*yield*/, (0, index_ts_1.migrate)(db.client)];
                    case 3:
                        _c.apply(_b, [_h.sent(), []]);
                        s = (0, index_ts_1.createStorage)(db.client);
                        _e = (_d = strict_1.default).equal;
                        return [4 /*yield*/, s.currentRev()];
                    case 4:
                        _e.apply(_d, [_h.sent(), 0]);
                        _g = (_f = strict_1.default).equal;
                        return [4 /*yield*/, s.compactedRev()];
                    case 5:
                        _g.apply(_f, [_h.sent(), 0]);
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('create, get, update, delete carry revisions', function () { return __awaiter(void 0, void 0, void 0, function () {
            var created, _a, _b, updated, got, deleted, _c, _d, _e, _f, again;
            var _g;
            return __generator(this, function (_h) {
                switch (_h.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _h.sent();
                        return [4 /*yield*/, s.create(key('a'), __assign(__assign({}, cm('a', { x: '1' })), { metadata: { name: 'a', resourceVersion: '999' } }))];
                    case 2:
                        created = _h.sent();
                        strict_1.default.ok(created.ok);
                        strict_1.default.equal(created.rev, 1);
                        strict_1.default.equal(created.object.metadata.resourceVersion, '1');
                        _b = (_a = strict_1.default).equal;
                        return [4 /*yield*/, s.get(key('a'))];
                    case 3:
                        _b.apply(_a, [(_g = (_h.sent())) === null || _g === void 0 ? void 0 : _g.metadata.resourceVersion, '1', 'a stored resourceVersion is never read back']);
                        return [4 /*yield*/, s.update(key('a'), cm('a', { x: '2' }), 1)];
                    case 4:
                        updated = _h.sent();
                        strict_1.default.ok(updated.ok);
                        strict_1.default.equal(updated.rev, 2);
                        return [4 /*yield*/, s.get(key('a'))];
                    case 5:
                        got = _h.sent();
                        strict_1.default.deepEqual(got === null || got === void 0 ? void 0 : got.data, { x: '2' });
                        strict_1.default.equal(got === null || got === void 0 ? void 0 : got.metadata.resourceVersion, '2');
                        return [4 /*yield*/, s.delete(key('a'), 2)];
                    case 6:
                        deleted = _h.sent();
                        strict_1.default.ok(deleted.ok);
                        strict_1.default.equal(deleted.rev, 3);
                        strict_1.default.deepEqual(deleted.object.data, { x: '2' }, 'a delete returns the last state');
                        strict_1.default.equal(deleted.object.metadata.resourceVersion, '3');
                        _d = (_c = strict_1.default).equal;
                        return [4 /*yield*/, s.get(key('a'))];
                    case 7:
                        _d.apply(_c, [_h.sent(), undefined]);
                        _f = (_e = strict_1.default).equal;
                        return [4 /*yield*/, s.currentRev()];
                    case 8:
                        _f.apply(_e, [_h.sent(), 3]);
                        return [4 /*yield*/, s.create(key('a'), cm('a'))];
                    case 9:
                        again = _h.sent();
                        strict_1.default.ok(again.ok && again.rev === 4, 'a deleted key can be created again');
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('failed preconditions are results that write nothing', function () { return __awaiter(void 0, void 0, void 0, function () {
            var exists, conflict, delConflict, missing, _a, _b, _c, _d, _e, _f;
            var _g, _h;
            return __generator(this, function (_j) {
                switch (_j.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _j.sent();
                        return [4 /*yield*/, mustCreate(s, 'a', { x: '1' })];
                    case 2:
                        _j.sent();
                        return [4 /*yield*/, s.create(key('a'), cm('a'))];
                    case 3:
                        exists = _j.sent();
                        strict_1.default.deepEqual(__assign(__assign({}, exists), { current: undefined }), { ok: false, reason: 'exists', current: undefined });
                        strict_1.default.equal(!exists.ok && ((_g = exists.current) === null || _g === void 0 ? void 0 : _g.metadata.resourceVersion), '1');
                        return [4 /*yield*/, s.update(key('a'), cm('a'), 7)];
                    case 4:
                        conflict = _j.sent();
                        strict_1.default.ok(!conflict.ok && conflict.reason === 'conflict');
                        strict_1.default.deepEqual((_h = conflict.current) === null || _h === void 0 ? void 0 : _h.data, { x: '1' });
                        return [4 /*yield*/, s.delete(key('a'), 7)];
                    case 5:
                        delConflict = _j.sent();
                        strict_1.default.ok(!delConflict.ok && delConflict.reason === 'conflict');
                        return [4 /*yield*/, s.update(key('b'), cm('b'), 1)];
                    case 6:
                        missing = _j.sent();
                        strict_1.default.deepEqual(missing, { ok: false, reason: 'not-found' });
                        _b = (_a = strict_1.default).deepEqual;
                        return [4 /*yield*/, s.delete(key('b'), 1)];
                    case 7:
                        _b.apply(_a, [_j.sent(), { ok: false, reason: 'not-found' }]);
                        _d = (_c = strict_1.default).equal;
                        return [4 /*yield*/, s.currentRev()];
                    case 8:
                        _d.apply(_c, [_j.sent(), 1, 'no revision was used by a refused write']);
                        _f = (_e = strict_1.default).equal;
                        return [4 /*yield*/, s.events(0, PREFIX)];
                    case 9:
                        _f.apply(_e, [(_j.sent()).length, 1]);
                        return [4 /*yield*/, strict_1.default.rejects(s.update(key('a'), cm('a'), 0), /needs the revision/)];
                    case 10:
                        _j.sent();
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('of concurrent writes with the same expected revision exactly one wins', function () { return __awaiter(void 0, void 0, void 0, function () {
            var updates, creates, _a, _b;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _c.sent();
                        return [4 /*yield*/, mustCreate(s, 'a')];
                    case 2:
                        _c.sent();
                        return [4 /*yield*/, Promise.all(Array.from({ length: 16 }, function (_, i) { return s.update(key('a'), cm('a', { i: String(i) }), 1); }))];
                    case 3:
                        updates = _c.sent();
                        strict_1.default.equal(updates.filter(function (r) { return r.ok; }).length, 1);
                        strict_1.default.ok(updates.every(function (r) { return r.ok || r.reason === 'conflict'; }));
                        return [4 /*yield*/, Promise.all(Array.from({ length: 8 }, function () { return s.create(key('b'), cm('b')); }))];
                    case 4:
                        creates = _c.sent();
                        strict_1.default.equal(creates.filter(function (r) { return r.ok; }).length, 1);
                        _b = (_a = strict_1.default).equal;
                        return [4 /*yield*/, s.currentRev()];
                    case 5:
                        _b.apply(_a, [_c.sent(), 3]);
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('lists at the current revision and at a past one', function () { return __awaiter(void 0, void 0, void 0, function () {
            var r, _a, _b, _c, _d, now, past, _e, _f, _g, _h, _j, _k, _l, _m, _o;
            return __generator(this, function (_p) {
                switch (_p.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _p.sent();
                        return [4 /*yield*/, mustCreate(s, 'a', { v: '1' })];
                    case 2:
                        _p.sent();
                        return [4 /*yield*/, mustCreate(s, 'b')];
                    case 3:
                        _p.sent();
                        return [4 /*yield*/, mustCreate(s, 'c')];
                    case 4:
                        r = _p.sent();
                        return [4 /*yield*/, mustCreate(s, 'a-other-prefix-sibling')];
                    case 5:
                        _p.sent(); // rev 4, sorts between a and b
                        _b = (_a = strict_1.default).ok;
                        return [4 /*yield*/, s.delete(key('b'), 2)];
                    case 6:
                        _b.apply(_a, [(_p.sent()).ok]);
                        _d = (_c = strict_1.default).ok;
                        return [4 /*yield*/, s.update(key('a'), cm('a', { v: '2' }), 1)];
                    case 7:
                        _d.apply(_c, [(_p.sent()).ok]);
                        return [4 /*yield*/, s.create('/registry/configmaps/ns2/x', cm('x'))];
                    case 8:
                        _p.sent(); // outside the prefix
                        return [4 /*yield*/, s.list(PREFIX)];
                    case 9:
                        now = _p.sent();
                        strict_1.default.equal(now.rev, 7);
                        strict_1.default.deepEqual(names(now.items), ['a', 'a-other-prefix-sibling', 'c']);
                        strict_1.default.deepEqual(now.items[0].data, { v: '2' });
                        strict_1.default.equal(now.items[0].metadata.resourceVersion, '6');
                        strict_1.default.equal(now.lastKey, undefined);
                        return [4 /*yield*/, s.list(PREFIX, { rev: r })];
                    case 10:
                        past = _p.sent();
                        strict_1.default.equal(past.rev, r);
                        strict_1.default.deepEqual(names(past.items), ['a', 'b', 'c'], 'created later: invisible; deleted later: visible');
                        strict_1.default.deepEqual(past.items[0].data, { v: '1' });
                        strict_1.default.deepEqual(past.items.map(function (o) { return o.metadata.resourceVersion; }), ['1', '2', '3']);
                        _f = (_e = strict_1.default).deepEqual;
                        _g = names;
                        return [4 /*yield*/, s.list(PREFIX, { rev: 1 })];
                    case 11:
                        _f.apply(_e, [_g.apply(void 0, [(_p.sent()).items]), ['a']]);
                        _j = (_h = strict_1.default).deepEqual;
                        _k = names;
                        return [4 /*yield*/, s.list(PREFIX, { rev: 7 })];
                    case 12:
                        _j.apply(_h, [_k.apply(void 0, [(_p.sent()).items]), names(now.items), 'rev = current reads the same']);
                        _m = (_l = strict_1.default).deepEqual;
                        _o = names;
                        return [4 /*yield*/, s.list(PREFIX, { rev: 0 })];
                    case 13:
                        _m.apply(_l, [_o.apply(void 0, [(_p.sent()).items]), names(now.items), 'rev 0 means the latest']);
                        return [4 /*yield*/, rejectsWith(s.list(PREFIX, { rev: 8 }), 504, /Too large resource version: 8, current: 7/)];
                    case 14:
                        _p.sent();
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('pages with after and limit see no object twice while writes happen between pages', function () { return __awaiter(void 0, void 0, void 0, function () {
            var i, first, _a, _b, _c, _d, _e, _f, seen, page, remainders, _i, _g, o, latest;
            return __generator(this, function (_h) {
                switch (_h.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _h.sent();
                        i = 0;
                        _h.label = 2;
                    case 2:
                        if (!(i < 10)) return [3 /*break*/, 5];
                        return [4 /*yield*/, mustCreate(s, "cm".concat(i))];
                    case 3:
                        _h.sent();
                        _h.label = 4;
                    case 4:
                        i++;
                        return [3 /*break*/, 2];
                    case 5: return [4 /*yield*/, s.list(PREFIX, { limit: 4 })];
                    case 6:
                        first = _h.sent();
                        strict_1.default.deepEqual(names(first.items), ['cm0', 'cm1', 'cm2', 'cm3']);
                        strict_1.default.equal(first.lastKey, key('cm3'));
                        strict_1.default.equal(first.remaining, 6);
                        // writes between pages: a new key inside the rest of the range, a deletion, an update
                        return [4 /*yield*/, mustCreate(s, 'cm45')];
                    case 7:
                        // writes between pages: a new key inside the rest of the range, a deletion, an update
                        _h.sent();
                        _b = (_a = strict_1.default).ok;
                        return [4 /*yield*/, s.delete(key('cm5'), 6)];
                    case 8:
                        _b.apply(_a, [(_h.sent()).ok]);
                        _d = (_c = strict_1.default).ok;
                        return [4 /*yield*/, s.update(key('cm6'), cm('cm6', { changed: 'yes' }), 7)];
                    case 9:
                        _d.apply(_c, [(_h.sent()).ok]);
                        _f = (_e = strict_1.default).ok;
                        return [4 /*yield*/, s.update(key('cm1'), cm('cm1', { changed: 'yes' }), 2)];
                    case 10:
                        _f.apply(_e, [(_h.sent()).ok]);
                        seen = __spreadArray([], names(first.items), true);
                        page = first;
                        remainders = [first.remaining];
                        _h.label = 11;
                    case 11:
                        if (!page.lastKey) return [3 /*break*/, 13];
                        return [4 /*yield*/, s.list(PREFIX, { rev: first.rev, after: page.lastKey, limit: 4 })];
                    case 12:
                        page = _h.sent();
                        strict_1.default.equal(page.rev, first.rev);
                        seen.push.apply(seen, names(page.items));
                        remainders.push(page.remaining);
                        for (_i = 0, _g = page.items; _i < _g.length; _i++) {
                            o = _g[_i];
                            strict_1.default.equal(o.data && Object.keys(o.data).length, 0, 'the state at the first page');
                        }
                        return [3 /*break*/, 11];
                    case 13:
                        strict_1.default.deepEqual(seen, Array.from({ length: 10 }, function (_, i) { return "cm".concat(i); }));
                        strict_1.default.deepEqual(remainders, [6, 2, undefined]);
                        return [4 /*yield*/, s.list(PREFIX, { after: key('cm3'), limit: 100 })];
                    case 14:
                        latest = _h.sent();
                        strict_1.default.deepEqual(names(latest.items), ['cm4', 'cm45', 'cm6', 'cm7', 'cm8', 'cm9']);
                        strict_1.default.equal(latest.lastKey, undefined);
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('applies the filter before the limit, reading in chunks at one revision', function () { return __awaiter(void 0, void 0, void 0, function () {
            var i, even, chunked, _i, _a, store, first, seen, page, _b, _c, _d, _e, _f, all, none;
            return __generator(this, function (_g) {
                switch (_g.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _g.sent();
                        i = 0;
                        _g.label = 2;
                    case 2:
                        if (!(i < 12)) return [3 /*break*/, 5];
                        return [4 /*yield*/, mustCreate(s, "cm".concat(String(i).padStart(2, '0')), {}, { even: String(i % 2 === 0) })];
                    case 3:
                        _g.sent();
                        _g.label = 4;
                    case 4:
                        i++;
                        return [3 /*break*/, 2];
                    case 5:
                        even = function (o) { var _a; return ((_a = o.metadata.labels) === null || _a === void 0 ? void 0 : _a.even) === 'true'; };
                        chunked = (0, backend_ts_1.backend)((0, log_ts_1.eventLog)((0, dialect_ts_1.sqlDialect)(db.client)), { filterChunk: 3 });
                        _i = 0, _a = [s, chunked];
                        _g.label = 6;
                    case 6:
                        if (!(_i < _a.length)) return [3 /*break*/, 15];
                        store = _a[_i];
                        return [4 /*yield*/, store.list(PREFIX, { filter: even, limit: 2 })];
                    case 7:
                        first = _g.sent();
                        strict_1.default.deepEqual(names(first.items), ['cm00', 'cm02']);
                        strict_1.default.equal(first.remaining, undefined, 'no remaining count with a filter');
                        strict_1.default.ok(first.lastKey);
                        return [4 /*yield*/, mustCreate(store, 'cm03a', {}, { even: 'true' })];
                    case 8:
                        _g.sent(); // after the revision of the first page
                        seen = names(first.items);
                        page = first;
                        _g.label = 9;
                    case 9:
                        if (!page.lastKey) return [3 /*break*/, 11];
                        return [4 /*yield*/, store.list(PREFIX, { filter: even, limit: 2, after: page.lastKey, rev: first.rev })];
                    case 10:
                        page = _g.sent();
                        seen.push.apply(seen, names(page.items));
                        return [3 /*break*/, 9];
                    case 11:
                        strict_1.default.deepEqual(seen, ['cm00', 'cm02', 'cm04', 'cm06', 'cm08', 'cm10']);
                        _c = (_b = strict_1.default).ok;
                        _e = (_d = store).delete;
                        _f = [key('cm03a')];
                        return [4 /*yield*/, store.currentRev()];
                    case 12: return [4 /*yield*/, _e.apply(_d, _f.concat([(_g.sent())]))];
                    case 13:
                        _c.apply(_b, [(_g.sent()).ok]);
                        _g.label = 14;
                    case 14:
                        _i++;
                        return [3 /*break*/, 6];
                    case 15: return [4 /*yield*/, chunked.list(PREFIX, { filter: even })];
                    case 16:
                        all = _g.sent();
                        strict_1.default.equal(all.items.length, 6);
                        strict_1.default.equal(all.lastKey, undefined);
                        return [4 /*yield*/, chunked.list(PREFIX, { filter: function () { return false; }, limit: 1 })];
                    case 17:
                        none = _g.sent();
                        strict_1.default.deepEqual(none.items, []);
                        strict_1.default.equal(none.lastKey, undefined);
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('events after a revision come in order, with the previous object', function () { return __awaiter(void 0, void 0, void 0, function () {
            var _a, _b, _c, _d, events, _e, _f, _g, _h, _j, _k;
            var _l, _m;
            return __generator(this, function (_o) {
                switch (_o.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _o.sent();
                        return [4 /*yield*/, mustCreate(s, 'a', { v: '1' })];
                    case 2:
                        _o.sent();
                        return [4 /*yield*/, s.create('/registry/secrets/ns/a', cm('a'))];
                    case 3:
                        _o.sent();
                        _b = (_a = strict_1.default).ok;
                        return [4 /*yield*/, s.update(key('a'), cm('a', { v: '2' }), 1)];
                    case 4:
                        _b.apply(_a, [(_o.sent()).ok]);
                        _d = (_c = strict_1.default).ok;
                        return [4 /*yield*/, s.delete(key('a'), 3)];
                    case 5:
                        _d.apply(_c, [(_o.sent()).ok]);
                        return [4 /*yield*/, s.events(0, PREFIX)];
                    case 6:
                        events = _o.sent();
                        strict_1.default.deepEqual(events.map(function (e) { return [e.rev, e.type, e.prevRev]; }), [[1, 'ADDED', 0], [3, 'MODIFIED', 1], [4, 'DELETED', 3]]);
                        strict_1.default.equal(events[0].prevObject, undefined);
                        strict_1.default.deepEqual((_l = events[1].prevObject) === null || _l === void 0 ? void 0 : _l.data, { v: '1' });
                        strict_1.default.equal((_m = events[1].prevObject) === null || _m === void 0 ? void 0 : _m.metadata.resourceVersion, '1');
                        strict_1.default.deepEqual(events[1].object.data, { v: '2' });
                        strict_1.default.equal(events[2].object.metadata.resourceVersion, '4');
                        strict_1.default.deepEqual(events[2].object.data, { v: '2' }, 'a deletion records the last state');
                        _f = (_e = strict_1.default).deepEqual;
                        return [4 /*yield*/, s.events(1, PREFIX, 1)];
                    case 7:
                        _f.apply(_e, [(_o.sent()).map(function (e) { return e.rev; }), [3]]);
                        _h = (_g = strict_1.default).deepEqual;
                        return [4 /*yield*/, s.events(0, '/registry/')];
                    case 8:
                        _h.apply(_g, [(_o.sent()).map(function (e) { return e.rev; }), [1, 2, 3, 4]]);
                        _k = (_j = strict_1.default).deepEqual;
                        return [4 /*yield*/, s.events(4, PREFIX)];
                    case 9:
                        _k.apply(_j, [_o.sent(), []]);
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('compaction keeps reads at or after the compacted revision exact and expires older ones', function () { return __awaiter(void 0, void 0, void 0, function () {
            var _a, _b, _c, _d, c, atC, cutoff, _e, _f, _g, _h, eventsAfterC, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, rows, _y, _z;
            return __generator(this, function (_0) {
                switch (_0.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _0.sent();
                        return [4 /*yield*/, mustCreate(s, 'a', { v: '1' })];
                    case 2:
                        _0.sent(); // 1
                        return [4 /*yield*/, mustCreate(s, 'b')];
                    case 3:
                        _0.sent(); // 2
                        _b = (_a = strict_1.default).ok;
                        return [4 /*yield*/, s.update(key('a'), cm('a', { v: '2' }), 1)];
                    case 4:
                        _b.apply(_a, [(_0.sent()).ok]); // 3
                        return [4 /*yield*/, mustCreate(s, 'gone')];
                    case 5:
                        _0.sent(); // 4
                        _d = (_c = strict_1.default).ok;
                        return [4 /*yield*/, s.delete(key('gone'), 4)];
                    case 6:
                        _d.apply(_c, [(_0.sent()).ok]); // 5
                        return [4 /*yield*/, mustCreate(s, 'c')];
                    case 7:
                        _0.sent(); // 6
                        c = 6;
                        return [4 /*yield*/, s.list(PREFIX, { rev: c })];
                    case 8:
                        atC = _0.sent();
                        return [4 /*yield*/, sleep(5)];
                    case 9:
                        _0.sent();
                        cutoff = Date.now();
                        return [4 /*yield*/, sleep(5)];
                    case 10:
                        _0.sent();
                        _f = (_e = strict_1.default).ok;
                        return [4 /*yield*/, s.update(key('a'), cm('a', { v: '3' }), 3)];
                    case 11:
                        _f.apply(_e, [(_0.sent()).ok]); // 7
                        _h = (_g = strict_1.default).ok;
                        return [4 /*yield*/, s.delete(key('b'), 2)];
                    case 12:
                        _h.apply(_g, [(_0.sent()).ok]); // 8
                        return [4 /*yield*/, s.events(c, PREFIX)];
                    case 13:
                        eventsAfterC = _0.sent();
                        _k = (_j = strict_1.default).equal;
                        return [4 /*yield*/, s.compact(cutoff)];
                    case 14:
                        _k.apply(_j, [_0.sent(), c]);
                        _m = (_l = strict_1.default).equal;
                        return [4 /*yield*/, s.compactedRev()];
                    case 15:
                        _m.apply(_l, [_0.sent(), c]);
                        _p = (_o = strict_1.default).deepEqual;
                        return [4 /*yield*/, s.list(PREFIX, { rev: c })];
                    case 16:
                        _p.apply(_o, [_0.sent(), atC]);
                        _r = (_q = strict_1.default).deepEqual;
                        _s = names;
                        return [4 /*yield*/, s.list(PREFIX, { rev: 7 })];
                    case 17:
                        _r.apply(_q, [_s.apply(void 0, [(_0.sent()).items]), ['a', 'b', 'c']]);
                        _u = (_t = strict_1.default).deepEqual;
                        _v = names;
                        return [4 /*yield*/, s.list(PREFIX)];
                    case 18:
                        _u.apply(_t, [_v.apply(void 0, [(_0.sent()).items]), ['a', 'c']]);
                        _x = (_w = strict_1.default).deepEqual;
                        return [4 /*yield*/, s.events(c, PREFIX)];
                    case 19:
                        _x.apply(_w, [_0.sent(), eventsAfterC]);
                        return [4 /*yield*/, rejectsWith(s.list(PREFIX, { rev: c - 1 }), 410, /^The resourceVersion for the provided list is too old\.$/)];
                    case 20:
                        _0.sent();
                        return [4 /*yield*/, rejectsWith(s.events(c - 1, PREFIX), 410, new RegExp("^too old resource version: ".concat(c - 1, " \\(").concat(c, "\\)$")))];
                    case 21:
                        _0.sent();
                        return [4 /*yield*/, db.client.execute({ sql: 'SELECT rev FROM log WHERE rev <= ? ORDER BY rev', args: [c] })];
                    case 22:
                        rows = _0.sent();
                        strict_1.default.deepEqual(rows.rows.map(function (r) { return Number(r[0]); }), [2, 3, 6]);
                        _z = (_y = strict_1.default).equal;
                        return [4 /*yield*/, s.compact(cutoff)];
                    case 23:
                        _z.apply(_y, [_0.sent(), c, 'compacting again at the same point changes nothing']);
                        return [2 /*return*/];
                }
            });
        }); });
        (0, node_test_1.it)('the current revision survives compaction of the newest rows', function () { return __awaiter(void 0, void 0, void 0, function () {
            var _a, _b, _c, _d, rows, _e, _f, _g, _h, _j, _k;
            return __generator(this, function (_l) {
                switch (_l.label) {
                    case 0: return [4 /*yield*/, fresh()];
                    case 1:
                        _l.sent();
                        return [4 /*yield*/, mustCreate(s, 'a')];
                    case 2:
                        _l.sent();
                        _b = (_a = strict_1.default).ok;
                        return [4 /*yield*/, s.delete(key('a'), 1)];
                    case 3:
                        _b.apply(_a, [(_l.sent()).ok]);
                        return [4 /*yield*/, sleep(2)];
                    case 4:
                        _l.sent();
                        _d = (_c = strict_1.default).equal;
                        return [4 /*yield*/, s.compact(Date.now() + 1)];
                    case 5:
                        _d.apply(_c, [_l.sent(), 2]);
                        return [4 /*yield*/, db.client.execute('SELECT count(*) FROM log')];
                    case 6:
                        rows = _l.sent();
                        strict_1.default.equal(Number(rows.rows[0][0]), 0);
                        _f = (_e = strict_1.default).equal;
                        return [4 /*yield*/, s.currentRev()];
                    case 7:
                        _f.apply(_e, [_l.sent(), 2]);
                        _h = (_g = strict_1.default).deepEqual;
                        return [4 /*yield*/, s.list(PREFIX)];
                    case 8:
                        _h.apply(_g, [_l.sent(), { items: [], rev: 2 }]);
                        _k = (_j = strict_1.default).equal;
                        return [4 /*yield*/, mustCreate(s, 'a')];
                    case 9:
                        _k.apply(_j, [_l.sent(), 3, 'a revision is never reused']);
                        return [2 /*return*/];
                }
            });
        }); });
    });
};
for (var _i = 0, _a = Object.entries(backends); _i < _a.length; _i++) {
    var _b = _a[_i], name = _b[0], open = _b[1];
    _loop_1(name, open);
}
(0, node_test_1.describe)('storage: a fresh, unmigrated database', function () {
    var db;
    (0, node_test_1.before)(function () { return __awaiter(void 0, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, backends['node client on a file']()];
                case 1:
                    db = _a.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    (0, node_test_1.after)(function () { return db.close(); });
    (0, node_test_1.it)('fails loudly rather than answering from nothing', function () { return __awaiter(void 0, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, strict_1.default.rejects((0, index_ts_1.createStorage)(db.client).get(key('a')), /no such table/)];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    }); });
});
