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
exports.fromFieldsV1 = exports.toFieldsV1 = exports.FieldSet = void 0;
/**
 * A set of field paths (structured-merge-diff's fieldpath.Set) and its fieldsV1 encoding.
 *
 * Invariant: a node is in `children` only while it holds something, so `isEmpty()` is structural.
 * A path can be both a member and a prefix of other members; fieldsV1 then writes `.` under it.
 * Sets are values: every operation returns a new set.
 */
var path_ts_1 = require("./path.ts");
var FieldSet = /** @class */ (function () {
    function FieldSet() {
        this.members = new Map();
        this.children = new Map();
    }
    FieldSet.of = function () {
        var paths = [];
        for (var _i = 0; _i < arguments.length; _i++) {
            paths[_i] = arguments[_i];
        }
        var s = new FieldSet();
        for (var _a = 0, paths_1 = paths; _a < paths_1.length; _a++) {
            var p = paths_1[_a];
            s.insert(p);
        }
        return s;
    };
    /** Mutating: only while a set is being built. */
    FieldSet.prototype.insert = function (path) {
        if (path.length === 0)
            return;
        var head = path[0], rest = path.slice(1);
        var k = (0, path_ts_1.serializeElement)(head);
        if (rest.length === 0) {
            this.members.set(k, head);
            return;
        }
        var c = this.children.get(k);
        if (!c)
            this.children.set(k, (c = { element: head, set: new FieldSet() }));
        c.set.insert(rest);
    };
    FieldSet.prototype.has = function (path) {
        var _a;
        if (path.length === 0)
            return false;
        var k = (0, path_ts_1.serializeElement)(path[0]);
        return path.length === 1 ? this.members.has(k) : !!((_a = this.children.get(k)) === null || _a === void 0 ? void 0 : _a.set.has(path.slice(1)));
    };
    FieldSet.prototype.isEmpty = function () {
        return this.members.size === 0 && this.children.size === 0;
    };
    /** The subset below one element (empty when there is none). */
    FieldSet.prototype.child = function (e) {
        var _a, _b;
        return (_b = (_a = this.children.get((0, path_ts_1.serializeElement)(e))) === null || _a === void 0 ? void 0 : _a.set) !== null && _b !== void 0 ? _b : EMPTY;
    };
    FieldSet.prototype.hasMember = function (e) {
        return this.members.has((0, path_ts_1.serializeElement)(e));
    };
    FieldSet.prototype.union = function (o) {
        var out = new FieldSet();
        for (var _i = 0, _a = [this, o]; _i < _a.length; _i++) {
            var s = _a[_i];
            for (var _b = 0, _c = s.members; _b < _c.length; _b++) {
                var _d = _c[_b], k = _d[0], e = _d[1];
                out.members.set(k, e);
            }
        }
        for (var _e = 0, _f = this.children; _e < _f.length; _e++) {
            var _g = _f[_e], k = _g[0], c = _g[1];
            out.children.set(k, { element: c.element, set: c.set.union(o.child(c.element)) });
        }
        for (var _h = 0, _j = o.children; _h < _j.length; _h++) {
            var _k = _j[_h], k = _k[0], c = _k[1];
            if (!out.children.has(k))
                out.children.set(k, c);
        }
        return out;
    };
    /** Members of this set that `o` does not have as members (children compared recursively). */
    FieldSet.prototype.difference = function (o) {
        return this.filtered(function (k) { return !o.members.has(k); }, function (c) { return c.set.difference(o.child(c.element)); });
    };
    FieldSet.prototype.intersection = function (o) {
        return this.filtered(function (k) { return o.members.has(k); }, function (c) { return c.set.intersection(o.child(c.element)); });
    };
    /** Removes every path that is a member of `o` or lies below one. */
    FieldSet.prototype.recursiveDifference = function (o) {
        return this.filtered(function (k) { return !o.members.has(k); }, function (c, k) { return (o.members.has(k) ? EMPTY : c.set.recursiveDifference(o.child(c.element))); });
    };
    FieldSet.prototype.filtered = function (keepMember, mapChild) {
        var out = new FieldSet();
        for (var _i = 0, _a = this.members; _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], e = _b[1];
            if (keepMember(k))
                out.members.set(k, e);
        }
        for (var _c = 0, _d = this.children; _c < _d.length; _c++) {
            var _e = _d[_c], k = _e[0], c = _e[1];
            var set = mapChild(c, k);
            if (!set.isEmpty())
                out.children.set(k, { element: c.element, set: set });
        }
        return out;
    };
    /** Member paths in structured-merge-diff's iteration order: a level's members, then its children. */
    FieldSet.prototype.paths = function (prefix) {
        if (prefix === void 0) { prefix = []; }
        var out = [];
        for (var _i = 0, _a = sortedValues(this.members); _i < _a.length; _i++) {
            var e = _a[_i];
            out.push(__spreadArray(__spreadArray([], prefix, true), [e], false));
        }
        for (var _b = 0, _c = sortedChildren(this.children); _b < _c.length; _b++) {
            var c = _c[_b];
            out.push.apply(out, c.set.paths(__spreadArray(__spreadArray([], prefix, true), [c.element], false)));
        }
        return out;
    };
    /** Entries in sorted order, each with its member flag and subset (for walks along a schema). */
    FieldSet.prototype.entries = function () {
        var all = new Map();
        for (var _i = 0, _a = this.members; _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], e = _b[1];
            all.set(k, { element: e, member: true, set: EMPTY });
        }
        for (var _c = 0, _d = this.children; _c < _d.length; _c++) {
            var _e = _d[_c], k = _e[0], c = _e[1];
            all.set(k, { element: c.element, member: this.members.has(k), set: c.set });
        }
        return __spreadArray([], all.values(), true).sort(function (a, b) { return (0, path_ts_1.compareElements)(a.element, b.element); });
    };
    /** The fieldsV1 object: `.` first, then elements in order, leaves as `{}`. */
    FieldSet.prototype.toFieldsV1 = function () {
        var out = {};
        for (var _i = 0, _a = this.entries(); _i < _a.length; _i++) {
            var _b = _a[_i], element = _b.element, member = _b.member, set = _b.set;
            var inner = set.toFieldsV1();
            out[(0, path_ts_1.serializeElement)(element)] = member && !set.isEmpty() ? __assign({ '.': {} }, inner) : inner;
        }
        return out;
    };
    FieldSet.fromFieldsV1 = function (json) {
        var out = new FieldSet();
        if (json === null || typeof json !== 'object' || Array.isArray(json))
            throw new Error('fieldsV1 must be an object');
        for (var _i = 0, _a = Object.entries(json); _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], inner = _b[1];
            if (k === '.')
                continue;
            var element = (0, path_ts_1.parseElement)(k);
            var set = FieldSet.fromFieldsV1(inner);
            var self_1 = Object.prototype.hasOwnProperty.call(inner, '.');
            if (set.isEmpty() || self_1)
                out.members.set((0, path_ts_1.serializeElement)(element), element);
            if (!set.isEmpty())
                out.children.set((0, path_ts_1.serializeElement)(element), { element: element, set: set });
        }
        return out;
    };
    return FieldSet;
}());
exports.FieldSet = FieldSet;
var EMPTY = new FieldSet();
var sortedValues = function (m) { return __spreadArray([], m.values(), true).sort(path_ts_1.compareElements); };
var sortedChildren = function (m) { return __spreadArray([], m.values(), true).sort(function (a, b) { return (0, path_ts_1.compareElements)(a.element, b.element); }); };
var toFieldsV1 = function (set) { return set.toFieldsV1(); };
exports.toFieldsV1 = toFieldsV1;
var fromFieldsV1 = function (json) { return FieldSet.fromFieldsV1(json); };
exports.fromFieldsV1 = fromFieldsV1;
