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
exports.podLogHandler = podLogHandler;
exports.logOptions = logOptions;
var errors_ts_1 = require("../../../lib/errors.ts");
var tunnel_ts_1 = require("../nodes/tunnel.ts");
var params_ts_1 = require("./params.ts");
var pod_target_ts_1 = require("./pod-target.ts");
// identity: workerd would otherwise gzip text/plain, holding a followed log back in the compressor
var TEXT = { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private', 'Content-Encoding': 'identity' };
function podLogHandler(c, desc) {
    return __awaiter(this, void 0, void 0, function () {
        var info, q, options, _a, container, node, req, res, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    info = c.get('info');
                    q = new URL(c.req.url).searchParams;
                    options = logOptions(info.name, q, new Date());
                    return [4 /*yield*/, (0, pod_target_ts_1.podTarget)(c, desc, q.get('container'))];
                case 1:
                    _a = _c.sent(), container = _a.container, node = _a.node;
                    // as Kubernetes: a pod no node has taken yet has an empty log
                    if (!node)
                        return [2 /*return*/, new Response('', { headers: TEXT })];
                    req = __assign({ namespace: info.namespace, pod: info.name, container: container }, options);
                    return [4 /*yield*/, (0, tunnel_ts_1.tunnelFor)(c.env, c.get('cluster'), node).fetch('https://node-tunnel/logs', {
                            method: 'POST',
                            body: JSON.stringify({ node: node, req: req }),
                            signal: c.req.raw.signal,
                        })];
                case 2:
                    res = _c.sent();
                    if (!!res.ok) return [3 /*break*/, 4];
                    _b = tunnel_ts_1.tunnelStatusError;
                    return [4 /*yield*/, res.json()];
                case 3: throw _b.apply(void 0, [(_c.sent()).error]);
                case 4: return [2 /*return*/, new Response(res.body, { headers: TEXT })];
            }
        });
    });
}
/** PodLogOptions from the query, validated as Kubernetes validates them. */
function logOptions(pod, q, now) {
    var tailLines = (0, params_ts_1.intParam)(q, 'tailLines');
    var limitBytes = (0, params_ts_1.intParam)(q, 'limitBytes');
    var sinceSeconds = (0, params_ts_1.intParam)(q, 'sinceSeconds');
    var sinceTime = q.get('sinceTime');
    var errors = [];
    if (sinceTime) {
        var at = Date.parse(sinceTime);
        if (Number.isNaN(at))
            throw (0, errors_ts_1.badRequest)("invalid value for sinceTime: ".concat(JSON.stringify(sinceTime)));
        if (sinceSeconds !== undefined)
            errors.push(errors_ts_1.fieldErr.forbidden('sinceSeconds', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
        else
            sinceSeconds = Math.max(1, Math.ceil((now.getTime() - at) / 1000));
    }
    if (tailLines !== undefined && tailLines < 0)
        errors.push(errors_ts_1.fieldErr.invalid('tailLines', tailLines, 'must be greater than or equal to 0'));
    if (limitBytes !== undefined && limitBytes < 1)
        errors.push(errors_ts_1.fieldErr.invalid('limitBytes', limitBytes, 'must be greater than 0'));
    if (sinceSeconds !== undefined && sinceSeconds < 1)
        errors.push(errors_ts_1.fieldErr.invalid('sinceSeconds', sinceSeconds, 'must be greater than 0'));
    if (errors.length)
        throw (0, errors_ts_1.invalid)({ group: '', kind: 'PodLogOptions' }, pod, errors);
    return __assign(__assign(__assign({ follow: (0, params_ts_1.boolParam)(q, 'follow'), previous: (0, params_ts_1.boolParam)(q, 'previous'), timestamps: (0, params_ts_1.boolParam)(q, 'timestamps') }, (tailLines !== undefined ? { tailLines: tailLines } : {})), (limitBytes !== undefined ? { limitBytes: limitBytes } : {})), (sinceSeconds !== undefined ? { sinceSeconds: sinceSeconds } : {}));
}
