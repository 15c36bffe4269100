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
exports.managedServices = exports.podSelector = exports.hasSelector = void 0;
exports.once = once;
exports.serviceKeys = serviceKeys;
var resources_ts_1 = require("../../../lib/client/resources.ts");
var label_ts_1 = require("../../../lib/selectors/label.ts");
/** The services of a namespace that this controller manages endpoints for. */
var hasSelector = function (s) { var _a; return !!((_a = s.spec) === null || _a === void 0 ? void 0 : _a.selector) && s.spec.type !== 'ExternalName'; };
exports.hasSelector = hasSelector;
var podSelector = function (s) { var _a, _b; return (0, label_ts_1.selectorFromSet)((_b = (_a = s.spec) === null || _a === void 0 ? void 0 : _a.selector) !== null && _b !== void 0 ? _b : {}); };
exports.podSelector = podSelector;
var perBatch = new WeakMap();
/** `read` once per batch and key. */
function once(ctx, key, read) {
    var cache = perBatch.get(ctx);
    if (!cache)
        perBatch.set(ctx, (cache = new Map()));
    var p = cache.get(key);
    if (!p)
        cache.set(key, (p = read()));
    return p;
}
var managedServices = function (ctx, namespace) {
    return once(ctx, "services/".concat(namespace), function () { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
        switch (_a.label) {
            case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.services, { namespace: namespace })];
            case 1: return [2 /*return*/, (_a.sent()).items.filter(exports.hasSelector)];
        }
    }); }); });
};
exports.managedServices = managedServices;
/**
 * The keys (`namespace/service`) a change leads to. `listing(ns)` names, per service, the pods its
 * current endpoints hold (for pods that left or went).
 */
function serviceKeys(change, ctx, listing) {
    return __awaiter(this, void 0, void 0, function () {
        var ns, services, keys, pod, _a, _i, services_1, s, _b, _c, _d, service, podNames;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    ns = change.namespace;
                    if (!ns || change.group !== '')
                        return [2 /*return*/, []];
                    if (change.resource === 'services')
                        return [2 /*return*/, ["".concat(ns, "/").concat(change.name)]];
                    if (change.resource !== 'pods')
                        return [2 /*return*/, []];
                    return [4 /*yield*/, (0, exports.managedServices)(ctx, ns)];
                case 1:
                    services = _e.sent();
                    if (!services.length)
                        return [2 /*return*/, []];
                    keys = new Set();
                    if (!(change.type === 'DELETED')) return [3 /*break*/, 2];
                    _a = undefined;
                    return [3 /*break*/, 4];
                case 2: return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.pods, ns, change.name)];
                case 3:
                    _a = _e.sent();
                    _e.label = 4;
                case 4:
                    pod = _a;
                    if (pod)
                        for (_i = 0, services_1 = services; _i < services_1.length; _i++) {
                            s = services_1[_i];
                            if ((0, label_ts_1.matches)((0, exports.podSelector)(s), pod.metadata.labels))
                                keys.add("".concat(ns, "/").concat(s.metadata.name));
                        }
                    _b = 0;
                    return [4 /*yield*/, listing(ns)];
                case 5:
                    _c = _e.sent();
                    _e.label = 6;
                case 6:
                    if (!(_b < _c.length)) return [3 /*break*/, 8];
                    _d = _c[_b], service = _d[0], podNames = _d[1];
                    if (podNames.has(change.name))
                        keys.add("".concat(ns, "/").concat(service));
                    _e.label = 7;
                case 7:
                    _b++;
                    return [3 /*break*/, 6];
                case 8: return [2 /*return*/, __spreadArray([], keys, true)];
            }
        });
    });
}
