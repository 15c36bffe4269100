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
exports.rootCAPublisher = exports.serviceAccountController = void 0;
var client_ts_1 = require("../../../lib/client/client.ts");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var ROOT_CA = 'kube-root-ca.crt';
/** Namespaces are the keys: a namespace change, or a change to what we keep in one. */
function namespaceKeys(change, resource, name) {
    if (change.group === '' && change.resource === 'namespaces')
        return [change.name];
    return change.group === '' && change.resource === resource && change.name === name && change.namespace ? [change.namespace] : [];
}
function activeNamespaces(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var items;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.api.list(resources_ts_1.RESOURCES.namespaces)];
                case 1:
                    items = (_a.sent()).items;
                    return [2 /*return*/, items.filter(function (n) { return !n.metadata.deletionTimestamp; }).map(function (n) { return n.metadata.name; })];
            }
        });
    });
}
function isActive(ctx, name) {
    return __awaiter(this, void 0, void 0, function () {
        var ns;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.namespaces, undefined, name)];
                case 1:
                    ns = _a.sent();
                    return [2 /*return*/, !!ns && !ns.metadata.deletionTimestamp];
            }
        });
    });
}
/** Creating what another isolate created first is fine. */
function createIfMissing(p) {
    return __awaiter(this, void 0, void 0, function () {
        var e_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _a.trys.push([0, 2, , 3]);
                    return [4 /*yield*/, p];
                case 1:
                    _a.sent();
                    return [3 /*break*/, 3];
                case 2:
                    e_1 = _a.sent();
                    if (!(0, client_ts_1.isConflict)(e_1))
                        throw e_1;
                    return [3 /*break*/, 3];
                case 3: return [2 /*return*/];
            }
        });
    });
}
exports.serviceAccountController = {
    name: 'service-account-controller',
    keysFor: function (change) { return namespaceKeys(change, 'serviceaccounts', 'default'); },
    resync: activeNamespaces,
    reconcile: function (ns, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, isActive(ctx, ns)];
                    case 1:
                        if (!(_a.sent()))
                            return [2 /*return*/];
                        return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.serviceaccounts, ns, 'default')];
                    case 2:
                        if (_a.sent())
                            return [2 /*return*/];
                        return [4 /*yield*/, createIfMissing(ctx.api.create(resources_ts_1.RESOURCES.serviceaccounts, ns, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: ns } }))];
                    case 3:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    },
};
exports.rootCAPublisher = {
    name: 'root-ca-cert-publisher',
    keysFor: function (change) { return namespaceKeys(change, 'configmaps', ROOT_CA); },
    resync: activeNamespaces,
    reconcile: function (ns, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var ca, _a, want, current;
            var _b;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        ca = ctx.settings.clusterCA;
                        _a = !ca;
                        if (_a) return [3 /*break*/, 2];
                        return [4 /*yield*/, isActive(ctx, ns)];
                    case 1:
                        _a = !(_c.sent());
                        _c.label = 2;
                    case 2:
                        if (_a)
                            return [2 /*return*/];
                        want = {
                            apiVersion: 'v1',
                            kind: 'ConfigMap',
                            metadata: { name: ROOT_CA, namespace: ns, annotations: { 'kubernetes.io/description': 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.' } },
                            data: { 'ca.crt': ca },
                        };
                        return [4 /*yield*/, ctx.api.get(resources_ts_1.RESOURCES.configmaps, ns, ROOT_CA)];
                    case 3:
                        current = _c.sent();
                        if (!current)
                            return [2 /*return*/, createIfMissing(ctx.api.create(resources_ts_1.RESOURCES.configmaps, ns, want))];
                        if (!(((_b = current.data) === null || _b === void 0 ? void 0 : _b['ca.crt']) !== ca)) return [3 /*break*/, 5];
                        return [4 /*yield*/, ctx.api.update(resources_ts_1.RESOURCES.configmaps, __assign(__assign({}, current), { data: want.data }))];
                    case 4:
                        _c.sent();
                        _c.label = 5;
                    case 5: return [2 /*return*/];
                }
            });
        });
    },
};
