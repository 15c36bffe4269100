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
var controller_ts_1 = require("./controller.ts");
var fake_context_test_support_ts_1 = require("../nodelifecycle/fake-context.test-support.ts");
var change = function (resource, group, type) {
    if (group === void 0) { group = ''; }
    if (type === void 0) { type = 'ADDED'; }
    return ({ cluster: 'default', rev: 1, group: group, resource: resource, namespace: 'default', name: 'x', type: type });
};
(0, node_test_1.test)('every pod or node change maps to the one key of the pending pods', function () { return __awaiter(void 0, void 0, void 0, function () {
    var ctx, scheduler, _a, _b, _c, _d, _e, _f, _g, _h, _j, _k;
    return __generator(this, function (_l) {
        switch (_l.label) {
            case 0:
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                scheduler = (0, controller_ts_1.newScheduler)();
                _b = (_a = strict_1.default).deepEqual;
                return [4 /*yield*/, scheduler.keysFor(change('pods'), ctx)];
            case 1:
                _b.apply(_a, [_l.sent(), ['pending']]);
                _d = (_c = strict_1.default).deepEqual;
                return [4 /*yield*/, scheduler.keysFor(change('nodes'), ctx)];
            case 2:
                _d.apply(_c, [_l.sent(), ['pending']]);
                _f = (_e = strict_1.default).deepEqual;
                return [4 /*yield*/, scheduler.keysFor(change('events'), ctx)];
            case 3:
                _f.apply(_e, [_l.sent(), []]);
                _h = (_g = strict_1.default).deepEqual;
                return [4 /*yield*/, scheduler.keysFor(change('replicasets', 'apps'), ctx)];
            case 4:
                _h.apply(_g, [_l.sent(), []]);
                _k = (_j = strict_1.default).deepEqual;
                return [4 /*yield*/, scheduler.resync(ctx)];
            case 5:
                _k.apply(_j, [_l.sent(), ['pending']]);
                strict_1.default.equal(scheduler.name, 'default-scheduler');
                strict_1.default.equal(scheduler.fieldManager, 'default-scheduler');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a cycle binds the pending pods and reports Scheduled; gated, terminating and foreign pods wait', function () { return __awaiter(void 0, void 0, void 0, function () {
    var ctx, scheduler, going, done;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                scheduler = (0, controller_ts_1.newScheduler)();
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1'));
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('a'));
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('gated', { spec: { schedulingGates: [{ name: 'attends' }] } }));
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('other', { spec: { schedulerName: 'mon-scheduler' } }));
                going = (0, fake_context_test_support_ts_1.makePod)('going');
                going.metadata.deletionTimestamp = '2026-01-01T00:00:00Z';
                ctx.put('pods', going);
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('done', { spec: {} }));
                done = ctx.obj('pods', 'default/done');
                ctx.put('pods', __assign(__assign({}, done), { status: { phase: 'Succeeded' } }));
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 1:
                _a.sent();
                strict_1.default.deepEqual(ctx.writes, ['bind default/a n1']);
                strict_1.default.deepEqual(ctx.recorded, [{ type: 'Normal', reason: 'Scheduled', message: 'Successfully assigned default/a to n1', object: 'default/a' }]);
                strict_1.default.deepEqual(ctx.requeued, []);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('an unschedulable pod: FailedScheduling and PodScheduled=False once, a retry later, bound when a node fits', function () { return __awaiter(void 0, void 0, void 0, function () {
    var ctx, scheduler, message, cond;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                scheduler = (0, controller_ts_1.newScheduler)();
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1'));
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('big', { cpu: '8' }));
                message = '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..';
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 1:
                _a.sent();
                strict_1.default.deepEqual(ctx.recorded, [{ type: 'Warning', reason: 'FailedScheduling', message: message, object: 'default/big' }]);
                strict_1.default.deepEqual(ctx.writes, ['patch pods/status default/big']);
                cond = ctx.obj('pods', 'default/big').status.conditions.find(function (c) { return c.type === 'PodScheduled'; });
                strict_1.default.deepEqual({ status: cond.status, reason: cond.reason, message: cond.message, lastProbeTime: cond.lastProbeTime }, { status: 'False', reason: 'Unschedulable', message: message, lastProbeTime: null });
                strict_1.default.deepEqual(ctx.requeued, [{ key: 'pending', seconds: 30 }]);
                ctx.clock.now += 5000;
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 2:
                _a.sent();
                strict_1.default.equal(ctx.recorded.length, 1, 'same message: no new event');
                strict_1.default.equal(ctx.writes.length, 1, 'same condition: no write');
                strict_1.default.equal(ctx.requeued.length, 1, 'a retry is already pending');
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n2', { cpu: '16' }));
                return [4 /*yield*/, scheduler.keysFor(change('nodes'), ctx)];
            case 3:
                _a.sent();
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 4:
                _a.sent();
                strict_1.default.deepEqual(ctx.writes.at(-1), 'bind default/big n2');
                strict_1.default.equal(ctx.recorded.at(-1).reason, 'Scheduled');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a changed message is reported again; a pod bound by someone else meanwhile is skipped', function () { return __awaiter(void 0, void 0, void 0, function () {
    var ctx, scheduler, race, list;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                scheduler = (0, controller_ts_1.newScheduler)();
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1'));
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('big', { cpu: '8' }));
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 1:
                _a.sent();
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n2'));
                return [4 /*yield*/, scheduler.keysFor(change('nodes'), ctx)];
            case 2:
                _a.sent();
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 3:
                _a.sent();
                strict_1.default.deepEqual(ctx.recorded.map(function (r) { return r.message; }), [
                    '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..',
                    '0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..',
                ]);
                race = (0, fake_context_test_support_ts_1.fakeContext)();
                race.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1'));
                race.put('pods', (0, fake_context_test_support_ts_1.makePod)('p'));
                list = race.api.list.bind(race.api);
                race.api.list = (function (res, opts) { return __awaiter(void 0, void 0, void 0, function () {
                    var r, p;
                    return __generator(this, function (_a) {
                        switch (_a.label) {
                            case 0: return [4 /*yield*/, list(res, opts)];
                            case 1:
                                r = _a.sent();
                                p = race.obj('pods', 'default/p');
                                if (!p.spec.nodeName)
                                    race.put('pods', __assign(__assign({}, p), { spec: __assign(__assign({}, p.spec), { nodeName: 'elsewhere' }) }));
                                return [2 /*return*/, r];
                        }
                    });
                }); });
                return [4 /*yield*/, (0, controller_ts_1.newScheduler)().reconcile('pending', race)];
            case 4:
                _a.sent();
                strict_1.default.deepEqual(race.writes, []);
                strict_1.default.deepEqual(race.recorded, []);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a reconcile arriving during a cycle makes that cycle run again instead of running beside it', function () { return __awaiter(void 0, void 0, void 0, function () {
    var ctx, scheduler, lists, list, firstDone, running;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                scheduler = (0, controller_ts_1.newScheduler)();
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1'));
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('first'));
                lists = 0;
                list = ctx.api.list.bind(ctx.api);
                ctx.api.list = (function (res, opts) { return __awaiter(void 0, void 0, void 0, function () {
                    return __generator(this, function (_a) {
                        lists++;
                        return [2 /*return*/, list(res, opts)];
                    });
                }); });
                firstDone = false;
                running = scheduler.reconcile('pending', ctx).then(function () { return (firstDone = true); });
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('second'));
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 1:
                _a.sent();
                strict_1.default.equal(firstDone, false, 'the second reconcile returns at once');
                return [4 /*yield*/, running];
            case 2:
                _a.sent();
                strict_1.default.deepEqual(ctx.writes.sort(), ['bind default/first n1', 'bind default/second n1']);
                strict_1.default.equal(lists, 4, 'two cycles, one after the other; the second lists only the pending pods');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('nodes and bound pods are listed again only after a node change, a pod deletion, the resync or 10 s', function () { return __awaiter(void 0, void 0, void 0, function () {
    var ctx, scheduler, listed, list;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                scheduler = (0, controller_ts_1.newScheduler)();
                listed = [];
                list = ctx.api.list.bind(ctx.api);
                ctx.api.list = (function (res, opts) { return __awaiter(void 0, void 0, void 0, function () {
                    var _a;
                    return __generator(this, function (_b) {
                        listed.push("".concat(res.resource).concat(((_a = opts === null || opts === void 0 ? void 0 : opts.fieldSelector) === null || _a === void 0 ? void 0 : _a.startsWith('spec.nodeName!=')) ? ' bound' : (opts === null || opts === void 0 ? void 0 : opts.fieldSelector) ? ' pending' : ''));
                        return [2 /*return*/, list(res, opts)];
                    });
                }); });
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1', { cpu: '1' }));
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('a', { cpu: '600m' }));
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 1:
                _a.sent();
                strict_1.default.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);
                // the cached snapshot counts `a` as bound: `b` does not fit without any list of bound pods
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('b', { cpu: '600m' }));
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 2:
                _a.sent();
                strict_1.default.deepEqual(listed.splice(0), ['pods pending']);
                strict_1.default.match(ctx.recorded.at(-1).message, /^0\/1 nodes are available: 1 Insufficient cpu\./);
                // `a` goes away: its deletion makes the next cycle list again, and `b` fits
                ctx.objects.delete('pods:default/a');
                return [4 /*yield*/, scheduler.keysFor(change('pods', '', 'DELETED'), ctx)];
            case 3:
                _a.sent();
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 4:
                _a.sent();
                strict_1.default.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);
                strict_1.default.equal(ctx.writes.at(-1), 'bind default/b n1');
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('c'));
                return [4 /*yield*/, scheduler.keysFor(change('pods', '', 'MODIFIED'), ctx)];
            case 5:
                _a.sent();
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 6:
                _a.sent();
                strict_1.default.deepEqual(listed.splice(0), ['pods pending'], 'a pod change alone keeps the cache');
                return [4 /*yield*/, scheduler.resync(ctx)];
            case 7:
                _a.sent();
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('d'));
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 8:
                _a.sent();
                strict_1.default.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);
                ctx.clock.now += 11000;
                ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('e'));
                return [4 /*yield*/, scheduler.reconcile('pending', ctx)];
            case 9:
                _a.sent();
                strict_1.default.deepEqual(listed.splice(0), ['pods pending', 'nodes', 'pods bound']);
                return [2 /*return*/];
        }
    });
}); });
