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
var __rest = (this && this.__rest) || function (s, e) {
    var t = {};
    for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p) && e.indexOf(p) < 0)
        t[p] = s[p];
    if (s != null && typeof Object.getOwnPropertySymbols === "function")
        for (var i = 0, p = Object.getOwnPropertySymbols(s); i < p.length; i++) {
            if (e.indexOf(p[i]) < 0 && Object.prototype.propertyIsEnumerable.call(s, p[i]))
                t[p[i]] = s[p[i]];
        }
    return t;
};
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var bootstrap_token_ts_1 = require("./bootstrap-token.ts");
var now = new Date('2026-01-01T00:00:00Z');
var b64 = function (s) { return btoa(s); };
var secret = function (data, type) {
    if (type === void 0) { type = 'bootstrap.kubernetes.io/token'; }
    return ({ metadata: { name: 'bootstrap-token-abcdef', namespace: 'kube-system' }, type: type, data: Object.fromEntries(Object.entries(data).map(function (_a) {
            var k = _a[0], v = _a[1];
            return [k, b64(v)];
        })) });
};
var valid = { 'token-id': 'abcdef', 'token-secret': '0123456789abcdef', 'usage-bootstrap-authentication': 'true', expiration: '2026-01-02T00:00:00Z' };
(0, node_test_1.test)('a valid token authenticates as system:bootstrap:<id> in system:bootstrappers', function () {
    strict_1.default.deepEqual((0, bootstrap_token_ts_1.bootstrapUser)('abcdef.0123456789abcdef', secret(valid), now), {
        username: 'system:bootstrap:abcdef',
        groups: ['system:bootstrappers', 'system:authenticated'],
    });
});
(0, node_test_1.test)('expired, wrong secret, wrong type, missing usage, being deleted: not authenticated', function () {
    var t = 'abcdef.0123456789abcdef';
    strict_1.default.equal((0, bootstrap_token_ts_1.bootstrapUser)(t, secret(__assign(__assign({}, valid), { expiration: '2025-12-31T23:59:59Z' })), now), undefined);
    strict_1.default.equal((0, bootstrap_token_ts_1.bootstrapUser)('abcdef.0123456789abcdeX', secret(valid), now), undefined);
    strict_1.default.equal((0, bootstrap_token_ts_1.bootstrapUser)('abcdef.0123456789abcdee', secret(valid), now), undefined);
    strict_1.default.equal((0, bootstrap_token_ts_1.bootstrapUser)(t, secret(valid, 'Opaque'), now), undefined);
    strict_1.default.equal((0, bootstrap_token_ts_1.bootstrapUser)(t, secret(__assign(__assign({}, valid), { 'usage-bootstrap-authentication': 'false' })), now), undefined);
    strict_1.default.equal((0, bootstrap_token_ts_1.bootstrapUser)(t, secret(__assign(__assign({}, valid), { 'token-id': 'zzzzzz' })), now), undefined);
    var deleting = secret(valid);
    deleting.metadata.deletionTimestamp = '2025-12-31T00:00:00Z';
    strict_1.default.equal((0, bootstrap_token_ts_1.bootstrapUser)(t, deleting, now), undefined);
    strict_1.default.equal((0, bootstrap_token_ts_1.bootstrapUser)(t, undefined, now), undefined);
});
(0, node_test_1.test)('a token without expiration never expires; extra groups stay under system:bootstrappers:', function () {
    var _ = valid.expiration, forever = __rest(valid, ["expiration"]);
    var user = (0, bootstrap_token_ts_1.bootstrapUser)('abcdef.0123456789abcdef', secret(__assign(__assign({}, forever), { 'auth-extra-groups': 'system:bootstrappers:workers, system:masters' })), now);
    strict_1.default.deepEqual(user === null || user === void 0 ? void 0 : user.groups, ['system:bootstrappers', 'system:bootstrappers:workers', 'system:authenticated']);
});
(0, node_test_1.test)('generated tokens have the <6>.<16> form and the Secret kubeadm writes', function () {
    var _a = (0, bootstrap_token_ts_1.generateToken)(), id = _a.id, s = _a.secret, token = _a.token;
    strict_1.default.match(token, bootstrap_token_ts_1.TOKEN_RE);
    strict_1.default.equal(token, "".concat(id, ".").concat(s));
    strict_1.default.notEqual((0, bootstrap_token_ts_1.generateToken)().token, token);
    var obj = (0, bootstrap_token_ts_1.bootstrapSecret)(id, s, new Date('2026-01-02T03:04:05.678Z'), 'for n1');
    strict_1.default.equal(obj.metadata.name, "bootstrap-token-".concat(id));
    strict_1.default.equal(obj.metadata.namespace, 'kube-system');
    strict_1.default.equal(obj.type, 'bootstrap.kubernetes.io/token');
    strict_1.default.deepEqual(obj.stringData, { 'token-id': id, 'token-secret': s, 'usage-bootstrap-authentication': 'true', expiration: '2026-01-02T03:04:05Z', description: 'for n1' });
});
