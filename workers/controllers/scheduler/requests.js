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
exports.amount = amount;
exports.amounts = amounts;
exports.podRequests = podRequests;
var quantity_ts_1 = require("../../apiserver/registry/kinds/pod/quantity.ts");
/** Requests used for scoring only, for containers that state none (100m cpu, 200Mi memory). */
var DEFAULT_CPU_MILLI = 100;
var DEFAULT_MEMORY = 200 * 1024 * 1024;
function amount(resource, q) {
    var n = (0, quantity_ts_1.nanoUnits)(q);
    if (n === undefined || n <= 0n)
        return 0;
    return resource === 'cpu' ? Number((n + 999999n) / 1000000n) : Number((n + 999999999n) / 1000000000n);
}
function amounts(list) {
    var out = {};
    for (var _i = 0, _a = Object.entries(list !== null && list !== void 0 ? list : {}); _i < _a.length; _i++) {
        var _b = _a[_i], k = _b[0], q = _b[1];
        out[k] = amount(k, q);
    }
    return out;
}
function add(into, more) {
    var _a;
    for (var _i = 0, _b = Object.entries(more); _i < _b.length; _i++) {
        var _c = _b[_i], k = _c[0], v = _c[1];
        into[k] = ((_a = into[k]) !== null && _a !== void 0 ? _a : 0) + v;
    }
}
function atLeast(into, other) {
    var _a;
    for (var _i = 0, _b = Object.entries(other); _i < _b.length; _i++) {
        var _c = _b[_i], k = _c[0], v = _c[1];
        if (v > ((_a = into[k]) !== null && _a !== void 0 ? _a : 0))
            into[k] = v;
    }
}
function containerRequests(c, nonZero) {
    var _a;
    var r = amounts((_a = c.resources) === null || _a === void 0 ? void 0 : _a.requests);
    if (nonZero) {
        if (!r.cpu)
            r.cpu = DEFAULT_CPU_MILLI;
        if (!r.memory)
            r.memory = DEFAULT_MEMORY;
    }
    return r;
}
/**
 * The pod's requests; with `nonZero`, containers without cpu or memory requests count the
 * defaults above, as the scoring plugins do so that best-effort pods still spread.
 */
function podRequests(pod, nonZero) {
    var _a, _b, _c, _d, _e;
    if (nonZero === void 0) { nonZero = false; }
    var total = {};
    for (var _i = 0, _f = (_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.containers) !== null && _b !== void 0 ? _b : []; _i < _f.length; _i++) {
        var c = _f[_i];
        add(total, containerRequests(c, nonZero));
    }
    var sidecars = {};
    var init = {};
    for (var _g = 0, _h = (_d = (_c = pod.spec) === null || _c === void 0 ? void 0 : _c.initContainers) !== null && _d !== void 0 ? _d : []; _g < _h.length; _g++) {
        var c = _h[_g];
        var r = containerRequests(c, nonZero);
        if (c.restartPolicy === 'Always') {
            add(total, r);
            add(sidecars, r);
            atLeast(init, sidecars);
        }
        else {
            var running = __assign({}, r);
            add(running, sidecars);
            atLeast(init, running);
        }
    }
    atLeast(total, init);
    add(total, amounts((_e = pod.spec) === null || _e === void 0 ? void 0 : _e.overhead));
    return total;
}
