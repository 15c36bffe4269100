"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var request_ts_1 = require("./request.ts");
(0, node_test_1.test)('the manager is fieldManager, else the User-Agent up to its first slash', function () {
    strict_1.default.equal((0, request_ts_1.managerFromRequest)('kubectl-client-side-apply', 'kubectl/v1.32.0 (linux/amd64) kubernetes/abc'), 'kubectl-client-side-apply');
    strict_1.default.equal((0, request_ts_1.managerFromRequest)(null, 'kubectl/v1.32.0 (linux/amd64) kubernetes/abc'), 'kubectl');
    strict_1.default.equal((0, request_ts_1.managerFromRequest)('', 'curl/8.5.0'), 'curl');
    strict_1.default.equal((0, request_ts_1.managerFromRequest)(null, 'kube-controller-manager/v1.32.0 (linux/amd64) kubernetes/abc/system:serviceaccount:kube-system:deployment-controller'), 'kube-controller-manager');
    strict_1.default.equal((0, request_ts_1.managerFromRequest)(null, null), '');
});
(0, node_test_1.test)('User-Agent managers drop non-printable characters and stop at 128 bytes', function () {
    strict_1.default.equal((0, request_ts_1.managerFromRequest)(null, 'my\tclient\u0007/1.0'), 'myclient');
    strict_1.default.equal((0, request_ts_1.managerFromRequest)(null, 'x'.repeat(200)), 'x'.repeat(128));
    strict_1.default.equal((0, request_ts_1.managerFromRequest)(null, 'x'.repeat(127) + 'é'), 'x'.repeat(127), 'a 2-byte character that does not fit is left out');
});
(0, node_test_1.test)('field-manager options are checked with Kubernetes wording', function () {
    var _a;
    strict_1.default.equal((0, request_ts_1.fieldManagerOptionsError)('PatchOptions', { fieldManager: 'm', apply: true }), undefined);
    strict_1.default.equal((_a = (0, request_ts_1.fieldManagerOptionsError)('PatchOptions', { fieldManager: null, force: true })) === null || _a === void 0 ? void 0 : _a.status.message, 'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch');
    var long = (0, request_ts_1.fieldManagerOptionsError)('CreateOptions', { fieldManager: 'm'.repeat(129) });
    strict_1.default.equal(long.code, 422);
    strict_1.default.match(long.status.message, /^CreateOptions\.meta\.k8s\.io "" is invalid: fieldManager: Too long: may not be more than 128 bytes$/);
    strict_1.default.match((0, request_ts_1.fieldManagerOptionsError)('UpdateOptions', { fieldManager: 'a\u0001' }).status.message, /fieldManager: Invalid value: .*: invalid character U\+0001 \(at position 1\)$/);
});
