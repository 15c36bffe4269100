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
exports.createApp = createApp;
/**
 * The request pipeline, in Kubernetes' order:
 *   metrics → request info → authentication → authorization → route
 * and, for resource requests, the handlers' own chain:
 *   decode → defaults → admission → validation → storage (rest/store.ts).
 * Errors anywhere become a Kubernetes Status in `onError`.
 */
var hono_1 = require("hono");
var info_ts_1 = require("./request/info.ts");
var authn_ts_1 = require("./auth/authn.ts");
var authz_ts_1 = require("./auth/authz.ts");
var bootstrap_token_ts_1 = require("./auth/bootstrap-token.ts");
var node_restriction_ts_1 = require("./auth/node-restriction.ts");
var created_object_ts_1 = require("./auth/created-object.ts");
var routes_ts_1 = require("./nodes/routes.ts");
var connect_ts_1 = require("./storage/connect.ts");
var bootstrap_ts_1 = require("./bootstrap.ts");
var errors_ts_1 = require("../../lib/errors.ts");
var respond_ts_1 = require("./handlers/respond.ts");
var body_ts_1 = require("./handlers/body.ts");
var resource_ts_1 = require("./handlers/resource.ts");
var health_ts_1 = require("./health.ts");
var routes_ts_2 = require("./discovery/routes.ts");
var routes_ts_3 = require("./openapi/routes.ts");
var samples_ts_1 = require("./metrics/samples.ts");
var recorder_ts_1 = require("./metrics/recorder.ts");
/** Once per isolate: the system namespaces exist before any request is served. */
var bootstrapped;
function createApp(opts) {
    var _this = this;
    var _a;
    if (opts === void 0) { opts = {}; }
    var authorizer = (_a = opts.authorizer) !== null && _a !== void 0 ? _a : authz_ts_1.defaultAuthorizer;
    var app = new hono_1.Hono();
    app.use('*', function (c, next) { return __awaiter(_this, void 0, void 0, function () {
        var started, url, info, labels;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    started = performance.now();
                    url = new URL(c.req.url);
                    info = (0, info_ts_1.requestInfo)(c.req.method, url);
                    c.set('info', info);
                    c.set('cluster', 'default');
                    c.set('warnings', []);
                    c.set('storage', (0, connect_ts_1.connectStorage)(c.env));
                    bootstrapped !== null && bootstrapped !== void 0 ? bootstrapped : (bootstrapped = (0, bootstrap_ts_1.ensureSystemObjects)(c.env, c.get('storage'), c.get('cluster'), function (p) { return c.executionCtx.waitUntil(p); }).catch(function (e) {
                        bootstrapped = undefined; // retried by the next request
                        throw e;
                    }));
                    return [4 /*yield*/, bootstrapped];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, next()];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, body_ts_1.discardUnreadBody)(c.req.raw)];
                case 3:
                    _a.sent();
                    labels = (0, samples_ts_1.labelsFor)(info, c.req.header('Content-Type'), url.searchParams.has('dryRun'));
                    c.executionCtx.waitUntil((0, recorder_ts_1.recordSample)(c.env, c.get('cluster'), { labels: labels, code: c.res.status, seconds: (performance.now() - started) / 1000 }));
                    return [2 /*return*/];
            }
        });
    }); });
    app.use('*', function (c, next) { return __awaiter(_this, void 0, void 0, function () {
        var storage, user, info, decision;
        var _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    storage = c.get('storage');
                    return [4 /*yield*/, (0, authn_ts_1.authenticate)((_a = c.req.header('Authorization')) !== null && _a !== void 0 ? _a : null, __spreadArray([(0, authn_ts_1.adminToken)(c.env.ADMIN_TOKEN), (0, authn_ts_1.signedTokens)(c.env.TOKEN_SIGNING_KEY), (0, bootstrap_token_ts_1.bootstrapTokens)(storage)], ((_b = opts.authenticators) !== null && _b !== void 0 ? _b : []), true))];
                case 1:
                    user = _c.sent();
                    c.set('user', user);
                    c.set('authorizer', authorizer);
                    info = c.get('info');
                    return [4 /*yield*/, authorizer(user, info, { storage: storage, query: new URL(c.req.url).searchParams })];
                case 2:
                    decision = _c.sent();
                    if (!decision.allowed)
                        throw (0, authz_ts_1.forbiddenFor)(user, info, decision.reason);
                    return [4 /*yield*/, (0, node_restriction_ts_1.nodeRestriction)({ user: user, info: info, storage: storage, body: function () { return (0, created_object_ts_1.createdObject)(c); } })];
                case 3:
                    _c.sent();
                    return [4 /*yield*/, next()];
                case 4:
                    _c.sent();
                    return [2 /*return*/];
            }
        });
    }); });
    app.get('/version', function (c) { return c.json(health_ts_1.VERSION); });
    for (var _i = 0, _b = ['healthz', 'livez', 'readyz']; _i < _b.length; _i++) {
        var kind = _b[_i];
        app.get("/".concat(kind), (0, health_ts_1.healthHandler)(kind));
        app.get("/".concat(kind, "/:check"), (0, health_ts_1.healthHandler)(kind));
    }
    app.get('/metrics', function (c) { return __awaiter(_this, void 0, void 0, function () { var _a, _b; return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                _b = (_a = c).body;
                return [4 /*yield*/, (0, recorder_ts_1.renderMetrics)(c.env, c.get('cluster'))];
            case 1: return [2 /*return*/, _b.apply(_a, [_c.sent(), 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }])];
        }
    }); }); });
    (0, routes_ts_2.discoveryRoutes)(app);
    (0, routes_ts_3.openapiRoutes)(app);
    (0, routes_ts_1.nodeRoutes)(app);
    app.all('/api/*', resource_ts_1.resourceHandler);
    app.all('/apis/*', resource_ts_1.resourceHandler);
    app.notFound(function (c) { return c.text('404 page not found\n', 404); });
    app.onError(function (err, c) {
        var e = (0, errors_ts_1.toStatusError)(err);
        if (e.code >= 500)
            console.error(err);
        return (0, respond_ts_1.statusResponse)(c, e);
    });
    return app;
}
