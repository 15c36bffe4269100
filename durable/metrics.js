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
Object.defineProperty(exports, "__esModule", { value: true });
exports.Metrics = void 0;
/**
 * Metrics: the request counters of every apiserver isolate, in one place. Isolates send batches
 * of samples (`record`); `/metrics` renders the Prometheus text (`render`). Counters survive the
 * object's eviction (kept in its storage), like an API server's since its start.
 */
var cloudflare_workers_1 = require("cloudflare:workers");
var samples_ts_1 = require("../workers/apiserver/metrics/samples.ts");
var labelText = function (l) {
    return Object.keys(l)
        .sort()
        .map(function (k) { return "".concat(k, "=\"").concat(l[k].replace(/\\/g, '\\\\').replace(/"/g, '\\"'), "\""); })
        .join(',');
};
var Metrics = /** @class */ (function (_super) {
    __extends(Metrics, _super);
    function Metrics(ctx, env) {
        var _this = _super.call(this, ctx, env) || this;
        _this.state = { totals: {}, durations: {} };
        ctx.blockConcurrencyWhile(function () { return __awaiter(_this, void 0, void 0, function () {
            var _a;
            var _b;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        _a = this;
                        return [4 /*yield*/, ctx.storage.get('state')];
                    case 1:
                        _a.state = (_b = (_c.sent())) !== null && _b !== void 0 ? _b : this.state;
                        return [2 /*return*/];
                }
            });
        }); });
        return _this;
    }
    Metrics.prototype.record = function (samples) {
        return __awaiter(this, void 0, void 0, function () {
            var _loop_1, this_1, _i, samples_1, s;
            var _a, _b;
            var _c;
            return __generator(this, function (_d) {
                switch (_d.label) {
                    case 0:
                        _loop_1 = function (s) {
                            var key = JSON.stringify(s.labels);
                            var totalKey = JSON.stringify(__assign(__assign({}, s.labels), { code: String(s.code) }));
                            this_1.state.totals[totalKey] = ((_a = this_1.state.totals[totalKey]) !== null && _a !== void 0 ? _a : 0) + 1;
                            var d = ((_b = (_c = this_1.state.durations)[key]) !== null && _b !== void 0 ? _b : (_c[key] = { buckets: samples_ts_1.DURATION_BUCKETS.map(function () { return 0; }), sum: 0, count: 0 }));
                            samples_ts_1.DURATION_BUCKETS.forEach(function (b, i) {
                                if (s.seconds <= b)
                                    d.buckets[i]++;
                            });
                            d.sum += s.seconds;
                            d.count++;
                        };
                        this_1 = this;
                        for (_i = 0, samples_1 = samples; _i < samples_1.length; _i++) {
                            s = samples_1[_i];
                            _loop_1(s);
                        }
                        return [4 /*yield*/, this.ctx.storage.put('state', this.state)];
                    case 1:
                        _d.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    Metrics.prototype.render = function () {
        return __awaiter(this, void 0, void 0, function () {
            var out, _i, _a, _b, k, n, _loop_2, _c, _d, _e, k, d;
            return __generator(this, function (_f) {
                out = [
                    '# HELP apiserver_request_total Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
                    '# TYPE apiserver_request_total counter',
                ];
                for (_i = 0, _a = Object.entries(this.state.totals); _i < _a.length; _i++) {
                    _b = _a[_i], k = _b[0], n = _b[1];
                    out.push("apiserver_request_total{".concat(labelText(JSON.parse(k)), "} ").concat(n));
                }
                out.push('# HELP apiserver_request_duration_seconds Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.', '# TYPE apiserver_request_duration_seconds histogram');
                _loop_2 = function (k, d) {
                    var labels = JSON.parse(k);
                    samples_ts_1.DURATION_BUCKETS.forEach(function (b, i) { return out.push("apiserver_request_duration_seconds_bucket{".concat(labelText(__assign(__assign({}, labels), { le: String(b) })), "} ").concat(d.buckets[i])); });
                    out.push("apiserver_request_duration_seconds_bucket{".concat(labelText(__assign(__assign({}, labels), { le: '+Inf' })), "} ").concat(d.count));
                    out.push("apiserver_request_duration_seconds_sum{".concat(labelText(labels), "} ").concat(d.sum));
                    out.push("apiserver_request_duration_seconds_count{".concat(labelText(labels), "} ").concat(d.count));
                };
                for (_c = 0, _d = Object.entries(this.state.durations); _c < _d.length; _c++) {
                    _e = _d[_c], k = _e[0], d = _e[1];
                    _loop_2(k, d);
                }
                return [2 /*return*/, out.join('\n') + '\n'];
            });
        });
    };
    return Metrics;
}(cloudflare_workers_1.DurableObject));
exports.Metrics = Metrics;
