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
exports.fakeContext = fakeContext;
exports.makeNode = makeNode;
exports.makePod = makePod;
var client_ts_1 = require("../../../lib/client/client.ts");
var clone = function (o) { return structuredClone(o); };
var keyOf = function (ns, name) { return (ns ? "".concat(ns, "/").concat(name) : name); };
var fail = function (code, message) { return new client_ts_1.ApiError(code, { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: message, code: code }, message); };
function field(o, path) {
    var v = o;
    for (var _i = 0, _a = path.split('.'); _i < _a.length; _i++) {
        var p = _a[_i];
        v = v === null || v === void 0 ? void 0 : v[p];
    }
    return v === undefined || v === null ? '' : String(v);
}
function selected(o, selector) {
    if (!selector)
        return true;
    return selector.split(',').every(function (term) {
        var m = /^([^!=]+)(!=|=)(.*)$/.exec(term);
        var v = field(o, m[1]);
        return m[2] === '=' ? v === m[3] : v !== m[3];
    });
}
function fakeContext(settings, start) {
    var _this = this;
    if (settings === void 0) { settings = {}; }
    if (start === void 0) { start = Date.parse('2026-01-01T00:00:00Z'); }
    var objects = new Map();
    var writes = [];
    var recorded = [];
    var requeued = [];
    var clock = { now: start };
    var rv = 100;
    var at = function (res, ns, name) { return "".concat(typeof res === 'string' ? res : res.resource, ":").concat(keyOf(ns, name)); };
    var store = function (res, o) {
        var next = clone(o);
        next.metadata.resourceVersion = String(++rv);
        objects.set(at(res, next.metadata.namespace, next.metadata.name), next);
        return clone(next);
    };
    var must = function (res, ns, name) {
        var o = objects.get(at(res, ns, name));
        if (!o)
            throw fail(404, "".concat(res.resource, " \"").concat(name, "\" not found"));
        return o;
    };
    var api = {
        get: function (res, ns, name) {
            return __awaiter(this, void 0, void 0, function () {
                var o;
                return __generator(this, function (_a) {
                    o = objects.get(at(res, ns, name));
                    return [2 /*return*/, o && clone(o)];
                });
            });
        },
        list: function (res_1) {
            return __awaiter(this, arguments, void 0, function (res, opts) {
                var items;
                if (opts === void 0) { opts = {}; }
                return __generator(this, function (_a) {
                    items = __spreadArray([], objects.entries(), true).filter(function (_a) {
                        var k = _a[0], o = _a[1];
                        return k.startsWith("".concat(res.resource, ":")) && (!opts.namespace || o.metadata.namespace === opts.namespace) && selected(o, opts.fieldSelector);
                    })
                        .map(function (_a) {
                        var o = _a[1];
                        return clone(o);
                    });
                    return [2 /*return*/, { items: items, resourceVersion: String(rv) }];
                });
            });
        },
        update: function (res, o, sub) {
            return __awaiter(this, void 0, void 0, function () {
                var cur, next;
                return __generator(this, function (_a) {
                    cur = must(res, o.metadata.namespace, o.metadata.name);
                    if (o.metadata.resourceVersion && o.metadata.resourceVersion !== cur.metadata.resourceVersion)
                        throw fail(409, 'conflict');
                    writes.push("update ".concat(res.resource).concat(sub ? "/".concat(sub) : '', " ").concat(keyOf(o.metadata.namespace, o.metadata.name)));
                    next = sub === 'status' ? __assign(__assign({}, cur), { status: o.status }) : __assign(__assign({}, o), { status: cur.status });
                    return [2 /*return*/, store(res, next)];
                });
            });
        },
        patch: function (res, ns, name, patch, type, sub) {
            return __awaiter(this, void 0, void 0, function () {
                var cur, conditions, _loop_1, _i, _a, c;
                var _b, _c, _d, _e;
                return __generator(this, function (_f) {
                    cur = clone(must(res, ns, name));
                    if (type !== 'strategic' || sub !== 'status')
                        throw new Error("fake api: unsupported patch ".concat(type, " ").concat(sub));
                    writes.push("patch ".concat(res.resource, "/status ").concat(keyOf(ns, name)));
                    conditions = __spreadArray([], ((_c = (_b = cur.status) === null || _b === void 0 ? void 0 : _b.conditions) !== null && _c !== void 0 ? _c : []), true);
                    _loop_1 = function (c) {
                        var i = conditions.findIndex(function (x) { return x.type === c.type; });
                        if (i < 0)
                            conditions.push(c);
                        else
                            conditions[i] = __assign(__assign({}, conditions[i]), c);
                    };
                    for (_i = 0, _a = (_e = (_d = patch.status) === null || _d === void 0 ? void 0 : _d.conditions) !== null && _e !== void 0 ? _e : []; _i < _a.length; _i++) {
                        c = _a[_i];
                        _loop_1(c);
                    }
                    cur.status = __assign(__assign({}, cur.status), { conditions: conditions });
                    return [2 /*return*/, store(res, cur)];
                });
            });
        },
        post: function (res, ns, name, sub, body) {
            return __awaiter(this, void 0, void 0, function () {
                var cur;
                return __generator(this, function (_a) {
                    if (sub !== 'binding')
                        throw new Error("fake api: unsupported subresource ".concat(sub));
                    cur = clone(must(res, ns, name));
                    if (cur.spec.nodeName)
                        throw fail(409, "pod ".concat(name, " is already assigned to node \"").concat(cur.spec.nodeName, "\""));
                    writes.push("bind ".concat(keyOf(ns, name), " ").concat(body.target.name));
                    cur.spec.nodeName = body.target.name;
                    store(res, cur);
                    return [2 /*return*/, {}];
                });
            });
        },
        delete: function (res, ns, name) {
            return __awaiter(this, void 0, void 0, function () {
                var cur;
                return __generator(this, function (_a) {
                    cur = objects.get(at(res, ns, name));
                    if (!cur)
                        return [2 /*return*/, false];
                    writes.push("delete ".concat(res.resource, " ").concat(keyOf(ns, name)));
                    store(res, __assign(__assign({}, cur), { metadata: __assign(__assign({}, cur.metadata), { deletionTimestamp: new Date(clock.now).toISOString() }) }));
                    return [2 /*return*/, true];
                });
            });
        },
    };
    var record = function (type) { return function (o, reason, message) { return __awaiter(_this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            recorded.push({ type: type, reason: reason, message: message, object: keyOf(o.metadata.namespace, o.metadata.name) });
            return [2 /*return*/];
        });
    }); }; };
    return {
        api: api,
        events: { normal: record('Normal'), warning: record('Warning') },
        requeue: function (key, seconds) { return __awaiter(_this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                requeued.push({ key: key, seconds: seconds });
                return [2 /*return*/];
            });
        }); },
        settings: __assign({ nodeMonitorGraceSeconds: 50 }, settings),
        now: function () { return new Date(clock.now); },
        objects: objects,
        writes: writes,
        recorded: recorded,
        requeued: requeued,
        clock: clock,
        put: function (resource, o) { return void store(resource, o); },
        obj: function (resource, key) {
            var o = objects.get("".concat(resource, ":").concat(key));
            return o && clone(o);
        },
    };
}
/** A Ready node with the given allocatable (cpu 4, memory 8Gi, 110 pods unless said). */
function makeNode(name, o) {
    var _a, _b, _c, _d;
    if (o === void 0) { o = {}; }
    var allocatable = { cpu: (_a = o.cpu) !== null && _a !== void 0 ? _a : '4', memory: (_b = o.memory) !== null && _b !== void 0 ? _b : '8Gi', pods: (_c = o.pods) !== null && _c !== void 0 ? _c : '110' };
    return {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: name, uid: "uid-".concat(name), labels: __assign({ 'kubernetes.io/hostname': name }, o.labels), creationTimestamp: '2026-01-01T00:00:00Z' },
        spec: { taints: o.taints, unschedulable: o.unschedulable },
        status: {
            capacity: allocatable,
            allocatable: allocatable,
            conditions: o.ready === null ? [] : [{ type: 'Ready', status: (_d = o.ready) !== null && _d !== void 0 ? _d : 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' }],
        },
    };
}
var seq = 0;
/** A pending pod in namespace `ns` (default), one container with the given requests. */
function makePod(name, o) {
    var _a, _b;
    if (o === void 0) { o = {}; }
    var requests = {};
    if (o.cpu)
        requests.cpu = o.cpu;
    if (o.memory)
        requests.memory = o.memory;
    return {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
            name: name,
            namespace: (_a = o.ns) !== null && _a !== void 0 ? _a : 'default',
            uid: "uid-".concat(name),
            labels: o.labels,
            creationTimestamp: new Date(Date.parse('2026-01-01T00:00:00Z') + seq++ * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            ownerReferences: o.owner ? [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: o.owner, uid: "uid-".concat(o.owner), controller: true }] : undefined,
        },
        spec: __assign({ containers: [{ name: 'c', image: 'nginx', resources: { requests: requests } }], schedulerName: 'default-scheduler', priority: (_b = o.priority) !== null && _b !== void 0 ? _b : 0, nodeName: o.node }, o.spec),
        status: { phase: o.node ? 'Running' : 'Pending' },
    };
}
