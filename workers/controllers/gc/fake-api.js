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
var client_ts_1 = require("../../../lib/client/client.ts");
var label_ts_1 = require("../../../lib/selectors/label.ts");
var keyOf = function (res, ns, name) { return "".concat(res.group, "/").concat(res.resource, "/").concat(res.namespaced ? (ns !== null && ns !== void 0 ? ns : '') : '', "/").concat(name); };
var conflict = function (what) { return new client_ts_1.ApiError(409, undefined, "409 ".concat(what)); };
var gone = function (what) { return new client_ts_1.ApiError(404, undefined, "404 ".concat(what)); };
function mergePatch(target, patch) {
    if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
        return patch;
    var out = target && typeof target === 'object' && !Array.isArray(target) ? __assign({}, target) : {};
    for (var _i = 0, _a = Object.entries(patch); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], v = _b[1];
        if (v === null)
            delete out[k];
        else
            out[k] = mergePatch(out[k], v);
    }
    return out;
}
var FakeApi = /** @class */ (function () {
    function FakeApi() {
        this.objects = new Map();
        this.writes = [];
        this.rev = 1;
        this.uidSeq = 0;
        /** discovery documents, as resources are added */
        this.served = new Map();
    }
    /** Stores an object as if created (uid and resourceVersion filled in). */
    FakeApi.prototype.add = function (res, kind, obj) {
        var _a;
        var _b;
        this.served.set("".concat(res.group, "/").concat(res.version, "/").concat(res.resource), { res: res, kind: kind });
        var stored = structuredClone(obj);
        (_a = (_b = stored.metadata).uid) !== null && _a !== void 0 ? _a : (_b.uid = "uid-".concat(++this.uidSeq));
        stored.metadata.resourceVersion = String(++this.rev);
        this.objects.set(keyOf(res, obj.metadata.namespace, obj.metadata.name), stored);
        return stored;
    };
    FakeApi.prototype.find = function (res, ns, name) {
        return this.objects.get(keyOf(res, ns, name));
    };
    /** This fake as the client type the controllers take. */
    FakeApi.prototype.client = function () {
        return this;
    };
    FakeApi.prototype.request = function (_method, path) {
        return __awaiter(this, void 0, void 0, function () {
            var gvs, _i, _a, _b, res, kind, gv_1, gv;
            var _c, _d;
            return __generator(this, function (_e) {
                gvs = new Map();
                for (_i = 0, _a = this.served.values(); _i < _a.length; _i++) {
                    _b = _a[_i], res = _b.res, kind = _b.kind;
                    gv_1 = res.group ? "".concat(res.group, "/").concat(res.version) : res.version;
                    gvs.set(gv_1, __spreadArray(__spreadArray([], ((_c = gvs.get(gv_1)) !== null && _c !== void 0 ? _c : []), true), [{ name: res.resource, kind: kind, namespaced: res.namespaced, verbs: ['list', 'get', 'delete'] }], false));
                }
                if (path === '/apis')
                    return [2 /*return*/, Response.json({ groups: __spreadArray([], gvs.keys(), true).filter(function (g) { return g.includes('/'); }).map(function (g) { return ({ preferredVersion: { groupVersion: g } }); }) })];
                gv = path.replace(/^\/apis?\//, '');
                return [2 /*return*/, Response.json({ groupVersion: gv, resources: (_d = gvs.get(gv)) !== null && _d !== void 0 ? _d : [] })];
            });
        });
    };
    FakeApi.prototype.get = function (res, ns, name) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                return [2 /*return*/, structuredClone(this.find(res, ns, name))];
            });
        });
    };
    FakeApi.prototype.list = function (res_1) {
        return __awaiter(this, arguments, void 0, function (res, opts) {
            var prefix, sel, items;
            if (opts === void 0) { opts = {}; }
            return __generator(this, function (_a) {
                prefix = "".concat(res.group, "/").concat(res.resource, "/");
                sel = opts.labelSelector ? (0, label_ts_1.parseLabelSelector)(opts.labelSelector) : (0, label_ts_1.fromLabelSelector)({});
                items = __spreadArray([], this.objects.entries(), true).filter(function (_a) {
                    var k = _a[0], o = _a[1];
                    return k.startsWith(prefix) && (!opts.namespace || o.metadata.namespace === opts.namespace) && (0, label_ts_1.matches)(sel, o.metadata.labels);
                })
                    .map(function (_a) {
                    var o = _a[1];
                    return structuredClone(o);
                });
                return [2 /*return*/, { items: items, resourceVersion: String(this.rev) }];
            });
        });
    };
    FakeApi.prototype.create = function (res, ns, obj) {
        return __awaiter(this, void 0, void 0, function () {
            var o;
            var _a;
            return __generator(this, function (_b) {
                o = structuredClone(obj);
                o.metadata.namespace = ns;
                if (!o.metadata.name && o.metadata.generateName)
                    o.metadata.name = "".concat(o.metadata.generateName).concat(String(++this.uidSeq).padStart(5, 'x'));
                if (this.find(res, ns, o.metadata.name))
                    throw conflict("".concat(o.metadata.name, " exists"));
                this.writes.push({ verb: 'create', resource: res.resource, namespace: ns, name: o.metadata.name, body: obj });
                return [2 /*return*/, this.add(res, (_a = obj.kind) !== null && _a !== void 0 ? _a : '', o)];
            });
        });
    };
    FakeApi.prototype.update = function (res, obj) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, ns, name, current;
            return __generator(this, function (_b) {
                _a = obj.metadata, ns = _a.namespace, name = _a.name;
                current = this.find(res, ns, name);
                if (!current)
                    throw gone(name);
                if (obj.metadata.resourceVersion && obj.metadata.resourceVersion !== current.metadata.resourceVersion)
                    throw conflict(name);
                this.writes.push({ verb: 'update', resource: res.resource, namespace: ns, name: name, body: obj });
                return [2 /*return*/, this.store(res, __assign(__assign({}, structuredClone(obj)), { metadata: __assign(__assign({}, obj.metadata), { uid: current.metadata.uid }) }))];
            });
        });
    };
    FakeApi.prototype.patch = function (res, ns, name, patch) {
        return __awaiter(this, void 0, void 0, function () {
            var current, meta;
            var _a;
            return __generator(this, function (_b) {
                current = this.find(res, ns, name);
                if (!current)
                    throw gone(name);
                meta = (_a = patch.metadata) !== null && _a !== void 0 ? _a : {};
                if ((meta.resourceVersion && meta.resourceVersion !== current.metadata.resourceVersion) || (meta.uid && meta.uid !== current.metadata.uid))
                    throw conflict(name);
                this.writes.push({ verb: 'patch', resource: res.resource, namespace: ns, name: name, body: patch });
                return [2 /*return*/, this.store(res, mergePatch(current, patch))];
            });
        });
    };
    FakeApi.prototype.delete = function (res_1, ns_1, name_1) {
        return __awaiter(this, arguments, void 0, function (res, ns, name, opts) {
            var current, pre, finalizers;
            var _a, _b, _c;
            if (opts === void 0) { opts = {}; }
            return __generator(this, function (_d) {
                current = this.find(res, ns, name);
                if (!current)
                    return [2 /*return*/, false];
                pre = (_a = opts.preconditions) !== null && _a !== void 0 ? _a : {};
                if ((pre.uid && pre.uid !== current.metadata.uid) || (pre.resourceVersion && pre.resourceVersion !== current.metadata.resourceVersion))
                    throw conflict(name);
                this.writes.push({ verb: 'delete', resource: res.resource, namespace: ns, name: name, body: opts });
                finalizers = new Set((_b = current.metadata.finalizers) !== null && _b !== void 0 ? _b : []);
                if (opts.propagationPolicy === 'Foreground')
                    finalizers.add('foregroundDeletion');
                if (opts.propagationPolicy === 'Orphan')
                    finalizers.add('orphan');
                if (!finalizers.size)
                    return [2 /*return*/, this.objects.delete(keyOf(res, ns, name))];
                this.store(res, __assign(__assign({}, current), { metadata: __assign(__assign({}, current.metadata), { finalizers: __spreadArray([], finalizers, true), deletionTimestamp: (_c = current.metadata.deletionTimestamp) !== null && _c !== void 0 ? _c : '2026-01-01T00:00:00Z' }) }));
                return [2 /*return*/, true];
            });
        });
    };
    /** A write: a deleting object whose last finalizer went is removed. */
    FakeApi.prototype.store = function (res, obj) {
        var _a;
        var key = keyOf(res, obj.metadata.namespace, obj.metadata.name);
        if (obj.metadata.deletionTimestamp && !((_a = obj.metadata.finalizers) === null || _a === void 0 ? void 0 : _a.length)) {
            this.objects.delete(key);
            return obj;
        }
        obj.metadata.resourceVersion = String(++this.rev);
        this.objects.set(key, obj);
        return structuredClone(obj);
    };
    return FakeApi;
}());
exports.FakeApi = FakeApi;
