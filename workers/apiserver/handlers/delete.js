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
exports.deleteHandler = deleteHandler;
exports.deleteCollectionHandler = deleteCollectionHandler;
var errors_ts_1 = require("../../../lib/errors.ts");
var index_ts_1 = require("../registry/index.ts");
var store_ts_1 = require("../rest/store.ts");
var filter_ts_1 = require("../rest/filter.ts");
var body_ts_1 = require("./body.ts");
var params_ts_1 = require("./params.ts");
var respond_ts_1 = require("./respond.ts");
var get_ts_1 = require("./get.ts");
var list_ts_1 = require("./list.ts");
var store_context_ts_1 = require("./store-context.ts");
var POLICIES = ['Orphan', 'Background', 'Foreground'];
/** DeleteOptions from the body (kubectl sends one) and the query (curl users do). */
function deleteOptions(c) {
    return __awaiter(this, void 0, void 0, function () {
        var q, body, opts, text, grace, policy;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    q = new URL(c.req.url).searchParams;
                    return [4 /*yield*/, (0, body_ts_1.readBody)(c, ['application/json'])];
                case 1:
                    body = _a.sent();
                    opts = {};
                    text = new TextDecoder().decode(body.bytes).trim();
                    if (text) {
                        try {
                            opts = JSON.parse(text);
                        }
                        catch (e) {
                            throw (0, errors_ts_1.badRequest)("the object provided is unrecognized (must be of type DeleteOptions): ".concat(e.message));
                        }
                    }
                    grace = (0, params_ts_1.intParam)(q, 'gracePeriodSeconds');
                    if (grace !== undefined)
                        opts.gracePeriodSeconds = grace;
                    policy = q.get('propagationPolicy');
                    if (policy)
                        opts.propagationPolicy = policy;
                    if (q.has('orphanDependents'))
                        opts.orphanDependents = (0, params_ts_1.boolParam)(q, 'orphanDependents');
                    if (opts.propagationPolicy && !POLICIES.includes(opts.propagationPolicy))
                        throw (0, errors_ts_1.badRequest)("DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Unsupported value: \"".concat(opts.propagationPolicy, "\": supported values: \"Foreground\", \"Background\", \"Orphan\""));
                    return [2 /*return*/, opts];
            }
        });
    });
}
function deleteHandler(c, desc) {
    return __awaiter(this, void 0, void 0, function () {
        var info, _a, object, gone, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    info = c.get('info');
                    _b = store_ts_1.deleteObject;
                    _c = [(0, store_context_ts_1.storeContext)(c), desc, info.namespace, info.name];
                    return [4 /*yield*/, deleteOptions(c)];
                case 1: return [4 /*yield*/, _b.apply(void 0, _c.concat([_d.sent()]))];
                case 2:
                    _a = _d.sent(), object = _a.object, gone = _a.gone;
                    if (!gone || desc.deleteReturnsObject)
                        return [2 /*return*/, (0, get_ts_1.respondObject)(c, desc, object)];
                    return [2 /*return*/, (0, respond_ts_1.json)(c, (0, respond_ts_1.success)(__assign(__assign({ name: info.name }, (desc.group ? { group: desc.group } : {})), { kind: desc.resource, uid: object.metadata.uid })))];
            }
        });
    });
}
function deleteCollectionHandler(c, desc) {
    return __awaiter(this, void 0, void 0, function () {
        var info, q, opts, ctx, filter, _a, items, rev, deleted, _i, items_1, item, _b, _c, e_1;
        var _d, _e, _f;
        return __generator(this, function (_g) {
            switch (_g.label) {
                case 0:
                    info = c.get('info');
                    q = new URL(c.req.url).searchParams;
                    return [4 /*yield*/, deleteOptions(c)];
                case 1:
                    opts = _g.sent();
                    ctx = (0, store_context_ts_1.storeContext)(c);
                    filter = (0, filter_ts_1.objectFilter)(desc, (_d = q.get('labelSelector')) !== null && _d !== void 0 ? _d : undefined, (_e = q.get('fieldSelector')) !== null && _e !== void 0 ? _e : undefined);
                    return [4 /*yield*/, ctx.storage.list((0, index_ts_1.storagePrefix)(desc, info.namespace || undefined), { filter: filter })];
                case 2:
                    _a = _g.sent(), items = _a.items, rev = _a.rev;
                    deleted = [];
                    _i = 0, items_1 = items;
                    _g.label = 3;
                case 3:
                    if (!(_i < items_1.length)) return [3 /*break*/, 8];
                    item = items_1[_i];
                    _g.label = 4;
                case 4:
                    _g.trys.push([4, 6, , 7]);
                    _c = (_b = deleted).push;
                    return [4 /*yield*/, (0, store_ts_1.deleteObject)(ctx, desc, (_f = item.metadata.namespace) !== null && _f !== void 0 ? _f : '', item.metadata.name, opts)];
                case 5:
                    _c.apply(_b, [(_g.sent()).object]);
                    return [3 /*break*/, 7];
                case 6:
                    e_1 = _g.sent();
                    if (e_1.code !== 404)
                        throw e_1; // deleted meanwhile: nothing to do
                    return [3 /*break*/, 7];
                case 7:
                    _i++;
                    return [3 /*break*/, 3];
                case 8: return [2 /*return*/, (0, respond_ts_1.json)(c, (0, list_ts_1.listOf)(desc, deleted, { resourceVersion: String(rev) }))];
            }
        });
    });
}
