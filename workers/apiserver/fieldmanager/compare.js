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
exports.compare = compare;
exports.materialize = materialize;
var fieldset_ts_1 = require("./fieldset.ts");
var node_ts_1 = require("./node.ts");
var path_ts_1 = require("./path.ts");
var values_ts_1 = require("./values.ts");
function compare(lhs, rhs, schema) {
    var c = { added: new fieldset_ts_1.FieldSet(), modified: new fieldset_ts_1.FieldSet(), removed: new fieldset_ts_1.FieldSet() };
    walk(materialize(lhs, schema), materialize(rhs, schema), schema, [], c);
    return c;
}
var isEmpty = function (x) { return x === undefined || x === null || (Array.isArray(x) ? x.length === 0 : (0, node_ts_1.isObject)(x) && Object.keys(x).length === 0); };
/** `l`/`r` undefined: absent on that side. */
function walk(l, r, schema, path, c) {
    var _a;
    var node = (0, node_ts_1.ssaNode)(schema);
    var shapeOk = function (x) { return x === undefined || x === null || (node.kind === 'list' || node.kind === 'set' ? Array.isArray(x) : (0, node_ts_1.isObject)(x)); };
    if (node.kind === 'leaf' || (isEmpty(l) && isEmpty(r)) || !shapeOk(l) || !shapeOk(r)) {
        if (path.length === 0)
            return;
        if (l === undefined)
            c.added.insert(path);
        else if (r === undefined)
            c.removed.insert(path);
        else if (!(0, values_ts_1.deepEqual)(l, r))
            c.modified.insert(path);
        return;
    }
    if (node.kind === 'struct' || node.kind === 'map') {
        var lo = (l !== null && l !== void 0 ? l : {});
        var ro = (r !== null && r !== void 0 ? r : {});
        for (var _i = 0, _b = new Set(__spreadArray(__spreadArray([], Object.keys(lo), true), Object.keys(ro), true)); _i < _b.length; _i++) {
            var k = _b[_i];
            var child = node.kind === 'struct' ? node.fields[k] : node.item;
            walk(lo[k], ro[k], child, __spreadArray(__spreadArray([], path, true), [{ field: k }], false), c);
        }
    }
    else {
        var li = indexItems(node, (l !== null && l !== void 0 ? l : []));
        var ri = indexItems(node, (r !== null && r !== void 0 ? r : []));
        for (var _c = 0, li_1 = li; _c < li_1.length; _c++) {
            var _d = li_1[_c], k = _d[0], _e = _d[1], element = _e.element, item = _e.item;
            walk(item, (_a = ri.get(k)) === null || _a === void 0 ? void 0 : _a.item, node.item, __spreadArray(__spreadArray([], path, true), [element], false), c);
        }
        for (var _f = 0, ri_1 = ri; _f < ri_1.length; _f++) {
            var _g = ri_1[_f], k = _g[0], _h = _g[1], element = _h.element, item = _h.item;
            if (!li.has(k))
                walk(undefined, item, node.item, __spreadArray(__spreadArray([], path, true), [element], false), c);
        }
    }
    if (path.length === 0)
        return;
    if (l === undefined)
        c.added.insert(path);
    else if (r === undefined)
        c.removed.insert(path);
}
/** Items by their path element; items without a usable key are left out (first one wins on duplicates). */
function indexItems(node, items) {
    var out = new Map();
    for (var _i = 0, items_1 = items; _i < items_1.length; _i++) {
        var item = items_1[_i];
        var element = (0, node_ts_1.itemElement)(node, item);
        if (typeof element === 'string')
            continue;
        var k = (0, path_ts_1.serializeElement)(element);
        if (!out.has(k))
            out.set(k, { element: element, item: item });
    }
    return out;
}
/** A copy of `obj` as Go would render it: non-pointer structs present, kept slices/maps `null`. */
function materialize(obj, schema) {
    var node = (0, node_ts_1.ssaNode)(schema);
    if (node.kind === 'struct' && (0, node_ts_1.isObject)(obj)) {
        var out = {};
        for (var _i = 0, _a = Object.entries(obj); _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], child = _b[1];
            out[k] = materialize(child, node.fields[k]);
        }
        for (var _c = 0, _d = Object.entries(node.fields); _c < _d.length; _c++) {
            var _e = _d[_c], k = _e[0], field = _e[1];
            if (k in out)
                continue;
            var f = (0, node_ts_1.ssaNode)(field);
            if (f.kind === 'struct' && f.value)
                out[k] = materialize({}, field);
            else if (f.kind !== 'struct' && f.kind !== 'leaf' && (0, node_ts_1.keptWhenEmpty)(field))
                out[k] = null;
        }
        return out;
    }
    if (node.kind === 'map' && (0, node_ts_1.isObject)(obj))
        return Object.fromEntries(Object.entries(obj).map(function (_a) {
            var k = _a[0], x = _a[1];
            return [k, materialize(x, node.item)];
        }));
    if ((node.kind === 'list' || node.kind === 'set') && Array.isArray(obj))
        return obj.map(function (x) { return materialize(x, node.item); });
    return obj;
}
