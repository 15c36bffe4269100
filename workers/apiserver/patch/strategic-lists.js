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
exports.noMergeKey = exports.isObject = exports.DIRECTIVE = void 0;
exports.deepEqual = deepEqual;
exports.elementKind = elementKind;
exports.findByKey = findByKey;
exports.partition = partition;
exports.splitDeletes = splitDeletes;
exports.normalizeOrder = normalizeOrder;
exports.checkSetElementOrder = checkSetElementOrder;
/**
 * Strategic merge patch, the list half: merging lists element by element (by patchMergeKey) or
 * as sets of scalars, the `{$patch: delete|replace}` list elements, and the ordering rules
 * (apimachinery strategicpatch): `$setElementOrder` first, then the patch's order, then the live
 * order; server-only items are slotted in by their live position.
 */
var errors_ts_1 = require("./errors.ts");
exports.DIRECTIVE = '$patch';
var isObject = function (x) { return typeof x === 'object' && x !== null && !Array.isArray(x); };
exports.isObject = isObject;
function deepEqual(a, b) {
    if (a === b)
        return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
        return false;
    if (Array.isArray(a) !== Array.isArray(b))
        return false;
    if (Array.isArray(a))
        return a.length === b.length && a.every(function (x, i) { return deepEqual(x, b[i]); });
    var ka = Object.keys(a);
    var kb = Object.keys(b);
    return ka.length === kb.length && ka.every(function (k) { return Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]); });
}
var noMergeKey = function (m, key) { return (0, errors_ts_1.badStrategicPatch)("map: ".concat((0, errors_ts_1.goFormat)(m), " does not contain declared merge key: ").concat(key)); };
exports.noMergeKey = noMergeKey;
/** The kind shared by every element of the lists (sliceElementType). */
function elementKind() {
    var lists = [];
    for (var _i = 0; _i < arguments.length; _i++) {
        lists[_i] = arguments[_i];
    }
    var kind;
    var first;
    for (var _a = 0, lists_1 = lists; _a < lists_1.length; _a++) {
        var list = lists_1[_a];
        for (var _b = 0, list_1 = list; _b < list_1.length; _b++) {
            var x = list_1[_b];
            if (Array.isArray(x))
                throw (0, errors_ts_1.patchNotApplicable)(); // lists of lists are not supported
            var t = (0, exports.isObject)(x) ? 'map' : x === null ? 'null' : typeof x;
            if (first === undefined)
                first = t;
            else if (first !== t)
                throw (0, errors_ts_1.badStrategicPatch)("list element types are not identical: ".concat((0, errors_ts_1.goFormat)(lists)));
            kind = t === 'map' ? 'map' : 'scalar';
        }
    }
    return kind;
}
/** findMapInSliceBasedOnKeyValue: the first element whose merge key equals `value`. */
function findByKey(list, key, value) {
    for (var i = 0; i < list.length; i++) {
        var el = list[i];
        if (!(0, exports.isObject)(el))
            throw (0, errors_ts_1.badStrategicPatch)("value for key ".concat(i, " is not a map"));
        if (Object.prototype.hasOwnProperty.call(el, key) && deepEqual(el[key], value))
            return i;
    }
    return -1;
}
var keyOf = function (x, key, kind) { return (kind === 'map' ? ((0, exports.isObject)(x) ? x[key] : undefined) : x); };
var indexIn = function (list, x, key, kind) {
    var want = keyOf(x, key, kind);
    return list.findIndex(function (y) { return deepEqual(keyOf(y, key, kind), want); });
};
/** Splits `list` into the elements present in `by` (by merge key or value) and the others. */
function partition(list, by, key) {
    var present = [];
    var others = [];
    var _loop_1 = function (x) {
        if (key) {
            if (!(0, exports.isObject)(x))
                throw (0, errors_ts_1.badStrategicPatch)("expected a map[string]interface {}, but received a ".concat(typeof x));
            if (!Object.prototype.hasOwnProperty.call(x, key))
                throw (0, exports.noMergeKey)(x, key);
            (findByKey(by, key, x[key]) >= 0 ? present : others).push(x);
        }
        else
            (by.some(function (y) { return deepEqual(x, y); }) ? present : others).push(x);
    };
    for (var _i = 0, list_2 = list; _i < list_2.length; _i++) {
        var x = list_2[_i];
        _loop_1(x);
    }
    return [present, others];
}
/** Elements of a merge list that carry `$patch: delete` (extractToDeleteItems). */
function splitDeletes(list) {
    var keep = [];
    var remove = [];
    for (var _i = 0, list_3 = list; _i < list_3.length; _i++) {
        var x = list_3[_i];
        if (!(0, exports.isObject)(x))
            throw (0, errors_ts_1.badStrategicPatch)("expected a map[string]interface {}, but received a ".concat(typeof x));
        (x[exports.DIRECTIVE] === 'delete' ? remove : keep).push(x);
    }
    return { keep: keep, remove: remove };
}
/** Sorts `toSort` by the positions in `order`, dropping what `order` marks `$patch: delete`. */
function sortBy(toSort, order, key, kind) {
    var removeList = [];
    if (kind === 'map') {
        for (var _i = 0, _a = __spreadArray(__spreadArray([], toSort, true), order, true); _i < _a.length; _i++) {
            var x = _a[_i];
            if (!(0, exports.isObject)(x) || !Object.prototype.hasOwnProperty.call(x, key))
                throw (0, exports.noMergeKey)(x, key);
        }
        removeList = splitDeletes(order).remove;
    }
    var ranked = toSort.map(function (x, i) { return ({ x: x, i: i, at: indexIn(order, x, key, kind) }); });
    ranked.sort(function (a, b) { return (a.at < 0 || b.at < 0 ? a.i - b.i : a.at - b.at || a.i - b.i); });
    var sorted = ranked.map(function (r) { return r.x; });
    return kind === 'map' ? partition(sorted, removeList, key)[1] : sorted;
}
/**
 * normalizeElementOrder: patch items in `patchOrder`, server-only items in `serverOrder`, then
 * the server-only items are inserted among the patch items where the live order puts them.
 */
function normalizeOrder(patchItems, serverOnly, patchOrder, serverOrder, key, kind) {
    var right = sortBy(patchItems, patchOrder, key, kind);
    var left = sortBy(serverOnly, serverOrder, key, kind);
    var out = [];
    var i = 0;
    var j = 0;
    while (i < left.length || j < right.length) {
        if (i >= left.length)
            out.push(right[j++]);
        else if (j >= right.length)
            out.push(left[i++]);
        else {
            var li = indexIn(serverOrder, left[i], key, kind);
            var ri = indexIn(serverOrder, right[j], key, kind);
            if (li >= 0 && ri >= 0 && li < ri)
                out.push(left[i++]);
            else
                out.push(right[j++]);
        }
    }
    return out;
}
/** The `$setElementOrder` list must list the patch's (non-delete) items in the same relative order. */
function checkSetElementOrder(patchList, order, key) {
    if (!order.length || !patchList.length)
        return;
    var items = key ? splitDeletes(patchList).keep : patchList;
    var p = 0;
    var o = 0;
    while (p < items.length && o < order.length) {
        var item = items[p];
        if ((0, exports.isObject)(item) && exports.DIRECTIVE in item) {
            p++;
            continue;
        }
        var equal = void 0;
        if (!key)
            equal = deepEqual(item, order[o]);
        else {
            var a = item;
            var b = order[o];
            if (!(0, exports.isObject)(b))
                throw (0, errors_ts_1.badStrategicPatch)("expected a map[string]interface {}, but received a ".concat(typeof b));
            if (!(key in a))
                throw (0, exports.noMergeKey)(a, key);
            if (!(key in b))
                throw (0, exports.noMergeKey)(b, key);
            equal = deepEqual(a[key], b[key]);
        }
        if (equal)
            p++;
        o++;
    }
    if (p < items.length && o >= order.length)
        throw (0, errors_ts_1.badStrategicPatch)("The order in patch list:\n".concat((0, errors_ts_1.goFormat)(patchList), "\n doesn't match $setElementOrder list:\n").concat((0, errors_ts_1.goFormat)(order), "\n"));
}
