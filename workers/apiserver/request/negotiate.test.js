"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var negotiate_ts_1 = require("./negotiate.ts");
(0, node_test_1.test)("kubectl's Table Accept header gets a v1 Table", function () {
    strict_1.default.deepEqual((0, negotiate_ts_1.negotiate)('application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json'), { as: 'table', version: 'v1' });
    strict_1.default.deepEqual((0, negotiate_ts_1.negotiate)('application/json;as=Table;v=v1beta1;g=meta.k8s.io'), { as: 'table', version: 'v1beta1' });
});
(0, node_test_1.test)('plain JSON, wildcards and protobuf-with-JSON fallback get objects', function () {
    for (var _i = 0, _a = [undefined, 'application/json', '*/*', 'application/vnd.kubernetes.protobuf,application/json', 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io,application/json']; _i < _a.length; _i++) {
        var a = _a[_i];
        strict_1.default.deepEqual((0, negotiate_ts_1.negotiate)(a), { as: 'object' });
    }
});
(0, node_test_1.test)('nothing servable is 406 with the media types we serve', function () {
    strict_1.default.throws(function () { return (0, negotiate_ts_1.negotiate)('application/xml'); }, function (e) { return e.code === 406 && e.status.message === 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf'; });
});
