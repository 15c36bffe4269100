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
exports.conform = conform;
exports.unknownFields = unknownFields;
var walk_ts_1 = require("../../../lib/schema/walk.ts");
var errors_ts_1 = require("./errors.ts");
var QUANTITY_RE = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;
var QUANTITY_ERR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
var RFC3339_RE = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
var B64 = /[A-Za-z0-9+/]/;
var cap = function (s) { return s.charAt(0).toUpperCase() + s.slice(1); };
var singular = function (s) { return (s.endsWith('ies') ? "".concat(s.slice(0, -3), "y") : s.endsWith('ses') ? s.slice(0, -2) : s.endsWith('s') ? s.slice(0, -1) : s); };
var isPlainObject = function (x) { return typeof x === 'object' && x !== null && !Array.isArray(x); };
var Walker = /** @class */ (function () {
    function Walker() {
        this.unknown = [];
    }
    /** Records Go's type error (the first one wins) and drops the value. */
    Walker.prototype.fail = function (ctx, value, goType) {
        if (this.typeError)
            return undefined;
        this.typeError = ctx.goPath
            ? "json: cannot unmarshal ".concat(value, " into Go struct field ").concat(ctx.struct, ".").concat(ctx.goPath, " of type ").concat(goType)
            : "json: cannot unmarshal ".concat(value, " into Go value of type ").concat(goType);
        return undefined;
    };
    Walker.prototype.other = function (message) {
        var _a;
        (_a = this.typeError) !== null && _a !== void 0 ? _a : (this.typeError = message);
    };
    Walker.prototype.structName = function (field, ctx, item) {
        if (field === 'metadata')
            return 'ObjectMeta';
        if (ctx.depth === 1 && (field === 'spec' || field === 'status'))
            return "".concat(ctx.kind).concat(cap(field));
        return cap(item ? singular(field) : field);
    };
    Walker.prototype.goType = function (s, ctx, item) {
        if (item === void 0) { item = false; }
        switch (s.kind) {
            case 'object':
                return "v1.".concat(this.structName(ctx.field, ctx, item));
            case 'array':
                return "[]".concat(this.goType((0, walk_ts_1.shape)(s.item), ctx, true));
            case 'record':
                return "map[string]".concat(this.goType((0, walk_ts_1.shape)(s.value), ctx, true));
            case 'string':
                return s.meta.pbType === 'bytes' ? '[]uint8' : 'string';
            case 'integer':
                return s.meta.pbType === 'int64' ? 'int64' : s.meta.pbType === 'int32' ? 'int32' : 'int';
            case 'number':
                return 'float64';
            case 'boolean':
                return 'bool';
            case 'union':
                return s.meta.pbType === 'intOrString' ? 'int32' : s.meta.pbType === 'quantity' ? 'resource.Quantity' : 'interface {}';
            default:
                return 'interface {}';
        }
    };
    Walker.prototype.zero = function (s) {
        switch (s.kind) {
            case 'string':
                return '';
            case 'integer':
            case 'number':
                return 0;
            case 'boolean':
                return false;
            case 'object':
                return {};
            case 'union':
                return s.meta.pbType === 'quantity' ? '0' : 0;
            default:
                return null;
        }
    };
    /** Returns the value as Go would hold it; `undefined` means "leave the field out". */
    Walker.prototype.walk = function (x, schema, ctx) {
        var _this = this;
        var s = (0, walk_ts_1.shape)(schema);
        if (x === null)
            return undefined;
        switch (s.kind) {
            case 'object':
                return this.object(x, s, ctx);
            case 'array': {
                if (!Array.isArray(x))
                    return this.fail(ctx, (0, errors_ts_1.goKind)(x), this.goType(s, ctx));
                var itemShape_1 = (0, walk_ts_1.shape)(s.item);
                return x.map(function (el, i) {
                    var out = _this.walk(el, s.item, __assign(__assign({}, ctx), { path: "".concat(ctx.path, "[").concat(i, "]") }));
                    return out === undefined ? _this.zero(itemShape_1) : out;
                });
            }
            case 'record': {
                if (!isPlainObject(x))
                    return this.fail(ctx, (0, errors_ts_1.goKind)(x), this.goType(s, ctx));
                if (s.meta.pbType === 'fieldsV1')
                    return x;
                var valueShape = (0, walk_ts_1.shape)(s.value);
                var out = {};
                for (var _i = 0, _a = Object.entries(x); _i < _a.length; _i++) {
                    var _b = _a[_i], k = _b[0], el = _b[1];
                    var r = this.walk(el, s.value, __assign(__assign({}, ctx), { path: "".concat(ctx.path, ".").concat(k), field: ctx.field }));
                    out[k] = r === undefined ? this.zero(valueShape) : r;
                }
                // a map's values carry the map's own encoding (bytesMap, quantityMap)
                if (s.meta.pbType === 'bytes')
                    for (var _c = 0, _d = Object.values(out); _c < _d.length; _c++) {
                        var el = _d[_c];
                        this.bytes(el);
                    }
                if (s.meta.pbType === 'quantity')
                    for (var _e = 0, _f = Object.values(out); _e < _f.length; _e++) {
                        var el = _f[_e];
                        this.quantity(el);
                    }
                return out;
            }
            case 'string':
                if (typeof x !== 'string')
                    return this.fail(ctx, (0, errors_ts_1.goKind)(x), this.goType(s, ctx));
                if (s.meta.pbType === 'bytes')
                    this.bytes(x);
                if (s.meta.pbType === 'time' && !RFC3339_RE.test(x))
                    this.other("parsing time ".concat(JSON.stringify(x), " as \"2006-01-02T15:04:05Z07:00\": cannot parse ").concat(JSON.stringify(x), " as \"2006\""));
                return x;
            case 'integer': {
                var t = this.goType(s, ctx);
                if (typeof x !== 'number')
                    return this.fail(ctx, (0, errors_ts_1.goKind)(x), t);
                var limit = t === 'int32' ? Math.pow(2, 31) : Math.pow(2, 63);
                if (!Number.isInteger(x) || x < -limit || x >= limit)
                    return this.fail(ctx, "number ".concat(x), t);
                return x;
            }
            case 'number':
                if (typeof x !== 'number')
                    return this.fail(ctx, (0, errors_ts_1.goKind)(x), 'float64');
                return x;
            case 'boolean':
                if (typeof x !== 'boolean')
                    return this.fail(ctx, (0, errors_ts_1.goKind)(x), 'bool');
                return x;
            case 'union':
                if (s.meta.pbType === 'intOrString') {
                    if (typeof x === 'string')
                        return x;
                    if (typeof x !== 'number')
                        return this.fail(ctx, (0, errors_ts_1.goKind)(x), 'int32');
                    if (!Number.isInteger(x) || x < -(Math.pow(2, 31)) || x >= Math.pow(2, 31))
                        return this.fail(ctx, "number ".concat(x), 'int32');
                    return x;
                }
                if (s.meta.pbType === 'quantity')
                    return this.quantity(x) ? x : undefined;
                return x;
            default:
                return x;
        }
    };
    Walker.prototype.object = function (x, s, ctx) {
        if (!isPlainObject(x))
            return this.fail(ctx, (0, errors_ts_1.goKind)(x), this.goType(s, ctx));
        var struct = ctx.depth === 0 ? ctx.kind : this.structName(ctx.field, ctx, /\]$/.test(ctx.path));
        var out = {};
        for (var _i = 0, _a = Object.entries(x); _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], el = _b[1];
            var path = ctx.path ? "".concat(ctx.path, ".").concat(k) : k;
            var child = Object.prototype.hasOwnProperty.call(s.entries, k) ? s.entries[k] : undefined;
            if (!child) {
                this.unknown.push(path);
                continue;
            }
            var r = this.walk(el, child, { goPath: ctx.goPath ? "".concat(ctx.goPath, ".").concat(k) : k, path: path, struct: struct, field: k, kind: ctx.kind, depth: ctx.depth + 1 });
            if (r !== undefined)
                out[k] = r;
        }
        return out;
    };
    /** Go's base64.StdEncoding (newlines ignored): `illegal base64 data at input byte N`. */
    Walker.prototype.bytes = function (x) {
        if (typeof x !== 'string')
            return;
        var data = x.replace(/[\r\n]/g, '');
        for (var i = 0; i < data.length; i++) {
            var c = data[i];
            if (B64.test(c))
                continue;
            if (c === '=' && i >= data.length - 2 && data.length % 4 === 0 && /^=*$/.test(data.slice(i)))
                break;
            return this.other("illegal base64 data at input byte ".concat(i));
        }
        if (data.length % 4 !== 0)
            this.other("illegal base64 data at input byte ".concat(data.length - (data.length % 4)));
    };
    /** resource.Quantity accepts a number or a string of its grammar. */
    Walker.prototype.quantity = function (x) {
        if (typeof x === 'number')
            return true;
        if (typeof x === 'string' && QUANTITY_RE.test(x.trim()))
            return true;
        this.other(QUANTITY_ERR);
        return false;
    };
    return Walker;
}());
/** Conforms a decoded JSON value to `schema`; `kind` names the root Go struct. */
function conform(value, schema, kind) {
    var w = new Walker();
    var ctx = { goPath: '', path: '', struct: kind, field: '', kind: kind, depth: 0 };
    var out = w.walk(value !== null && value !== void 0 ? value : {}, schema, ctx);
    return { value: out !== null && out !== void 0 ? out : {}, unknown: w.unknown, typeError: w.typeError };
}
/** The paths of fields the schema does not know (`spec.foo`, `spec.containers[0].bogus`). */
function unknownFields(schema, obj) {
    return conform(obj, schema, '').unknown;
}
