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
exports.ApiClient = exports.isConflict = exports.isNotFound = exports.ApiError = void 0;
var resources_ts_1 = require("./resources.ts");
var ApiError = /** @class */ (function (_super) {
    __extends(ApiError, _super);
    function ApiError(code, status, message) {
        var _this = _super.call(this, message) || this;
        _this.code = code;
        _this.status = status;
        return _this;
    }
    Object.defineProperty(ApiError.prototype, "reason", {
        get: function () {
            var _a;
            return (_a = this.status) === null || _a === void 0 ? void 0 : _a.reason;
        },
        enumerable: false,
        configurable: true
    });
    return ApiError;
}(Error));
exports.ApiError = ApiError;
var isNotFound = function (e) { return e instanceof ApiError && e.code === 404; };
exports.isNotFound = isNotFound;
var isConflict = function (e) { return e instanceof ApiError && e.code === 409; };
exports.isConflict = isConflict;
var PATCH_CONTENT = {
    merge: 'application/merge-patch+json',
    strategic: 'application/strategic-merge-patch+json',
    json: 'application/json-patch+json',
    apply: 'application/apply-patch+yaml',
};
var ApiClient = /** @class */ (function () {
    function ApiClient(opts) {
        var _a;
        this.opts = opts;
        this.fetcher = (_a = opts.fetch) !== null && _a !== void 0 ? _a : (function (i, init) { return fetch(i, init); });
    }
    ApiClient.prototype.headers = function () {
        return __awaiter(this, void 0, void 0, function () {
            var headers, token, _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        headers = new Headers({ Accept: 'application/json' });
                        if (this.opts.userAgent)
                            headers.set('User-Agent', this.opts.userAgent);
                        if (!(typeof this.opts.token === 'function')) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.opts.token()];
                    case 1:
                        _a = _b.sent();
                        return [3 /*break*/, 3];
                    case 2:
                        _a = this.opts.token;
                        _b.label = 3;
                    case 3:
                        token = _a;
                        if (token)
                            headers.set('Authorization', "Bearer ".concat(token));
                        return [2 /*return*/, headers];
                }
            });
        });
    };
    ApiClient.prototype.request = function (method_1, path_1) {
        return __awaiter(this, arguments, void 0, function (method, path, init) {
            var url, _i, _a, _b, k, v, headers, body, res, text, status;
            var _c, _d, _e;
            if (init === void 0) { init = {}; }
            return __generator(this, function (_f) {
                switch (_f.label) {
                    case 0:
                        url = new URL(path, this.opts.baseUrl);
                        for (_i = 0, _a = Object.entries((_c = init.query) !== null && _c !== void 0 ? _c : {}); _i < _a.length; _i++) {
                            _b = _a[_i], k = _b[0], v = _b[1];
                            if (v !== undefined)
                                url.searchParams.set(k, v);
                        }
                        if (this.opts.fieldManager && method !== 'GET' && method !== 'DELETE' && !url.searchParams.has('fieldManager'))
                            url.searchParams.set('fieldManager', this.opts.fieldManager);
                        return [4 /*yield*/, this.headers()];
                    case 1:
                        headers = _f.sent();
                        if (init.body !== undefined) {
                            body = JSON.stringify(init.body);
                            headers.set('Content-Type', (_d = init.contentType) !== null && _d !== void 0 ? _d : 'application/json');
                        }
                        return [4 /*yield*/, this.fetcher(url.toString(), { method: method, headers: headers, body: body })];
                    case 2:
                        res = _f.sent();
                        if (!!res.ok) return [3 /*break*/, 4];
                        return [4 /*yield*/, res.text()];
                    case 3:
                        text = _f.sent();
                        status = void 0;
                        try {
                            status = JSON.parse(text);
                        }
                        catch (_g) {
                            status = undefined;
                        }
                        throw new ApiError(res.status, status, "".concat(method, " ").concat(path, ": ").concat(res.status, " ").concat((_e = status === null || status === void 0 ? void 0 : status.message) !== null && _e !== void 0 ? _e : text));
                    case 4: return [2 /*return*/, res];
                }
            });
        });
    };
    ApiClient.prototype.json = function (method, path, init) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.request(method, path, init)];
                    case 1: return [4 /*yield*/, (_a.sent()).json()];
                    case 2: return [2 /*return*/, (_a.sent())];
                }
            });
        });
    };
    /** The object, or undefined when it does not exist. */
    ApiClient.prototype.get = function (res, namespace, name) {
        return __awaiter(this, void 0, void 0, function () {
            var e_1;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        _a.trys.push([0, 2, , 3]);
                        return [4 /*yield*/, this.json('GET', (0, resources_ts_1.resourcePath)(res, namespace, name))];
                    case 1: return [2 /*return*/, _a.sent()];
                    case 2:
                        e_1 = _a.sent();
                        if ((0, exports.isNotFound)(e_1))
                            return [2 /*return*/, undefined];
                        throw e_1;
                    case 3: return [2 /*return*/];
                }
            });
        });
    };
    /** Every page of a list, at one resourceVersion. */
    ApiClient.prototype.list = function (res_1) {
        return __awaiter(this, arguments, void 0, function (res, opts) {
            var items, cont, resourceVersion, page;
            if (opts === void 0) { opts = {}; }
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        items = [];
                        resourceVersion = '';
                        _a.label = 1;
                    case 1: return [4 /*yield*/, this.json('GET', (0, resources_ts_1.resourcePath)(res, opts.namespace), {
                            query: { labelSelector: opts.labelSelector, fieldSelector: opts.fieldSelector, limit: opts.limit ? String(opts.limit) : undefined, continue: cont, resourceVersion: cont ? undefined : opts.resourceVersion },
                        })];
                    case 2:
                        page = _a.sent();
                        items.push.apply(items, page.items);
                        resourceVersion = page.metadata.resourceVersion;
                        cont = page.metadata.continue || undefined;
                        _a.label = 3;
                    case 3:
                        if (cont) return [3 /*break*/, 1];
                        _a.label = 4;
                    case 4: return [2 /*return*/, { items: items, resourceVersion: resourceVersion }];
                }
            });
        });
    };
    ApiClient.prototype.create = function (res, namespace, obj) {
        return this.json('POST', (0, resources_ts_1.resourcePath)(res, namespace), { body: obj });
    };
    /** PUT; the object's metadata.resourceVersion makes it conditional. */
    ApiClient.prototype.update = function (res, obj, subresource) {
        return this.json('PUT', (0, resources_ts_1.resourcePath)(res, obj.metadata.namespace, obj.metadata.name, subresource), { body: obj });
    };
    ApiClient.prototype.patch = function (res, namespace, name, patch, type, subresource, query) {
        if (type === void 0) { type = 'merge'; }
        return this.json('PATCH', (0, resources_ts_1.resourcePath)(res, namespace, name, subresource), { body: patch, contentType: PATCH_CONTENT[type], query: query });
    };
    /** DELETE; resolves to false when the object was already gone. */
    ApiClient.prototype.delete = function (res_1, namespace_1, name_1) {
        return __awaiter(this, arguments, void 0, function (res, namespace, name, opts) {
            var e_2;
            if (opts === void 0) { opts = {}; }
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        _a.trys.push([0, 2, , 3]);
                        return [4 /*yield*/, this.request('DELETE', (0, resources_ts_1.resourcePath)(res, namespace, name), { body: __assign({ kind: 'DeleteOptions', apiVersion: 'v1' }, opts) })];
                    case 1:
                        _a.sent();
                        return [2 /*return*/, true];
                    case 2:
                        e_2 = _a.sent();
                        if ((0, exports.isNotFound)(e_2))
                            return [2 /*return*/, false];
                        throw e_2;
                    case 3: return [2 /*return*/];
                }
            });
        });
    };
    /** POST to a subresource (pods/binding, pods/eviction). */
    ApiClient.prototype.post = function (res, namespace, name, subresource, body) {
        return this.json('POST', (0, resources_ts_1.resourcePath)(res, namespace, name, subresource), { body: body });
    };
    /**
     * A watch stream: calls `onEvent` for each event until the server ends the stream, the signal
     * aborts, or `onEvent` returns false. Resolves when the stream ends; errors reject.
     */
    ApiClient.prototype.watch = function (res, opts, onEvent) {
        return __awaiter(this, void 0, void 0, function () {
            var url, q, headers, _i, _a, _b, k, v, res2, _c, _d, _e, _f, reader, buffer, _g, done, value, i, line, _h;
            return __generator(this, function (_j) {
                switch (_j.label) {
                    case 0:
                        url = new URL((0, resources_ts_1.resourcePath)(res, opts.namespace), this.opts.baseUrl);
                        q = {
                            watch: 'true',
                            labelSelector: opts.labelSelector,
                            fieldSelector: opts.fieldSelector,
                            resourceVersion: opts.resourceVersion,
                            allowWatchBookmarks: opts.allowWatchBookmarks ? 'true' : undefined,
                            timeoutSeconds: opts.timeoutSeconds !== undefined ? String(opts.timeoutSeconds) : undefined,
                        };
                        return [4 /*yield*/, this.headers()];
                    case 1:
                        headers = _j.sent();
                        for (_i = 0, _a = Object.entries(q); _i < _a.length; _i++) {
                            _b = _a[_i], k = _b[0], v = _b[1];
                            if (v !== undefined)
                                url.searchParams.set(k, v);
                        }
                        return [4 /*yield*/, this.fetcher(url.toString(), { headers: headers, signal: opts.signal })];
                    case 2:
                        res2 = _j.sent();
                        if (!(!res2.ok || !res2.body)) return [3 /*break*/, 4];
                        _c = ApiError.bind;
                        _d = [void 0, res2.status, undefined];
                        _f = (_e = "watch ".concat(url.pathname, ": ").concat(res2.status, " ")).concat;
                        return [4 /*yield*/, res2.text()];
                    case 3: throw new (_c.apply(ApiError, _d.concat([_f.apply(_e, [_j.sent()])])))();
                    case 4:
                        reader = res2.body.pipeThrough(new TextDecoderStream()).getReader();
                        buffer = '';
                        _j.label = 5;
                    case 5:
                        _j.trys.push([5, , 13, 14]);
                        _j.label = 6;
                    case 6: return [4 /*yield*/, reader.read()];
                    case 7:
                        _g = _j.sent(), done = _g.done, value = _g.value;
                        if (done)
                            return [2 /*return*/];
                        buffer += value;
                        i = void 0;
                        _j.label = 8;
                    case 8:
                        if (!((i = buffer.indexOf('\n')) >= 0)) return [3 /*break*/, 11];
                        line = buffer.slice(0, i).trim();
                        buffer = buffer.slice(i + 1);
                        _h = line;
                        if (!_h) return [3 /*break*/, 10];
                        return [4 /*yield*/, onEvent(JSON.parse(line))];
                    case 9:
                        _h = (_j.sent()) === false;
                        _j.label = 10;
                    case 10:
                        if (_h)
                            return [2 /*return*/];
                        return [3 /*break*/, 8];
                    case 11: return [3 /*break*/, 6];
                    case 12: return [3 /*break*/, 14];
                    case 13:
                        reader.cancel().catch(function () { return undefined; });
                        return [7 /*endfinally*/];
                    case 14: return [2 /*return*/];
                }
            });
        });
    };
    return ApiClient;
}());
exports.ApiClient = ApiClient;
