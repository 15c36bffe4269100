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
var strict_1 = require("node:assert/strict");
var node_fs_1 = require("node:fs");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var node_test_1 = require("node:test");
var client_1 = require("@libsql/client");
var events_ttl_ts_1 = require("./events-ttl.ts");
var index_ts_1 = require("./storage/index.ts");
var dir = (0, node_fs_1.mkdtempSync)((0, node_path_1.join)((0, node_os_1.tmpdir)(), 'timonier-events-ttl-'));
(0, node_test_1.after)(function () { return (0, node_fs_1.rmSync)(dir, { recursive: true, force: true }); });
var ago = function (s) { return new Date(Date.now() - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'); };
var event = function (name, fields) { return (__assign({ apiVersion: 'v1', kind: 'Event', metadata: { name: name, namespace: 'ns', creationTimestamp: ago(10) }, involvedObject: { kind: 'Pod', namespace: 'ns', name: 'p' }, reason: 'Scheduled' }, fields)); };
function fakeEnv(ttl) {
    var _this = this;
    var sent = [];
    var env = {
        EVENT_TTL_SECONDS: ttl,
        WATCH_HUB: { idFromName: function (n) { return n; }, get: function () { return ({ poke: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                    return [2 /*return*/];
                }); }); } }); } },
        CHANGES: { send: function (m) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                return [2 /*return*/, void sent.push(m)];
            }); }); } },
    };
    return { env: env, sent: sent };
}
(0, node_test_1.test)('lastSeen: series, then lastTimestamp, then eventTime, then creation', function () {
    var e = function (f) { return event('x', f); };
    strict_1.default.equal((0, events_ttl_ts_1.lastSeen)(e({ series: { lastObservedTime: '2026-01-01T00:00:03.000000Z' }, lastTimestamp: '2026-01-01T00:00:02Z' })), Date.parse('2026-01-01T00:00:03Z'));
    strict_1.default.equal((0, events_ttl_ts_1.lastSeen)(e({ lastTimestamp: '2026-01-01T00:00:02Z', eventTime: '2026-01-01T00:00:01.000000Z' })), Date.parse('2026-01-01T00:00:02Z'));
    strict_1.default.equal((0, events_ttl_ts_1.lastSeen)(e({ eventTime: '2026-01-01T00:00:01.000000Z' })), Date.parse('2026-01-01T00:00:01Z'));
    strict_1.default.equal((0, events_ttl_ts_1.lastSeen)({ metadata: { creationTimestamp: '2026-01-01T00:00:00Z' } }), Date.parse('2026-01-01T00:00:00Z'));
});
(0, node_test_1.test)('events older than the TTL are deleted through the store (watchers and controllers hear of it)', function () { return __awaiter(void 0, void 0, void 0, function () {
    var client, storage, _a, env, sent, _b, _c, left, _d, _e, _f, _g, _h, _j;
    return __generator(this, function (_k) {
        switch (_k.label) {
            case 0:
                client = (0, client_1.createClient)({ url: "file:".concat((0, node_path_1.join)(dir, 'a.sqlite')) });
                return [4 /*yield*/, (0, index_ts_1.migrate)(client)];
            case 1:
                _k.sent();
                storage = (0, index_ts_1.createStorage)(client);
                return [4 /*yield*/, storage.create('/registry/events/ns/old', event('old', { lastTimestamp: ago(2 * 3600), count: 3 }))];
            case 2:
                _k.sent();
                return [4 /*yield*/, storage.create('/registry/events/ns/old-but-repeated', event('old-but-repeated', { firstTimestamp: ago(3 * 3600), lastTimestamp: ago(60) }))];
            case 3:
                _k.sent();
                return [4 /*yield*/, storage.create('/registry/events/ns/new-api', event('new-api', { eventTime: ago(3601), series: { count: 2, lastObservedTime: ago(3700) } }))];
            case 4:
                _k.sent();
                return [4 /*yield*/, storage.create('/registry/events/ns/recent', event('recent', { lastTimestamp: ago(5) }))];
            case 5:
                _k.sent();
                return [4 /*yield*/, storage.create('/registry/configmaps/ns/old', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old', namespace: 'ns', creationTimestamp: ago(9999) } })];
            case 6:
                _k.sent();
                _a = fakeEnv(), env = _a.env, sent = _a.sent;
                _c = (_b = strict_1.default).equal;
                return [4 /*yield*/, (0, events_ttl_ts_1.expireEvents)(env, storage, 'default', function () { })];
            case 7:
                _c.apply(_b, [_k.sent(), 2]);
                return [4 /*yield*/, storage.list('/registry/events/')];
            case 8:
                left = (_k.sent()).items.map(function (e) { return e.metadata.name; });
                strict_1.default.deepEqual(left, ['old-but-repeated', 'recent']);
                _e = (_d = strict_1.default).ok;
                return [4 /*yield*/, storage.get('/registry/configmaps/ns/old')];
            case 9:
                _e.apply(_d, [_k.sent()]);
                strict_1.default.deepEqual(sent.map(function (m) { return [m.type, m.resource, m.name]; }).sort(), [['DELETED', 'events', 'new-api'], ['DELETED', 'events', 'old']]);
                // a shorter TTL takes the others too
                _g = (_f = strict_1.default).equal;
                return [4 /*yield*/, (0, events_ttl_ts_1.expireEvents)(fakeEnv('30').env, storage, 'default', function () { })];
            case 10:
                // a shorter TTL takes the others too
                _g.apply(_f, [_k.sent(), 1]);
                _j = (_h = strict_1.default).deepEqual;
                return [4 /*yield*/, storage.list('/registry/events/')];
            case 11:
                _j.apply(_h, [(_k.sent()).items.map(function (e) { return e.metadata.name; }), ['recent']]);
                client.close();
                return [2 /*return*/];
        }
    });
}); });
