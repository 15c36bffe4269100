"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.fieldsMatch = void 0;
exports.parseFieldSelector = parseFieldSelector;
exports.matchesFields = matchesFields;
exports.unsupportedFieldLabel = unsupportedFieldLabel;
exports.checkFieldSelector = checkFieldSelector;
exports.fieldSelectorToString = fieldSelectorToString;
/**
 * Field selectors, as apimachinery's fields package: `a=b`, `a==b`, `a!=b`, comma-separated.
 * In values, `\,` `\=` `\\` are escapes; an unescaped `,` or `=` in a value is an error. The
 * left-hand side is taken verbatim up to the first operator. Which fields a resource supports is
 * the caller's knowledge: check with `checkFieldSelector`, which throws Kubernetes' 400.
 */
var errors_ts_1 = require("../errors.ts");
/** Backslash-escaped commas are data, not separators (the backslash is kept for unescape). */
function splitTerms(s) {
    if (s === '')
        return [];
    var terms = [];
    var start = 0;
    var inSlash = false;
    for (var i = 0; i < s.length; i++) {
        var c = s[i];
        if (inSlash)
            inSlash = false;
        else if (c === '\\')
            inSlash = true;
        else if (c === ',') {
            terms.push(s.slice(start, i));
            start = i + 1;
        }
    }
    terms.push(s.slice(start));
    return terms;
}
var OPERATORS = ['!=', '==', '='];
function splitTerm(term) {
    for (var i = 0; i < term.length; i++) {
        for (var _i = 0, OPERATORS_1 = OPERATORS; _i < OPERATORS_1.length; _i++) {
            var op = OPERATORS_1[_i];
            if (term.startsWith(op, i))
                return [term.slice(0, i), op, term.slice(i + op.length)];
        }
    }
    return undefined;
}
function unescapeValue(s) {
    if (!/[\\,=]/.test(s))
        return s;
    var out = '';
    var inSlash = false;
    for (var _i = 0, s_1 = s; _i < s_1.length; _i++) {
        var c = s_1[_i];
        if (inSlash) {
            if (c !== '\\' && c !== ',' && c !== '=')
                throw (0, errors_ts_1.badRequest)("invalid field selector: invalid escape sequence: \\".concat(c));
            out += c;
            inSlash = false;
        }
        else if (c === '\\')
            inSlash = true;
        // Go prints the offending rune with %v, i.e. as its code point number
        else if (c === ',' || c === '=')
            throw (0, errors_ts_1.badRequest)("invalid field selector: unescaped character in value: ".concat(c.codePointAt(0)));
        else
            out += c;
    }
    if (inSlash)
        throw (0, errors_ts_1.badRequest)('invalid field selector: invalid escape sequence: \\');
    return out;
}
/** fields.ParseSelector: requirements in sorted term order. Throws 400 BadRequest. */
function parseFieldSelector(s) {
    var reqs = [];
    for (var _i = 0, _a = splitTerms(s).sort(); _i < _a.length; _i++) {
        var part = _a[_i];
        if (part === '')
            continue;
        var t = splitTerm(part);
        if (!t)
            throw (0, errors_ts_1.badRequest)("invalid selector: '".concat(s, "'; can't understand '").concat(part, "'"));
        reqs.push({ field: t[0], operator: t[1], value: unescapeValue(t[2]) });
    }
    return reqs;
}
/** Every requirement holds; a field the object lacks reads as "" (Go's fields.Set.Get). */
function matchesFields(reqs, get) {
    return reqs.every(function (r) { var _a; return (((_a = get(r.field)) !== null && _a !== void 0 ? _a : '') === r.value) === (r.operator !== '!='); });
}
/** 400 for a field the resource does not index. */
function unsupportedFieldLabel(field) {
    return (0, errors_ts_1.badRequest)("field label not supported: ".concat(field));
}
/** Throws `field label not supported: <name>` for the first requirement whose field is not supported. */
function checkFieldSelector(reqs, supported) {
    for (var _i = 0, reqs_1 = reqs; _i < reqs_1.length; _i++) {
        var r = reqs_1[_i];
        if (!supported(r.field))
            throw unsupportedFieldLabel(r.field);
    }
}
var escapeValue = function (v) { return v.replace(/[\\,=]/g, function (c) { return "\\".concat(c); }); };
/** The canonical string form (values escaped). */
function fieldSelectorToString(reqs) {
    return reqs.map(function (r) { return "".concat(r.field).concat(r.operator === '!=' ? '!=' : '=').concat(escapeValue(r.value)); }).join(',');
}
/** Alias of `matchesFields`. */
exports.fieldsMatch = matchesFields;
