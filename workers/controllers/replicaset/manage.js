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
exports.BURST_REPLICAS = void 0;
exports.emit = emit;
exports.podFromTemplate = podFromTemplate;
exports.createPods = createPods;
exports.deletePods = deletePods;
var client_ts_1 = require("../../../lib/client/client.ts");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var ownership_ts_1 = require("./ownership.ts");
/** At most this many pods created or deleted per sync (Kubernetes' burstReplicas). */
exports.BURST_REPLICAS = 500;
var errorText = function (e) { var _a, _b; return (e instanceof client_ts_1.ApiError ? ((_b = (_a = e.status) === null || _a === void 0 ? void 0 : _a.message) !== null && _b !== void 0 ? _b : e.message) : String(e)); };
/** A namespace being deleted refuses new objects; that is the namespace's business, not a failure. */
var namespaceTerminating = function (e) { var _a, _b, _c; return e instanceof client_ts_1.ApiError && !!((_c = (_b = (_a = e.status) === null || _a === void 0 ? void 0 : _a.details) === null || _b === void 0 ? void 0 : _b.causes) === null || _c === void 0 ? void 0 : _c.some(function (c) { return c.reason === 'NamespaceTerminating'; })); };
/** Events never fail a sync: a lost one is only a missing line in `kubectl get events`. */
function emit(p) {
    return p.catch(function (e) { return console.error("event: ".concat(e.message)); });
}
/** The pod a ReplicaSet creates from its template (controller.GetPodFromTemplate). */
function podFromTemplate(rs) {
    var _a, _b, _c, _d;
    var t = (_b = (_a = rs.spec) === null || _a === void 0 ? void 0 : _a.template) !== null && _b !== void 0 ? _b : {};
    var m = (_c = t.metadata) !== null && _c !== void 0 ? _c : {};
    var metadata = { generateName: "".concat(rs.metadata.name, "-"), namespace: rs.metadata.namespace, ownerReferences: [(0, ownership_ts_1.controllerRef)(rs)] };
    if (m.labels && Object.keys(m.labels).length)
        metadata.labels = __assign({}, m.labels);
    if (m.annotations && Object.keys(m.annotations).length)
        metadata.annotations = __assign({}, m.annotations);
    if ((_d = m.finalizers) === null || _d === void 0 ? void 0 : _d.length)
        metadata.finalizers = __spreadArray([], m.finalizers, true);
    return { apiVersion: 'v1', kind: 'Pod', metadata: metadata, spec: structuredClone(t.spec) };
}
function createPods(ctx, rs, count) {
    return __awaiter(this, void 0, void 0, function () {
        var remaining, batch, errors;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    remaining = Math.min(count, exports.BURST_REPLICAS);
                    batch = Math.min(remaining, 1);
                    _a.label = 1;
                case 1:
                    if (!(batch > 0)) return [3 /*break*/, 4];
                    return [4 /*yield*/, Promise.all(Array.from({ length: batch }, function () { return createOne(ctx, rs); }))];
                case 2:
                    errors = (_a.sent()).filter(function (e) { return e !== undefined; });
                    if (errors.length)
                        return [2 /*return*/, { failure: { reason: 'FailedCreate', message: errors[0] } }];
                    remaining -= batch;
                    _a.label = 3;
                case 3:
                    batch = Math.min(2 * batch, remaining);
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, {}];
            }
        });
    });
}
function createOne(ctx, rs) {
    return __awaiter(this, void 0, void 0, function () {
        var pod, e_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _a.trys.push([0, 3, , 5]);
                    return [4 /*yield*/, ctx.api.create(resources_ts_1.RESOURCES.pods, rs.metadata.namespace, podFromTemplate(rs))];
                case 1:
                    pod = _a.sent();
                    return [4 /*yield*/, emit(ctx.events.normal(rs, 'SuccessfulCreate', "Created pod: ".concat(pod.metadata.name)))];
                case 2:
                    _a.sent();
                    return [2 /*return*/, undefined];
                case 3:
                    e_1 = _a.sent();
                    if (namespaceTerminating(e_1))
                        return [2 /*return*/, errorText(e_1)];
                    return [4 /*yield*/, emit(ctx.events.warning(rs, 'FailedCreate', "Error creating: ".concat(errorText(e_1))))];
                case 4:
                    _a.sent();
                    return [2 /*return*/, errorText(e_1)];
                case 5: return [2 /*return*/];
            }
        });
    });
}
function deletePods(ctx, rs, pods) {
    return __awaiter(this, void 0, void 0, function () {
        var errors, first;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, Promise.all(pods.slice(0, exports.BURST_REPLICAS).map(function (p) { return __awaiter(_this, void 0, void 0, function () {
                        var e_2;
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0:
                                    _a.trys.push([0, 3, , 5]);
                                    return [4 /*yield*/, ctx.api.delete(resources_ts_1.RESOURCES.pods, p.metadata.namespace, p.metadata.name)];
                                case 1:
                                    if (!(_a.sent()))
                                        return [2 /*return*/, undefined]; // already gone
                                    return [4 /*yield*/, emit(ctx.events.normal(rs, 'SuccessfulDelete', "Deleted pod: ".concat(p.metadata.name)))];
                                case 2:
                                    _a.sent();
                                    return [2 /*return*/, undefined];
                                case 3:
                                    e_2 = _a.sent();
                                    return [4 /*yield*/, emit(ctx.events.warning(rs, 'FailedDelete', "Error deleting: ".concat(errorText(e_2))))];
                                case 4:
                                    _a.sent();
                                    return [2 /*return*/, errorText(e_2)];
                                case 5: return [2 /*return*/];
                            }
                        });
                    }); }))];
                case 1:
                    errors = _a.sent();
                    first = errors.find(function (e) { return e !== undefined; });
                    return [2 /*return*/, first ? { failure: { reason: 'FailedDelete', message: first } } : {}];
            }
        });
    });
}
