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
exports.fieldSet = fieldSet;
exports.typedErrors = typedErrors;
exports.namedFieldsAsMembers = namedFieldsAsMembers;
exports.childSchema = childSchema;
var fieldset_ts_1 = require("./fieldset.ts");
var node_ts_1 = require("./node.ts");
var path_ts_1 = require("./path.ts");
/** The owned paths of `obj`, never-tracked fields included (see strip.ts). Items without a key are skipped. */
function fieldSet(obj, schema) {
    var set = new fieldset_ts_1.FieldSet();
    walk(obj, schema, [], set, []);
    return set;
}
/** What structured-merge-diff would refuse in an applied configuration, as `<path>: <reason>`. */
function typedErrors(obj, schema) {
    var errors = [];
    walk(obj, schema, [], new fieldset_ts_1.FieldSet(), errors);
    return errors;
}
function walk(value, schema, path, set, errors) {
    var node = (0, node_ts_1.ssaNode)(schema);
    if (node.kind === 'leaf') {
        set.insert(path);
        return;
    }
    if (value === null || value === undefined)
        return;
    if (node.kind === 'struct' || node.kind === 'map') {
        if (!(0, node_ts_1.isObject)(value)) {
            errors.push("".concat((0, path_ts_1.pathString)(path), ": expected map, got ").concat(JSON.stringify(value)));
            return;
        }
        for (var _i = 0, _a = Object.entries(value); _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], child = _b[1];
            var declared = node.kind === 'struct' && k in node.fields;
            var childSchema_1 = node.kind === 'struct' ? node.fields[k] : node.item;
            var childPath = __spreadArray(__spreadArray([], path, true), [{ field: k }], false);
            walk(child, childSchema_1, childPath, set, errors);
            if (child === null || ((0, node_ts_1.isObject)(child) && Object.keys(child).length === 0) || !declared)
                set.insert(childPath);
        }
        return;
    }
    if (!Array.isArray(value)) {
        errors.push("".concat((0, path_ts_1.pathString)(path), ": expected list, got ").concat(JSON.stringify(value)));
        return;
    }
    var seen = new Set();
    value.forEach(function (item, i) {
        var e = (0, node_ts_1.itemElement)(node, item);
        if (typeof e === 'string') {
            errors.push("".concat((0, path_ts_1.pathString)(path), ": element ").concat(i, ": ").concat(e));
            return;
        }
        var k = (0, path_ts_1.serializeElement)(e);
        if (seen.has(k))
            errors.push("".concat((0, path_ts_1.pathString)(path), ": duplicate entries for key ").concat((0, path_ts_1.pathString)([e])));
        seen.add(k);
        var itemPath = __spreadArray(__spreadArray([], path, true), [e], false);
        walk(item, node.item, itemPath, set, errors);
        set.insert(itemPath);
    });
}
/**
 * structured-merge-diff's EnsureNamedFieldsAreMembers: every struct field with owned content
 * counts as owned itself, so that pruning can remove whole struct fields.
 */
function namedFieldsAsMembers(set, schema, prefix) {
    if (prefix === void 0) { prefix = []; }
    var out = new fieldset_ts_1.FieldSet();
    var node = (0, node_ts_1.ssaNode)(schema);
    for (var _i = 0, _a = set.entries(); _i < _a.length; _i++) {
        var _b = _a[_i], element = _b.element, member = _b.member, sub = _b.set;
        var path = __spreadArray(__spreadArray([], prefix, true), [element], false);
        var named = node.kind === 'struct' && 'field' in element && element.field in node.fields;
        if (member || named)
            out.insert(path);
        if (!sub.isEmpty())
            for (var _c = 0, _d = namedFieldsAsMembers(sub, childSchema(schema, element), path).paths(); _c < _d.length; _c++) {
                var p = _d[_c];
                out.insert(p);
            }
    }
    return out;
}
/** The schema below one path element. */
function childSchema(schema, e) {
    var node = (0, node_ts_1.ssaNode)(schema);
    if (node.kind === 'struct')
        return 'field' in e ? node.fields[e.field] : undefined;
    if (node.kind === 'leaf')
        return undefined;
    return node.item;
}
