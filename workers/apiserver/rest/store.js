"use strict";
var __extends = (this && this.__extends) || (function () {
    var extendStatics = function (d, b) {
        extendStatics = Object.setPrototypeOf ||
            ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
            function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };
        return extendStatics(d, b);
    };
    return function (d, b) {
        if (typeof b !== "function" && b !== null)
            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
        extendStatics(d, b);
        function __() { this.constructor = d; }
        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
    };
})();
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
exports.RaceLost = void 0;
exports.getObject = getObject;
exports.createObject = createObject;
exports.resetFields = resetFields;
exports.updateObject = updateObject;
exports.retrying = retrying;
exports.deleteObject = deleteObject;
exports.finalizeNamespace = finalizeNamespace;
exports.writeDirect = writeDirect;
var errors_ts_1 = require("../../../lib/errors.ts");
var index_ts_1 = require("../registry/index.ts");
var validation_ts_1 = require("../registry/validation.ts");
var index_ts_2 = require("../fieldmanager/index.ts");
var walk_ts_1 = require("../../../lib/schema/walk.ts");
var index_ts_3 = require("../admission/index.ts");
var meta_ts_1 = require("./meta.ts");
var gv = function (d) { return (d.group ? "".concat(d.group, "/").concat(d.version) : d.version); };
var ref = function (d) { return ({ group: d.group, resource: d.resource }); };
var rvOf = function (o) { var _a; return Number((_a = o.metadata.resourceVersion) !== null && _a !== void 0 ? _a : 0); };
var MAX_GENERATE_ATTEMPTS = 8;
function getObject(ctx, desc, namespace, name) {
    return __awaiter(this, void 0, void 0, function () {
        var obj;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.storage.get((0, index_ts_1.storageKey)(desc, namespace, name))];
                case 1:
                    obj = _a.sent();
                    if (!obj)
                        throw (0, errors_ts_1.notFound)(ref(desc), name);
                    return [2 /*return*/, obj];
            }
        });
    });
}
function throwInvalid(desc, obj, errors) {
    var _a, _b;
    if (errors.length)
        throw (0, errors_ts_1.invalid)(desc, (_b = (_a = obj.metadata.name) !== null && _a !== void 0 ? _a : obj.metadata.generateName) !== null && _b !== void 0 ? _b : '', errors);
}
/** Sets apiVersion/kind and checks the body's namespace against the URL's. */
function placeInScope(desc, obj, namespace) {
    var _a;
    obj.apiVersion = gv(desc);
    obj.kind = desc.kind;
    (_a = obj.metadata) !== null && _a !== void 0 ? _a : (obj.metadata = {});
    if (desc.namespaced) {
        if (obj.metadata.namespace && obj.metadata.namespace !== namespace)
            throw (0, errors_ts_1.badRequest)('the namespace of the provided object does not match the namespace sent on the request');
        obj.metadata.namespace = namespace;
    }
    else
        delete obj.metadata.namespace;
}
/** `managedFields`: already computed by server-side apply; otherwise recorded as an Update. */
function createObject(ctx, desc, namespace, input, managedFields) {
    return __awaiter(this, void 0, void 0, function () {
        var obj, rv, generate, now, attempt, res, err;
        var _a, _b, _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    obj = (0, meta_ts_1.clone)(input);
                    placeInScope(desc, obj, namespace);
                    rv = obj.metadata.resourceVersion;
                    if (rv && rv !== '0')
                        throw new errors_ts_1.StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'resourceVersion should not be set on objects to be created', code: 500 });
                    (_a = desc.defaults) === null || _a === void 0 ? void 0 : _a.call(desc, obj);
                    (0, meta_ts_1.wipeForCreate)(obj.metadata);
                    if (desc.generation)
                        obj.metadata.generation = 1;
                    return [4 /*yield*/, (0, index_ts_3.admitCreate)(admissionContext(ctx), desc, obj)];
                case 1:
                    _f.sent();
                    generate = !obj.metadata.name && !!obj.metadata.generateName;
                    now = ctx.now();
                    obj.metadata.uid = crypto.randomUUID();
                    obj.metadata.creationTimestamp = (0, meta_ts_1.rfc3339)(now);
                    (_b = desc.prepareForCreate) === null || _b === void 0 ? void 0 : _b.call(desc, obj);
                    attempt = 1;
                    _f.label = 2;
                case 2:
                    if (generate)
                        obj.metadata.name = (0, meta_ts_1.generatedName)(obj.metadata.generateName);
                    throwInvalid(desc, obj, __spreadArray(__spreadArray([], (0, validation_ts_1.validateObjectMeta)(obj, { namespaced: desc.namespaced, nameRule: desc.nameRule, isCreate: true }), true), ((_d = (_c = desc.validate) === null || _c === void 0 ? void 0 : _c.call(desc, obj)) !== null && _d !== void 0 ? _d : []), true));
                    obj.metadata.managedFields = managedFields !== null && managedFields !== void 0 ? managedFields : managedFieldsFor(ctx, desc, undefined, obj);
                    if (ctx.dryRun)
                        return [2 /*return*/, obj];
                    return [4 /*yield*/, ctx.storage.create((0, index_ts_1.storageKey)(desc, namespace, obj.metadata.name), obj)];
                case 3:
                    res = _f.sent();
                    if (res.ok) {
                        ctx.afterCommit(desc, 'ADDED', res.object);
                        return [2 /*return*/, res.object];
                    }
                    if (!generate || attempt >= MAX_GENERATE_ATTEMPTS) {
                        err = (0, errors_ts_1.alreadyExists)(ref(desc), obj.metadata.name);
                        if ((_e = res.current) === null || _e === void 0 ? void 0 : _e.metadata.deletionTimestamp)
                            err.status.message = "object is being deleted: ".concat(err.status.message);
                        if (generate) {
                            err.status.message += ', the server was not able to generate a unique name for the object';
                            err.status.details.retryAfterSeconds = 1;
                        }
                        throw err;
                    }
                    _f.label = 4;
                case 4:
                    attempt++;
                    return [3 /*break*/, 2];
                case 5: return [2 /*return*/];
            }
        });
    });
}
function managedFieldsFor(ctx, desc, live, updated, subresource) {
    return (0, index_ts_2.recordUpdate)({ live: live, updated: updated, schema: desc.schema, manager: ctx.manager, apiVersion: gv(desc), subresource: subresource, now: ctx.now(), resetFields: resetFields(desc, subresource) });
}
/**
 * The fields a write through this endpoint cannot set, so nobody comes to own them there: the
 * status fields on the main resource, everything else on /status.
 */
function resetFields(desc, subresource) {
    var _a, _b;
    if (!((_a = desc.subresources) === null || _a === void 0 ? void 0 : _a.status))
        return undefined;
    var status = (_b = desc.statusFields) !== null && _b !== void 0 ? _b : ['status'];
    if (subresource !== 'status')
        return status.map(function (f) { return [f]; });
    var top = (0, walk_ts_1.shape)(desc.schema);
    var fields = top.kind === 'object' ? Object.keys(top.entries) : [];
    return fields.filter(function (f) { return !status.includes(f) && f !== 'apiVersion' && f !== 'kind' && f !== 'metadata'; }).map(function (f) { return [f]; });
}
/**
 * Writes `next` over `current` (both full objects; `current` as read, with its resourceVersion).
 * Returns the stored object, or the current one when nothing changed. Throws 409 on a lost race;
 * callers that own the read (patch) retry on `isRaceLost`.
 */
function updateObject(ctx_1, desc_1, current_1, input_1) {
    return __awaiter(this, arguments, void 0, function (ctx, desc, current, input, opts) {
        var obj, namespace, name, userRv, statusFields, incoming, _i, statusFields_1, f, _a, statusFields_2, f, sameManagers, m, res;
        var _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p;
        if (opts === void 0) { opts = {}; }
        return __generator(this, function (_q) {
            switch (_q.label) {
                case 0:
                    obj = (0, meta_ts_1.clone)(input);
                    namespace = (_b = current.metadata.namespace) !== null && _b !== void 0 ? _b : '';
                    name = current.metadata.name;
                    placeInScope(desc, obj, namespace);
                    if (obj.metadata.name !== name)
                        throw (0, errors_ts_1.badRequest)("the name of the object (".concat((_c = obj.metadata.name) !== null && _c !== void 0 ? _c : '', ") does not match the name on the URL (").concat(name, ")"));
                    if (obj.metadata.uid && obj.metadata.uid !== current.metadata.uid)
                        throw (0, errors_ts_1.conflict)(ref(desc), name, "StorageError: invalid object, Code: 4, Key: ".concat((0, index_ts_1.storageKey)(desc, namespace, name), ", ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ").concat(obj.metadata.uid, ", UID in object meta: ").concat(current.metadata.uid));
                    userRv = obj.metadata.resourceVersion;
                    if (userRv && userRv !== current.metadata.resourceVersion)
                        throw (0, errors_ts_1.conflict)(ref(desc), name);
                    (_d = desc.defaults) === null || _d === void 0 ? void 0 : _d.call(desc, obj);
                    (0, meta_ts_1.keepOnUpdate)(obj.metadata, current.metadata);
                    statusFields = (_e = desc.statusFields) !== null && _e !== void 0 ? _e : ['status'];
                    if (opts.subresource === 'status') {
                        if (desc.prepareForStatusUpdate)
                            desc.prepareForStatusUpdate(obj, current);
                        else {
                            incoming = obj;
                            obj = (0, meta_ts_1.clone)(current);
                            for (_i = 0, statusFields_1 = statusFields; _i < statusFields_1.length; _i++) {
                                f = statusFields_1[_i];
                                obj[f] = incoming[f];
                            }
                        }
                    }
                    else if (desc.prepareForUpdate)
                        desc.prepareForUpdate(obj, current);
                    else if ((_f = desc.subresources) === null || _f === void 0 ? void 0 : _f.status)
                        for (_a = 0, statusFields_2 = statusFields; _a < statusFields_2.length; _a++) {
                            f = statusFields_2[_a];
                            obj[f] = (0, meta_ts_1.clone)(current[f]);
                        }
                    // status writes never bump generation (Kubernetes' status strategies keep it)
                    if (desc.generation && opts.subresource !== 'status' && specChanged(desc, obj, current))
                        obj.metadata.generation = ((_g = current.metadata.generation) !== null && _g !== void 0 ? _g : 0) + 1;
                    throwInvalid(desc, obj, __spreadArray(__spreadArray(__spreadArray(__spreadArray([], (0, validation_ts_1.validateObjectMeta)(obj, { namespaced: desc.namespaced, nameRule: desc.nameRule, isCreate: false }), true), (0, validation_ts_1.validateObjectMetaUpdate)(obj, current), true), ((_j = (_h = desc.validate) === null || _h === void 0 ? void 0 : _h.call(desc, obj)) !== null && _j !== void 0 ? _j : []), true), ((_l = (_k = desc.validateUpdate) === null || _k === void 0 ? void 0 : _k.call(desc, obj, current)) !== null && _l !== void 0 ? _l : []), true));
                    sameManagers = !opts.managedFields || (0, meta_ts_1.jsonEqual)(opts.managedFields, (_m = current.metadata.managedFields) !== null && _m !== void 0 ? _m : []);
                    if ((0, meta_ts_1.jsonEqual)((0, meta_ts_1.withoutVolatile)(obj), (0, meta_ts_1.withoutVolatile)(current)) && sameManagers)
                        return [2 /*return*/, current];
                    obj.metadata.managedFields = (_o = opts.managedFields) !== null && _o !== void 0 ? _o : managedFieldsFor(ctx, desc, current, obj, opts.subresource);
                    m = obj.metadata;
                    if (m.deletionTimestamp && !((_p = m.finalizers) === null || _p === void 0 ? void 0 : _p.length) && !m.deletionGracePeriodSeconds) {
                        if (ctx.dryRun)
                            return [2 /*return*/, obj];
                        return [2 /*return*/, commitDelete(ctx, desc, current)];
                    }
                    if (ctx.dryRun)
                        return [2 /*return*/, obj];
                    return [4 /*yield*/, ctx.storage.update((0, index_ts_1.storageKey)(desc, namespace, name), obj, rvOf(current))];
                case 1:
                    res = _q.sent();
                    return [2 /*return*/, committed(ctx, desc, res, name, 'MODIFIED')];
            }
        });
    });
}
function specChanged(desc, obj, old) {
    var _a, _b, _c;
    var statusFields = new Set(__spreadArray(['apiVersion', 'kind', 'metadata'], ((_a = desc.statusFields) !== null && _a !== void 0 ? _a : ['status']), true));
    var spec = function (o) { return Object.fromEntries(Object.entries(o).filter(function (_a) {
        var k = _a[0];
        return !statusFields.has(k);
    })); };
    if (!(0, meta_ts_1.jsonEqual)(spec(obj), spec(old)))
        return true;
    return desc.generation === 'spec+annotations' && !(0, meta_ts_1.jsonEqual)((_b = obj.metadata.annotations) !== null && _b !== void 0 ? _b : {}, (_c = old.metadata.annotations) !== null && _c !== void 0 ? _c : {});
}
/** Thrown when a write lost a race against another writer; retryable by the caller that read. */
var RaceLost = /** @class */ (function (_super) {
    __extends(RaceLost, _super);
    function RaceLost() {
        return _super !== null && _super.apply(this, arguments) || this;
    }
    return RaceLost;
}(errors_ts_1.StatusError));
exports.RaceLost = RaceLost;
/**
 * How long a read-modify-write keeps retrying. Kubernetes' GuaranteedUpdate retries without a
 * count, bounded by the request's deadline: each lost race means another write committed, so a
 * handful of concurrent writers always get through (a count of 5 made the 6th of 20 concurrent
 * patches a 409 the client never asked for).
 */
var RETRY_FOR_MS = 30000;
/** Re-runs a read-modify-write that lost a race, unless the client pinned the version itself. */
function retrying(attempt_1) {
    return __awaiter(this, arguments, void 0, function (attempt, pinned) {
        var deadline, e_1;
        if (pinned === void 0) { pinned = false; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    deadline = Date.now() + RETRY_FOR_MS;
                    _a.label = 1;
                case 1:
                    _a.trys.push([1, 3, , 4]);
                    return [4 /*yield*/, attempt()];
                case 2: return [2 /*return*/, _a.sent()];
                case 3:
                    e_1 = _a.sent();
                    if (!(e_1 instanceof RaceLost) || pinned || Date.now() > deadline)
                        throw e_1;
                    return [3 /*break*/, 4];
                case 4: return [3 /*break*/, 1];
                case 5: return [2 /*return*/];
            }
        });
    });
}
function committed(ctx, desc, res, name, type) {
    if (res.ok) {
        ctx.afterCommit(desc, type, res.object);
        return res.object;
    }
    if (res.reason === 'not-found')
        throw (0, errors_ts_1.notFound)(ref(desc), name);
    throw new RaceLost((0, errors_ts_1.conflict)(ref(desc), name).status);
}
function commitDelete(ctx, desc, current) {
    return __awaiter(this, void 0, void 0, function () {
        var res;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, ctx.storage.delete((0, index_ts_1.storageKey)(desc, (_a = current.metadata.namespace) !== null && _a !== void 0 ? _a : '', current.metadata.name), rvOf(current))];
                case 1:
                    res = _b.sent();
                    return [2 /*return*/, committed(ctx, desc, res, current.metadata.name, 'DELETED')];
            }
        });
    });
}
/** The namespaces Kubernetes refuses to delete. */
var PROTECTED_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);
/**
 * Deletes, or marks for deletion (graceful pods, finalizers, namespaces). Returns the object and
 * whether it is gone (the handler answers with a Status or the object accordingly).
 */
function deleteObject(ctx, desc, namespace, name, opts) {
    return __awaiter(this, void 0, void 0, function () {
        var current, pre, quirk, e_2;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, getObject(ctx, desc, namespace, name)];
                case 1:
                    current = _b.sent();
                    pre = (_a = opts.preconditions) !== null && _a !== void 0 ? _a : {};
                    quirk = { group: '', resource: desc.kind };
                    if (pre.uid && pre.uid !== current.metadata.uid)
                        throw (0, errors_ts_1.conflict)(quirk, name, "the UID in the precondition (".concat(pre.uid, ") does not match the UID in record (").concat(current.metadata.uid, "). The object might have been deleted and then recreated"));
                    if (pre.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion)
                        throw (0, errors_ts_1.conflict)(quirk, name, "the ResourceVersion in the precondition (".concat(pre.resourceVersion, ") does not match the ResourceVersion in record (").concat(current.metadata.resourceVersion, "). The object might have been modified"));
                    _b.label = 2;
                case 2:
                    _b.trys.push([2, 4, , 5]);
                    return [4 /*yield*/, deleteOnce(ctx, desc, current, opts)];
                case 3: return [2 /*return*/, _b.sent()];
                case 4:
                    e_2 = _b.sent();
                    if (e_2 instanceof RaceLost)
                        return [3 /*break*/, 5];
                    throw e_2;
                case 5: return [3 /*break*/, 0];
                case 6: return [2 /*return*/];
            }
        });
    });
}
function deleteOnce(ctx, desc, current, opts) {
    return __awaiter(this, void 0, void 0, function () {
        var name, now, next, m, finalized, _a, finalizers, grace, deadline;
        var _b, _c, _d, _e, _f;
        var _g, _h, _j, _k, _l, _m, _o, _p, _q, _r;
        return __generator(this, function (_s) {
            switch (_s.label) {
                case 0:
                    name = current.metadata.name;
                    now = ctx.now();
                    next = (0, meta_ts_1.clone)(current);
                    m = next.metadata;
                    if (!(desc.group === '' && desc.resource === 'namespaces')) return [3 /*break*/, 6];
                    if (PROTECTED_NAMESPACES.has(name))
                        throw (0, errors_ts_1.forbidden)(ref(desc), name, 'this namespace may not be deleted');
                    finalized = !((_h = (_g = next.spec) === null || _g === void 0 ? void 0 : _g.finalizers) === null || _h === void 0 ? void 0 : _h.length) && !((_j = m.finalizers) === null || _j === void 0 ? void 0 : _j.length);
                    if (!(m.deletionTimestamp && finalized)) return [3 /*break*/, 4];
                    _b = {};
                    if (!ctx.dryRun) return [3 /*break*/, 1];
                    _a = current;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, commitDelete(ctx, desc, current)];
                case 2:
                    _a = _s.sent();
                    _s.label = 3;
                case 3: return [2 /*return*/, (_b.object = _a, _b.gone = true, _b)];
                case 4:
                    if (m.deletionTimestamp)
                        return [2 /*return*/, { object: current, gone: false }];
                    m.deletionTimestamp = (0, meta_ts_1.rfc3339)(now);
                    m.deletionGracePeriodSeconds = 0;
                    next.status = __assign(__assign({}, next.status), { phase: 'Terminating' });
                    _c = {};
                    return [4 /*yield*/, markDeleting(ctx, desc, current, next)];
                case 5: return [2 /*return*/, (_c.object = _s.sent(), _c.gone = false, _c)];
                case 6:
                    finalizers = new Set((_k = m.finalizers) !== null && _k !== void 0 ? _k : []);
                    if (opts.propagationPolicy === 'Foreground')
                        finalizers.add('foregroundDeletion');
                    if (opts.propagationPolicy === 'Orphan' || opts.orphanDependents === true)
                        finalizers.add('orphan');
                    grace = podGracePeriod(desc, current, opts.gracePeriodSeconds);
                    if (!(grace > 0)) return [3 /*break*/, 8];
                    deadline = new Date(now.getTime() + grace * 1000);
                    if (m.deletionTimestamp && ((_l = m.deletionGracePeriodSeconds) !== null && _l !== void 0 ? _l : 0) <= grace && finalizers.size === ((_o = (_m = m.finalizers) === null || _m === void 0 ? void 0 : _m.length) !== null && _o !== void 0 ? _o : 0))
                        return [2 /*return*/, { object: current, gone: false }]; // a later DELETE may only shorten the grace period
                    m.deletionTimestamp = (0, meta_ts_1.rfc3339)(deadline);
                    m.deletionGracePeriodSeconds = grace;
                    if (finalizers.size)
                        m.finalizers = __spreadArray([], finalizers, true);
                    _d = {};
                    return [4 /*yield*/, markDeleting(ctx, desc, current, next)];
                case 7: return [2 /*return*/, (_d.object = _s.sent(), _d.gone = false, _d)];
                case 8:
                    if (!finalizers.size) return [3 /*break*/, 10];
                    if (m.deletionTimestamp && finalizers.size === ((_q = (_p = m.finalizers) === null || _p === void 0 ? void 0 : _p.length) !== null && _q !== void 0 ? _q : 0))
                        return [2 /*return*/, { object: current, gone: false }];
                    (_r = m.deletionTimestamp) !== null && _r !== void 0 ? _r : (m.deletionTimestamp = (0, meta_ts_1.rfc3339)(now));
                    m.deletionGracePeriodSeconds = 0;
                    m.finalizers = __spreadArray([], finalizers, true);
                    _e = {};
                    return [4 /*yield*/, markDeleting(ctx, desc, current, next)];
                case 9: return [2 /*return*/, (_e.object = _s.sent(), _e.gone = false, _e)];
                case 10:
                    if (ctx.dryRun)
                        return [2 /*return*/, { object: current, gone: true }];
                    _f = {};
                    return [4 /*yield*/, commitDelete(ctx, desc, current)];
                case 11: return [2 /*return*/, (_f.object = _s.sent(), _f.gone = true, _f)];
            }
        });
    });
}
function podGracePeriod(desc, pod, requested) {
    var _a, _b, _c;
    if (desc.group !== '' || desc.resource !== 'pods')
        return 0;
    var spec = ((_a = pod.spec) !== null && _a !== void 0 ? _a : {});
    var phase = (_b = pod.status) === null || _b === void 0 ? void 0 : _b.phase;
    if (!spec.nodeName || phase === 'Succeeded' || phase === 'Failed')
        return 0;
    var grace = (_c = requested !== null && requested !== void 0 ? requested : spec.terminationGracePeriodSeconds) !== null && _c !== void 0 ? _c : 30;
    return grace < 0 ? 1 : grace;
}
/**
 * namespaces/<name>/finalize: the namespace controller clears spec.finalizers once the namespace
 * is empty; a deleting namespace with no finalizers left is then removed.
 */
function finalizeNamespace(ctx, desc, current, finalizers) {
    return __awaiter(this, void 0, void 0, function () {
        var next;
        var _a;
        return __generator(this, function (_b) {
            next = (0, meta_ts_1.clone)(current);
            next.spec = __assign(__assign({}, next.spec), { finalizers: finalizers });
            if (next.metadata.deletionTimestamp && !finalizers.length && !((_a = next.metadata.finalizers) === null || _a === void 0 ? void 0 : _a.length))
                return [2 /*return*/, ctx.dryRun ? next : commitDelete(ctx, desc, current)];
            return [2 /*return*/, writeDirect(ctx, desc, current, next)];
        });
    });
}
/** Marking an object as deleting bumps its generation, when it has one. */
function markDeleting(ctx, desc, current, next) {
    var _a, _b;
    if (desc.generation && ((_a = next.metadata.generation) !== null && _a !== void 0 ? _a : 0) > 0)
        next.metadata.generation = ((_b = next.metadata.generation) !== null && _b !== void 0 ? _b : 0) + 1;
    return writeDirect(ctx, desc, current, next);
}
/**
 * A write the server makes on its own behalf (deletion marks, pod binding), straight to storage
 * as Kubernetes does with GuaranteedUpdate: no user-update strategy, no managedFields entry.
 */
function writeDirect(ctx, desc, current, next) {
    return __awaiter(this, void 0, void 0, function () {
        var res;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (ctx.dryRun)
                        return [2 /*return*/, next];
                    return [4 /*yield*/, ctx.storage.update((0, index_ts_1.storageKey)(desc, (_a = current.metadata.namespace) !== null && _a !== void 0 ? _a : '', current.metadata.name), next, rvOf(current))];
                case 1:
                    res = _b.sent();
                    return [2 /*return*/, committed(ctx, desc, res, current.metadata.name, 'MODIFIED')];
            }
        });
    });
}
function admissionContext(ctx) {
    return { storage: ctx.storage, user: ctx.user, serviceClusterIPRange: ctx.serviceClusterIPRange };
}
