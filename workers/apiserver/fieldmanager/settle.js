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
exports.settle = settle;
/** Mutates `managers` unless it returns conflicts (only when `force` is false). `self` is skipped. */
function settle(managers, self, changes, force) {
    var changed = changes.modified.union(changes.added);
    var conflicts = [];
    var taken = new Map();
    for (var _i = 0, _a = __spreadArray([], managers.keys(), true).sort(); _i < _a.length; _i++) {
        var id = _a[_i];
        if (id === self)
            continue;
        var m = managers.get(id);
        var lost = m.set.intersection(changed);
        if (lost.isEmpty())
            continue;
        taken.set(id, lost);
        for (var _b = 0, _c = lost.paths(); _b < _c.length; _b++) {
            var path = _c[_b];
            conflicts.push({ id: id, manager: m, path: path });
        }
    }
    if (conflicts.length && !force)
        return conflicts;
    for (var _d = 0, managers_1 = managers; _d < managers_1.length; _d++) {
        var _e = managers_1[_d], id = _e[0], m = _e[1];
        if (id === self)
            continue;
        var lost = taken.get(id);
        var set = (lost ? m.set.difference(lost) : m.set).difference(changes.removed);
        managers.set(id, __assign(__assign({}, m), { set: set }));
    }
    for (var _f = 0, managers_2 = managers; _f < managers_2.length; _f++) {
        var _g = managers_2[_f], id = _g[0], m = _g[1];
        if (m.set.isEmpty())
            managers.delete(id);
    }
    return [];
}
