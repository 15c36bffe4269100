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
exports.newAndOldReplicaSets = newAndOldReplicaSets;
var client_ts_1 = require("../../../lib/client/client.ts");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var manage_ts_1 = require("../replicaset/manage.ts");
var ownership_ts_1 = require("../replicaset/ownership.ts");
var conditions_ts_1 = require("./conditions.ts");
var hash_ts_1 = require("./hash.ts");
var replicasets_ts_1 = require("./replicasets.ts");
var replicas_ts_1 = require("./replicas.ts");
var revision_ts_1 = require("./revision.ts");
var sync_ts_1 = require("./sync.ts");
/** The new ReplicaSet (created when `create` and missing) and all the old ones. */
function newAndOldReplicaSets(s, create) {
    return __awaiter(this, void 0, void 0, function () {
        var oldRSs, newRS;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    oldRSs = (0, replicasets_ts_1.findOldReplicaSets)(s.d, s.rsList);
                    return [4 /*yield*/, newReplicaSet(s, oldRSs, create)];
                case 1:
                    newRS = _a.sent();
                    return [2 /*return*/, { newRS: newRS, oldRSs: oldRSs }];
            }
        });
    });
}
function newReplicaSet(s, oldRSs, create) {
    return __awaiter(this, void 0, void 0, function () {
        var existing, newRevision;
        return __generator(this, function (_a) {
            existing = (0, replicasets_ts_1.findNewReplicaSet)(s.d, s.rsList);
            newRevision = (0, revision_ts_1.maxRevision)(oldRSs) + 1;
            if (existing)
                return [2 /*return*/, syncExisting(s, existing, newRevision)];
            if (!create)
                return [2 /*return*/, undefined];
            return [2 /*return*/, createNew(s, oldRSs, newRevision)];
        });
    });
}
function syncExisting(s, existing, newRevision) {
    return __awaiter(this, void 0, void 0, function () {
        var d, copy, annotationsChanged, _a, _b, needsUpdate;
        var _c, _d, _e, _f, _g, _h, _j, _k, _l;
        return __generator(this, function (_m) {
            switch (_m.label) {
                case 0:
                    d = s.d;
                    copy = structuredClone(existing);
                    annotationsChanged = (0, revision_ts_1.setNewReplicaSetAnnotations)(d, copy, newRevision, true, (0, replicas_ts_1.maxSurge)(d));
                    if (!(annotationsChanged || ((_d = (_c = copy.spec) === null || _c === void 0 ? void 0 : _c.minReadySeconds) !== null && _d !== void 0 ? _d : 0) !== ((_f = (_e = d.spec) === null || _e === void 0 ? void 0 : _e.minReadySeconds) !== null && _f !== void 0 ? _f : 0))) return [3 /*break*/, 2];
                    copy.spec = __assign(__assign({}, copy.spec), { minReadySeconds: (_h = (_g = d.spec) === null || _g === void 0 ? void 0 : _g.minReadySeconds) !== null && _h !== void 0 ? _h : 0 });
                    _a = sync_ts_1.remember;
                    _b = [s];
                    return [4 /*yield*/, s.ctx.api.update(resources_ts_1.RESOURCES.replicasets, copy)];
                case 1: 
                // the Deployment's revision follows on the sync this write brings
                return [2 /*return*/, _a.apply(void 0, _b.concat([_m.sent()]))];
                case 2:
                    needsUpdate = (0, revision_ts_1.setDeploymentRevision)(d, (_k = (_j = copy.metadata.annotations) === null || _j === void 0 ? void 0 : _j[revision_ts_1.REVISION_ANNOTATION]) !== null && _k !== void 0 ? _k : '');
                    if ((0, conditions_ts_1.hasProgressDeadline)(d) && !(0, conditions_ts_1.getCondition)(d.status, 'Progressing')) {
                        (0, conditions_ts_1.setCondition)(((_l = d.status) !== null && _l !== void 0 ? _l : (d.status = {})), (0, conditions_ts_1.newCondition)('Progressing', 'True', conditions_ts_1.REASON.foundNewRS, "Found new replica set \"".concat(copy.metadata.name, "\""), s.now));
                        needsUpdate = true;
                    }
                    if (!needsUpdate) return [3 /*break*/, 4];
                    return [4 /*yield*/, (0, sync_ts_1.writeStatus)(s)];
                case 3:
                    _m.sent();
                    _m.label = 4;
                case 4: return [2 /*return*/, copy];
            }
        });
    });
}
function selectorWithHash(sel, hash) {
    var _a;
    return __assign(__assign({}, structuredClone(sel !== null && sel !== void 0 ? sel : {})), { matchLabels: __assign(__assign({}, sel === null || sel === void 0 ? void 0 : sel.matchLabels), (_a = {}, _a[hash_ts_1.HASH_LABEL] = hash, _a)) });
}
function createNew(s, oldRSs, newRevision) {
    return __awaiter(this, void 0, void 0, function () {
        var d, hash, template, name, rs, replicas, created, alreadyExists, e_1, found, message, needsUpdate;
        var _a;
        var _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x;
        return __generator(this, function (_y) {
            switch (_y.label) {
                case 0:
                    d = s.d;
                    hash = (0, hash_ts_1.templateHash)((_b = d.spec) === null || _b === void 0 ? void 0 : _b.template, (_d = (_c = d.status) === null || _c === void 0 ? void 0 : _c.collisionCount) !== null && _d !== void 0 ? _d : undefined);
                    template = structuredClone((_f = (_e = d.spec) === null || _e === void 0 ? void 0 : _e.template) !== null && _f !== void 0 ? _f : {});
                    template.metadata = __assign(__assign({}, template.metadata), { labels: __assign(__assign({}, (_g = template.metadata) === null || _g === void 0 ? void 0 : _g.labels), (_a = {}, _a[hash_ts_1.HASH_LABEL] = hash, _a)) });
                    name = "".concat(d.metadata.name, "-").concat(hash);
                    rs = {
                        apiVersion: 'apps/v1',
                        kind: 'ReplicaSet',
                        metadata: { name: name, namespace: d.metadata.namespace, ownerReferences: [(0, ownership_ts_1.controllerRef)(d)], labels: __assign({}, template.metadata.labels) },
                        spec: { replicas: 0, minReadySeconds: (_j = (_h = d.spec) === null || _h === void 0 ? void 0 : _h.minReadySeconds) !== null && _j !== void 0 ? _j : 0, selector: selectorWithHash((_k = d.spec) === null || _k === void 0 ? void 0 : _k.selector, hash), template: template },
                    };
                    replicas = (0, replicas_ts_1.newRSNewReplicas)(d, __spreadArray(__spreadArray([], oldRSs, true), [rs], false), rs);
                    rs.spec.replicas = replicas;
                    (0, revision_ts_1.setNewReplicaSetAnnotations)(d, rs, newRevision, false, (0, replicas_ts_1.maxSurge)(d));
                    alreadyExists = false;
                    _y.label = 1;
                case 1:
                    _y.trys.push([1, 3, , 13]);
                    return [4 /*yield*/, s.ctx.api.create(resources_ts_1.RESOURCES.replicasets, d.metadata.namespace, rs)];
                case 2:
                    created = _y.sent();
                    return [3 /*break*/, 13];
                case 3:
                    e_1 = _y.sent();
                    if (!(e_1 instanceof client_ts_1.ApiError))
                        throw e_1;
                    if (!(e_1.code === 409 && e_1.reason === 'AlreadyExists')) return [3 /*break*/, 7];
                    return [4 /*yield*/, s.ctx.api.get(resources_ts_1.RESOURCES.replicasets, d.metadata.namespace, name)];
                case 4:
                    found = _y.sent();
                    if (!(!found || ((_l = (0, ownership_ts_1.controllerOf)(found)) === null || _l === void 0 ? void 0 : _l.uid) !== d.metadata.uid || !(0, hash_ts_1.equalIgnoreHash)((_m = d.spec) === null || _m === void 0 ? void 0 : _m.template, (_o = found.spec) === null || _o === void 0 ? void 0 : _o.template))) return [3 /*break*/, 6];
                    // someone else's ReplicaSet holds the name: try the next hash
                    d.status = __assign(__assign({}, d.status), { collisionCount: ((_q = (_p = d.status) === null || _p === void 0 ? void 0 : _p.collisionCount) !== null && _q !== void 0 ? _q : 0) + 1 });
                    return [4 /*yield*/, (0, sync_ts_1.writeStatus)(s)];
                case 5:
                    _y.sent();
                    throw e_1; // a conflict: the runner syncs again at once, with the new count
                case 6:
                    created = found;
                    alreadyExists = true;
                    return [3 /*break*/, 12];
                case 7:
                    if (!((_t = (_s = (_r = e_1.status) === null || _r === void 0 ? void 0 : _r.details) === null || _s === void 0 ? void 0 : _s.causes) === null || _t === void 0 ? void 0 : _t.some(function (c) { return c.reason === 'NamespaceTerminating'; }))) return [3 /*break*/, 8];
                    throw new sync_ts_1.SyncAborted(e_1.message);
                case 8:
                    message = "Failed to create new replica set \"".concat(name, "\": ").concat((_v = (_u = e_1.status) === null || _u === void 0 ? void 0 : _u.message) !== null && _v !== void 0 ? _v : e_1.message);
                    if (!(0, conditions_ts_1.hasProgressDeadline)(d)) return [3 /*break*/, 10];
                    (0, conditions_ts_1.setCondition)(((_w = d.status) !== null && _w !== void 0 ? _w : (d.status = {})), (0, conditions_ts_1.newCondition)('Progressing', 'False', conditions_ts_1.REASON.failedRSCreate, message, s.now));
                    return [4 /*yield*/, (0, sync_ts_1.writeStatus)(s).catch(function () { return undefined; })];
                case 9:
                    _y.sent();
                    _y.label = 10;
                case 10: return [4 /*yield*/, (0, manage_ts_1.emit)(s.ctx.events.warning(s.d, conditions_ts_1.REASON.failedRSCreate, message))];
                case 11:
                    _y.sent();
                    throw e_1;
                case 12: return [3 /*break*/, 13];
                case 13:
                    (0, sync_ts_1.remember)(s, created);
                    needsUpdate = (0, revision_ts_1.setDeploymentRevision)(d, String(newRevision));
                    if (!alreadyExists && (0, conditions_ts_1.hasProgressDeadline)(d)) {
                        (0, conditions_ts_1.setCondition)(((_x = d.status) !== null && _x !== void 0 ? _x : (d.status = {})), (0, conditions_ts_1.newCondition)('Progressing', 'True', conditions_ts_1.REASON.newReplicaSet, "Created new replica set \"".concat(created.metadata.name, "\""), s.now));
                        needsUpdate = true;
                    }
                    _y.label = 14;
                case 14:
                    _y.trys.push([14, , 17, 20]);
                    if (!needsUpdate) return [3 /*break*/, 16];
                    return [4 /*yield*/, (0, sync_ts_1.writeStatus)(s)];
                case 15:
                    _y.sent();
                    _y.label = 16;
                case 16: return [3 /*break*/, 20];
                case 17:
                    if (!(!alreadyExists && replicas > 0)) return [3 /*break*/, 19];
                    return [4 /*yield*/, (0, manage_ts_1.emit)(s.ctx.events.normal(s.d, 'ScalingReplicaSet', "Scaled up replica set ".concat(created.metadata.name, " from 0 to ").concat(replicas)))];
                case 18:
                    _y.sent();
                    _y.label = 19;
                case 19: return [7 /*endfinally*/];
                case 20: return [2 /*return*/, created];
            }
        });
    });
}
