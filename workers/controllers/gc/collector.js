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
exports.Collector = void 0;
exports.snapshot = snapshot;
var client_ts_1 = require("../../../lib/client/client.ts");
var references_ts_1 = require("./references.ts");
var resources_ts_1 = require("./resources.ts");
/** Every collectable object of a namespace, or of the whole cluster (namespace undefined). */
function snapshot(ctx, map, namespace) {
    return __awaiter(this, void 0, void 0, function () {
        var resources, lists;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    resources = map.collectable.filter(function (r) { return namespace === undefined || r.namespaced; });
                    return [4 /*yield*/, Promise.all(resources.map(function (res) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                            switch (_a.label) {
                                case 0: return [4 /*yield*/, ctx.api.list(res, { namespace: namespace })];
                                case 1: return [2 /*return*/, (_a.sent()).items.map(function (obj) { return ({ res: res, obj: obj }); })];
                            }
                        }); }); }))];
                case 1:
                    lists = _a.sent();
                    return [2 /*return*/, lists.flat()];
            }
        });
    });
}
var nameOf = function (t) { return [t.res.namespaced ? t.obj.metadata.namespace : undefined, t.obj.metadata.name]; };
/** Ignores "already gone": the collector's work on that object is then done. */
function unlessGone(p) {
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
                    if (!(0, client_ts_1.isNotFound)(e_1))
                        throw e_1;
                    return [3 /*break*/, 3];
                case 3: return [2 /*return*/];
            }
        });
    });
}
var Collector = /** @class */ (function () {
    function Collector(ctx, map) {
        this.ctx = ctx;
        this.map = map;
        /** owners read during this reconcile, by resource/namespace/name */
        this.owners = new Map();
    }
    /** Reads the owner a reference names, in the dependent's namespace when the owner is namespaced. */
    Collector.prototype.state = function (dep, ref) {
        return __awaiter(this, void 0, void 0, function () {
            var res, ns, key, owner, _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        res = this.map.byKind((0, resources_ts_1.groupOf)(ref.apiVersion), ref.kind);
                        if (!res)
                            return [2 /*return*/, 'solid']; // a kind the server does not serve: never delete on doubt
                        if (res.namespaced && !dep.res.namespaced)
                            return [2 /*return*/, 'dangling']; // a cluster-scoped object cannot have a namespaced owner
                        ns = res.namespaced ? dep.obj.metadata.namespace : undefined;
                        key = "".concat(res.group, "/").concat(res.resource, "/").concat(ns !== null && ns !== void 0 ? ns : '', "/").concat(ref.name);
                        owner = this.owners.get(key);
                        if (!owner)
                            this.owners.set(key, (owner = this.ctx.api.get(res, ns, ref.name)));
                        _a = references_ts_1.ownerState;
                        return [4 /*yield*/, owner];
                    case 1: return [2 /*return*/, _a.apply(void 0, [_b.sent(), ref])];
                }
            });
        });
    };
    /**
     * Deletes `dep` when none of its owners remains, or drops its references to owners that are
     * gone or waiting when others remain. `hasDependents` is asked only when an owner waits.
     */
    Collector.prototype.attempt = function (dep, hasDependents) {
        return __awaiter(this, void 0, void 0, function () {
            var refs, states, _i, refs_1, ref, _a, _b, _c, values, mustAsk, decision, _d, _e, _f, _g, ns, name, _h, uid, resourceVersion;
            var _j;
            return __generator(this, function (_k) {
                switch (_k.label) {
                    case 0:
                        refs = (_j = dep.obj.metadata.ownerReferences) !== null && _j !== void 0 ? _j : [];
                        if (!refs.length || dep.obj.metadata.deletionTimestamp)
                            return [2 /*return*/];
                        states = new Map();
                        _i = 0, refs_1 = refs;
                        _k.label = 1;
                    case 1:
                        if (!(_i < refs_1.length)) return [3 /*break*/, 4];
                        ref = refs_1[_i];
                        _b = (_a = states).set;
                        _c = [ref.uid];
                        return [4 /*yield*/, this.state(dep, ref)];
                    case 2:
                        _b.apply(_a, _c.concat([_k.sent()]));
                        _k.label = 3;
                    case 3:
                        _i++;
                        return [3 /*break*/, 1];
                    case 4:
                        values = __spreadArray([], states.values(), true);
                        mustAsk = values.includes('waiting') && !values.includes('solid');
                        _d = references_ts_1.decide;
                        _e = [dep.obj, states];
                        _f = mustAsk;
                        if (!_f) return [3 /*break*/, 6];
                        return [4 /*yield*/, hasDependents()];
                    case 5:
                        _f = (_k.sent());
                        _k.label = 6;
                    case 6:
                        decision = _d.apply(void 0, _e.concat([_f]));
                        _g = nameOf(dep), ns = _g[0], name = _g[1];
                        _h = dep.obj.metadata, uid = _h.uid, resourceVersion = _h.resourceVersion;
                        if (!(decision.action === 'remove-refs')) return [3 /*break*/, 8];
                        return [4 /*yield*/, unlessGone(this.ctx.api.patch(dep.res, ns, name, (0, references_ts_1.dropRefsPatch)(dep.obj, decision.uids)))];
                    case 7:
                        _k.sent();
                        return [3 /*break*/, 10];
                    case 8:
                        if (!(decision.action === 'delete')) return [3 /*break*/, 10];
                        return [4 /*yield*/, this.ctx.api.delete(dep.res, ns, name, { propagationPolicy: decision.policy, preconditions: { uid: uid, resourceVersion: resourceVersion } })];
                    case 9:
                        _k.sent();
                        _k.label = 10;
                    case 10: return [2 /*return*/];
                }
            });
        });
    };
    /**
     * An owner deleted in the foreground: its dependents are deleted; once none that blocks it
     * remains, its finalizer goes, which completes its deletion. Returns whether it was released.
     */
    Collector.prototype.foreground = function (owner, objects) {
        return __awaiter(this, void 0, void 0, function () {
            var dependents, _loop_1, this_1, _i, dependents_1, dep;
            var _this = this;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        dependents = (0, references_ts_1.dependentsOf)(owner.obj, objects);
                        if (!!(0, references_ts_1.blockingDependents)(owner.obj, dependents).length) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.dropFinalizer(owner, references_ts_1.FOREGROUND)];
                    case 1:
                        _a.sent();
                        return [2 /*return*/, true];
                    case 2:
                        _loop_1 = function (dep) {
                            return __generator(this, function (_b) {
                                switch (_b.label) {
                                    case 0: return [4 /*yield*/, this_1.attempt(dep, function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                            return [2 /*return*/, (0, references_ts_1.dependentsOf)(dep.obj, objects).length > 0];
                                        }); }); })];
                                    case 1:
                                        _b.sent();
                                        return [2 /*return*/];
                                }
                            });
                        };
                        this_1 = this;
                        _i = 0, dependents_1 = dependents;
                        _a.label = 3;
                    case 3:
                        if (!(_i < dependents_1.length)) return [3 /*break*/, 6];
                        dep = dependents_1[_i];
                        return [5 /*yield**/, _loop_1(dep)];
                    case 4:
                        _a.sent();
                        _a.label = 5;
                    case 5:
                        _i++;
                        return [3 /*break*/, 3];
                    case 6: return [2 /*return*/, false];
                }
            });
        });
    };
    /** An owner deleted with `orphan`: its dependents lose their reference to it, then it goes. */
    Collector.prototype.orphan = function (owner, objects) {
        return __awaiter(this, void 0, void 0, function () {
            var _i, _a, dep, _b, ns, name;
            return __generator(this, function (_c) {
                switch (_c.label) {
                    case 0:
                        _i = 0, _a = (0, references_ts_1.dependentsOf)(owner.obj, objects);
                        _c.label = 1;
                    case 1:
                        if (!(_i < _a.length)) return [3 /*break*/, 4];
                        dep = _a[_i];
                        _b = nameOf(dep), ns = _b[0], name = _b[1];
                        return [4 /*yield*/, unlessGone(this.ctx.api.patch(dep.res, ns, name, (0, references_ts_1.dropRefsPatch)(dep.obj, [owner.obj.metadata.uid])))];
                    case 2:
                        _c.sent();
                        _c.label = 3;
                    case 3:
                        _i++;
                        return [3 /*break*/, 1];
                    case 4: return [4 /*yield*/, this.dropFinalizer(owner, references_ts_1.ORPHAN)];
                    case 5:
                        _c.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    Collector.prototype.dropFinalizer = function (t, finalizer) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, ns, name;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        _a = nameOf(t), ns = _a[0], name = _a[1];
                        return [4 /*yield*/, unlessGone(this.ctx.api.patch(t.res, ns, name, (0, references_ts_1.dropFinalizerPatch)(t.obj, finalizer)))];
                    case 1:
                        _b.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    return Collector;
}());
exports.Collector = Collector;
