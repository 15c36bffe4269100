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
exports.validatePodUpdate = validatePodUpdate;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var messages_ts_1 = require("./messages.ts");
var UPDATABLE = '`spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';
var canonical = function (x) { return JSON.stringify(x, function (_k, v) { return (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(function (_a, _b) {
    var a = _a[0];
    var b = _b[0];
    return (a < b ? -1 : 1);
})) : v); }); };
/** Semantic equality: absent, null, empty list and empty map are the same zero value. */
function zeroless(x) {
    if (Array.isArray(x))
        return x.length ? x.map(zeroless) : undefined;
    if (x && typeof x === 'object') {
        var out = {};
        for (var _i = 0, _a = Object.entries(x); _i < _a.length; _i++) {
            var _b = _a[_i], k = _b[0], v = _b[1];
            var z = zeroless(v);
            if (z !== undefined && z !== null)
                out[k] = z;
        }
        return Object.keys(out).length ? out : undefined;
    }
    return x !== null && x !== void 0 ? x : undefined;
}
var same = function (a, b) { return canonical(zeroless(a)) === canonical(zeroless(b)); };
function containerUpdates(next, prev, at) {
    var _a, _b;
    if (((_a = next === null || next === void 0 ? void 0 : next.length) !== null && _a !== void 0 ? _a : 0) !== ((_b = prev === null || prev === void 0 ? void 0 : prev.length) !== null && _b !== void 0 ? _b : 0))
        return { errs: [errors_ts_1.fieldErr.forbidden(at, 'pod updates may not add or remove containers')], stop: true };
    var errs = [];
    (next !== null && next !== void 0 ? next : []).forEach(function (c, i) {
        var _a;
        var image = (_a = c.image) !== null && _a !== void 0 ? _a : '';
        if (!image)
            errs.push(errors_ts_1.fieldErr.required("".concat(at, "[").concat(i, "].image")));
        if (image.trim() !== image)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, "[").concat(i, "].image"), image, 'must not have leading or trailing whitespace'));
    });
    return { errs: errs, stop: false };
}
function onlyAddedTolerations(next, prev) {
    var _loop_1 = function (old) {
        // tolerationSeconds may change; everything else of an existing toleration stays
        var kept = (next !== null && next !== void 0 ? next : []).some(function (t) { return same(__assign(__assign({}, old), { tolerationSeconds: t.tolerationSeconds }), t); });
        if (!kept)
            return { value: [errors_ts_1.fieldErr.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds')] };
    };
    for (var _i = 0, _a = prev !== null && prev !== void 0 ? prev : []; _i < _a.length; _i++) {
        var old = _a[_i];
        var state_1 = _loop_1(old);
        if (typeof state_1 === "object")
            return state_1.value;
    }
    return [];
}
function onlyDeletedGates(next, prev) {
    var old = new Set((prev !== null && prev !== void 0 ? prev : []).map(function (g) { return g.name; }));
    return (next !== null && next !== void 0 ? next : []).flatMap(function (g, i) { var _a; return old.has(g.name) ? [] : [errors_ts_1.fieldErr.forbidden("spec.schedulingGates[".concat(i, "].name"), "only deletion is allowed, but found new scheduling gate '".concat((_a = g.name) !== null && _a !== void 0 ? _a : '', "'"))]; });
}
/** A short, readable stand-in for the cmp.Diff Kubernetes appends: one -/+ pair per changed field. */
function specDiff(old, next) {
    var keys = __spreadArray([], new Set(__spreadArray(__spreadArray([], Object.keys(old), true), Object.keys(next), true)), true).sort();
    var goName = function (k) { return k[0].toUpperCase() + k.slice(1); };
    var lines = ['  core.PodSpec{'];
    for (var _i = 0, keys_1 = keys; _i < keys_1.length; _i++) {
        var k = keys_1[_i];
        var a = old[k];
        var b = next[k];
        if (same(a, b))
            continue;
        lines.push("- \t".concat(goName(k), ": ").concat(JSON.stringify(a !== null && a !== void 0 ? a : null), ","), "+ \t".concat(goName(k), ": ").concat(JSON.stringify(b !== null && b !== void 0 ? b : null), ","));
    }
    lines.push('  }', '');
    return lines.join('\n');
}
function validatePodUpdate(pod, old) {
    var _a, _b, _c, _d, _e;
    var spec = (_a = pod.spec) !== null && _a !== void 0 ? _a : {};
    var prev = (_b = old.spec) !== null && _b !== void 0 ? _b : {};
    var errs = [];
    for (var _i = 0, _f = ['containers', 'initContainers']; _i < _f.length; _i++) {
        var kind = _f[_i];
        var r = containerUpdates(spec[kind], prev[kind], "spec.".concat(kind));
        errs.push.apply(errs, r.errs);
        if (r.stop)
            return errs;
    }
    var deadline = spec.activeDeadlineSeconds;
    if (deadline != null) {
        if (deadline < 0 || deadline > messages_ts_1.MAX_INT32)
            return __spreadArray(__spreadArray([], errs, true), [errors_ts_1.fieldErr.invalid('spec.activeDeadlineSeconds', deadline, (0, messages_ts_1.inclusiveRange)(0, messages_ts_1.MAX_INT32))], false);
        if (prev.activeDeadlineSeconds != null && prev.activeDeadlineSeconds < deadline)
            return __spreadArray(__spreadArray([], errs, true), [errors_ts_1.fieldErr.invalid('spec.activeDeadlineSeconds', deadline, 'must be less than or equal to previous value')], false);
    }
    else if (prev.activeDeadlineSeconds != null) {
        errs.push(errors_ts_1.fieldErr.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
    }
    errs.push.apply(errs, onlyAddedTolerations(spec.tolerations, prev.tolerations));
    errs.push.apply(errs, onlyDeletedGates(spec.schedulingGates, prev.schedulingGates));
    if (same(spec, prev))
        return errs;
    // take the updatable fields from the old spec; whatever still differs may not change
    var munged = structuredClone(spec);
    munged.containers = (_c = munged.containers) === null || _c === void 0 ? void 0 : _c.map(function (c, i) { var _a, _b; return (__assign(__assign({}, c), { image: (_b = (_a = prev.containers) === null || _a === void 0 ? void 0 : _a[i]) === null || _b === void 0 ? void 0 : _b.image })); });
    munged.initContainers = (_d = munged.initContainers) === null || _d === void 0 ? void 0 : _d.map(function (c, i) { var _a, _b; return (__assign(__assign({}, c), { image: (_b = (_a = prev.initContainers) === null || _a === void 0 ? void 0 : _a[i]) === null || _b === void 0 ? void 0 : _b.image })); });
    munged.activeDeadlineSeconds = prev.activeDeadlineSeconds;
    munged.schedulingGates = prev.schedulingGates;
    munged.tolerations = prev.tolerations;
    if (((_e = prev.terminationGracePeriodSeconds) !== null && _e !== void 0 ? _e : 0) < 0 && munged.terminationGracePeriodSeconds === 1)
        munged.terminationGracePeriodSeconds = prev.terminationGracePeriodSeconds;
    if (!same(munged, prev))
        errs.push(errors_ts_1.fieldErr.forbidden('spec', "pod updates may not change fields other than ".concat(UPDATABLE, "\n").concat(specDiff(prev, munged))));
    return errs;
}
