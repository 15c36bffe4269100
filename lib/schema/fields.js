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
exports.message = exports.msgMap = exports.quantityMap = exports.bytesMap = exports.strMap = exports.strList = exports.fieldsV1 = exports.intOrString = exports.intOrStringSchema = exports.quantity = exports.quantitySchema = exports.time = exports.bytes = exports.double = exports.int64 = exports.int32 = exports.bool = exports.str = void 0;
exports.field = field;
exports.obj = obj;
exports.list = list;
exports.inline = inline;
/**
 * The vocabulary every kind schema is written in. A field is a valibot schema carrying, in its
 * metadata, the facts that the derived machinery needs: its protobuf field number (protobuf
 * request decoding), its strategic-merge and server-side-apply markers (patching, managedFields),
 * and its OpenAPI format (OpenAPI v3, `kubectl explain`). Nothing about a field is stated twice.
 *
 * Every field is optional and accepts `null` (Go's JSON decoder reads null as the zero value);
 * "required" is a validation rule of the kind, reported with Kubernetes' wording, not a parse error.
 */
var v = require("valibot");
/** Wraps a schema as an optional, nullable field carrying its metadata and description. */
function field(schema, meta, doc) {
    if (doc === void 0) { doc = ''; }
    return v.optional(v.nullable(v.pipe(schema, v.metadata(meta), v.description(doc))));
}
var f = function (schema, pb, _a, extra) {
    if (_a === void 0) { _a = {}; }
    var doc = _a.doc, meta = __rest(_a, ["doc"]);
    if (extra === void 0) { extra = {}; }
    return field(schema, __assign(__assign({ pb: pb }, extra), meta), doc);
};
var str = function (pb, o) { return f(v.string(), pb, o); };
exports.str = str;
var bool = function (pb, o) { return f(v.boolean(), pb, o, { pbType: 'bool' }); };
exports.bool = bool;
var int32 = function (pb, o) { return f(v.pipe(v.number(), v.integer()), pb, o, { pbType: 'int32', format: 'int32' }); };
exports.int32 = int32;
var int64 = function (pb, o) { return f(v.pipe(v.number(), v.integer()), pb, o, { pbType: 'int64', format: 'int64' }); };
exports.int64 = int64;
var double = function (pb, o) { return f(v.number(), pb, o, { pbType: 'double', format: 'double' }); };
exports.double = double;
/** base64 in JSON, raw bytes in protobuf */
var bytes = function (pb, o) { return f(v.string(), pb, o, { pbType: 'bytes', format: 'byte' }); };
exports.bytes = bytes;
/** RFC 3339 timestamp; meta/v1 Time{1 seconds, 2 nanos} in protobuf */
var time = function (pb, o) { return f(v.string(), pb, o, { pbType: 'time', format: 'date-time' }); };
exports.time = time;
/** resource.Quantity: JSON accepts a string or a number */
exports.quantitySchema = v.union([v.string(), v.number()]);
var quantity = function (pb, o) { return f(exports.quantitySchema, pb, o, { pbType: 'quantity', format: 'quantity' }); };
exports.quantity = quantity;
exports.intOrStringSchema = v.union([v.pipe(v.number(), v.integer()), v.string()]);
var intOrString = function (pb, o) { return f(exports.intOrStringSchema, pb, o, { pbType: 'intOrString', format: 'int-or-string' }); };
exports.intOrString = intOrString;
/** meta/v1 FieldsV1: an arbitrary JSON object in JSON, raw JSON bytes in protobuf */
var fieldsV1 = function (pb, o) { return f(v.record(v.string(), v.unknown()), pb, o, { pbType: 'fieldsV1' }); };
exports.fieldsV1 = fieldsV1;
function obj(pb, x, o) {
    return f(isSchema(x) ? x : v.object(x), pb, o);
}
/** A valibot schema has `kind: 'schema'`; a plain entries object may have a field named kind. */
var isSchema = function (x) { return typeof x.kind === 'string'; };
/** A repeated field. `item` is an object schema, a plain object of fields, or a scalar schema. */
function list(pb, item, o) {
    return f(v.array(item), pb, o);
}
var strList = function (pb, o) { return list(pb, v.string(), o); };
exports.strList = strList;
/** map<string,string> in protobuf is repeated {1 key, 2 value} */
var strMap = function (pb, o) { return f(v.record(v.string(), v.string()), pb, o); };
exports.strMap = strMap;
/** map<string, bytes> (Secret.data, ConfigMap.binaryData) */
var bytesMap = function (pb, o) { return f(v.record(v.string(), v.string()), pb, o, { pbType: 'bytes', format: 'byte' }); };
exports.bytesMap = bytesMap;
/** map<string, Quantity> (ResourceList) */
var quantityMap = function (pb, o) { return f(v.record(v.string(), exports.quantitySchema), pb, o, { pbType: 'quantity', format: 'quantity' }); };
exports.quantityMap = quantityMap;
/** map<string, Message> */
var msgMap = function (pb, value, o) { return f(v.record(v.string(), value), pb, o); };
exports.msgMap = msgMap;
/**
 * Go embedded structs (VolumeSource in Volume, Probe's handler, ...) are one nested protobuf
 * message but are inlined in JSON. `inline(2, entries)` marks each entry as living in field 2.
 */
function inline(via, entries) {
    var out = {};
    for (var _i = 0, _a = Object.entries(entries); _i < _a.length; _i++) {
        var _b = _a[_i], name = _b[0], schema = _b[1];
        var inner = schema.wrapped.wrapped;
        var _c = inner.pipe, base = _c[0], meta = _c[1], doc = _c[2];
        out[name] = field(base, __assign(__assign({}, meta.metadata), { via: via }), doc.description);
    }
    return out;
}
/** An object schema: the message type of a nested field or a list item. */
var message = function (entries, meta) {
    if (meta === void 0) { meta = {}; }
    return meta.structType ? v.pipe(v.object(entries), v.metadata(meta)) : v.object(entries);
};
exports.message = message;
