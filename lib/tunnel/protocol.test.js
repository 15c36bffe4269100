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
var protocol_ts_1 = require("./protocol.ts");
(0, node_test_1.test)('a data frame carries its request id before the bytes', function () {
    var frame = (0, protocol_ts_1.dataFrame)(0x01020304, new TextEncoder().encode('hi'));
    strict_1.default.deepEqual(__spreadArray([], frame, true), [1, 2, 3, 4, 104, 105]);
    var parsed = (0, protocol_ts_1.parseDataFrame)(frame.subarray(0)); // a view, as a WebSocket message may be
    strict_1.default.equal(parsed === null || parsed === void 0 ? void 0 : parsed.id, 0x01020304);
    strict_1.default.equal(new TextDecoder().decode(parsed === null || parsed === void 0 ? void 0 : parsed.bytes), 'hi');
    strict_1.default.equal((0, protocol_ts_1.parseDataFrame)(new Uint8Array(3)), undefined);
});
(0, node_test_1.test)('a data frame parses from a view into a larger buffer', function () {
    var buf = new Uint8Array(10);
    buf.set((0, protocol_ts_1.dataFrame)(7, new Uint8Array([9, 9])), 3);
    var parsed = (0, protocol_ts_1.parseDataFrame)(buf.subarray(3, 9));
    strict_1.default.equal(parsed === null || parsed === void 0 ? void 0 : parsed.id, 7);
    strict_1.default.deepEqual(__spreadArray([], parsed.bytes, true), [9, 9]);
});
(0, node_test_1.test)('base64 round-trips binary and large outputs', function () {
    var bytes = new Uint8Array(100000).map(function (_, i) { return (i * 7) % 256; });
    strict_1.default.deepEqual((0, protocol_ts_1.fromBase64)((0, protocol_ts_1.toBase64)(bytes)), bytes);
    strict_1.default.equal((0, protocol_ts_1.toBase64)(new TextEncoder().encode('hi\n')), 'aGkK');
});
(0, node_test_1.test)('node names are escaped in the tunnel path', function () {
    strict_1.default.equal((0, protocol_ts_1.tunnelPath)('n1.example'), '/timonier/v1/nodes/n1.example/tunnel');
});
