"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var taints_ts_1 = require("./taints.ts");
var fake_context_test_support_ts_1 = require("../nodelifecycle/fake-context.test-support.ts");
var taint = { key: 'equipe', value: 'rouge', effect: 'NoSchedule' };
(0, node_test_1.test)('a toleration matches by key, value and effect as core/v1 says', function () {
    strict_1.default.equal((0, taints_ts_1.tolerates)({ key: 'equipe', operator: 'Equal', value: 'rouge', effect: 'NoSchedule' }, taint), true);
    strict_1.default.equal((0, taints_ts_1.tolerates)({ key: 'equipe', value: 'rouge' }, taint), true, 'empty operator is Equal, empty effect matches all');
    strict_1.default.equal((0, taints_ts_1.tolerates)({ key: 'equipe', operator: 'Equal', value: 'bleu' }, taint), false);
    strict_1.default.equal((0, taints_ts_1.tolerates)({ key: 'equipe', operator: 'Exists' }, taint), true);
    strict_1.default.equal((0, taints_ts_1.tolerates)({ operator: 'Exists' }, taint), true, 'empty key with Exists tolerates everything');
    strict_1.default.equal((0, taints_ts_1.tolerates)({ key: 'equipe', operator: 'Exists', effect: 'NoExecute' }, taint), false);
    strict_1.default.equal((0, taints_ts_1.tolerates)({ key: 'autre', operator: 'Exists' }, taint), false);
    strict_1.default.equal((0, taints_ts_1.tolerates)({ key: 'equipe', operator: 'Gt', value: 'rouge' }, taint), false);
});
(0, node_test_1.test)('firstUntolerated only looks at the given effects', function () {
    var _a, _b;
    var taints = [{ key: 'a', effect: 'PreferNoSchedule' }, { key: 'b', effect: 'NoExecute' }, { key: 'c', effect: 'NoSchedule' }];
    strict_1.default.equal((_a = (0, taints_ts_1.firstUntolerated)(taints, [], ['NoSchedule', 'NoExecute'])) === null || _a === void 0 ? void 0 : _a.key, 'b');
    strict_1.default.equal((_b = (0, taints_ts_1.firstUntolerated)(taints, [{ key: 'b', operator: 'Exists' }], ['NoSchedule', 'NoExecute'])) === null || _b === void 0 ? void 0 : _b.key, 'c');
    strict_1.default.equal((0, taints_ts_1.firstUntolerated)(taints, [{ key: 'b', operator: 'Exists' }, { key: 'c', operator: 'Exists' }], ['NoSchedule', 'NoExecute']), undefined);
});
(0, node_test_1.test)('a node that is not Ready counts as tainted not-ready (or unreachable) NoSchedule', function () {
    strict_1.default.deepEqual((0, taints_ts_1.schedulingTaints)((0, fake_context_test_support_ts_1.makeNode)('n')), []);
    strict_1.default.deepEqual((0, taints_ts_1.schedulingTaints)((0, fake_context_test_support_ts_1.makeNode)('n', { ready: 'False' })), [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
    strict_1.default.deepEqual((0, taints_ts_1.schedulingTaints)((0, fake_context_test_support_ts_1.makeNode)('n', { ready: null })), [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
    strict_1.default.deepEqual((0, taints_ts_1.schedulingTaints)((0, fake_context_test_support_ts_1.makeNode)('n', { ready: 'Unknown' })), [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }]);
    var already = [{ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule', timeAdded: '2026-01-01T00:00:00Z' }];
    strict_1.default.deepEqual((0, taints_ts_1.schedulingTaints)((0, fake_context_test_support_ts_1.makeNode)('n', { ready: 'Unknown', taints: already })), already);
});
