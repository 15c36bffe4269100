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
Object.defineProperty(exports, "__esModule", { value: true });
exports.nodeRestriction = nodeRestriction;
var errors_ts_1 = require("../../../lib/errors.ts");
var node_identity_ts_1 = require("./node-identity.ts");
var OPERATION = { create: 'CREATE', update: 'UPDATE', patch: 'UPDATE', delete: 'DELETE', deletecollection: 'DELETE' };
var MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';
var NODE_LEASE_NAMESPACE = 'kube-node-lease';
function nodeRestriction(_a) {
    return __awaiter(this, arguments, void 0, function (_b) {
        var node, operation, ref, created, _c, name, refuse, boundTo, _d;
        var _this = this;
        var _e;
        var user = _b.user, info = _b.info, storage = _b.storage, body = _b.body;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    node = (0, node_identity_ts_1.nodeIdentity)(user);
                    if (node === undefined || !info.isResourceRequest)
                        return [2 /*return*/];
                    operation = OPERATION[info.verb];
                    if (!operation)
                        return [2 /*return*/]; // reads are the authorizer's business
                    ref = { group: info.group, resource: info.resource };
                    if (!(operation === 'CREATE' && !info.subresource)) return [3 /*break*/, 2];
                    return [4 /*yield*/, body()];
                case 1:
                    _c = _f.sent();
                    return [3 /*break*/, 3];
                case 2:
                    _c = undefined;
                    _f.label = 3;
                case 3:
                    created = _c;
                    name = ((_e = created === null || created === void 0 ? void 0 : created.metadata) === null || _e === void 0 ? void 0 : _e.name) || info.name || 'Unknown';
                    refuse = function (message) { return (0, errors_ts_1.forbidden)(ref, name, message); };
                    if (!node)
                        throw refuse("could not determine node from user \"".concat(user.username, "\""));
                    if (info.group === '' && info.resource === 'nodes') {
                        if (name !== node)
                            throw refuse("node \"".concat(node, "\" is not allowed to modify node \"").concat(name, "\""));
                        return [2 /*return*/];
                    }
                    if (info.group === 'coordination.k8s.io' && info.resource === 'leases') {
                        if (info.namespace !== NODE_LEASE_NAMESPACE)
                            throw refuse("can only access leases in the \"".concat(NODE_LEASE_NAMESPACE, "\" system namespace"));
                        if (name !== node)
                            throw refuse('can only access node lease with the same name as the requesting node');
                        return [2 /*return*/];
                    }
                    if (info.group !== '' || info.resource !== 'pods')
                        return [2 /*return*/];
                    boundTo = function () { return __awaiter(_this, void 0, void 0, function () {
                        var pod;
                        var _a;
                        return __generator(this, function (_b) {
                            switch (_b.label) {
                                case 0: return [4 /*yield*/, storage.get("/registry/pods/".concat(info.namespace, "/").concat(info.name))];
                                case 1:
                                    pod = _b.sent();
                                    if (!pod)
                                        throw (0, errors_ts_1.notFound)(ref, info.name);
                                    return [2 /*return*/, (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.nodeName];
                            }
                        });
                    }); };
                    _d = info.subresource;
                    switch (_d) {
                        case '': return [3 /*break*/, 4];
                        case 'status': return [3 /*break*/, 7];
                        case 'eviction': return [3 /*break*/, 9];
                    }
                    return [3 /*break*/, 11];
                case 4:
                    if (operation === 'CREATE')
                        return [2 /*return*/, admitMirrorPod(node, created, refuse)];
                    if (!(operation === 'DELETE')) return [3 /*break*/, 6];
                    return [4 /*yield*/, boundTo()];
                case 5:
                    if ((_f.sent()) !== node)
                        throw refuse("node \"".concat(node, "\" can only delete pods with spec.nodeName set to itself"));
                    return [2 /*return*/];
                case 6: throw refuse("unexpected operation \"".concat(operation, "\", node \"").concat(node, "\" can only create and delete mirror pods"));
                case 7: return [4 /*yield*/, boundTo()];
                case 8:
                    if ((_f.sent()) !== node)
                        throw refuse("node \"".concat(node, "\" can only update pod status for pods with spec.nodeName set to itself"));
                    return [2 /*return*/];
                case 9: return [4 /*yield*/, boundTo()];
                case 10:
                    if ((_f.sent()) !== node)
                        throw refuse("node ".concat(node, " can only evict pods with spec.nodeName set to itself"));
                    return [2 /*return*/];
                case 11: throw refuse("unexpected pod subresource \"".concat(info.subresource, "\", only 'status' and 'eviction' are allowed"));
            }
        });
    });
}
function admitMirrorPod(node, pod, refuse) {
    var _a, _b, _c, _d;
    if (!((_b = (_a = pod === null || pod === void 0 ? void 0 : pod.metadata) === null || _a === void 0 ? void 0 : _a.annotations) === null || _b === void 0 ? void 0 : _b[MIRROR_ANNOTATION]))
        throw refuse("pod does not have \"".concat(MIRROR_ANNOTATION, "\" annotation, node \"").concat(node, "\" can only create mirror pods"));
    if (((_c = pod.spec) === null || _c === void 0 ? void 0 : _c.nodeName) !== node)
        throw refuse("node \"".concat(node, "\" can only create pods with spec.nodeName set to itself"));
    var owners = (_d = pod.metadata.ownerReferences) !== null && _d !== void 0 ? _d : [];
    if (owners.length > 1)
        throw refuse("node \"".concat(node, "\" can only create pods with a single owner reference set to itself"));
    var owner = owners[0];
    if (!owner || owner.apiVersion !== 'v1' || owner.kind !== 'Node' || owner.name !== node)
        throw refuse("node \"".concat(node, "\" can only create pods with an owner reference set to itself"));
    if (!owner.controller)
        throw refuse("node \"".concat(node, "\" can only create pods with a controller owner reference set to itself"));
}
