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
var strict_1 = require("node:assert/strict");
var node_test_1 = require("node:test");
var resources_ts_1 = require("../../../lib/client/resources.ts");
var controller_ts_1 = require("./controller.ts");
var fake_api_ts_1 = require("./fake-api.ts");
var resources_ts_2 = require("./resources.ts");
var deployments = resources_ts_1.RESOURCES.deployments, replicasets = resources_ts_1.RESOURCES.replicasets, pods = resources_ts_1.RESOURCES.pods, configmaps = resources_ts_1.RESOURCES.configmaps, nodes = resources_ts_1.RESOURCES.nodes;
function setup() {
    var _this = this;
    var api = new fake_api_ts_1.FakeApi();
    var requeued = [];
    var ctx = {
        api: api.client(),
        events: { normal: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                return [2 /*return*/];
            }); }); }, warning: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                return [2 /*return*/];
            }); }); } },
        requeue: function (key, s) { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
            return [2 /*return*/, void requeued.push([key, s])];
        }); }); },
        settings: { nodeMonitorGraceSeconds: 50 },
        now: function () { return new Date(); },
    };
    // what discovery will show: every kind the tests use, plus events (which the collector ignores)
    api.add(resources_ts_1.RESOURCES.events, 'Event', { metadata: { name: 'e', namespace: 'ns', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'gone', uid: 'gone' }] } });
    api.add(nodes, 'Node', { metadata: { name: 'n1' } });
    return { api: api, ctx: ctx, requeued: requeued };
}
var owned = function (o, block) {
    if (block === void 0) { block = true; }
    return ({ apiVersion: o.apiVersion, kind: o.kind, name: o.metadata.name, uid: o.metadata.uid, controller: true, blockOwnerDeletion: block });
};
/** deploy → rs → two pods, as the controllers build them. */
function chain(api) {
    var d = api.add(deployments, 'Deployment', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'vitrine', namespace: 'ns' } });
    var rs = api.add(replicasets, 'ReplicaSet', { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'vitrine-abc', namespace: 'ns', ownerReferences: [owned(d)] } });
    for (var _i = 0, _a = ['vitrine-abc-1', 'vitrine-abc-2']; _i < _a.length; _i++) {
        var n = _a[_i];
        api.add(pods, 'Pod', { apiVersion: 'v1', kind: 'Pod', metadata: { name: n, namespace: 'ns', ownerReferences: [owned(rs)] } });
    }
    return { d: d, rs: rs };
}
/** Runs the collector on changes until it writes nothing more (what the queue would do). */
function settle(api, ctx, changes) {
    return __awaiter(this, void 0, void 0, function () {
        var round, before, keys, _i, changes_1, c, _a, _b, k, _c, keys_1, k, _d, before_1, _e, k, rv, _f, group, resource, namespace, name, now;
        return __generator(this, function (_g) {
            switch (_g.label) {
                case 0:
                    round = 0;
                    _g.label = 1;
                case 1:
                    if (!(round < 10 && changes.length)) return [3 /*break*/, 13];
                    before = new Map(__spreadArray([], api.objects, true).map(function (_a) {
                        var k = _a[0], o = _a[1];
                        return [k, o.metadata.resourceVersion];
                    }));
                    keys = new Set();
                    _i = 0, changes_1 = changes;
                    _g.label = 2;
                case 2:
                    if (!(_i < changes_1.length)) return [3 /*break*/, 7];
                    c = changes_1[_i];
                    _a = 0;
                    return [4 /*yield*/, controller_ts_1.garbageCollector.keysFor(c, ctx)];
                case 3:
                    _b = _g.sent();
                    _g.label = 4;
                case 4:
                    if (!(_a < _b.length)) return [3 /*break*/, 6];
                    k = _b[_a];
                    keys.add(k);
                    _g.label = 5;
                case 5:
                    _a++;
                    return [3 /*break*/, 4];
                case 6:
                    _i++;
                    return [3 /*break*/, 2];
                case 7:
                    _c = 0, keys_1 = keys;
                    _g.label = 8;
                case 8:
                    if (!(_c < keys_1.length)) return [3 /*break*/, 11];
                    k = keys_1[_c];
                    return [4 /*yield*/, controller_ts_1.garbageCollector.reconcile(k, ctx)];
                case 9:
                    _g.sent();
                    _g.label = 10;
                case 10:
                    _c++;
                    return [3 /*break*/, 8];
                case 11:
                    changes = [];
                    for (_d = 0, before_1 = before; _d < before_1.length; _d++) {
                        _e = before_1[_d], k = _e[0], rv = _e[1];
                        _f = k.split('/'), group = _f[0], resource = _f[1], namespace = _f[2], name = _f[3];
                        now = api.objects.get(k);
                        if (!now)
                            changes.push(change(group, resource, namespace, name, 'DELETED'));
                        else if (now.metadata.resourceVersion !== rv)
                            changes.push(change(group, resource, namespace, name, 'MODIFIED'));
                    }
                    _g.label = 12;
                case 12:
                    round++;
                    return [3 /*break*/, 1];
                case 13: return [2 /*return*/];
            }
        });
    });
}
var change = function (group, resource, namespace, name, type) { return ({ cluster: 'default', rev: 0, group: group, resource: resource, namespace: namespace || undefined, name: name, type: type }); };
var names = function (api) { return __spreadArray([], api.objects.keys(), true).filter(function (k) { return !k.startsWith('/events') && !k.startsWith('/nodes'); }).sort(); };
(0, node_test_1.beforeEach)(resources_ts_2.forgetDiscovery);
(0, node_test_1.test)('keys: writes name the object, deletions scan the namespace, events are ignored', function () { return __awaiter(void 0, void 0, void 0, function () {
    var ctx, _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m;
    return __generator(this, function (_o) {
        switch (_o.label) {
            case 0:
                ctx = setup().ctx;
                _b = (_a = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.garbageCollector.keysFor(change('apps', 'replicasets', 'ns', 'a', 'MODIFIED'), ctx)];
            case 1:
                _b.apply(_a, [_o.sent(), ['obj/apps/replicasets/ns/a']]);
                _d = (_c = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.garbageCollector.keysFor(change('', 'pods', 'ns', 'a', 'DELETED'), ctx)];
            case 2:
                _d.apply(_c, [_o.sent(), ['scan/ns']]);
                _f = (_e = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.garbageCollector.keysFor(change('', 'nodes', '', 'n1', 'DELETED'), ctx)];
            case 3:
                _f.apply(_e, [_o.sent(), ['scan/*']]);
                _h = (_g = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.garbageCollector.keysFor(change('', 'namespaces', '', 'ns', 'DELETED'), ctx)];
            case 4:
                _h.apply(_g, [_o.sent(), []]);
                _k = (_j = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.garbageCollector.keysFor(change('', 'events', 'ns', 'e', 'DELETED'), ctx)];
            case 5:
                _k.apply(_j, [_o.sent(), []]);
                _m = (_l = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.garbageCollector.keysFor(change('events.k8s.io', 'events', 'ns', 'e', 'ADDED'), ctx)];
            case 6:
                _m.apply(_l, [_o.sent(), []]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('background: the owner gone, its dependents go, level by level', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, d, deletes;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx;
                d = chain(api).d;
                api.objects.delete("apps/deployments/ns/".concat(d.metadata.name));
                return [4 /*yield*/, settle(api, ctx, [change('apps', 'deployments', 'ns', 'vitrine', 'DELETED')])];
            case 1:
                _b.sent();
                strict_1.default.deepEqual(names(api), []);
                deletes = api.writes.filter(function (w) { return w.verb === 'delete'; });
                strict_1.default.deepEqual(deletes.map(function (w) { return [w.name, w.body.propagationPolicy]; }), [['vitrine-abc', 'Background'], ['vitrine-abc-1', 'Background'], ['vitrine-abc-2', 'Background']]);
                // each delete is conditional on what was read
                strict_1.default.ok(deletes.every(function (w) { return w.body.preconditions.uid; }));
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('foreground: dependents first (those with dependents in the foreground too), then the owner', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, held;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx;
                chain(api);
                held = api.find(pods, 'ns', 'vitrine-abc-1');
                held.metadata.finalizers = ['example.com/hold'];
                return [4 /*yield*/, api.delete(deployments, 'ns', 'vitrine', { propagationPolicy: 'Foreground' })];
            case 1:
                _b.sent();
                return [4 /*yield*/, settle(api, ctx, [change('apps', 'deployments', 'ns', 'vitrine', 'MODIFIED')])];
            case 2:
                _b.sent();
                strict_1.default.deepEqual(names(api), ['/pods/ns/vitrine-abc-1', 'apps/deployments/ns/vitrine', 'apps/replicasets/ns/vitrine-abc']);
                strict_1.default.deepEqual(api.find(replicasets, 'ns', 'vitrine-abc').metadata.finalizers, ['foregroundDeletion']);
                strict_1.default.ok(api.find(deployments, 'ns', 'vitrine').metadata.deletionTimestamp);
                // the last blocking dependent goes: everything follows
                return [4 /*yield*/, api.patch(pods, 'ns', 'vitrine-abc-1', { metadata: { finalizers: null } })];
            case 3:
                // the last blocking dependent goes: everything follows
                _b.sent();
                return [4 /*yield*/, settle(api, ctx, [change('', 'pods', 'ns', 'vitrine-abc-1', 'DELETED')])];
            case 4:
                _b.sent();
                strict_1.default.deepEqual(names(api), []);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('foreground: dependents that do not block are deleted but not waited for', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, cm;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx;
                cm = api.add(configmaps, 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace: 'ns' } });
                api.add(configmaps, 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dep', namespace: 'ns', finalizers: ['example.com/hold'], ownerReferences: [owned(cm, false)] } });
                return [4 /*yield*/, api.delete(configmaps, 'ns', 'owner', { propagationPolicy: 'Foreground' })];
            case 1:
                _b.sent();
                return [4 /*yield*/, settle(api, ctx, [change('', 'configmaps', 'ns', 'owner', 'MODIFIED')])];
            case 2:
                _b.sent();
                strict_1.default.deepEqual(names(api), ['/configmaps/ns/dep']);
                strict_1.default.ok(api.find(configmaps, 'ns', 'dep').metadata.deletionTimestamp);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('orphan: dependents lose the reference, the owner goes, nothing else is deleted', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx;
    var _b;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx;
                chain(api);
                return [4 /*yield*/, api.delete(deployments, 'ns', 'vitrine', { propagationPolicy: 'Orphan' })];
            case 1:
                _c.sent();
                return [4 /*yield*/, settle(api, ctx, [change('apps', 'deployments', 'ns', 'vitrine', 'MODIFIED')])];
            case 2:
                _c.sent();
                strict_1.default.deepEqual(names(api), ['/pods/ns/vitrine-abc-1', '/pods/ns/vitrine-abc-2', 'apps/replicasets/ns/vitrine-abc']);
                strict_1.default.equal(api.find(replicasets, 'ns', 'vitrine-abc').metadata.ownerReferences, undefined);
                strict_1.default.equal((_b = api.find(pods, 'ns', 'vitrine-abc-1').metadata.ownerReferences) === null || _b === void 0 ? void 0 : _b[0].name, 'vitrine-abc');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a new object whose owner does not exist (or was recreated) is deleted; one with a live owner is kept', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, cm;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx;
                cm = api.add(configmaps, 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace: 'ns' } });
                api.add(configmaps, 'ConfigMap', { metadata: { name: 'kept', namespace: 'ns', ownerReferences: [owned(cm)] } });
                api.add(configmaps, 'ConfigMap', { metadata: { name: 'stale', namespace: 'ns', ownerReferences: [__assign(__assign({}, owned(cm)), { uid: 'old-uid' })] } });
                api.add(configmaps, 'ConfigMap', { metadata: { name: 'unknown-kind', namespace: 'ns', ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Thing', name: 't', uid: 'u' }] } });
                return [4 /*yield*/, settle(api, ctx, ['kept', 'stale', 'unknown-kind'].map(function (n) { return change('', 'configmaps', 'ns', n, 'ADDED'); }))];
            case 1:
                _b.sent();
                strict_1.default.deepEqual(names(api), ['/configmaps/ns/kept', '/configmaps/ns/owner', '/configmaps/ns/unknown-kind']);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('an object with one owner left only loses its reference to the one gone', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, a;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx;
                a = api.add(configmaps, 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns' } });
                api.add(configmaps, 'ConfigMap', { metadata: { name: 'dep', namespace: 'ns', ownerReferences: [owned(a), { apiVersion: 'v1', kind: 'ConfigMap', name: 'b', uid: 'b-uid' }] } });
                return [4 /*yield*/, settle(api, ctx, [change('', 'configmaps', 'ns', 'b', 'DELETED')])];
            case 1:
                _b.sent();
                strict_1.default.deepEqual(api.find(configmaps, 'ns', 'dep').metadata.ownerReferences, [owned(a)]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('cluster-scoped owners: their namespaced dependents go when they do', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, node;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx;
                node = api.find(nodes, undefined, 'n1');
                api.add(configmaps, 'ConfigMap', { metadata: { name: 'per-node', namespace: 'ns', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: node.metadata.uid }] } });
                api.objects.delete('/nodes//n1');
                return [4 /*yield*/, settle(api, ctx, [change('', 'nodes', '', 'n1', 'DELETED')])];
            case 1:
                _b.sent();
                strict_1.default.equal(api.find(configmaps, 'ns', 'per-node'), undefined);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a decision on a stale read fails with a conflict (the runner reads again)', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, realGet;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx;
                api.add(configmaps, 'ConfigMap', { metadata: { name: 'dep', namespace: 'ns', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'gone', uid: 'g' }] } });
                realGet = api.get.bind(api);
                // the object moves on between the collector's read and its delete
                api.get = function (res, ns, name) { return __awaiter(void 0, void 0, void 0, function () {
                    var o;
                    return __generator(this, function (_a) {
                        switch (_a.label) {
                            case 0: return [4 /*yield*/, realGet(res, ns, name)];
                            case 1:
                                o = _a.sent();
                                if (name === 'dep')
                                    api.find(configmaps, 'ns', 'dep').metadata.resourceVersion = '999';
                                return [2 /*return*/, o];
                        }
                    });
                }); };
                return [4 /*yield*/, strict_1.default.rejects(controller_ts_1.garbageCollector.reconcile('obj//configmaps/ns/dep', ctx), /409/)];
            case 1:
                _b.sent();
                strict_1.default.ok(api.find(configmaps, 'ns', 'dep'));
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a cluster-scoped owner waiting for dependents is looked at again (their deletions scan namespaces, not it)', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, requeued, node;
    return __generator(this, function (_b) {
        switch (_b.label) {
            case 0:
                _a = setup(), api = _a.api, ctx = _a.ctx, requeued = _a.requeued;
                node = api.find(nodes, undefined, 'n1');
                api.add(configmaps, 'ConfigMap', { metadata: { name: 'per-node', namespace: 'ns', finalizers: ['example.com/hold'], ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: node.metadata.uid, blockOwnerDeletion: true }] } });
                return [4 /*yield*/, api.delete(nodes, undefined, 'n1', { propagationPolicy: 'Foreground' })];
            case 1:
                _b.sent();
                return [4 /*yield*/, controller_ts_1.garbageCollector.reconcile('obj//nodes//n1', ctx)];
            case 2:
                _b.sent();
                strict_1.default.ok(api.find(configmaps, 'ns', 'per-node').metadata.deletionTimestamp);
                strict_1.default.deepEqual(requeued, [['obj//nodes//n1', 5]]);
                return [4 /*yield*/, api.patch(configmaps, 'ns', 'per-node', { metadata: { finalizers: null } })];
            case 3:
                _b.sent();
                return [4 /*yield*/, controller_ts_1.garbageCollector.reconcile('obj//nodes//n1', ctx)];
            case 4:
                _b.sent();
                strict_1.default.equal(api.find(nodes, undefined, 'n1'), undefined);
                return [2 /*return*/];
        }
    });
}); });
