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
exports.scaleOf = scaleOf;
exports.scaleHandler = scaleHandler;
var errors_ts_1 = require("../../../lib/errors.ts");
var store_ts_1 = require("../rest/store.ts");
var meta_ts_1 = require("../rest/meta.ts");
var printing_ts_1 = require("../registry/printing.ts");
var merge_ts_1 = require("../patch/merge.ts");
var json_ts_1 = require("../patch/json.ts");
var body_ts_1 = require("./body.ts");
var respond_ts_1 = require("./respond.ts");
var store_context_ts_1 = require("./store-context.ts");
function scaleOf(obj) {
    var _a, _b, _c, _d;
    var spec = ((_a = obj.spec) !== null && _a !== void 0 ? _a : {});
    var status = ((_b = obj.status) !== null && _b !== void 0 ? _b : {});
    var _e = obj.metadata, name = _e.name, namespace = _e.namespace, uid = _e.uid, resourceVersion = _e.resourceVersion, creationTimestamp = _e.creationTimestamp;
    var selector = (0, printing_ts_1.selectorString)(spec.selector);
    return {
        kind: 'Scale',
        apiVersion: 'autoscaling/v1',
        metadata: { name: name, namespace: namespace, uid: uid, resourceVersion: resourceVersion, creationTimestamp: creationTimestamp },
        spec: { replicas: (_c = spec.replicas) !== null && _c !== void 0 ? _c : 0 },
        status: __assign({ replicas: (_d = status.replicas) !== null && _d !== void 0 ? _d : 0 }, (selector ? { selector: selector } : {})),
    };
}
function scaleHandler(c, desc) {
    return __awaiter(this, void 0, void 0, function () {
        var info, ctx, _a, _b, _c, body, input, pinned, updated;
        var _this = this;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    info = c.get('info');
                    ctx = (0, store_context_ts_1.storeContext)(c);
                    if (!(info.verb === 'get')) return [3 /*break*/, 2];
                    _a = respond_ts_1.json;
                    _b = [c];
                    _c = scaleOf;
                    return [4 /*yield*/, (0, store_ts_1.getObject)(ctx, desc, info.namespace, info.name)];
                case 1: return [2 /*return*/, _a.apply(void 0, _b.concat([_c.apply(void 0, [_e.sent()])]))];
                case 2: return [4 /*yield*/, (0, body_ts_1.readBody)(c, info.verb === 'patch' ? body_ts_1.PATCH_TYPES : body_ts_1.OBJECT_TYPES)];
                case 3:
                    body = _e.sent();
                    try {
                        input = JSON.parse(new TextDecoder().decode(body.bytes));
                    }
                    catch (e) {
                        throw (0, errors_ts_1.badRequest)("error decoding scale: ".concat(e.message));
                    }
                    pinned = info.verb === 'update' && !!((_d = input.metadata) === null || _d === void 0 ? void 0 : _d.resourceVersion);
                    return [4 /*yield*/, (0, store_ts_1.retrying)(function () { return __awaiter(_this, void 0, void 0, function () {
                            var current, scale, next, replicas, rv, target;
                            var _a, _b;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0: return [4 /*yield*/, (0, store_ts_1.getObject)(ctx, desc, info.namespace, info.name)];
                                    case 1:
                                        current = _c.sent();
                                        scale = scaleOf(current);
                                        next = info.verb === 'update' ? input : (body.type === 'application/json-patch+json' ? (0, json_ts_1.jsonPatch)(scale, input) : (0, merge_ts_1.mergePatch)(scale, input));
                                        replicas = (_a = next.spec) === null || _a === void 0 ? void 0 : _a.replicas;
                                        if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0)
                                            throw (0, errors_ts_1.invalid)({ group: 'autoscaling', kind: 'Scale' }, info.name, [errors_ts_1.fieldErr.invalid('spec.replicas', replicas !== null && replicas !== void 0 ? replicas : null, 'must be greater than or equal to 0')]);
                                        rv = (_b = next.metadata) === null || _b === void 0 ? void 0 : _b.resourceVersion;
                                        target = (0, meta_ts_1.clone)(current);
                                        if (rv)
                                            target.metadata.resourceVersion = rv; // a Scale PUT with a stale version conflicts
                                        target.spec.replicas = replicas;
                                        return [2 /*return*/, (0, store_ts_1.updateObject)(ctx, desc, current, target, { subresource: 'scale' })];
                                }
                            });
                        }); }, pinned)];
                case 4:
                    updated = _e.sent();
                    return [2 /*return*/, (0, respond_ts_1.json)(c, scaleOf(updated))];
            }
        });
    });
}
