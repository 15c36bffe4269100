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
exports.garbageCollector = void 0;
var client_ts_1 = require("../../../lib/client/client.ts");
var collector_ts_1 = require("./collector.ts");
var references_ts_1 = require("./references.ts");
var resources_ts_1 = require("./resources.ts");
var ALL = '*';
/** re-check a cluster-scoped owner waiting for dependents (their deletions scan namespaces, not it) */
var RECHECK_SECONDS = 5;
/** a scan that lost races is run again soon rather than retried at once over every object */
var SCAN_RETRY_SECONDS = 1;
var objectKey = function (group, resource, namespace, name) { return "obj/".concat(group, "/").concat(resource, "/").concat(namespace, "/").concat(name); };
var scanKey = function (namespace) { return "scan/".concat(namespace); };
exports.garbageCollector = {
    name: 'generic-garbage-collector',
    keysFor: function (change) {
        var _a;
        if (change.resource === 'events' && (change.group === '' || change.group === 'events.k8s.io'))
            return [];
        if (change.type !== 'DELETED')
            return [objectKey(change.group, change.resource, (_a = change.namespace) !== null && _a !== void 0 ? _a : '', change.name)];
        if (change.namespace)
            return [scanKey(change.namespace)];
        // a deleted namespace is emptied by the namespace controller; any other cluster-scoped owner
        // may have dependents anywhere
        return change.group === '' && change.resource === 'namespaces' ? [] : [scanKey(ALL)];
    },
    resync: function () { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
        return [2 /*return*/, [scanKey(ALL)]];
    }); }); },
    reconcile: function (key, ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var map, parts;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, (0, resources_ts_1.resourceMap)(ctx.api)];
                    case 1:
                        map = _a.sent();
                        parts = key.split('/');
                        if (parts[0] === 'scan')
                            return [2 /*return*/, scan(ctx, map, key, parts[1] === ALL ? undefined : parts[1])];
                        if (parts[0] === 'obj' && parts.length === 5)
                            return [2 /*return*/, reconcileObject(ctx, map, parts[1], parts[2], parts[3], parts[4])];
                        return [2 /*return*/];
                }
            });
        });
    },
};
function reconcileObject(ctx, map, group, resource, namespace, name) {
    return __awaiter(this, void 0, void 0, function () {
        var res, obj, t, collector, scope, _a, _b, _c, _d, _e, objects;
        var _this = this;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    res = map.byResource(group, resource);
                    if (!res || !map.collectable.includes(res))
                        return [2 /*return*/];
                    return [4 /*yield*/, ctx.api.get(res, res.namespaced ? namespace : undefined, name)];
                case 1:
                    obj = _f.sent();
                    if (!obj)
                        return [2 /*return*/];
                    t = { res: res, obj: obj };
                    collector = new collector_ts_1.Collector(ctx, map);
                    scope = function () { return (0, collector_ts_1.snapshot)(ctx, map, res.namespaced ? namespace : undefined); };
                    if (!(0, references_ts_1.isOrphaning)(obj)) return [3 /*break*/, 3];
                    _b = (_a = collector).orphan;
                    _c = [t];
                    return [4 /*yield*/, scope()];
                case 2: return [2 /*return*/, _b.apply(_a, _c.concat([_f.sent()]))];
                case 3:
                    if (!(0, references_ts_1.isDeletingDependents)(obj)) return [3 /*break*/, 5];
                    _d = foreground;
                    _e = [ctx, collector, t];
                    return [4 /*yield*/, scope()];
                case 4: return [2 /*return*/, _d.apply(void 0, _e.concat([_f.sent()]))];
                case 5: return [4 /*yield*/, collector.attempt(t, function () { return __awaiter(_this, void 0, void 0, function () { var _a, _b; return __generator(this, function (_c) {
                        switch (_c.label) {
                            case 0:
                                _a = references_ts_1.dependentsOf;
                                _b = [obj];
                                return [4 /*yield*/, (objects !== null && objects !== void 0 ? objects : (objects = scope()))];
                            case 1: return [2 /*return*/, _a.apply(void 0, _b.concat([_c.sent()])).length > 0];
                        }
                    }); }); })];
                case 6:
                    _f.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** A foreground owner; one that is cluster-scoped is looked at again while it waits. */
function foreground(ctx, collector, owner, objects) {
    return __awaiter(this, void 0, void 0, function () {
        var released;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, collector.foreground(owner, objects)];
                case 1:
                    released = _a.sent();
                    if (!(!released && !owner.res.namespaced)) return [3 /*break*/, 3];
                    return [4 /*yield*/, ctx.requeue(objectKey(owner.res.group, owner.res.resource, '', owner.obj.metadata.name), RECHECK_SECONDS)];
                case 2:
                    _a.sent();
                    _a.label = 3;
                case 3: return [2 /*return*/];
            }
        });
    });
}
/**
 * Everything in a namespace (or the cluster) at once: owners being deleted first, then each
 * dependent whose owners are not all present in the same listing (confirmed by reading them).
 */
function scan(ctx, map, key, namespace) {
    return __awaiter(this, void 0, void 0, function () {
        var objects, collector, present, handled, lostRaces, step, _loop_1, _i, objects_1, t, _loop_2, _a, objects_2, t;
        var _this = this;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, (0, collector_ts_1.snapshot)(ctx, map, namespace)];
                case 1:
                    objects = _b.sent();
                    collector = new collector_ts_1.Collector(ctx, map);
                    present = new Map(objects.map(function (t) { return [t.obj.metadata.uid, t]; }));
                    handled = new Set();
                    lostRaces = false;
                    step = function (t, run) { return __awaiter(_this, void 0, void 0, function () {
                        var e_1;
                        return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0:
                                    _a.trys.push([0, 2, , 3]);
                                    return [4 /*yield*/, run()];
                                case 1:
                                    _a.sent();
                                    return [3 /*break*/, 3];
                                case 2:
                                    e_1 = _a.sent();
                                    if (!(0, client_ts_1.isConflict)(e_1))
                                        throw e_1;
                                    lostRaces = true;
                                    return [3 /*break*/, 3];
                                case 3:
                                    handled.add(t.obj.metadata.uid);
                                    return [2 /*return*/];
                            }
                        });
                    }); };
                    _loop_1 = function (t) {
                        var _c, _d, dep;
                        return __generator(this, function (_e) {
                            switch (_e.label) {
                                case 0:
                                    if (!(0, references_ts_1.isOrphaning)(t.obj)) return [3 /*break*/, 2];
                                    return [4 /*yield*/, step(t, function () { return collector.orphan(t, objects); })];
                                case 1:
                                    _e.sent();
                                    return [3 /*break*/, 5];
                                case 2:
                                    if (!(0, references_ts_1.isDeletingDependents)(t.obj)) return [3 /*break*/, 4];
                                    return [4 /*yield*/, step(t, function () { return foreground(ctx, collector, t, objects); })];
                                case 3:
                                    _e.sent();
                                    return [3 /*break*/, 5];
                                case 4: return [2 /*return*/, "continue"];
                                case 5:
                                    // what the owner's handling touched is no longer as listed
                                    for (_c = 0, _d = (0, references_ts_1.dependentsOf)(t.obj, objects); _c < _d.length; _c++) {
                                        dep = _d[_c];
                                        handled.add(dep.obj.metadata.uid);
                                    }
                                    return [2 /*return*/];
                            }
                        });
                    };
                    _i = 0, objects_1 = objects;
                    _b.label = 2;
                case 2:
                    if (!(_i < objects_1.length)) return [3 /*break*/, 5];
                    t = objects_1[_i];
                    return [5 /*yield**/, _loop_1(t)];
                case 3:
                    _b.sent();
                    _b.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5:
                    _loop_2 = function (t) {
                        return __generator(this, function (_f) {
                            switch (_f.label) {
                                case 0:
                                    if (handled.has(t.obj.metadata.uid) || t.obj.metadata.deletionTimestamp || allOwnersPresent(t, present))
                                        return [2 /*return*/, "continue"];
                                    return [4 /*yield*/, step(t, function () { return collector.attempt(t, function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                            return [2 /*return*/, (0, references_ts_1.dependentsOf)(t.obj, objects).length > 0];
                                        }); }); }); })];
                                case 1:
                                    _f.sent();
                                    return [2 /*return*/];
                            }
                        });
                    };
                    _a = 0, objects_2 = objects;
                    _b.label = 6;
                case 6:
                    if (!(_a < objects_2.length)) return [3 /*break*/, 9];
                    t = objects_2[_a];
                    return [5 /*yield**/, _loop_2(t)];
                case 7:
                    _b.sent();
                    _b.label = 8;
                case 8:
                    _a++;
                    return [3 /*break*/, 6];
                case 9:
                    if (!lostRaces) return [3 /*break*/, 11];
                    return [4 /*yield*/, ctx.requeue(key, SCAN_RETRY_SECONDS)];
                case 10:
                    _b.sent();
                    _b.label = 11;
                case 11: return [2 /*return*/];
            }
        });
    });
}
/** Every owner reference resolves, in this listing, to a live owner of that kind and uid. */
function allOwnersPresent(t, present) {
    var _a;
    return ((_a = t.obj.metadata.ownerReferences) !== null && _a !== void 0 ? _a : []).every(function (ref) {
        var owner = present.get(ref.uid);
        if (!owner || owner.res.kind !== ref.kind || owner.res.group !== (0, resources_ts_1.groupOf)(ref.apiVersion) || (0, references_ts_1.isDeletingDependents)(owner.obj))
            return false;
        return !owner.res.namespaced || owner.obj.metadata.namespace === t.obj.metadata.namespace;
    });
}
