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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var log_feed_ts_1 = require("./log-feed.ts");
var text = function (s) { return new TextEncoder().encode(s); };
(0, node_test_1.test)('the response starts with the first bytes and ends with the node', function () { return __awaiter(void 0, void 0, void 0, function () {
    var feed, res, _a, _b;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                feed = new log_feed_ts_1.LogFeed();
                setTimeout(function () { return feed.push(text('a\n')); }, 20);
                return [4 /*yield*/, feed.response(5000, function () { return strict_1.default.fail('not cancelled'); })];
            case 1:
                res = _c.sent();
                strict_1.default.equal(res.status, 200);
                setTimeout(function () {
                    feed.push(text('b\n'));
                    feed.end();
                }, 20);
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, res.text()];
            case 2:
                _b.apply(_a, [_c.sent(), 'a\nb\n']);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('an error before any byte is the answer; an empty log is an empty 200 after the wait', function () { return __awaiter(void 0, void 0, void 0, function () {
    var failed, res, _a, _b, quiet, started, empty, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                failed = new log_feed_ts_1.LogFeed();
                failed.end({ code: 400, message: 'previous terminated container "c" in pod "p" not found' });
                return [4 /*yield*/, failed.response(5000, function () { return undefined; })];
            case 1:
                res = _e.sent();
                strict_1.default.equal(res.status, 400);
                _b = (_a = strict_1.default).deepEqual;
                return [4 /*yield*/, res.json()];
            case 2:
                _b.apply(_a, [_e.sent(), { error: { code: 400, message: 'previous terminated container "c" in pod "p" not found' } }]);
                quiet = new log_feed_ts_1.LogFeed();
                started = Date.now();
                return [4 /*yield*/, quiet.response(50, function () { return undefined; })];
            case 3:
                empty = _e.sent();
                strict_1.default.ok(Date.now() - started >= 45);
                quiet.end();
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, empty.text()];
            case 4:
                _d.apply(_c, [_e.sent(), '']);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a reader that goes away cancels the request', function () { return __awaiter(void 0, void 0, void 0, function () {
    var feed, cancelled, res;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                feed = new log_feed_ts_1.LogFeed();
                feed.push(text('x'));
                cancelled = 0;
                return [4 /*yield*/, feed.response(1000, function () { return cancelled++; })];
            case 1:
                res = _a.sent();
                return [4 /*yield*/, res.body.cancel()];
            case 2:
                _a.sent();
                return [4 /*yield*/, new Promise(function (r) { return setTimeout(r, 20); })];
            case 3:
                _a.sent();
                strict_1.default.ok(cancelled >= 1);
                strict_1.default.equal(feed.push(text('more')) > 0, true); // pushing after is harmless
                return [2 /*return*/];
        }
    });
}); });
