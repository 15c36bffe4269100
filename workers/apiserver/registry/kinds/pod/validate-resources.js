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
exports.validateResources = validateResources;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var validation_ts_1 = require("../../validation.ts");
var messages_ts_1 = require("./messages.ts");
var quantity_ts_1 = require("./quantity.ts");
var CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
var STANDARD_RESOURCES = new Set(__spreadArray(__spreadArray([], CONTAINER_RESOURCES, true), [
    'requests.cpu',
    'requests.memory',
    'requests.ephemeral-storage',
    'limits.cpu',
    'limits.memory',
    'limits.ephemeral-storage',
    'pods',
    'services',
    'replicationcontrollers',
    'resourcequotas',
    'secrets',
    'configmaps',
    'persistentvolumeclaims',
    'storage',
    'requests.storage',
    'services.nodeports',
    'services.loadbalancers',
], false));
var isHugePages = function (name) { return name.startsWith('hugepages-'); };
/** cpu, memory and other kubernetes.io resources may be requested below their limit; extended resources may not. */
var isNative = function (name) { return !name.includes('/') || name.includes('kubernetes.io/'); };
var overcommitAllowed = function (name) { return isNative(name) && !isHugePages(name); };
function validateResourceName(name, at) {
    var errs = (0, validation_ts_1.qualifiedName)(name).map(function (m) { return errors_ts_1.fieldErr.invalid(at, name, m); });
    if (errs.length)
        return errs;
    if (name.includes('/'))
        return [];
    if (!STANDARD_RESOURCES.has(name) && !isHugePages(name))
        errs.push(errors_ts_1.fieldErr.invalid(at, name, 'must be a standard resource type or fully qualified'));
    if (!CONTAINER_RESOURCES.has(name) && !isHugePages(name))
        errs.push(errors_ts_1.fieldErr.invalid(at, name, 'must be a standard resource for containers'));
    return errs;
}
function validateQuantity(q, at) {
    var n = (0, quantity_ts_1.nanoUnits)(q);
    return n !== undefined && n < 0n ? [errors_ts_1.fieldErr.invalid(at, String(q), messages_ts_1.NEGATIVE)] : [];
}
function validateResources(r, claimNames, at) {
    var _a, _b, _c;
    var errs = [];
    var limits = (_a = r === null || r === void 0 ? void 0 : r.limits) !== null && _a !== void 0 ? _a : {};
    var requests = (_b = r === null || r === void 0 ? void 0 : r.requests) !== null && _b !== void 0 ? _b : {};
    // Go walks these maps in random order; sorted keys make the messages deterministic
    for (var _i = 0, _d = Object.keys(limits).sort(); _i < _d.length; _i++) {
        var name = _d[_i];
        var p = "".concat(at, ".limits[").concat(name, "]");
        errs.push.apply(errs, __spreadArray(__spreadArray([], validateResourceName(name, p), false), validateQuantity(limits[name], p), false));
    }
    for (var _e = 0, _f = Object.keys(requests).sort(); _e < _f.length; _e++) {
        var name = _f[_e];
        var p = "".concat(at, ".requests[").concat(name, "]");
        var q = requests[name];
        errs.push.apply(errs, __spreadArray(__spreadArray([], validateResourceName(name, p), false), validateQuantity(q, p), false));
        if (name in limits) {
            var cmp = (0, quantity_ts_1.compareQuantities)(q, limits[name]);
            if (cmp !== 0 && cmp !== undefined && !overcommitAllowed(name))
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".requests"), String(q), "must be equal to ".concat(name, " limit of ").concat(limits[name])));
            else if (cmp === 1)
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".requests"), String(q), "must be less than or equal to ".concat(name, " limit of ").concat(limits[name])));
        }
        else if (!overcommitAllowed(name)) {
            errs.push(errors_ts_1.fieldErr.required("".concat(at, ".limits"), 'Limit must be set for non overcommitable resources'));
        }
    }
    var seen = new Set();
    ((_c = r === null || r === void 0 ? void 0 : r.claims) !== null && _c !== void 0 ? _c : []).forEach(function (c, i) {
        var _a;
        var p = "".concat(at, ".claims[").concat(i, "]");
        var name = (_a = c.name) !== null && _a !== void 0 ? _a : '';
        if (!name)
            errs.push(errors_ts_1.fieldErr.required(p));
        else if (seen.has(name))
            errs.push(errors_ts_1.fieldErr.duplicate(p, name));
        else if (!claimNames.has(name))
            errs.push(errors_ts_1.fieldErr.notFound(p, name));
        seen.add(name);
    });
    return errs;
}
