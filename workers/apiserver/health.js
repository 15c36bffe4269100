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
exports.VERSION = void 0;
exports.healthHandler = healthHandler;
var ok = function () { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
    return [2 /*return*/, undefined];
}); }); };
var storage = function (c) { return __awaiter(void 0, void 0, void 0, function () {
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0: return [4 /*yield*/, c.get('storage').currentRev()];
            case 1:
                _a.sent();
                return [2 /*return*/];
        }
    });
}); };
var LIVE = [
    { name: 'ping', run: ok },
    { name: 'log', run: ok },
    { name: 'etcd', run: storage },
];
var READY = __spreadArray(__spreadArray([], LIVE, true), [{ name: 'etcd-readiness', run: storage }, { name: 'informer-sync', run: ok }, { name: 'shutdown', run: ok }], false);
exports.VERSION = {
    major: '1',
    minor: '32',
    gitVersion: 'v1.32.4+timonier',
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2026-11-29T00:00:00Z',
    goVersion: 'go1.23.6',
    compiler: 'gc',
    platform: 'linux/amd64',
};
function healthHandler(kind) {
    var _this = this;
    var checks = kind === 'readyz' ? READY : LIVE;
    return function (c) { return __awaiter(_this, void 0, void 0, function () {
        var only, selected, results, failed, verbose, lines;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    only = c.req.param('check');
                    selected = only ? checks.filter(function (ch) { return ch.name === only; }) : checks;
                    if (only && selected.length === 0)
                        return [2 /*return*/, c.text('404 page not found\n', 404)];
                    return [4 /*yield*/, Promise.all(selected.map(function (ch) { return __awaiter(_this, void 0, void 0, function () {
                            var e_1;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        _a.trys.push([0, 2, , 3]);
                                        return [4 /*yield*/, ch.run(c)];
                                    case 1:
                                        _a.sent();
                                        return [2 /*return*/, { name: ch.name, ok: true, err: '' }];
                                    case 2:
                                        e_1 = _a.sent();
                                        return [2 /*return*/, { name: ch.name, ok: false, err: e_1.message }];
                                    case 3: return [2 /*return*/];
                                }
                            });
                        }); }))];
                case 1:
                    results = _a.sent();
                    failed = results.filter(function (r) { return !r.ok; });
                    verbose = c.req.query('verbose') !== undefined;
                    c.header('Content-Type', 'text/plain; charset=utf-8');
                    c.header('X-Content-Type-Options', 'nosniff');
                    if (!verbose && !failed.length)
                        return [2 /*return*/, c.body('ok', 200)];
                    lines = results.map(function (r) { return (r.ok ? "[+]".concat(r.name, " ok") : "[-]".concat(r.name, " failed: reason withheld")); });
                    lines.push(failed.length ? "".concat(kind, " check failed") : "".concat(kind, " check passed"));
                    return [2 /*return*/, c.body(lines.join('\n') + '\n', failed.length ? 500 : 200)];
            }
        });
    }); };
}
