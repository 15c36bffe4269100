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
exports.patchHandler = patchHandler;
var errors_ts_1 = require("../../../lib/errors.ts");
var index_ts_1 = require("../registry/index.ts");
var store_ts_1 = require("../rest/store.ts");
var decode_ts_1 = require("../codec/decode.ts");
var apply_ts_1 = require("../patch/apply.ts");
var index_ts_2 = require("../fieldmanager/index.ts");
var body_ts_1 = require("./body.ts");
var get_ts_1 = require("./get.ts");
var params_ts_1 = require("./params.ts");
var store_context_ts_1 = require("./store-context.ts");
var gv = function (d) { return (d.group ? "".concat(d.group, "/").concat(d.version) : d.version); };
function patchHandler(c, desc) {
    return __awaiter(this, void 0, void 0, function () {
        var info, q, body, ctx, mode, subresource, _a, config_1, warnings, result, updated;
        var _b;
        var _this = this;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    info = c.get('info');
                    q = new URL(c.req.url).searchParams;
                    return [4 /*yield*/, (0, body_ts_1.readBody)(c, body_ts_1.PATCH_TYPES)];
                case 1:
                    body = _c.sent();
                    ctx = (0, store_context_ts_1.storeContext)(c);
                    mode = (0, params_ts_1.fieldValidation)(q);
                    subresource = info.subresource || undefined;
                    if (!(body.type === 'application/apply-patch+yaml')) return [3 /*break*/, 3];
                    _a = (0, decode_ts_1.decodeBody)(new TextEncoder().encode(JSON.stringify((0, decode_ts_1.parseYaml)(body.bytes))), 'application/json', desc, mode), config_1 = _a.object, warnings = _a.warnings;
                    (_b = c.get('warnings')).push.apply(_b, warnings);
                    return [4 /*yield*/, (0, store_ts_1.retrying)(function () { return applyOnce(ctx, desc, info, config_1, (0, params_ts_1.boolParam)(q, 'force'), subresource); })];
                case 2:
                    result = _c.sent();
                    return [2 /*return*/, (0, get_ts_1.respondObject)(c, desc, result.object, result.created ? 201 : 200)];
                case 3: return [4 /*yield*/, (0, store_ts_1.retrying)(function () { return __awaiter(_this, void 0, void 0, function () {
                        var current, patched, _a, object, warnings;
                        var _b;
                        return __generator(this, function (_c) {
                            switch (_c.label) {
                                case 0: return [4 /*yield*/, (0, store_ts_1.getObject)(ctx, desc, info.namespace, info.name)];
                                case 1:
                                    current = _c.sent();
                                    patched = (0, apply_ts_1.applyPatchBody)(body.type, current, body.bytes, desc.schema, mode);
                                    _a = (0, apply_ts_1.decodePatched)(patched, desc.schema, desc.kind, mode), object = _a.object, warnings = _a.warnings;
                                    (_b = c.get('warnings')).push.apply(_b, warnings);
                                    return [2 /*return*/, (0, store_ts_1.updateObject)(ctx, desc, current, object, { subresource: subresource })];
                            }
                        });
                    }); }, pinsResourceVersion(body.bytes))];
                case 4:
                    updated = _c.sent();
                    return [2 /*return*/, (0, get_ts_1.respondObject)(c, desc, updated)];
            }
        });
    });
}
function applyOnce(ctx, desc, info, config, force, subresource) {
    return __awaiter(this, void 0, void 0, function () {
        var live, _a, object, managedFields;
        var _b, _c;
        var _d, _e, _f;
        return __generator(this, function (_g) {
            switch (_g.label) {
                case 0: return [4 /*yield*/, ctx.storage.get((0, index_ts_1.storageKey)(desc, info.namespace, info.name))];
                case 1:
                    live = _g.sent();
                    _a = (0, index_ts_2.apply)({ live: live, config: config, schema: desc.schema, manager: ctx.manager, force: force, apiVersion: gv(desc), subresource: subresource, now: ctx.now(), resetFields: (0, store_ts_1.resetFields)(desc, subresource) }), object = _a.object, managedFields = _a.managedFields;
                    if (!!live) return [3 /*break*/, 3];
                    if (((_e = (_d = config.metadata) === null || _d === void 0 ? void 0 : _d.name) !== null && _e !== void 0 ? _e : info.name) !== info.name)
                        throw (0, errors_ts_1.badRequest)("the name of the object (".concat((_f = config.metadata) === null || _f === void 0 ? void 0 : _f.name, ") does not match the name on the URL (").concat(info.name, ")"));
                    _b = {};
                    return [4 /*yield*/, (0, store_ts_1.createObject)(ctx, desc, info.namespace, __assign(__assign({}, object), { metadata: __assign(__assign({}, object.metadata), { name: info.name }) }), managedFields)];
                case 2: return [2 /*return*/, (_b.object = _g.sent(), _b.created = true, _b)];
                case 3:
                    _c = {};
                    return [4 /*yield*/, (0, store_ts_1.updateObject)(ctx, desc, live, object, { subresource: subresource, managedFields: managedFields })];
                case 4: return [2 /*return*/, (_c.object = _g.sent(), _c.created = false, _c)];
            }
        });
    });
}
/** A merge or strategic patch may carry metadata.resourceVersion: then a lost race is the client's 409. */
function pinsResourceVersion(bytes) {
    var _a;
    try {
        var patch = JSON.parse(new TextDecoder().decode(bytes));
        return !!(patch && typeof patch === 'object' && !Array.isArray(patch) && ((_a = patch.metadata) === null || _a === void 0 ? void 0 : _a.resourceVersion));
    }
    catch (_b) {
        return false;
    }
}
