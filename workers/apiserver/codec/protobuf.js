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
exports.ProtobufError = void 0;
exports.message = message;
exports.decodeProtobuf = decodeProtobuf;
var walk_ts_1 = require("../../../lib/schema/walk.ts");
var pbtypes_ts_1 = require("./pbtypes.ts");
var wire_ts_1 = require("./wire.ts");
var wire_ts_2 = require("./wire.ts");
Object.defineProperty(exports, "ProtobufError", { enumerable: true, get: function () { return wire_ts_2.ProtobufError; } });
var MAGIC = [0x6b, 0x38, 0x73, 0x00];
var utf8 = new TextDecoder();
var indexes = new WeakMap();
function indexOf(s) {
    var idx = indexes.get(s.entries);
    if (idx)
        return idx;
    idx = { direct: new Map(), via: new Map() };
    for (var _i = 0, _a = Object.entries(s.entries); _i < _a.length; _i++) {
        var _b = _a[_i], name = _b[0], schema = _b[1];
        var _c = (0, walk_ts_1.shape)(schema).meta, pb = _c.pb, via = _c.via;
        if (pb === undefined)
            continue;
        if (via === undefined)
            idx.direct.set(pb, { name: name, schema: schema });
        else {
            if (!idx.via.has(via))
                idx.via.set(via, new Map());
            idx.via.get(via).set(pb, { name: name, schema: schema });
        }
    }
    indexes.set(s.entries, idx);
    return idx;
}
/** The wire type a scalar of this shape/encoding is written with; undefined if the schema does not say. */
function wireOf(s, pbType) {
    switch (pbType) {
        case 'double':
            return wire_ts_1.WIRE.fixed64;
        case 'int32':
        case 'int64':
        case 'bool':
            return wire_ts_1.WIRE.varint;
        case undefined:
        case 'string':
            break;
        default:
            return wire_ts_1.WIRE.bytes; // time, quantity, intOrString, fieldsV1, bytes
    }
    return s.kind === 'string' ? wire_ts_1.WIRE.bytes : s.kind === 'integer' || s.kind === 'boolean' ? wire_ts_1.WIRE.varint : s.kind === 'number' ? wire_ts_1.WIRE.fixed64 : undefined;
}
/** One scalar (or scalar-like special message) of the given shape and encoding. */
function scalar(s, pbType, wire, r, name) {
    var want = wireOf(s, pbType);
    if (want === undefined)
        return void r.skip(wire); // a field whose encoding the schema does not say
    (0, pbtypes_ts_1.expectWire)(wire, want, name);
    switch (pbType) {
        case 'time':
            return (0, pbtypes_ts_1.time)(r.bytes());
        case 'quantity':
            return (0, pbtypes_ts_1.quantity)(r.bytes());
        case 'intOrString':
            return (0, pbtypes_ts_1.intOrString)(r.bytes());
        case 'fieldsV1':
            return (0, pbtypes_ts_1.fieldsV1)(r.bytes());
        case 'bytes':
            return (0, pbtypes_ts_1.base64)(r.bytes());
        case 'int32':
            return r.int(32);
    }
    if (want === wire_ts_1.WIRE.fixed64)
        return r.double();
    if (want === wire_ts_1.WIRE.varint)
        return s.kind === 'boolean' || pbType === 'bool' ? r.varint() !== 0n : r.int(64);
    return utf8.decode(r.bytes());
}
var isPacked = function (s, pbType) {
    return pbType === 'int32' || pbType === 'int64' || pbType === 'bool' || pbType === 'double' || s.kind === 'integer' || s.kind === 'boolean' || s.kind === 'number';
};
/** Reads one occurrence of a field into `out`: lists append, maps add an entry, messages merge. */
function readField(out, slot, wire, r) {
    var _a, _b, _c;
    var s = (0, walk_ts_1.shape)(slot.schema);
    var name = slot.name;
    if (s.kind === 'array') {
        var item = (0, walk_ts_1.shape)(s.item);
        var list = ((_a = out[name]) !== null && _a !== void 0 ? _a : (out[name] = []));
        if (item.kind === 'object') {
            (0, pbtypes_ts_1.expectWire)(wire, wire_ts_1.WIRE.bytes, name);
            list.push(message(r.bytes(), s.item));
            return;
        }
        var pbType = (_b = item.meta.pbType) !== null && _b !== void 0 ? _b : s.meta.pbType;
        if (wire === wire_ts_1.WIRE.bytes && isPacked(item, pbType)) {
            var sub = new wire_ts_1.Reader(r.bytes());
            while (!sub.done)
                list.push(scalar(item, pbType, pbType === 'double' ? wire_ts_1.WIRE.fixed64 : wire_ts_1.WIRE.varint, sub, name));
            return;
        }
        var x_1 = scalar(item, pbType, wire, r, name);
        if (x_1 !== undefined)
            list.push(x_1);
        return;
    }
    if (s.kind === 'record' && s.meta.pbType !== 'fieldsV1') {
        (0, pbtypes_ts_1.expectWire)(wire, wire_ts_1.WIRE.bytes, name);
        var _d = mapEntry(r.bytes(), s, name), key = _d[0], value = _d[1];
        ((_c = out[name]) !== null && _c !== void 0 ? _c : (out[name] = {}))[key] = value;
        return;
    }
    if (s.kind === 'object') {
        (0, pbtypes_ts_1.expectWire)(wire, wire_ts_1.WIRE.bytes, name);
        var msg = message(r.bytes(), slot.schema);
        // a repeated singular message merges into the first, as in Go
        out[name] = out[name] && typeof out[name] === 'object' ? __assign(__assign({}, out[name]), msg) : msg;
        return;
    }
    var x = scalar(s, s.meta.pbType, wire, r, name);
    if (x !== undefined || s.meta.pbType === 'time')
        out[name] = x;
}
/** A map entry {1 key, 2 value}; a missing value is the zero value of its type. */
function mapEntry(b, s, name) {
    var _a;
    var vs = (0, walk_ts_1.shape)(s.value);
    var pbType = s.meta.pbType === 'fieldsV1' ? undefined : ((_a = s.meta.pbType) !== null && _a !== void 0 ? _a : vs.meta.pbType);
    var key = '';
    var value;
    for (var _i = 0, _b = (0, wire_ts_1.fields)(b); _i < _b.length; _i++) {
        var _c = _b[_i], field = _c.field, wire = _c.wire, r = _c.r;
        if (field === 1 && wire === wire_ts_1.WIRE.bytes)
            key = utf8.decode(r.bytes());
        else if (field === 2) {
            if (vs.kind === 'object' || vs.kind === 'array') {
                (0, pbtypes_ts_1.expectWire)(wire, wire_ts_1.WIRE.bytes, name);
                value = vs.kind === 'object' ? message(r.bytes(), s.value) : stringItems(r.bytes());
            }
            else
                value = scalar(vs, pbType, wire, r, name);
        }
        else
            r.skip(wire);
    }
    if (value === undefined)
        value = vs.kind === 'object' ? {} : vs.kind === 'array' ? [] : pbType === 'quantity' ? '0' : vs.kind === 'string' ? '' : 0;
    return [key, value];
}
/** A map value that is a list (authn/authz ExtraValue): a message {1 items []string}. */
function stringItems(b) {
    var items = [];
    for (var _i = 0, _a = (0, wire_ts_1.fields)(b); _i < _a.length; _i++) {
        var _b = _a[_i], field = _b.field, wire = _b.wire, r = _b.r;
        if (field === 1 && wire === wire_ts_1.WIRE.bytes)
            items.push(utf8.decode(r.bytes()));
        else
            r.skip(wire);
    }
    return items;
}
/** Go's encoding/json omitempty, for a value decoded from the wire. */
function omitted(x, s) {
    if (x === null || x === undefined)
        return true;
    if (s.meta.ptr)
        return false;
    if (Array.isArray(x))
        return x.length === 0;
    // an empty struct is dropped unless the field is marked to keep it (Go renders non-pointer structs)
    if (typeof x === 'object')
        return Object.keys(x).length === 0 && s.meta.pbType !== 'fieldsV1' && !s.meta.keep;
    if (s.meta.keep)
        return false;
    return x === '' || x === 0 || x === false || (s.meta.pbType === 'quantity' && x === '0');
}
/** Decodes one message of an object schema. */
function message(b, schema) {
    var s = (0, walk_ts_1.shape)(schema);
    if (s.kind !== 'object')
        throw new wire_ts_1.ProtobufError('proto: schema is not a message');
    var idx = indexOf(s);
    var out = {};
    for (var _i = 0, _a = (0, wire_ts_1.fields)(b); _i < _a.length; _i++) {
        var _b = _a[_i], field = _b.field, wire = _b.wire, r = _b.r;
        var slot = idx.direct.get(field);
        if (slot) {
            readField(out, slot, wire, r);
            continue;
        }
        var embedded = idx.via.get(field);
        if (embedded && wire === wire_ts_1.WIRE.bytes) {
            for (var _c = 0, _d = (0, wire_ts_1.fields)(r.bytes()); _c < _d.length; _c++) {
                var inner = _d[_c];
                var sl = embedded.get(inner.field);
                if (sl)
                    readField(out, sl, inner.wire, inner.r);
                else
                    inner.r.skip(inner.wire);
            }
            continue;
        }
        r.skip(wire);
    }
    // JSON field order: the schema's, as Go marshals struct fields in declaration order
    var ordered = {};
    for (var _e = 0, _f = Object.entries(s.entries); _e < _f.length; _e++) {
        var _g = _f[_e], name = _g[0], schema_1 = _g[1];
        if (name in out && !omitted(out[name], (0, walk_ts_1.shape)(schema_1)))
            ordered[name] = out[name];
    }
    return ordered;
}
/** Decodes a `k8s\0` envelope; `schemaFor` picks the schema of the envelope's apiVersion/kind. */
function decodeProtobuf(bytes, schemaFor) {
    if (bytes.length < 4 || MAGIC.some(function (b, i) { return bytes[i] !== b; }))
        throw new wire_ts_1.ProtobufError("provided data does not appear to be a protobuf message, expected prefix [".concat(MAGIC.join(' '), "]"));
    var apiVersion = '';
    var kind = '';
    var raw = new Uint8Array();
    for (var _i = 0, _a = (0, wire_ts_1.fields)(bytes.subarray(4)); _i < _a.length; _i++) {
        var _b = _a[_i], field = _b.field, wire = _b.wire, r = _b.r;
        if (field === 1 && wire === wire_ts_1.WIRE.bytes) {
            for (var _c = 0, _d = (0, wire_ts_1.fields)(r.bytes()); _c < _d.length; _c++) {
                var t = _d[_c];
                if (t.field === 1 && t.wire === wire_ts_1.WIRE.bytes)
                    apiVersion = utf8.decode(t.r.bytes());
                else if (t.field === 2 && t.wire === wire_ts_1.WIRE.bytes)
                    kind = utf8.decode(t.r.bytes());
                else
                    t.r.skip(t.wire);
            }
        }
        else if (field === 2 && wire === wire_ts_1.WIRE.bytes)
            raw = r.bytes();
        else
            r.skip(wire);
    }
    var schema = schemaFor(apiVersion, kind);
    if (!schema)
        throw new wire_ts_1.ProtobufError("no kind ".concat(JSON.stringify(kind), " is registered for version ").concat(JSON.stringify(apiVersion)));
    var obj = message(raw, schema);
    delete obj.apiVersion;
    delete obj.kind;
    // an all-zero ObjectMeta is omitted above, but every object has metadata
    return __assign({ apiVersion: apiVersion, kind: kind, metadata: {} }, obj);
}
