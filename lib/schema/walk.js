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
exports.shape = shape;
exports.child = child;
exports.at = at;
var shapes = new WeakMap();
/** Unwraps optional/nullable/pipe/lazy wrappers and returns the base shape with merged metadata. */
function shape(schema) {
    var cached = shapes.get(schema);
    if (cached)
        return cached;
    var s = schema;
    var meta = {};
    var doc;
    var integer = false;
    for (;;) {
        if (s.type === 'optional' || s.type === 'nullable' || s.type === 'nullish' || s.type === 'exact_optional') {
            s = s.wrapped;
        }
        else if (s.type === 'lazy' && s.getter) {
            s = s.getter();
        }
        else if (s.pipe) {
            for (var _i = 0, _a = s.pipe.slice(1); _i < _a.length; _i++) {
                var item = _a[_i];
                if (item.type === 'metadata' && item.metadata)
                    meta = __assign(__assign({}, item.metadata), meta);
                if (item.type === 'description' && doc === undefined)
                    doc = item.description;
                if (item.type === 'integer')
                    integer = true;
            }
            s = s.pipe[0];
        }
        else
            break;
    }
    var out;
    switch (s.type) {
        case 'object':
        case 'loose_object':
        case 'strict_object':
            out = { kind: 'object', entries: s.entries, meta: meta, doc: doc };
            break;
        case 'array':
            out = { kind: 'array', item: s.item, meta: meta, doc: doc };
            break;
        case 'record':
            out = { kind: 'record', value: s.value, meta: meta, doc: doc };
            break;
        case 'string':
        case 'picklist':
            out = { kind: 'string', meta: meta, doc: doc };
            break;
        case 'number':
            out = { kind: integer ? 'integer' : 'number', meta: meta, doc: doc };
            break;
        case 'boolean':
            out = { kind: 'boolean', meta: meta, doc: doc };
            break;
        case 'union':
            out = { kind: 'union', options: s.options, meta: meta, doc: doc };
            break;
        default:
            out = { kind: 'unknown', meta: meta, doc: doc };
    }
    shapes.set(schema, out);
    return out;
}
/** The schema of a child: an object's entry, or an array's/record's element. */
function child(schema, key) {
    var s = shape(schema);
    if (s.kind === 'object')
        return typeof key === 'string' ? s.entries[key] : undefined;
    if (s.kind === 'array')
        return s.item;
    if (s.kind === 'record')
        return s.value;
    return undefined;
}
/** Follows a dotted path of object keys (arrays and maps are stepped through transparently). */
function at(schema, path) {
    var s = schema;
    for (var _i = 0, path_1 = path; _i < path_1.length; _i++) {
        var k = path_1[_i];
        if (!s)
            return undefined;
        s = child(s, k);
    }
    return s;
}
