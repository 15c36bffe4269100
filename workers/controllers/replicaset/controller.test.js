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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var client_ts_1 = require("../../../lib/client/client.ts");
var controller_ts_1 = require("./controller.ts");
var fake_api_test_support_ts_1 = require("./fake-api.test-support.ts");
var NS = 'ch15';
function world(replicas) {
    if (replicas === void 0) { replicas = 3; }
    var api = new fake_api_test_support_ts_1.FakeApi();
    var ctx = (0, fake_api_test_support_ts_1.fakeContext)(api);
    var rs = api.put('replicasets', {
        metadata: { name: 'vitrine-577cf576cf', namespace: NS, labels: { app: 'vitrine' } },
        spec: {
            replicas: replicas,
            selector: { matchLabels: { app: 'vitrine', 'pod-template-hash': '577cf576cf' } },
            template: { metadata: { labels: { app: 'vitrine', 'pod-template-hash': '577cf576cf' }, annotations: { note: 'x' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.30-alpine' }] } },
        },
        status: { replicas: 0 },
    });
    var pods = function () { return api.all('pods'); };
    var sync = function () { return controller_ts_1.replicaSetController.reconcile("".concat(NS, "/vitrine-577cf576cf"), ctx); };
    var current = function () { return api.one('replicasets', NS, rs.metadata.name); };
    return { api: api, ctx: ctx, rs: rs, pods: pods, sync: sync, current: current };
}
var podOf = function (o) {
    var _a;
    return ({
        metadata: {
            name: o.name,
            namespace: NS,
            labels: (_a = o.labels) !== null && _a !== void 0 ? _a : { app: 'vitrine', 'pod-template-hash': '577cf576cf' },
            ownerReferences: o.owner ? [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: o.owner.metadata.name, uid: o.owner.metadata.uid, controller: true, blockOwnerDeletion: true }] : undefined,
        },
        spec: { nodeName: o.node, containers: [{ name: 'nginx', image: 'nginx:1.30-alpine' }] },
        status: o.ready ? { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] } : { phase: 'Pending' },
    });
};
(0, node_test_1.test)('creates the missing pods from the template, owned by the ReplicaSet, one event each', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, rs, pods, sync, current, created, _i, created_1, p, writes;
    var _b, _c, _d, _e, _f;
    return __generator(this, function (_g) {
        switch (_g.label) {
            case 0:
                _a = world(), api = _a.api, ctx = _a.ctx, rs = _a.rs, pods = _a.pods, sync = _a.sync, current = _a.current;
                return [4 /*yield*/, sync()];
            case 1:
                _g.sent();
                created = pods();
                strict_1.default.equal(created.length, 3);
                for (_i = 0, created_1 = created; _i < created_1.length; _i++) {
                    p = created_1[_i];
                    strict_1.default.match(p.metadata.name, /^vitrine-577cf576cf-\w{5}$/);
                    strict_1.default.equal(p.metadata.generateName, 'vitrine-577cf576cf-');
                    strict_1.default.deepEqual(p.metadata.labels, { app: 'vitrine', 'pod-template-hash': '577cf576cf' });
                    strict_1.default.deepEqual(p.metadata.annotations, { note: 'x' });
                    strict_1.default.deepEqual(p.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'vitrine-577cf576cf', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true }]);
                    strict_1.default.equal((_c = (_b = p.spec) === null || _b === void 0 ? void 0 : _b.containers) === null || _c === void 0 ? void 0 : _c[0].image, 'nginx:1.30-alpine');
                }
                strict_1.default.deepEqual(ctx.recorded, created.map(function (p) { return "Normal SuccessfulCreate ReplicaSet/vitrine-577cf576cf: Created pod: ".concat(p.metadata.name); }));
                // the status counts what existed before this sync's creations; the pods' own changes bring the next count
                strict_1.default.equal((_d = current().status) === null || _d === void 0 ? void 0 : _d.replicas, 0);
                strict_1.default.equal((_e = current().status) === null || _e === void 0 ? void 0 : _e.observedGeneration, 1);
                return [4 /*yield*/, sync()];
            case 2:
                _g.sent();
                strict_1.default.equal((_f = current().status) === null || _f === void 0 ? void 0 : _f.replicas, 3);
                writes = api.writes.length;
                return [4 /*yield*/, sync()];
            case 3:
                _g.sent();
                strict_1.default.equal(api.writes.length, writes, 'a settled ReplicaSet writes nothing');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('counts labels, not content: adopts a matching orphan, releases a pod that stops matching', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, rs, pods, sync, relabelled, after;
    var _b;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                _a = world(2), api = _a.api, ctx = _a.ctx, rs = _a.rs, pods = _a.pods, sync = _a.sync;
                api.put('pods', podOf({ name: 'mine', owner: rs, ready: true }));
                api.put('pods', podOf({ name: 'orphan', ready: true }));
                api.put('pods', podOf({ name: 'stranger', labels: { app: 'other' } }));
                return [4 /*yield*/, sync()];
            case 1:
                _c.sent();
                strict_1.default.deepEqual(pods().map(function (p) { var _a, _b; return [p.metadata.name, (_b = (_a = p.metadata.ownerReferences) === null || _a === void 0 ? void 0 : _a[0]) === null || _b === void 0 ? void 0 : _b.uid]; }).sort(), [['mine', rs.metadata.uid], ['orphan', rs.metadata.uid], ['stranger', undefined]]);
                strict_1.default.deepEqual(ctx.recorded, [], 'two pods for two replicas: nothing to create');
                relabelled = api.one('pods', NS, 'mine');
                api.put('pods', __assign(__assign({}, relabelled), { metadata: __assign(__assign({}, relabelled.metadata), { labels: { app: 'orphelin' } }) }));
                return [4 /*yield*/, sync()];
            case 2:
                _c.sent();
                after = pods();
                strict_1.default.equal((_b = after.find(function (p) { return p.metadata.name === 'mine'; })) === null || _b === void 0 ? void 0 : _b.metadata.ownerReferences, undefined, 'released');
                strict_1.default.equal(after.filter(function (p) { var _a, _b; return ((_b = (_a = p.metadata.ownerReferences) === null || _a === void 0 ? void 0 : _a[0]) === null || _b === void 0 ? void 0 : _b.uid) === rs.metadata.uid; }).length, 2, 'and replaced');
                strict_1.default.match(ctx.recorded.at(-1), /^Normal SuccessfulCreate ReplicaSet\/vitrine-577cf576cf: Created pod: vitrine-577cf576cf-\w{5}$/);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('leaves alone the pods of another controller, and does not count terminating or finished pods', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, pods, sync, other, all;
    var _b, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                _a = world(1), api = _a.api, pods = _a.pods, sync = _a.sync;
                other = api.put('replicasets', { metadata: { name: 'other', namespace: NS }, spec: { selector: { matchLabels: { app: 'vitrine' } } } });
                api.put('pods', podOf({ name: 'theirs', owner: other, ready: true }));
                api.put('pods', __assign(__assign({}, podOf({ name: 'leaving', ready: true })), { metadata: __assign(__assign({}, podOf({ name: 'leaving' }).metadata), { deletionTimestamp: '2026-01-01T00:00:00Z' }) }));
                api.put('pods', __assign(__assign({}, podOf({ name: 'done' })), { status: { phase: 'Succeeded' } }));
                return [4 /*yield*/, sync()];
            case 1:
                _e.sent();
                all = pods();
                strict_1.default.equal(all.length, 4, 'one pod created');
                strict_1.default.equal((_c = (_b = all.find(function (p) { return p.metadata.name === 'theirs'; })) === null || _b === void 0 ? void 0 : _b.metadata.ownerReferences) === null || _c === void 0 ? void 0 : _c[0].uid, other.metadata.uid);
                strict_1.default.equal((_d = all.find(function (p) { return p.metadata.name === 'leaving'; })) === null || _d === void 0 ? void 0 : _d.metadata.ownerReferences, undefined, 'a terminating orphan is not adopted');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('deletes the surplus, unscheduled and not ready first, with SuccessfulDelete events', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, rs, pods, sync, current;
    var _b;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                _a = world(1), api = _a.api, ctx = _a.ctx, rs = _a.rs, pods = _a.pods, sync = _a.sync, current = _a.current;
                api.put('pods', podOf({ name: 'running', owner: rs, node: 'n1', ready: true }));
                api.put('pods', podOf({ name: 'starting', owner: rs, node: 'n1' }));
                api.put('pods', podOf({ name: 'unscheduled', owner: rs }));
                return [4 /*yield*/, sync()];
            case 1:
                _c.sent();
                strict_1.default.deepEqual(pods().map(function (p) { return p.metadata.name; }), ['running']);
                strict_1.default.deepEqual(ctx.recorded.sort(), ['Normal SuccessfulDelete ReplicaSet/vitrine-577cf576cf: Deleted pod: starting', 'Normal SuccessfulDelete ReplicaSet/vitrine-577cf576cf: Deleted pod: unscheduled']);
                strict_1.default.equal((_b = current().status) === null || _b === void 0 ? void 0 : _b.replicas, 3, 'counted before the deletions');
                return [4 /*yield*/, sync()];
            case 2:
                _c.sent();
                strict_1.default.deepEqual(current().status, { replicas: 1, fullyLabeledReplicas: 1, readyReplicas: 1, availableReplicas: 1, observedGeneration: 1 });
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a refused creation stops the slow start, with FailedCreate and a ReplicaFailure condition', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, pods, sync, current, message;
    var _b, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                _a = world(20), api = _a.api, ctx = _a.ctx, pods = _a.pods, sync = _a.sync, current = _a.current;
                message = 'pods "vitrine-577cf576cf-" is forbidden: exceeded quota: compute';
                api.failCreate = { resource: 'pods', error: new client_ts_1.ApiError(403, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 403, reason: 'Forbidden', message: message }, message) };
                return [4 /*yield*/, sync()];
            case 1:
                _e.sent();
                strict_1.default.equal(pods().length, 0);
                strict_1.default.deepEqual(ctx.recorded, ["Warning FailedCreate ReplicaSet/vitrine-577cf576cf: Error creating: ".concat(message)], 'one attempt, not twenty');
                strict_1.default.deepEqual((_c = (_b = current().status) === null || _b === void 0 ? void 0 : _b.conditions) === null || _c === void 0 ? void 0 : _c.map(function (c) { return [c.type, c.status, c.reason, c.message]; }), [['ReplicaFailure', 'True', 'FailedCreate', message]]);
                api.failCreate = undefined;
                return [4 /*yield*/, sync()];
            case 2:
                _e.sent();
                strict_1.default.equal(pods().length, 20);
                strict_1.default.equal(ctx.recorded.filter(function (e) { return e.includes('SuccessfulCreate'); }).length, 20);
                strict_1.default.equal((_d = current().status) === null || _d === void 0 ? void 0 : _d.conditions, undefined, 'cleared once creations succeed');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('keysFor: a pod maps to its controller, an orphan to the ReplicaSets that would adopt it, a deleted pod to those that may have counted it', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, api, ctx, rs, change, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l;
    return __generator(this, function (_m) {
        switch (_m.label) {
            case 0:
                _a = world(), api = _a.api, ctx = _a.ctx, rs = _a.rs;
                api.put('replicasets', { metadata: { name: 'settled', namespace: NS }, spec: { replicas: 0, selector: { matchLabels: { app: 'vitrine' } } }, status: { replicas: 0 } });
                api.put('pods', podOf({ name: 'owned', owner: rs }));
                api.put('pods', podOf({ name: 'orphan', labels: { app: 'vitrine' } }));
                change = function (resource, name, type, group) {
                    if (type === void 0) { type = 'MODIFIED'; }
                    if (group === void 0) { group = ''; }
                    return ({ cluster: 'default', rev: 1, group: group, resource: resource, namespace: NS, name: name, type: type });
                };
                _c = (_b = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.replicaSetController.keysFor(change('pods', 'owned'), ctx)];
            case 1:
                _c.apply(_b, [_m.sent(), ["".concat(NS, "/vitrine-577cf576cf")]]);
                _e = (_d = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.replicaSetController.keysFor(change('pods', 'orphan'), ctx)];
            case 2:
                _e.apply(_d, [_m.sent(), ["".concat(NS, "/settled")]]);
                _g = (_f = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.replicaSetController.keysFor(change('pods', 'gone', 'DELETED'), ctx)];
            case 3:
                _g.apply(_f, [_m.sent(), ["".concat(NS, "/vitrine-577cf576cf")]]);
                _j = (_h = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.replicaSetController.keysFor(change('replicasets', 'x', 'ADDED', 'apps'), ctx)];
            case 4:
                _j.apply(_h, [_m.sent(), ["".concat(NS, "/x")]]);
                _l = (_k = strict_1.default).deepEqual;
                return [4 /*yield*/, controller_ts_1.replicaSetController.keysFor(change('services', 'x'), ctx)];
            case 5:
                _l.apply(_k, [_m.sent(), []]);
                return [2 /*return*/];
        }
    });
}); });
