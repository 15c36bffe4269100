"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.expectWire = void 0;
exports.base64 = base64;
exports.time = time;
exports.quantity = quantity;
exports.intOrString = intOrString;
exports.fieldsV1 = fieldsV1;
/**
 * The messages Kubernetes encodes specially in protobuf and as scalars in JSON: meta/v1 Time,
 * resource.Quantity, intstr.IntOrString, meta/v1 FieldsV1; and bytes as base64.
 */
var wire_ts_1 = require("./wire.ts");
var utf8 = new TextDecoder();
var expectWire = function (wire, want, name) {
    if (wire !== want)
        throw new wire_ts_1.ProtobufError("proto: wrong wireType = ".concat(wire, " for field ").concat(name));
};
exports.expectWire = expectWire;
function base64(b) {
    var s = '';
    for (var i = 0; i < b.length; i += 0x8000)
        s += String.fromCharCode.apply(String, b.subarray(i, i + 0x8000));
    return btoa(s);
}
/** meta/v1 Time {1 seconds, 2 nanos}; a zero-length message is Go's zero time (JSON null). */
function time(b) {
    if (b.length === 0)
        return null;
    var seconds = 0;
    for (var _i = 0, _a = (0, wire_ts_1.fields)(b); _i < _a.length; _i++) {
        var _b = _a[_i], field = _b.field, wire = _b.wire, r = _b.r;
        if (field === 1 && wire === wire_ts_1.WIRE.varint)
            seconds = r.int(64);
        else
            r.skip(wire);
    }
    return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
/** resource.Quantity {1 string}: the canonical string. */
function quantity(b) {
    var out = '0';
    for (var _i = 0, _a = (0, wire_ts_1.fields)(b); _i < _a.length; _i++) {
        var _b = _a[_i], field = _b.field, wire = _b.wire, r = _b.r;
        if (field === 1 && wire === wire_ts_1.WIRE.bytes)
            out = utf8.decode(r.bytes());
        else
            r.skip(wire);
    }
    return out;
}
/** intstr.IntOrString {1 type (0 int, 1 string), 2 intVal, 3 strVal}. */
function intOrString(b) {
    var type = 0;
    var intVal = 0;
    var strVal = '';
    for (var _i = 0, _a = (0, wire_ts_1.fields)(b); _i < _a.length; _i++) {
        var _b = _a[_i], field = _b.field, wire = _b.wire, r = _b.r;
        if (field === 1 && wire === wire_ts_1.WIRE.varint)
            type = r.int(64);
        else if (field === 2 && wire === wire_ts_1.WIRE.varint)
            intVal = r.int(32);
        else if (field === 3 && wire === wire_ts_1.WIRE.bytes)
            strVal = utf8.decode(r.bytes());
        else
            r.skip(wire);
    }
    return type === 1 ? strVal : intVal;
}
/** meta/v1 FieldsV1 {1 Raw}: the raw JSON of the field set. */
function fieldsV1(b) {
    var raw;
    for (var _i = 0, _a = (0, wire_ts_1.fields)(b); _i < _a.length; _i++) {
        var _b = _a[_i], field = _b.field, wire = _b.wire, r = _b.r;
        if (field === 1 && wire === wire_ts_1.WIRE.bytes)
            raw = r.bytes();
        else
            r.skip(wire);
    }
    if (!raw || raw.length === 0)
        return {};
    try {
        return JSON.parse(utf8.decode(raw));
    }
    catch (_c) {
        throw new wire_ts_1.ProtobufError('FieldsV1 does not hold valid JSON');
    }
}
