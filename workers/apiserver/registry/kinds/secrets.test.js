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
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var secrets_ts_1 = require("./secrets.ts");
var s = function (x) {
    if (x === void 0) { x = {}; }
    return (__assign({ metadata: { name: 's', namespace: 'd', creationTimestamp: '2025-01-01T11:59:58Z' } }, x));
};
(0, node_test_1.test)('defaults: type Opaque, stringData merged into data as base64 (stringData wins) and dropped', function () {
    var o = s({ data: { a: 'b2xk', keep: 'eA==' }, stringData: { a: 'new', u: 'héllo' } });
    secrets_ts_1.default.defaults(o);
    strict_1.default.equal(o.type, 'Opaque');
    strict_1.default.deepEqual(o.data, { a: 'bmV3', keep: 'eA==', u: 'aMOpbGxv' });
    strict_1.default.equal('stringData' in o, false);
    var typed = s({ type: 'kubernetes.io/tls' });
    secrets_ts_1.default.defaults(typed);
    strict_1.default.equal(typed.type, 'kubernetes.io/tls');
});
(0, node_test_1.test)('well-known types require their keys', function () {
    var texts = function (x) { return secrets_ts_1.default.validate(x).map(function (e) { return "".concat(e.field, ": ").concat(e.body); }); };
    strict_1.default.deepEqual(texts(s({ type: 'kubernetes.io/tls', data: { 'tls.crt': 'YQ==' } })), ['data[tls.key]: Required value']);
    strict_1.default.deepEqual(texts(s({ type: 'kubernetes.io/basic-auth', data: {} })), ['data[username]: Required value', 'data[password]: Required value']);
    strict_1.default.deepEqual(texts(s({ type: 'kubernetes.io/basic-auth', data: { password: 'YQ==' } })), []);
    strict_1.default.deepEqual(texts(s({ type: 'kubernetes.io/service-account-token' })), ['metadata.annotations[kubernetes.io/service-account.name]: Required value']);
    strict_1.default.deepEqual(texts(s({ type: 'Opaque', data: { 'a b': 'YQ==' } })).length, 1);
});
(0, node_test_1.test)('update: type and immutable data cannot change', function () {
    var old = s({ type: 'Opaque', data: { a: 'YQ==' }, immutable: true });
    strict_1.default.deepEqual(secrets_ts_1.default.validateUpdate(s({ type: 'x/y', data: { a: 'Yg==' }, immutable: true }), old).map(function (e) { return "".concat(e.field, ": ").concat(e.body); }), ['type: Invalid value: "x/y": field is immutable', 'data: Forbidden: field is immutable when `immutable` is set']);
});
(0, node_test_1.test)('table and field selector', function () {
    var o = s({ type: 'Opaque', data: { a: 'YQ==', b: 'Yg==' } });
    strict_1.default.deepEqual(secrets_ts_1.default.table.columns.map(function (c) { return c.name; }), ['Name', 'Type', 'Data', 'Age']);
    strict_1.default.deepEqual(secrets_ts_1.default.table.cells(o, Date.parse('2025-01-01T12:00:00Z')), ['s', 'Opaque', 2, '2s']);
    strict_1.default.equal(secrets_ts_1.default.fieldSelectors.type(o), 'Opaque');
});
