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
exports.namespaceController = void 0;
var resources_ts_1 = require("../../../lib/client/resources.ts");
/** Re-check a namespace whose content is still going away (graceful pods, finalizers). */
var RECHECK_SECONDS = 2;
var NAMESPACED = Object.values(resources_ts_1.RESOURCES).filter(function (r) { return r.namespaced; });
exports.namespaceController = {
    name: 'namespace-controller',
    keysFor: function (change) {
        if (change.group === '' && change.resource === 'namespaces')
            return [change.name];
        // the last object of a terminating namespace going away may complete it
        return change.type === 'DELETED' && change.namespace ? [change.namespace] : [];
    },
    resync: function (ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var items;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.namespaces)];
                    case 1:
                        items = (_a.sent()).items;
                        return [2 /*return*/, items.filter(function (n) { return n.metadata.deletionTimestamp; }).map(function (n) { return n.metadata.name; })];
                }
            });
        });
    },
    reconcile: function (name, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var ns, remaining, _i, NAMESPACED_1, res, items, _a, items_1, o, spec;
            var _b, _c;
            return __generator(this, function (_d) {
                switch (_d.label) {
                    case 0: return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.namespaces, undefined, name)];
                    case 1:
                        ns = _d.sent();
                        if (!(ns === null || ns === void 0 ? void 0 : ns.metadata.deletionTimestamp))
                            return [2 /*return*/];
                        remaining = 0;
                        _i = 0, NAMESPACED_1 = NAMESPACED;
                        _d.label = 2;
                    case 2:
                        if (!(_i < NAMESPACED_1.length)) return [3 /*break*/, 8];
                        res = NAMESPACED_1[_i];
                        return [4 /*yield*/, ctx.api.list(res, { namespace: name })];
                    case 3:
                        items = (_d.sent()).items;
                        remaining += items.length;
                        _a = 0, items_1 = items;
                        _d.label = 4;
                    case 4:
                        if (!(_a < items_1.length)) return [3 /*break*/, 7];
                        o = items_1[_a];
                        if (!!o.metadata.deletionTimestamp) return [3 /*break*/, 6];
                        return [4 /*yield*/, ctx.api.delete(res, name, o.metadata.name, { propagationPolicy: 'Background' })];
                    case 5:
                        _d.sent();
                        _d.label = 6;
                    case 6:
                        _a++;
                        return [3 /*break*/, 4];
                    case 7:
                        _i++;
                        return [3 /*break*/, 2];
                    case 8:
                        if (remaining > 0)
                            return [2 /*return*/, ctx.requeue(name, RECHECK_SECONDS)];
                        spec = ((_b = ns.spec) !== null && _b !== void 0 ? _b : {});
                        if (!((_c = spec.finalizers) === null || _c === void 0 ? void 0 : _c.length)) return [3 /*break*/, 10];
                        return [4 /*yield*/, ctx.api.update(resources_ts_1.RESOURCES.namespaces, __assign(__assign({}, ns), { spec: __assign(__assign({}, spec), { finalizers: [] }) }), 'finalize')];
                    case 9:
                        _d.sent();
                        _d.label = 10;
                    case 10: return [2 /*return*/];
                }
            });
        });
    },
};
