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
exports.FakeApi = void 0;
exports.finishDeletions = finishDeletions;
exports.fakeContext = fakeContext;
var client_ts_1 = require("../../../lib/client/client.ts");
var label_ts_1 = require("../../../lib/selectors/label.ts");
var KINDS = {
    pods: ['v1', 'Pod'],
    replicasets: ['apps/v1', 'ReplicaSet'],
    deployments: ['apps/v1', 'Deployment'],
};
/** JSON with sorted keys, undefined dropped: equal objects give equal strings. */
var stable = function (v) {
    return v && typeof v === 'object' && !Array.isArray(v)
        ? "{".concat(Object.keys(v).filter(function (k) { return v[k] !== undefined; }).sort().map(function (k) { return "".concat(JSON.stringify(k), ":").concat(stable(v[k])); }).join(','), "}")
        : Array.isArray(v)
            ? "[".concat(v.map(stable).join(','), "]")
            : JSON.stringify(v);
};
var status = function (code, reason, message) { return new client_ts_1.ApiError(code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: code, reason: reason, message: message }, message); };
var FakeApi = /** @class */ (function () {
    function FakeApi() {
        this.objects = new Map();
        /** `verb resource/namespace/name`, in order */
        this.writes = [];
        this.rv = 1;
        this.seq = 0;
        /** the clock creationTimestamps are taken from (tests move it) */
        this.clock = new Date('2026-01-01T00:00:00Z');
        this.key = function (res, ns, name) { return "".concat(typeof res === 'string' ? res : res.resource, "/").concat(ns !== null && ns !== void 0 ? ns : '', "/").concat(name); };
        /** pods being deleted stay, terminating, until `finishDeletions` (as a kubelet would take its time) */
        this.gracefulPods = false;
    }
    /** Stores an object as is (a fixture), filling in what the server would. */
    FakeApi.prototype.put = function (resource, o) {
        var _a, _b, _c;
        var _d, _e, _f;
        var _g = KINDS[resource], apiVersion = _g[0], kind = _g[1];
        var obj = structuredClone(__assign({ apiVersion: apiVersion, kind: kind }, o));
        (_a = (_d = obj.metadata).uid) !== null && _a !== void 0 ? _a : (_d.uid = "uid-".concat(resource, "-").concat(String(++this.seq).padStart(6, '0'))); // in creation order
        (_b = (_e = obj.metadata).creationTimestamp) !== null && _b !== void 0 ? _b : (_e.creationTimestamp = this.clock.toISOString().replace(/\.\d{3}Z$/, 'Z'));
        (_c = (_f = obj.metadata).generation) !== null && _c !== void 0 ? _c : (_f.generation = 1);
        obj.metadata.resourceVersion = String(++this.rv);
        this.objects.set(this.key(resource, obj.metadata.namespace, obj.metadata.name), obj);
        return structuredClone(obj);
    };
    FakeApi.prototype.all = function (resource) {
        return __spreadArray([], this.objects.entries(), true).filter(function (_a) {
            var k = _a[0];
            return k.startsWith("".concat(resource, "/"));
        }).map(function (_a) {
            var o = _a[1];
            return structuredClone(o);
        });
    };
    FakeApi.prototype.one = function (resource, ns, name) {
        var o = this.objects.get(this.key(resource, ns, name));
        return o && structuredClone(o);
    };
    FakeApi.prototype.get = function (res, ns, name) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                return [2 /*return*/, this.one(res.resource, ns !== null && ns !== void 0 ? ns : '', name)];
            });
        });
    };
    FakeApi.prototype.list = function (res_1) {
        return __awaiter(this, arguments, void 0, function (res, opts) {
            var sel, items;
            if (opts === void 0) { opts = {}; }
            return __generator(this, function (_a) {
                sel = opts.labelSelector ? (0, label_ts_1.parseLabelSelector)(opts.labelSelector) : [];
                items = this.all(res.resource).filter(function (o) { return (!opts.namespace || o.metadata.namespace === opts.namespace) && (0, label_ts_1.matches)(sel, o.metadata.labels); });
                items.sort(function (a, b) { return (a.metadata.name < b.metadata.name ? -1 : 1); });
                return [2 /*return*/, { items: items, resourceVersion: String(this.rv) }];
            });
        });
    };
    FakeApi.prototype.create = function (res, ns, obj) {
        return __awaiter(this, void 0, void 0, function () {
            var o;
            var _a;
            return __generator(this, function (_b) {
                if (((_a = this.failCreate) === null || _a === void 0 ? void 0 : _a.resource) === res.resource)
                    throw this.failCreate.error;
                o = structuredClone(obj);
                o.metadata.namespace = ns;
                if (!o.metadata.name && o.metadata.generateName)
                    o.metadata.name = "".concat(o.metadata.generateName).concat((++this.seq).toString(36).padStart(5, 'x'));
                if (this.objects.has(this.key(res, ns, o.metadata.name)))
                    throw status(409, 'AlreadyExists', "".concat(res.resource, " \"").concat(o.metadata.name, "\" already exists"));
                delete o.metadata.uid;
                delete o.metadata.resourceVersion;
                this.writes.push("create ".concat(res.resource, "/").concat(ns, "/").concat(o.metadata.name));
                return [2 /*return*/, this.put(res.resource, o)];
            });
        });
    };
    FakeApi.prototype.update = function (res, obj, subresource) {
        return __awaiter(this, void 0, void 0, function () {
            var k, current, next;
            var _a;
            return __generator(this, function (_b) {
                k = this.key(res, obj.metadata.namespace, obj.metadata.name);
                current = this.objects.get(k);
                if (!current)
                    throw status(404, 'NotFound', "".concat(res.resource, " \"").concat(obj.metadata.name, "\" not found"));
                if (obj.metadata.resourceVersion && obj.metadata.resourceVersion !== current.metadata.resourceVersion)
                    throw status(409, 'Conflict', "Operation cannot be fulfilled on ".concat(res.resource, " \"").concat(obj.metadata.name, "\": the object has been modified; please apply your changes to the latest version and try again"));
                if (subresource === 'status') {
                    next = __assign(__assign({}, structuredClone(current)), { status: structuredClone(obj.status) });
                    // a Deployment's status write carries its annotations too (the revision)
                    if (res.resource === 'deployments')
                        next.metadata.annotations = structuredClone(obj.metadata.annotations);
                }
                else {
                    next = __assign(__assign({}, structuredClone(obj)), { status: structuredClone(current.status) });
                    if (JSON.stringify(obj.spec) !== JSON.stringify(current.spec))
                        next.metadata.generation = ((_a = current.metadata.generation) !== null && _a !== void 0 ? _a : 1) + 1;
                }
                next.metadata.resourceVersion = current.metadata.resourceVersion;
                if (stable(next) === stable(current))
                    return [2 /*return*/, structuredClone(current)]; // a no-op is not written
                next.metadata.resourceVersion = String(++this.rv);
                this.objects.set(k, next);
                this.writes.push("".concat(subresource === 'status' ? 'status' : 'update', " ").concat(res.resource, "/").concat(obj.metadata.namespace, "/").concat(obj.metadata.name));
                return [2 /*return*/, structuredClone(next)];
            });
        });
    };
    /** Only the strategic-merge ownerReferences patches claiming sends. */
    FakeApi.prototype.patch = function (res, ns, name, patch) {
        return __awaiter(this, void 0, void 0, function () {
            var k, current, refs, _loop_1, _i, _a, r, next;
            var _b;
            return __generator(this, function (_c) {
                k = this.key(res, ns, name);
                current = this.objects.get(k);
                if (!current)
                    throw status(404, 'NotFound', "".concat(res.resource, " \"").concat(name, "\" not found"));
                if (patch.metadata.uid && patch.metadata.uid !== current.metadata.uid)
                    throw status(409, 'Conflict', 'uid mismatch');
                refs = __spreadArray([], ((_b = current.metadata.ownerReferences) !== null && _b !== void 0 ? _b : []), true);
                _loop_1 = function (r) {
                    refs = refs.filter(function (x) { return x.uid !== r.uid; });
                    if (!('$patch' in r))
                        refs.push(r);
                };
                for (_i = 0, _a = patch.metadata.ownerReferences; _i < _a.length; _i++) {
                    r = _a[_i];
                    _loop_1(r);
                }
                next = structuredClone(current);
                next.metadata.ownerReferences = refs.length ? refs : undefined;
                if (!refs.length)
                    delete next.metadata.ownerReferences;
                next.metadata.resourceVersion = String(++this.rv);
                this.objects.set(k, next);
                this.writes.push("patch ".concat(res.resource, "/").concat(ns, "/").concat(name));
                return [2 /*return*/, structuredClone(next)];
            });
        });
    };
    FakeApi.prototype.delete = function (res, ns, name) {
        return __awaiter(this, void 0, void 0, function () {
            var k, current;
            return __generator(this, function (_a) {
                k = this.key(res, ns, name);
                current = this.objects.get(k);
                if (!current)
                    return [2 /*return*/, false];
                if (this.gracefulPods && res.resource === 'pods') {
                    if (!current.metadata.deletionTimestamp)
                        this.put('pods', __assign(__assign({}, current), { metadata: __assign(__assign({}, current.metadata), { deletionTimestamp: this.clock.toISOString().replace(/\.\d{3}Z$/, 'Z') }) }));
                }
                else
                    this.objects.delete(k);
                this.writes.push("delete ".concat(res.resource, "/").concat(ns, "/").concat(name));
                return [2 /*return*/, true];
            });
        });
    };
    return FakeApi;
}());
exports.FakeApi = FakeApi;
/** Removes the pods left terminating by graceful deletions. */
function finishDeletions(api) {
    for (var _i = 0, _a = api.objects; _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], o = _b[1];
        if (k.startsWith('pods/') && o.metadata.deletionTimestamp)
            api.objects.delete(k);
    }
}
function fakeContext(api, now) {
    var _this = this;
    if (now === void 0) { now = function () { return api.clock; }; }
    var recorded = [];
    var requeued = [];
    var event = function (type) { return function (obj, reason, message) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
        return [2 /*return*/, void recorded.push("".concat(type, " ").concat(reason, " ").concat(obj.kind, "/").concat(obj.metadata.name, ": ").concat(message))];
    }); }); }; };
    return {
        api: api,
        events: { normal: event('Normal'), warning: event('Warning') },
        requeue: function (key, seconds) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
            return [2 /*return*/, void requeued.push([key, seconds])];
        }); }); },
        settings: { nodeMonitorGraceSeconds: 50 },
        now: now,
        recorded: recorded,
        requeued: requeued,
    };
}
