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
exports.envelope = exports.entry = exports.msg = exports.str = exports.bytes = exports.int = exports.concat = void 0;
exports.varint = varint;
/** A minimal protobuf writer for building test messages by hand (tests only). */
var enc = new TextEncoder();
function varint(n) {
    var x = BigInt.asUintN(64, BigInt(n));
    var out = [];
    do {
        var b = Number(x & 0x7fn);
        x >>= 7n;
        if (x)
            b |= 0x80;
        out.push(b);
    } while (x);
    return Uint8Array.from(out);
}
var concat = function () {
    var parts = [];
    for (var _i = 0; _i < arguments.length; _i++) {
        parts[_i] = arguments[_i];
    }
    var out = new Uint8Array(parts.reduce(function (n, p) { return n + p.length; }, 0));
    var at = 0;
    for (var _a = 0, parts_1 = parts; _a < parts_1.length; _a++) {
        var p = parts_1[_a];
        (out.set(p, at), (at += p.length));
    }
    return out;
};
exports.concat = concat;
var tag = function (field, wire) { return varint((field << 3) | wire); };
/** varint field */
var int = function (field, n) { return (0, exports.concat)(tag(field, 0), varint(n)); };
exports.int = int;
/** length-delimited field: bytes, a string, or a message built from parts */
var bytes = function (field, b) { return (0, exports.concat)(tag(field, 2), varint(b.length), b); };
exports.bytes = bytes;
var str = function (field, s) { return (0, exports.bytes)(field, enc.encode(s)); };
exports.str = str;
var msg = function (field) {
    var parts = [];
    for (var _i = 1; _i < arguments.length; _i++) {
        parts[_i - 1] = arguments[_i];
    }
    return (0, exports.bytes)(field, exports.concat.apply(void 0, parts));
};
exports.msg = msg;
/** map<string, V> entry */
var entry = function (field, key, value) { return exports.msg.apply(void 0, __spreadArray([field, (0, exports.str)(1, key)], (value ? [value] : []), false)); };
exports.entry = entry;
/** the `k8s\0` + runtime.Unknown envelope */
var envelope = function (apiVersion, kind, raw) {
    return (0, exports.concat)(Uint8Array.from([0x6b, 0x38, 0x73, 0x00]), (0, exports.msg)(1, (0, exports.str)(1, apiVersion), (0, exports.str)(2, kind)), (0, exports.bytes)(2, raw), (0, exports.str)(3, ''), (0, exports.str)(4, ''));
};
exports.envelope = envelope;
