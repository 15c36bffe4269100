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
exports.referencedNames = referencedNames;
function referencedNames(spec, kind) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z;
    var names = new Set();
    var add = function (n) { return n && names.add(n); };
    if (kind === 'serviceaccounts') {
        add(spec.serviceAccountName || 'default');
        return names;
    }
    var containers = __spreadArray(__spreadArray(__spreadArray([], ((_a = spec.initContainers) !== null && _a !== void 0 ? _a : []), true), ((_b = spec.containers) !== null && _b !== void 0 ? _b : []), true), ((_c = spec.ephemeralContainers) !== null && _c !== void 0 ? _c : []), true);
    if (kind === 'secrets') {
        for (var _i = 0, _0 = (_d = spec.imagePullSecrets) !== null && _d !== void 0 ? _d : []; _i < _0.length; _i++) {
            var s = _0[_i];
            add(s.name);
        }
        for (var _1 = 0, _2 = (_e = spec.volumes) !== null && _e !== void 0 ? _e : []; _1 < _2.length; _1++) {
            var v = _2[_1];
            add((_f = v.secret) === null || _f === void 0 ? void 0 : _f.secretName);
            for (var _3 = 0, _4 = (_h = (_g = v.projected) === null || _g === void 0 ? void 0 : _g.sources) !== null && _h !== void 0 ? _h : []; _3 < _4.length; _3++) {
                var src = _4[_3];
                add((_j = src.secret) === null || _j === void 0 ? void 0 : _j.name);
            }
        }
        for (var _5 = 0, containers_1 = containers; _5 < containers_1.length; _5++) {
            var c = containers_1[_5];
            for (var _6 = 0, _7 = (_k = c.env) !== null && _k !== void 0 ? _k : []; _6 < _7.length; _6++) {
                var e = _7[_6];
                add((_m = (_l = e.valueFrom) === null || _l === void 0 ? void 0 : _l.secretKeyRef) === null || _m === void 0 ? void 0 : _m.name);
            }
            for (var _8 = 0, _9 = (_o = c.envFrom) !== null && _o !== void 0 ? _o : []; _8 < _9.length; _8++) {
                var e = _9[_8];
                add((_p = e.secretRef) === null || _p === void 0 ? void 0 : _p.name);
            }
        }
    }
    else {
        for (var _10 = 0, _11 = (_q = spec.volumes) !== null && _q !== void 0 ? _q : []; _10 < _11.length; _10++) {
            var v = _11[_10];
            add((_r = v.configMap) === null || _r === void 0 ? void 0 : _r.name);
            for (var _12 = 0, _13 = (_t = (_s = v.projected) === null || _s === void 0 ? void 0 : _s.sources) !== null && _t !== void 0 ? _t : []; _12 < _13.length; _12++) {
                var src = _13[_12];
                add((_u = src.configMap) === null || _u === void 0 ? void 0 : _u.name);
            }
        }
        for (var _14 = 0, containers_2 = containers; _14 < containers_2.length; _14++) {
            var c = containers_2[_14];
            for (var _15 = 0, _16 = (_v = c.env) !== null && _v !== void 0 ? _v : []; _15 < _16.length; _15++) {
                var e = _16[_15];
                add((_x = (_w = e.valueFrom) === null || _w === void 0 ? void 0 : _w.configMapKeyRef) === null || _x === void 0 ? void 0 : _x.name);
            }
            for (var _17 = 0, _18 = (_y = c.envFrom) !== null && _y !== void 0 ? _y : []; _17 < _18.length; _17++) {
                var e = _18[_17];
                add((_z = e.configMapRef) === null || _z === void 0 ? void 0 : _z.name);
            }
        }
    }
    return names;
}
