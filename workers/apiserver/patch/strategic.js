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
exports.strategicMerge = strategicMerge;
var walk_ts_1 = require("../../../lib/schema/walk.ts");
var errors_ts_1 = require("../../../lib/errors.ts");
var errors_ts_2 = require("./errors.ts");
var strategic_lists_ts_1 = require("./strategic-lists.ts");
var RETAIN_KEYS = '$retainKeys';
var DELETE_FROM = '$deleteFromPrimitiveList';
var SET_ORDER = '$setElementOrder';
function fieldInfo(parent, key) {
    var _a, _b;
    var schema = parent ? (0, walk_ts_1.child)(parent, key) : undefined;
    if (!schema)
        return { schema: schema, item: undefined, merge: false, replace: false, mergeKey: '' };
    var s = (0, walk_ts_1.shape)(schema);
    var strategies = ((_a = s.meta.patchStrategy) !== null && _a !== void 0 ? _a : '').split(',');
    var item = s.kind === 'array' ? s.item : s.kind === 'record' ? s.value : undefined;
    return { schema: schema, item: item, merge: strategies.includes('merge'), replace: strategies.includes('replace'), mergeKey: (_b = s.meta.patchMergeKey) !== null && _b !== void 0 ? _b : '' };
}
var itemSchema = function (list) {
    if (!list)
        return undefined;
    var s = (0, walk_ts_1.shape)(list);
    return s.kind === 'array' ? s.item : undefined;
};
/** `$deleteFromPrimitiveList/finalizers` → `finalizers`. */
function extractKey(k, prefix) {
    var i = k.indexOf('/');
    if (i < 0 || k.slice(0, i) !== prefix) {
        throw (0, errors_ts_2.badStrategicPatch)(prefix === DELETE_FROM ? 'invalid patch format of primitive list' : 'invalid patch format of setElementOrder list');
    }
    return k.slice(i + 1);
}
/** `$patch` inside an object: replace keeps the patch as the value, delete empties it. */
function objectDirective(directive, patch) {
    if (directive === 'replace') {
        delete patch[strategic_lists_ts_1.DIRECTIVE];
        return patch;
    }
    if (directive === 'delete')
        return {};
    throw (0, errors_ts_2.badStrategicPatch)("unknown patch type: ".concat((0, errors_ts_2.goFormat)(directive), " in map: ").concat((0, errors_ts_2.goFormat)(patch)));
}
/** `$retainKeys`: clear live keys not named; every non-null patch key must be named. */
function retainKeys(original, patch) {
    if (!(RETAIN_KEYS in patch))
        return;
    var list = patch[RETAIN_KEYS];
    delete patch[RETAIN_KEYS];
    if (!Array.isArray(list))
        throw (0, errors_ts_2.badStrategicPatch)('invalid patch format of retainKeys');
    var keep = new Set(list);
    for (var _i = 0, _a = Object.entries(patch); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], val = _b[1];
        if (val === null || k.startsWith("".concat(DELETE_FROM, "/")) || k.startsWith("".concat(SET_ORDER, "/")))
            continue;
        if (!keep.has(k))
            throw (0, errors_ts_2.badStrategicPatch)('invalid patch format of retainKeys');
    }
    for (var _c = 0, _d = Object.keys(original); _c < _d.length; _c++) {
        var k = _d[_c];
        if (!keep.has(k))
            delete original[k];
    }
}
/** `$setElementOrder/<f>`: merges `<f>` now and orders it; both keys leave the patch. */
function setElementOrders(original, patch, schema) {
    for (var _i = 0, _a = Object.keys(patch); _i < _a.length; _i++) {
        var k = _a[_i];
        if (!k.startsWith("".concat(SET_ORDER, "/")))
            continue;
        var order = patch[k];
        if (!Array.isArray(order))
            throw (0, errors_ts_2.badStrategicPatch)('invalid patch format of setElementOrder list');
        var key = extractKey(k, SET_ORDER);
        var info = fieldInfo(schema, key);
        var live = original[key];
        var pl = patch[key];
        if (live !== undefined && live !== null && !Array.isArray(live))
            throw (0, errors_ts_2.badStrategicPatch)("expected a []interface {}, but received a ".concat(typeof live));
        if (pl !== undefined && pl !== null && !Array.isArray(pl))
            throw (0, errors_ts_2.badStrategicPatch)("expected a []interface {}, but received a ".concat(typeof pl));
        var liveList = (live !== null && live !== void 0 ? live : []);
        var patchList = (pl !== null && pl !== void 0 ? pl : []);
        delete patch[k];
        if (pl === null)
            continue; // an explicit null deletes the list; the main loop does it
        delete patch[key];
        var merged = void 0;
        if (info.merge) {
            (0, strategic_lists_ts_1.checkSetElementOrder)(patchList, order, info.mergeKey);
            merged = mergeList(liveList, patchList, info, false);
        }
        else
            merged = pl !== undefined ? patchList : liveList;
        var kind = (0, strategic_lists_ts_1.elementKind)(liveList, patchList, merged);
        if (kind) {
            var _b = (0, strategic_lists_ts_1.partition)(merged, order, info.mergeKey && kind === 'map' ? info.mergeKey : ''), inOrder = _b[0], serverOnly = _b[1];
            merged = (0, strategic_lists_ts_1.normalizeOrder)(inOrder, serverOnly, order, liveList, info.mergeKey, kind);
        }
        if (live !== undefined || merged.length)
            original[key] = merged;
    }
}
/** `{key: v, $patch: delete}` and `{$patch: replace}` elements of an object merge list. */
function listDirectives(original, patch, key) {
    var rest = [];
    var replace = false;
    var _loop_1 = function (el) {
        if (!(0, strategic_lists_ts_1.isObject)(el) || !(strategic_lists_ts_1.DIRECTIVE in el)) {
            rest.push(el);
            return "continue";
        }
        switch (el[strategic_lists_ts_1.DIRECTIVE]) {
            case 'delete': {
                if (!(key in el))
                    throw (0, strategic_lists_ts_1.noMergeKey)(el, key);
                original = original.filter(function (o) { return !((0, strategic_lists_ts_1.isObject)(o) && key in o && (0, strategic_lists_ts_1.deepEqual)(o[key], el[key])); });
                break;
            }
            case 'replace':
                replace = true;
                break;
            case 'merge':
                throw (0, errors_ts_2.badStrategicPatch)('merging lists cannot yet be specified in the patch');
            default:
                throw (0, errors_ts_2.badStrategicPatch)("unknown patch type: ".concat((0, errors_ts_2.goFormat)(el[strategic_lists_ts_1.DIRECTIVE]), " in map: ").concat((0, errors_ts_2.goFormat)(el)));
        }
    };
    for (var _i = 0, patch_1 = patch; _i < patch_1.length; _i++) {
        var el = patch_1[_i];
        _loop_1(el);
    }
    return replace ? [rest, []] : [original, rest];
}
/** mergeSlice: a merge-strategy list (or a `$deleteFromPrimitiveList`). */
function mergeList(original, patch, info, isDeleteList) {
    if (!original.length && !patch.length)
        return original;
    var kind = (0, strategic_lists_ts_1.elementKind)(original, patch);
    if (kind === 'scalar' || kind === undefined) {
        if (isDeleteList)
            return original.filter(function (x) { return !patch.some(function (p) { return (0, strategic_lists_ts_1.deepEqual)(x, p); }); });
        var merged_1 = [];
        var _loop_2 = function (x) {
            if (!merged_1.some(function (m) { return (0, strategic_lists_ts_1.deepEqual)(m, x); }))
                merged_1.push(x);
        };
        for (var _i = 0, _a = __spreadArray(__spreadArray([], original, true), patch, true); _i < _a.length; _i++) {
            var x = _a[_i];
            _loop_2(x);
        }
        var _b = (0, strategic_lists_ts_1.partition)(merged_1, patch, ''), inPatch_1 = _b[0], serverOnly_1 = _b[1];
        return (0, strategic_lists_ts_1.normalizeOrder)(inPatch_1, serverOnly_1, patch, original, '', 'scalar');
    }
    var key = info.mergeKey;
    if (!key)
        throw (0, errors_ts_2.badStrategicPatch)("cannot merge lists without merge key for ".concat(info.schema ? 'the field' : 'an unknown field'));
    var _c = listDirectives(__spreadArray([], original, true), patch, key), base = _c[0], elements = _c[1];
    var merged = __spreadArray([], base, true);
    for (var _d = 0, elements_1 = elements; _d < elements_1.length; _d++) {
        var el = elements_1[_d];
        if (!(0, strategic_lists_ts_1.isObject)(el))
            throw (0, errors_ts_2.badStrategicPatch)("value for key ".concat(key, " is not a map"));
        if (!(key in el))
            throw (0, strategic_lists_ts_1.noMergeKey)(el, key);
        var at = (0, strategic_lists_ts_1.findByKey)(merged, key, el[key]);
        if (at >= 0)
            merged[at] = mergeObject(merged[at], el, info.item);
        else
            merged.push(fresh(el, info.item));
    }
    var _e = (0, strategic_lists_ts_1.partition)(merged, elements, key), inPatch = _e[0], serverOnly = _e[1];
    return (0, strategic_lists_ts_1.normalizeOrder)(inPatch, serverOnly, elements, base, key, 'map');
}
/**
 * A patch value for a key the live object lacks: nulls dropped and directives applied, as if
 * merged into an empty value (so no `$patch`/`$retainKeys` ever reaches storage).
 */
function fresh(value, schema) {
    var _a, _b;
    if ((0, strategic_lists_ts_1.isObject)(value))
        return mergeObject({}, value, schema);
    if (Array.isArray(value)) {
        var s = schema ? (0, walk_ts_1.shape)(schema) : undefined;
        var strategies = ((_a = s === null || s === void 0 ? void 0 : s.meta.patchStrategy) !== null && _a !== void 0 ? _a : '').split(',');
        if (strategies.includes('merge'))
            return mergeList([], value, { schema: schema, item: itemSchema(schema), merge: true, replace: false, mergeKey: (_b = s === null || s === void 0 ? void 0 : s.meta.patchMergeKey) !== null && _b !== void 0 ? _b : '' }, false);
        return value.map(function (x) { return ((0, strategic_lists_ts_1.isObject)(x) ? mergeObject({}, x, itemSchema(schema)) : x); });
    }
    return value;
}
/** mergeMap: merges `patch` into `original` (both owned by the caller) and returns the result. */
function mergeObject(original, patch, schema) {
    if (strategic_lists_ts_1.DIRECTIVE in patch)
        return objectDirective(patch[strategic_lists_ts_1.DIRECTIVE], patch);
    retainKeys(original, patch);
    setElementOrders(original, patch, schema);
    for (var _i = 0, _a = Object.entries(patch); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], pv = _b[1];
        var key = k;
        var isDeleteList = false;
        if (k.startsWith("".concat(DELETE_FROM, "/"))) {
            key = extractKey(k, DELETE_FROM);
            isDeleteList = true;
        }
        if (pv === null) {
            delete original[key];
            continue;
        }
        var info = fieldInfo(schema, key);
        var ov = original[key];
        var sameType = ov !== undefined && ov !== null && ((0, strategic_lists_ts_1.isObject)(ov) ? (0, strategic_lists_ts_1.isObject)(pv) : Array.isArray(ov) ? Array.isArray(pv) : !(0, strategic_lists_ts_1.isObject)(pv) && !Array.isArray(pv));
        if (!sameType) {
            if (isDeleteList)
                continue;
            if ((0, strategic_lists_ts_1.isObject)(pv) && pv[strategic_lists_ts_1.DIRECTIVE] === 'delete')
                delete original[key];
            else
                original[key] = fresh(pv, info.schema);
            continue;
        }
        if ((0, strategic_lists_ts_1.isObject)(ov))
            original[key] = info.replace ? pv : mergeObject(ov, pv, info.schema);
        else if (Array.isArray(ov))
            original[key] = info.merge || isDeleteList ? mergeList(ov, pv, info, isDeleteList) : fresh(pv, info.schema);
        else
            original[key] = pv;
    }
    return original;
}
/** Applies a strategic merge patch (a parsed JSON object) to `live` under the kind `schema`. */
function strategicMerge(live, patch, schema) {
    if (patch === null || patch === undefined)
        return structuredClone(live);
    if (!(0, strategic_lists_ts_1.isObject)(patch)) {
        var k = Array.isArray(patch) ? 'array' : typeof patch === 'boolean' ? 'bool' : typeof patch;
        throw (0, errors_ts_1.badRequest)("json: cannot unmarshal ".concat(k, " into Go value of type map[string]interface {}"));
    }
    var original = (0, strategic_lists_ts_1.isObject)(live) ? structuredClone(live) : {};
    return mergeObject(original, structuredClone(patch), schema);
}
