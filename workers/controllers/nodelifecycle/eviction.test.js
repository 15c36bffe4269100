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
var eviction_ts_1 = require("./eviction.ts");
var fake_context_test_support_ts_1 = require("./fake-context.test-support.ts");
var admission_ts_1 = require("../../apiserver/registry/kinds/pod/admission.ts");
var T0 = Date.parse('2026-01-01T00:01:00Z');
var unreachable = [
    { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:01:00Z' },
    { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: '2026-01-01T00:01:00Z' },
];
function cluster() {
    var ctx = (0, fake_context_test_support_ts_1.fakeContext)({}, T0);
    ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1', { ready: 'Unknown', taints: unreachable }));
    var defaults = (0, fake_context_test_support_ts_1.makePod)('defaults', { node: 'n1' });
    (0, admission_ts_1.addDefaultTolerations)(defaults);
    ctx.put('pods', defaults);
    ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('fragile', { node: 'n1', spec: { tolerations: [{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 }] } }));
    ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('forever', { node: 'n1', spec: { tolerations: [{ operator: 'Exists' }] } }));
    ctx.put('pods', (0, fake_context_test_support_ts_1.makePod)('elsewhere', { node: 'n2' }));
    return ctx;
}
(0, node_test_1.test)('pods go when their toleration runs out: 2 s for one, the default 300 s for another, never for the last', function () { return __awaiter(void 0, void 0, void 0, function () {
    var c, ctx, disruption;
    var _a, _b, _c, _d, _e;
    return __generator(this, function (_f) {
        switch (_f.label) {
            case 0:
                c = (0, eviction_ts_1.newTaintEvictionController)();
                ctx = cluster();
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 1:
                _f.sent();
                strict_1.default.deepEqual(ctx.writes, []);
                strict_1.default.deepEqual(ctx.requeued, [{ key: 'n1', seconds: 2.2 }]);
                ctx.clock.now = T0 + 2200;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 2:
                _f.sent();
                strict_1.default.deepEqual(ctx.writes, ['patch pods/status default/fragile', 'delete pods default/fragile']);
                strict_1.default.deepEqual(ctx.recorded, [{ type: 'Normal', reason: 'TaintManagerEviction', message: 'Marking for deletion Pod default/fragile', object: 'default/fragile' }]);
                disruption = (_c = (_b = (_a = ctx.obj('pods', 'default/fragile')) === null || _a === void 0 ? void 0 : _a.status) === null || _b === void 0 ? void 0 : _b.conditions) === null || _c === void 0 ? void 0 : _c.find(function (x) { return x.type === 'DisruptionTarget'; });
                strict_1.default.deepEqual([disruption === null || disruption === void 0 ? void 0 : disruption.status, disruption === null || disruption === void 0 ? void 0 : disruption.reason, disruption === null || disruption === void 0 ? void 0 : disruption.message], ['True', 'DeletionByTaintManager', 'Taint manager: deleting due to NoExecute taint']);
                strict_1.default.deepEqual(ctx.requeued.at(-1), { key: 'n1', seconds: 298 });
                ctx.clock.now = T0 + 299000;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 3:
                _f.sent();
                strict_1.default.equal(ctx.writes.length, 2, 'the default toleration has not run out at 299 s');
                ctx.clock.now = T0 + 300200;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 4:
                _f.sent();
                strict_1.default.deepEqual(ctx.writes.slice(2), ['patch pods/status default/defaults', 'delete pods default/defaults']);
                strict_1.default.ok(((_d = ctx.obj('pods', 'default/forever')) === null || _d === void 0 ? void 0 : _d.metadata.deletionTimestamp) === undefined);
                strict_1.default.ok(((_e = ctx.obj('pods', 'default/elsewhere')) === null || _e === void 0 ? void 0 : _e.metadata.deletionTimestamp) === undefined);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('taints gone before the deadline: the pending eviction is cancelled', function () { return __awaiter(void 0, void 0, void 0, function () {
    var c, ctx;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                c = (0, eviction_ts_1.newTaintEvictionController)();
                ctx = cluster();
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 1:
                _a.sent();
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n1'));
                ctx.clock.now = T0 + 1000;
                return [4 /*yield*/, c.reconcile('n1', ctx)];
            case 2:
                _a.sent();
                strict_1.default.deepEqual(ctx.writes, []);
                strict_1.default.deepEqual(ctx.recorded.map(function (r) { return r.message; }).sort(), ['Cancelling deletion of Pod default/defaults', 'Cancelling deletion of Pod default/fragile']);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('only nodes are keys; the resync lists the NoExecute-tainted ones', function () { return __awaiter(void 0, void 0, void 0, function () {
    var c, ctx, _a, _b, _c, _d, _e, _f;
    return __generator(this, function (_g) {
        switch (_g.label) {
            case 0:
                c = (0, eviction_ts_1.newTaintEvictionController)();
                ctx = cluster();
                ctx.put('nodes', (0, fake_context_test_support_ts_1.makeNode)('n2'));
                _b = (_a = strict_1.default).deepEqual;
                return [4 /*yield*/, c.resync(ctx)];
            case 1:
                _b.apply(_a, [_g.sent(), ['n1']]);
                _d = (_c = strict_1.default).deepEqual;
                return [4 /*yield*/, c.keysFor({ cluster: 'default', rev: 1, group: '', resource: 'nodes', name: 'n2', type: 'MODIFIED' }, ctx)];
            case 2:
                _d.apply(_c, [_g.sent(), ['n2']]);
                _f = (_e = strict_1.default).deepEqual;
                return [4 /*yield*/, c.keysFor({ cluster: 'default', rev: 1, group: '', resource: 'pods', namespace: 'default', name: 'p', type: 'MODIFIED' }, ctx)];
            case 3:
                _f.apply(_e, [_g.sent(), []]);
                return [2 /*return*/];
        }
    });
}); });
