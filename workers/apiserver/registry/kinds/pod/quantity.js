"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.nanoUnits = nanoUnits;
exports.compareQuantities = compareQuantities;
/**
 * Exact comparison of resource quantities ("500m", "1Gi", "1e3", 2): enough for QoS and the
 * requests <= limits rule. Values are BigInt nano-units, the finest unit a Quantity keeps.
 * (To move into the shared quantity module when there is one.)
 */
var QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;
var DECIMAL = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
var BINARY = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
/** The value in nano-units (rounded up, as Kubernetes rounds), or undefined when unparsable. */
function nanoUnits(q) {
    if (q === null || q === undefined)
        return undefined;
    var m = QUANTITY.exec(typeof q === 'number' ? String(q) : q);
    if (!m)
        return undefined;
    var sign = m[1], num = m[2], _a = m[3], suffix = _a === void 0 ? '' : _a;
    var _b = num.split('.'), int = _b[0], _c = _b[1], frac = _c === void 0 ? '' : _c;
    var exp10 = 9 - frac.length;
    var mult = 1n;
    if (suffix in BINARY)
        mult = 1n << BigInt(BINARY[suffix]);
    else if (suffix in DECIMAL)
        exp10 += DECIMAL[suffix];
    else
        exp10 += Number(suffix.slice(1));
    var value = BigInt(int + frac || '0') * mult;
    if (exp10 >= 0)
        value *= Math.pow(10n, BigInt(exp10));
    else {
        var d = Math.pow(10n, BigInt(-exp10));
        value = (value + d - 1n) / d;
    }
    return sign === '-' ? -value : value;
}
/** -1, 0 or 1; undefined when either side is unparsable. */
function compareQuantities(a, b) {
    var x = nanoUnits(a);
    var y = nanoUnits(b);
    if (x === undefined || y === undefined)
        return undefined;
    return x < y ? -1 : x > y ? 1 : 0;
}
