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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var controller_ts_1 = require("./controller.ts");
var fake_context_test_support_ts_1 = require("./fake-context.test-support.ts");
var T0 = Date.parse('2026-01-01T00:00:00Z');
var lease = function (renewTime) { return ({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: 'n1', namespace: 'kube-node-lease' },
    spec: { holderIdentity: 'n1', leaseDurationSeconds: 40, renewTime: new Date(renewTime).toISOString().replace('Z', '000Z') },
}); };
var readyOf = function (n) { var _a, _b; return (_b = (_a = n === null || n === void 0 ? void 0 : n.status) === null || _a === void 0 ? void 0 : _a.conditions) === null || _b === void 0 ? void 0 : _b.find(function (c) { return c.type === 'Ready'; }); };
function cluster() {
    var ctx = (0, fake_context_test_support_ts_1.fakeContext)(); // default settings: 50 s grace
    ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1'));
    ctx.put('leases', lease(T0));
    var running = (0, fake_context_test_support_ts_1.makePod)('web', { node: 'n1' });
    running.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] };
    ctx.put('pods', running);
    return ctx;
}
(0, node_test_1.test)('node and kube-node-lease lease changes map to the node', function () { return __awaiter(void 0, void 0, void 0, function () {
    var c, ctx, change, _a, _b, _c, _d, _e, _f, _g, _h;
    return __generator(this, function (_j) {
        switch (_j.label) {
            case 0:
                c = (0, controller_ts_1.newNodeLifecycleController)();
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                change = function (group, resource, namespace) { return ({ cluster: 'default', rev: 1, group: group, resource: resource, namespace: namespace, name: 'n1', type: 'MODIFIED' }); };
                _b = (_a = strict_1.default).deepEqual;
                return [4 /*yield*/, c.keysFor(change('', 'nodes'), ctx)];
            case 1:
                _b.apply(_a, [_j.sent(), ['n1']]);
                _d = (_c = strict_1.default).deepEqual;
                return [4 /*yield*/, c.keysFor(change('coordination.k8s.io', 'leases', 'kube-node-lease'), ctx)];
            case 2:
                _d.apply(_c, [_j.sent(), ['n1']]);
                _f = (_e = strict_1.default).deepEqual;
                return [4 /*yield*/, c.keysFor(change('coordination.k8s.io', 'leases', 'kube-system'), ctx)];
            case 3:
                _f.apply(_e, [_j.sent(), []]);
                _h = (_g = strict_1.default).deepEqual;
                return [4 /*yield*/, c.keysFor(change('', 'pods', 'default'), ctx)];
            case 4:
                _h.apply(_g, [_j.sent(), []]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('with the defaults, a node is still Ready 49 s after its last renewal, and lost at 51 s', function () { return __awaiter(void 0, void 0, void 0, function () {
    var c, ctx, node, podReady;
    var _a, _b, _c, _d, _e, _f, _g;
    return __generator(this, function (_h) {
        switch (_h.label) {
            case 0:
                c = (0, controller_ts_1.newNodeLifecycleController)();
                ctx = cluster();
                ctx.clock.now = T0 + 1000;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 1:
                _h.sent();
                strict_1.default.deepEqual(ctx.writes, []);
                strict_1.default.deepEqual(ctx.requeued, [{ key: 'n1', seconds: 49.2 }], 'looked at again when the grace period runs out');
                ctx.clock.now = T0 + 49000;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 2:
                _h.sent();
                strict_1.default.deepEqual(ctx.writes, []);
                strict_1.default.equal(ctx.requeued.length, 1, 'the re-check is still pending');
                ctx.clock.now = T0 + 51000;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 3:
                _h.sent();
                strict_1.default.deepEqual(ctx.writes, ['update nodes/status n1', 'update nodes n1', 'patch pods/status default/web']);
                node = ctx.obj('nodes', 'n1');
                strict_1.default.deepEqual([(_a = readyOf(node)) === null || _a === void 0 ? void 0 : _a.status, (_b = readyOf(node)) === null || _b === void 0 ? void 0 : _b.reason, (_c = readyOf(node)) === null || _c === void 0 ? void 0 : _c.message], ['Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.']);
                strict_1.default.deepEqual((_d = node === null || node === void 0 ? void 0 : node.spec) === null || _d === void 0 ? void 0 : _d.taints, [
                    { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:51Z' },
                    { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:51Z' },
                ]);
                podReady = (_g = (_f = (_e = ctx.obj('pods', 'default/web')) === null || _e === void 0 ? void 0 : _e.status) === null || _f === void 0 ? void 0 : _f.conditions) === null || _g === void 0 ? void 0 : _g.find(function (c) { return c.type === 'Ready'; });
                strict_1.default.deepEqual([podReady === null || podReady === void 0 ? void 0 : podReady.status, podReady === null || podReady === void 0 ? void 0 : podReady.lastTransitionTime], ['False', '2026-01-01T00:00:51Z']);
                strict_1.default.deepEqual(ctx.recorded, [
                    { type: 'Normal', reason: 'NodeNotReady', message: 'Node n1 status is now: NodeNotReady', object: 'n1' },
                    { type: 'Warning', reason: 'NodeNotReady', message: 'Node is not ready', object: 'default/web' },
                ]);
                // converged: looking again writes nothing
                ctx.clock.now = T0 + 60000;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 4:
                _h.sent();
                strict_1.default.equal(ctx.writes.length, 3);
                strict_1.default.equal(ctx.recorded.length, 2);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a lease renewed again brings Ready back and takes the taints away', function () { return __awaiter(void 0, void 0, void 0, function () {
    var c, ctx, node;
    var _a, _b, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                c = (0, controller_ts_1.newNodeLifecycleController)();
                ctx = cluster();
                ctx.clock.now = T0 + 55000;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 1:
                _e.sent();
                strict_1.default.equal((_a = readyOf(ctx.obj('nodes', 'n1'))) === null || _a === void 0 ? void 0 : _a.status, 'Unknown');
                ctx.put('leases', lease(T0 + 56000));
                ctx.clock.now = T0 + 56500;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 2:
                _e.sent();
                node = ctx.obj('nodes', 'n1');
                strict_1.default.deepEqual([(_b = readyOf(node)) === null || _b === void 0 ? void 0 : _b.status, (_c = readyOf(node)) === null || _c === void 0 ? void 0 : _c.reason], ['True', 'KubeletReady']);
                strict_1.default.deepEqual((_d = node === null || node === void 0 ? void 0 : node.spec) === null || _d === void 0 ? void 0 : _d.taints, []);
                strict_1.default.deepEqual(ctx.requeued.at(-1), { key: 'n1', seconds: 49.7 });
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a shorter grace period from the settings', function () { return __awaiter(void 0, void 0, void 0, function () {
    var c, ctx;
    var _a, _b;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                c = (0, controller_ts_1.newNodeLifecycleController)();
                ctx = (0, fake_context_test_support_ts_1.fakeContext)({ nodeMonitorGraceSeconds: 4 });
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1'));
                ctx.put('leases', lease(T0));
                ctx.clock.now = T0 + 3900;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 1:
                _c.sent();
                strict_1.default.equal((_a = readyOf(ctx.obj('nodes', 'n1'))) === null || _a === void 0 ? void 0 : _a.status, 'True');
                ctx.clock.now = T0 + 4100;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 2:
                _c.sent();
                strict_1.default.equal((_b = readyOf(ctx.obj('nodes', 'n1'))) === null || _b === void 0 ? void 0 : _b.status, 'Unknown');
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a deleted node is forgotten', function () { return __awaiter(void 0, void 0, void 0, function () {
    var c, ctx;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                c = (0, controller_ts_1.newNodeLifecycleController)();
                ctx = (0, fake_context_test_support_ts_1.fakeContext)();
                return [4 /*yield*/, c.reconcile('gone', ctx)];
            case 1:
                _a.sent();
                strict_1.default.deepEqual(ctx.writes, []);
                strict_1.default.deepEqual(ctx.requeued, []);
                return [2 /*return*/];
        }
    });
}); });
