"use strict";
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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var deadline_ts_1 = require("./deadline.ts");
var admission_ts_1 = require("../../apiserver/registry/kinds/pod/admission.ts");
var fake_context_test_support_ts_1 = require("./fake-context.test-support.ts");
var SINCE = Date.parse('2026-01-01T00:01:00Z');
var unreachable = [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }];
(0, node_test_1.test)('by default a pod tolerates an unreachable node 300 s (DefaultTolerationSeconds admission)', function () {
    var _a, _b;
    var pod = (0, fake_context_test_support_ts_1.makePod)('p');
    (0, admission_ts_1.addDefaultTolerations)(pod);
    strict_1.default.equal((0, deadline_ts_1.evictionTime)((_a = pod.spec) === null || _a === void 0 ? void 0 : _a.tolerations, unreachable, SINCE), SINCE + 300000);
    strict_1.default.equal((0, deadline_ts_1.evictionTime)((_b = pod.spec) === null || _b === void 0 ? void 0 : _b.tolerations, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }], SINCE), SINCE + 300000);
});
(0, node_test_1.test)('untolerated: at once; the shortest toleration wins; no seconds: never; zero or less: at once', function () {
    strict_1.default.equal((0, deadline_ts_1.evictionTime)([], unreachable, SINCE), SINCE);
    strict_1.default.equal((0, deadline_ts_1.evictionTime)([{ key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' }], unreachable, SINCE), undefined);
    var two = __spreadArray(__spreadArray([], unreachable, true), [{ key: 'gpu', effect: 'NoExecute' }], false);
    var tolerations = [
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 2 },
        { key: 'gpu', operator: 'Exists', tolerationSeconds: 60 },
    ];
    strict_1.default.equal((0, deadline_ts_1.evictionTime)(tolerations, two, SINCE), SINCE + 2000);
    strict_1.default.equal((0, deadline_ts_1.evictionTime)(tolerations.slice(0, 1), two, SINCE), SINCE, 'gpu not tolerated');
    strict_1.default.equal((0, deadline_ts_1.evictionTime)([{ operator: 'Exists', tolerationSeconds: -5 }], unreachable, SINCE), SINCE);
    strict_1.default.equal((0, deadline_ts_1.evictionTime)([], [], SINCE), undefined, 'no NoExecute taint');
});
