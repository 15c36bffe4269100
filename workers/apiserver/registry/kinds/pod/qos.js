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
exports.computeQosClass = computeQosClass;
var quantity_ts_1 = require("./quantity.ts");
var QOS_RESOURCES = ['cpu', 'memory'];
function computeQosClass(pod) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k;
    var requests = new Map();
    var limits = new Map();
    var guaranteed = true;
    var add = function (m, name, n) { var _a; return m.set(name, ((_a = m.get(name)) !== null && _a !== void 0 ? _a : 0n) + n); };
    var _loop_1 = function (c) {
        for (var _p = 0, _q = Object.entries((_f = (_e = c.resources) === null || _e === void 0 ? void 0 : _e.requests) !== null && _f !== void 0 ? _f : {}); _p < _q.length; _p++) {
            var _r = _q[_p], name = _r[0], q = _r[1];
            var n = (_g = (0, quantity_ts_1.nanoUnits)(q)) !== null && _g !== void 0 ? _g : 0n;
            if (QOS_RESOURCES.includes(name) && n > 0n)
                add(requests, name, n);
        }
        var limited = new Set();
        for (var _s = 0, _t = Object.entries((_j = (_h = c.resources) === null || _h === void 0 ? void 0 : _h.limits) !== null && _j !== void 0 ? _j : {}); _s < _t.length; _s++) {
            var _u = _t[_s], name = _u[0], q = _u[1];
            var n = (_k = (0, quantity_ts_1.nanoUnits)(q)) !== null && _k !== void 0 ? _k : 0n;
            if (QOS_RESOURCES.includes(name) && n > 0n) {
                limited.add(name);
                add(limits, name, n);
            }
        }
        if (!QOS_RESOURCES.every(function (r) { return limited.has(r); }))
            guaranteed = false;
    };
    for (var _i = 0, _l = __spreadArray(__spreadArray([], ((_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.initContainers) !== null && _b !== void 0 ? _b : []), true), ((_d = (_c = pod.spec) === null || _c === void 0 ? void 0 : _c.containers) !== null && _d !== void 0 ? _d : []), true); _i < _l.length; _i++) {
        var c = _l[_i];
        _loop_1(c);
    }
    if (requests.size === 0 && limits.size === 0)
        return 'BestEffort';
    if (guaranteed)
        for (var _m = 0, requests_1 = requests; _m < requests_1.length; _m++) {
            var _o = requests_1[_m], name = _o[0], n = _o[1];
            if (limits.get(name) !== n)
                guaranteed = false;
        }
    return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
