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
var configmaps_ts_1 = require("./configmaps.ts");
var cm = function (x) {
    if (x === void 0) { x = {}; }
    return (__assign({ metadata: { name: 'c', namespace: 'd', creationTimestamp: '2025-01-01T11:00:00Z' } }, x));
};
(0, node_test_1.test)('keys must be config keys; data and binaryData must not overlap', function () {
    var errs = configmaps_ts_1.default.validate(cm({ data: { 'ok.key_1': 'v', 'bad/key': 'v', '..x': 'v', dup: 'a' }, binaryData: { dup: 'YQ==' } }));
    strict_1.default.deepEqual(errs.map(function (e) { return "".concat(e.field, ": ").concat(e.body); }), [
        "data[bad/key]: Invalid value: \"bad/key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
        "data[..x]: Invalid value: \"..x\": must not start with '..'",
        'data[dup]: Invalid value: "dup": duplicate of key present in binaryData',
    ]);
});
(0, node_test_1.test)('total size is limited to 1 MiB', function () {
    strict_1.default.deepEqual(configmaps_ts_1.default.validate(cm({ data: { a: 'x'.repeat(1024 * 1024) } })), []);
    var errs = configmaps_ts_1.default.validate(cm({ data: { a: 'x'.repeat(1024 * 1024) }, binaryData: { b: 'YQ==' } }));
    strict_1.default.equal(errs[0].type, 'FieldValueTooLong');
});
(0, node_test_1.test)('immutable: data can no longer change, nor immutable be unset', function () {
    var old = cm({ data: { a: '1' }, immutable: true });
    strict_1.default.deepEqual(configmaps_ts_1.default.validateUpdate(cm({ data: { a: '1' }, immutable: true, metadata: { name: 'c', labels: { x: 'y' } } }), old), []);
    strict_1.default.deepEqual(configmaps_ts_1.default.validateUpdate(cm({ data: { a: '2' } }), old).map(function (e) { return "".concat(e.field, ": ").concat(e.body); }), ['immutable: Forbidden: field is immutable when `immutable` is set', 'data: Forbidden: field is immutable when `immutable` is set']);
    strict_1.default.deepEqual(configmaps_ts_1.default.validateUpdate(cm({ data: { a: '2' } }), cm({ data: { a: '1' } })), []);
});
(0, node_test_1.test)('table: Data counts data and binaryData as an integer', function () {
    strict_1.default.deepEqual(configmaps_ts_1.default.table.cells(cm({ data: { a: '1', b: '2' }, binaryData: { c: 'YQ==' } }), Date.parse('2025-01-01T12:00:00Z')), ['c', 3, '60m']);
});
