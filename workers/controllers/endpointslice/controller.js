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
exports.endpointControllers = exports.endpointsController = exports.endpointSliceController = void 0;
var client_ts_1 = require("../../../lib/client/client.ts");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var label_ts_1 = require("../../../lib/selectors/label.ts");
var controller_ts_1 = require("../framework/controller.ts");
var legacy_ts_1 = require("./legacy.ts");
var services_ts_1 = require("./services.ts");
var slices_ts_1 = require("./slices.ts");
var GENERATED_SUFFIX = 5; // characters the API server appends to a generateName
/** A namespace being deleted refuses new objects: nothing to retry, its service is going too. */
function unlessTerminating(p) {
    return __awaiter(this, void 0, void 0, function () {
        var e_1;
        var _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _d.trys.push([0, 2, , 3]);
                    return [4 /*yield*/, p];
                case 1:
                    _d.sent();
                    return [3 /*break*/, 3];
                case 2:
                    e_1 = _d.sent();
                    if (!(e_1 instanceof client_ts_1.ApiError && ((_c = (_b = (_a = e_1.status) === null || _a === void 0 ? void 0 : _a.details) === null || _b === void 0 ? void 0 : _b.causes) === null || _c === void 0 ? void 0 : _c.some(function (c) { return c.reason === 'NamespaceTerminating'; }))))
                        throw e_1;
                    return [3 /*break*/, 3];
                case 3: return [2 /*return*/];
            }
        });
    });
}
var selectedPods = function (ctx, service) { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
    switch (_a.label) {
        case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.pods, { namespace: service.metadata.namespace, labelSelector: (0, label_ts_1.selectorToString)((0, services_ts_1.podSelector)(service)) })];
        case 1: return [2 /*return*/, (_a.sent()).items];
    }
}); }); };
var managedSlices = function (ctx, namespace, labelSelector) {
    if (labelSelector === void 0) { labelSelector = "".concat(slices_ts_1.MANAGED_BY_LABEL, "=").concat(slices_ts_1.MANAGED_BY); }
    return ctx.api.list(resources_ts_1.RESOURCES.endpointslices, { namespace: namespace, labelSelector: labelSelector });
};
/** Per service, the pods its slices hold. */
var sliceListing = function (ctx) { return function (namespace) {
    return (0, services_ts_1.once)(ctx, "slices/".concat(namespace), function () { return __awaiter(void 0, void 0, void 0, function () {
        var byService, _i, _a, s, service, pods, _b, _c, e;
        var _d, _e, _f, _g, _h;
        return __generator(this, function (_j) {
            switch (_j.label) {
                case 0:
                    byService = new Map();
                    _i = 0;
                    return [4 /*yield*/, managedSlices(ctx, namespace)];
                case 1:
                    _a = (_j.sent()).items;
                    _j.label = 2;
                case 2:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    s = _a[_i];
                    service = (_e = (_d = s.metadata.labels) === null || _d === void 0 ? void 0 : _d[slices_ts_1.SERVICE_NAME_LABEL]) !== null && _e !== void 0 ? _e : '';
                    pods = (_f = byService.get(service)) !== null && _f !== void 0 ? _f : new Set();
                    for (_b = 0, _c = (_g = s.endpoints) !== null && _g !== void 0 ? _g : []; _b < _c.length; _b++) {
                        e = _c[_b];
                        if ((_h = e.targetRef) === null || _h === void 0 ? void 0 : _h.name)
                            pods.add(e.targetRef.name);
                    }
                    byService.set(service, pods);
                    _j.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 2];
                case 4: return [2 /*return*/, byService];
            }
        });
    }); });
}; };
/** Per service, the pods its Endpoints hold. */
var endpointsListing = function (ctx) { return function (namespace) {
    return (0, services_ts_1.once)(ctx, "endpoints/".concat(namespace), function () { return __awaiter(void 0, void 0, void 0, function () {
        var byService, _i, _a, ep, addresses;
        var _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    byService = new Map();
                    _i = 0;
                    return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.endpoints, { namespace: namespace })];
                case 1:
                    _a = (_c.sent()).items;
                    _c.label = 2;
                case 2:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    ep = _a[_i];
                    addresses = ((_b = ep.subsets) !== null && _b !== void 0 ? _b : []).flatMap(function (s) { var _a, _b; return __spreadArray(__spreadArray([], ((_a = s.addresses) !== null && _a !== void 0 ? _a : []), true), ((_b = s.notReadyAddresses) !== null && _b !== void 0 ? _b : []), true); });
                    byService.set(ep.metadata.name, new Set(addresses.map(function (a) { var _a, _b; return (_b = (_a = a.targetRef) === null || _a === void 0 ? void 0 : _a.name) !== null && _b !== void 0 ? _b : ''; })));
                    _c.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 2];
                case 4: return [2 /*return*/, byService];
            }
        });
    }); });
}; };
function allServiceKeys(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var items;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.services)];
                case 1:
                    items = (_a.sent()).items;
                    return [2 /*return*/, items.filter(services_ts_1.hasSelector).map(function (s) { return "".concat(s.metadata.namespace, "/").concat(s.metadata.name); })];
            }
        });
    });
}
exports.endpointSliceController = {
    name: 'endpointslice-controller',
    keysFor: function (change, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var slice, _a, owner;
            var _b;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        if (!(change.group === 'discovery.k8s.io' && change.resource === 'endpointslices' && change.namespace)) return [3 /*break*/, 5];
                        if (!(change.type === 'DELETED')) return [3 /*break*/, 1];
                        _a = undefined;
                        return [3 /*break*/, 3];
                    case 1: return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.endpointslices, change.namespace, change.name)];
                    case 2:
                        _a = _c.sent();
                        _c.label = 3;
                    case 3:
                        slice = _a;
                        if (slice)
                            return [2 /*return*/, ((_b = slice.metadata.labels) === null || _b === void 0 ? void 0 : _b[slices_ts_1.MANAGED_BY_LABEL]) === slices_ts_1.MANAGED_BY ? ["".concat(change.namespace, "/").concat(slice.metadata.labels[slices_ts_1.SERVICE_NAME_LABEL])] : []];
                        return [4 /*yield*/, (0, services_ts_1.managedServices)(ctx, change.namespace)];
                    case 4:
                        owner = (_c.sent()).find(function (s) { return change.name.length === s.metadata.name.length + 1 + GENERATED_SUFFIX && change.name.startsWith("".concat(s.metadata.name, "-")); });
                        return [2 /*return*/, owner ? ["".concat(change.namespace, "/").concat(owner.metadata.name)] : []];
                    case 5: return [2 /*return*/, (0, services_ts_1.serviceKeys)(change, ctx, sliceListing(ctx))];
                }
            });
        });
    },
    resync: allServiceKeys,
    reconcile: function (key, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, namespace, name, service, _b, pods, slices, _c, writes, extra, _i, writes_1, _d, current, content, next, _e, extra_1, s;
            return __generator(this, function (_f) {
                switch (_f.label) {
                    case 0:
                        _a = (0, controller_ts_1.splitKey)(key), namespace = _a[0], name = _a[1];
                        return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.services, namespace, name)];
                    case 1:
                        service = _f.sent();
                        if (!service || !(0, services_ts_1.hasSelector)(service) || service.metadata.deletionTimestamp)
                            return [2 /*return*/]; // its slices go with it (garbage collector)
                        return [4 /*yield*/, Promise.all([
                                selectedPods(ctx, service),
                                managedSlices(ctx, namespace, "".concat(slices_ts_1.SERVICE_NAME_LABEL, "=").concat(name, ",").concat(slices_ts_1.MANAGED_BY_LABEL, "=").concat(slices_ts_1.MANAGED_BY)),
                            ])];
                    case 2:
                        _b = _f.sent(), pods = _b[0], slices = _b[1];
                        _c = (0, slices_ts_1.plan)(service, slices.items, (0, slices_ts_1.desiredSlices)(service, pods)), writes = _c.writes, extra = _c.extra;
                        _i = 0, writes_1 = writes;
                        _f.label = 3;
                    case 3:
                        if (!(_i < writes_1.length)) return [3 /*break*/, 8];
                        _d = writes_1[_i], current = _d.current, content = _d.content;
                        if (!!current) return [3 /*break*/, 5];
                        return [4 /*yield*/, unlessTerminating(ctx.api.create(resources_ts_1.RESOURCES.endpointslices, namespace, (0, slices_ts_1.newSlice)(service, content)))];
                    case 4:
                        _f.sent();
                        return [3 /*break*/, 7];
                    case 5:
                        next = (0, slices_ts_1.updatedSlice)(service, current, content);
                        if (!next) return [3 /*break*/, 7];
                        return [4 /*yield*/, ctx.api.update(resources_ts_1.RESOURCES.endpointslices, next)];
                    case 6:
                        _f.sent();
                        _f.label = 7;
                    case 7:
                        _i++;
                        return [3 /*break*/, 3];
                    case 8:
                        _e = 0, extra_1 = extra;
                        _f.label = 9;
                    case 9:
                        if (!(_e < extra_1.length)) return [3 /*break*/, 12];
                        s = extra_1[_e];
                        return [4 /*yield*/, ctx.api.delete(resources_ts_1.RESOURCES.endpointslices, namespace, s.metadata.name, { preconditions: { uid: s.metadata.uid } })];
                    case 10:
                        _f.sent();
                        _f.label = 11;
                    case 11:
                        _e++;
                        return [3 /*break*/, 9];
                    case 12: return [2 /*return*/];
                }
            });
        });
    },
};
exports.endpointsController = {
    name: 'endpoint-controller',
    keysFor: function (change, ctx) {
        // a managed Endpoints deleted by someone comes back; other writes to Endpoints are left alone
        // (Endpoints written before their selector-less Service must not be taken for leftovers)
        if (change.group === '' && change.resource === 'endpoints')
            return change.type === 'DELETED' && change.namespace ? ["".concat(change.namespace, "/").concat(change.name)] : [];
        return (0, services_ts_1.serviceKeys)(change, ctx, endpointsListing(ctx));
    },
    resync: allServiceKeys,
    reconcile: function (key, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, namespace, name, service, _b, pods, current, next;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        _a = (0, controller_ts_1.splitKey)(key), namespace = _a[0], name = _a[1];
                        return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.services, namespace, name)];
                    case 1:
                        service = _c.sent();
                        if (!!service) return [3 /*break*/, 3];
                        return [4 /*yield*/, ctx.api.delete(resources_ts_1.RESOURCES.endpoints, namespace, name)];
                    case 2:
                        _c.sent();
                        return [2 /*return*/];
                    case 3:
                        if (!(0, services_ts_1.hasSelector)(service))
                            return [2 /*return*/]; // endpoints of selector-less services are their users' to write
                        return [4 /*yield*/, Promise.all([selectedPods(ctx, service), ctx.api.get(resources_ts_1.RESOURCES.endpoints, namespace, name)])];
                    case 4:
                        _b = _c.sent(), pods = _b[0], current = _b[1];
                        next = (0, legacy_ts_1.desiredEndpoints)(service, pods, current);
                        if (!next)
                            return [2 /*return*/];
                        if (!current) return [3 /*break*/, 6];
                        return [4 /*yield*/, ctx.api.update(resources_ts_1.RESOURCES.endpoints, next)];
                    case 5:
                        _c.sent();
                        return [3 /*break*/, 8];
                    case 6: return [4 /*yield*/, unlessTerminating(ctx.api.create(resources_ts_1.RESOURCES.endpoints, namespace, next))];
                    case 7:
                        _c.sent();
                        _c.label = 8;
                    case 8: return [2 /*return*/];
                }
            });
        });
    },
};
exports.endpointControllers = [exports.endpointSliceController, exports.endpointsController];
