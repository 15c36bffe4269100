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
exports.labelsMatch = void 0;
exports.newRequirement = newRequirement;
exports.parseLabelSelector = parseLabelSelector;
exports.fromLabelSelector = fromLabelSelector;
exports.matches = matches;
exports.selectorToString = selectorToString;
exports.selectorFromSet = selectorFromSet;
/**
 * Label selectors, as apimachinery's labels package: the string syntax of `?labelSelector=`
 * (`a=b,c!=d,e in (x,y),f notin (z),g,!h`), the API form (metav1.LabelSelector) and matching.
 * A parsed selector is a list of requirements ANDed together, sorted by key like Kubernetes',
 * so `selectorToString` is canonical. `null` stands for Kubernetes' Nothing() selector (a nil
 * LabelSelector object), which matches no object at all; an empty list matches everything.
 * Parse errors are 400 BadRequest with Kubernetes' texts.
 */
var errors_ts_1 = require("../errors.ts");
var names_ts_1 = require("./names.ts");
var BINARY_OPERATORS = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];
/** `key: Invalid value: ...` errors of labels.NewRequirement, rendered as field.ErrorList.ToAggregate. */
function requirementErrors(key, op, values, path) {
    if (path === void 0) { path = ''; }
    var p = function (s) { return (path ? "".concat(path, ".").concat(s) : s); };
    var errs = [];
    var keyErrs = (0, names_ts_1.qualifiedNameErrors)(key);
    if (keyErrs.length)
        errs.push(errors_ts_1.fieldErr.invalid(p('key'), key, keyErrs.join('; ')));
    var vp = p('values');
    switch (op) {
        case 'in':
        case 'notin':
            if (values.length === 0)
                errs.push(errors_ts_1.fieldErr.invalid(vp, values, "for 'in', 'notin' operators, values set can't be empty"));
            break;
        case '=':
        case '==':
        case '!=':
            if (values.length !== 1)
                errs.push(errors_ts_1.fieldErr.invalid(vp, values, 'exact-match compatibility requires one single value'));
            break;
        case 'exists':
        case '!':
            if (values.length !== 0)
                errs.push(errors_ts_1.fieldErr.invalid(vp, values, 'values set must be empty for exists and does not exist'));
            break;
        case 'gt':
        case 'lt':
            if (values.length !== 1)
                errs.push(errors_ts_1.fieldErr.invalid(vp, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
            values.forEach(function (x, i) {
                if (!/^[+-]?\d+$/.test(x))
                    errs.push(errors_ts_1.fieldErr.invalid("".concat(vp, "[").concat(i, "]"), x, "for 'Gt', 'Lt' operators, the value must be an integer"));
            });
            break;
    }
    values.forEach(function (x, i) {
        var e = (0, names_ts_1.labelValueErrors)(x);
        if (e.length)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(vp, "[").concat(i, "][").concat(key, "]"), x, e.join('; ')));
    });
    return errs;
}
var aggregate = function (errs) {
    var texts = errs.map(function (e) { return "".concat(e.field, ": ").concat(e.body); });
    return texts.length === 1 ? texts[0] : "[".concat(texts.join(', '), "]");
};
/** labels.NewRequirement: throws 400 with the aggregated field errors. */
function newRequirement(key, operator, values) {
    var sorted = __spreadArray([], new Set(values), true).sort();
    var errs = requirementErrors(key, operator, values);
    if (errs.length)
        throw (0, errors_ts_1.badRequest)(aggregate(errs));
    return { key: key, operator: operator, values: sorted };
}
var KEYWORDS = { ')': ')', ',': ',', '!': '!', '==': '==', '=': '=', '>': '>', in: 'in', '<': '<', '!=': '!=', notin: 'notin', '(': '(' };
var isSpace = function (c) { return c === ' ' || c === '\t' || c === '\r' || c === '\n'; };
var isSpecial = function (c) { return '=!(),><'.includes(c); };
function lex(s) {
    var _a;
    var out = [];
    var i = 0;
    for (;;) {
        while (i < s.length && isSpace(s[i]))
            i++;
        if (i >= s.length) {
            out.push({ tok: 'end', lit: '' });
            return out;
        }
        if (isSpecial(s[i])) {
            // longest special-symbol run that is still a known operator
            var buf_1 = '';
            var last = void 0;
            while (i < s.length && isSpecial(s[i])) {
                buf_1 += s[i];
                var t = KEYWORDS[buf_1];
                if (t)
                    last = { tok: t, lit: buf_1 };
                else if (last)
                    break;
                i++;
            }
            out.push(last !== null && last !== void 0 ? last : { tok: 'error', lit: "error expected: keyword found '".concat(buf_1, "'") });
            continue;
        }
        var buf = '';
        while (i < s.length && !isSpecial(s[i]) && !isSpace(s[i]))
            buf += s[i++];
        out.push({ tok: (_a = KEYWORDS[buf]) !== null && _a !== void 0 ? _a : 'id', lit: buf });
    }
}
// --- the parser ---------------------------------------------------------------------------------
var Parser = /** @class */ (function () {
    function Parser(items) {
        this.items = items;
        this.pos = 0;
    }
    /** In a values context the keywords `in`/`notin` are plain identifiers. */
    Parser.prototype.peek = function (values) {
        var it = this.items[this.pos];
        return { tok: values && (it.tok === 'in' || it.tok === 'notin') ? 'id' : it.tok, lit: it.lit };
    };
    Parser.prototype.next = function (values) {
        var r = this.peek(values);
        this.pos++;
        return r;
    };
    Parser.prototype.parse = function () {
        var reqs = [];
        for (;;) {
            var _a = this.peek(true), tok = _a.tok, lit = _a.lit;
            if (tok === 'end')
                return reqs;
            if (tok !== 'id' && tok !== '!')
                throw new Error("found '".concat(lit, "', expected: !, identifier, or 'end of string'"));
            try {
                reqs.push(this.requirement());
            }
            catch (e) {
                throw new Error("unable to parse requirement: ".concat(e.message));
            }
            var t = this.next(true);
            if (t.tok === 'end')
                return reqs;
            if (t.tok !== ',')
                throw new Error("found '".concat(t.lit, "', expected: ',' or 'end of string'"));
            var t2 = this.peek(true);
            if (t2.tok !== 'id' && t2.tok !== '!')
                throw new Error("found '".concat(t2.lit, "', expected: identifier after ','"));
        }
    };
    Parser.prototype.requirement = function () {
        var op;
        var t = this.next(true);
        if (t.tok === '!') {
            op = '!';
            t = this.next(true);
        }
        if (t.tok !== 'id')
            throw new Error("found '".concat(t.lit, "', expected: identifier"));
        var key = t.lit;
        var keyErrs = (0, names_ts_1.qualifiedNameErrors)(key);
        // the parser validates the key with a nil field path, which Go prints as <nil>
        if (keyErrs.length)
            throw new Error("<nil>: ".concat(errors_ts_1.fieldErr.invalid('', key, keyErrs.join('; ')).body));
        var after = this.peek(true).tok;
        // `!key` is complete by itself; whatever follows is the caller's business
        if (op === '!' || after === 'end' || after === ',')
            return requirementOrThrow(key, op !== null && op !== void 0 ? op : 'exists', []);
        op = this.operator();
        var values = op === 'in' || op === 'notin' ? this.setValues() : this.exactValue();
        return requirementOrThrow(key, op, values);
    };
    Parser.prototype.operator = function () {
        var _a = this.next(false), tok = _a.tok, lit = _a.lit;
        switch (tok) {
            case 'in':
            case 'notin':
            case '=':
            case '==':
            case '!=':
                return tok;
            case '>':
                return 'gt';
            case '<':
                return 'lt';
            default:
                throw new Error("found '".concat(lit, "', expected: ").concat(BINARY_OPERATORS.join(', ')));
        }
    };
    Parser.prototype.setValues = function () {
        var open = this.next(true);
        if (open.tok !== '(')
            throw new Error("found '".concat(open.lit, "' expected: '('"));
        var _a = this.peek(true), tok = _a.tok, lit = _a.lit;
        if (tok === ')') {
            this.next(true);
            return [''];
        }
        if (tok !== 'id' && tok !== ',')
            throw new Error("found '".concat(lit, "', expected: ',', ')' or identifier"));
        var set = this.identifiers();
        if (this.next(true).tok !== ')')
            throw new Error("found '".concat(lit, "', expected: ')'"));
        return set;
    };
    /** A possibly empty, comma-separated list of possibly empty identifiers, up to `)`. */
    Parser.prototype.identifiers = function () {
        var set = new Set();
        for (;;) {
            var _a = this.next(true), tok = _a.tok, lit = _a.lit;
            if (tok === 'id') {
                set.add(lit);
                var t2 = this.peek(true);
                if (t2.tok === ',')
                    continue;
                if (t2.tok === ')')
                    return __spreadArray([], set, true);
                throw new Error("found '".concat(t2.lit, "', expected: ',' or ')'"));
            }
            if (tok === ',') {
                if (set.size === 0)
                    set.add('');
                var t2 = this.peek(true).tok;
                if (t2 === ')') {
                    set.add('');
                    return __spreadArray([], set, true);
                }
                if (t2 === ',') {
                    this.next(true);
                    set.add('');
                }
                continue;
            }
            throw new Error("found '".concat(lit, "', expected: ',', or identifier"));
        }
    };
    Parser.prototype.exactValue = function () {
        var tok = this.peek(true).tok;
        if (tok === 'end' || tok === ',')
            return [''];
        var t = this.next(true);
        if (t.tok === 'id')
            return [t.lit];
        throw new Error("found '".concat(t.lit, "', expected: identifier"));
    };
    return Parser;
}());
/** The parser hands NewRequirement a sorted set of values (sets.String.List). */
function requirementOrThrow(key, op, values) {
    var sorted = __spreadArray([], new Set(values), true).sort();
    var errs = requirementErrors(key, op, sorted);
    if (errs.length)
        throw new Error(aggregate(errs));
    return { key: key, operator: op, values: sorted };
}
var byKey = function (a, b) { return (a.key < b.key ? -1 : a.key > b.key ? 1 : 0); };
/** labels.Parse: the `?labelSelector=` syntax. Throws 400 BadRequest with Kubernetes' message. */
function parseLabelSelector(s) {
    try {
        return new Parser(lex(s)).parse().sort(byKey);
    }
    catch (e) {
        throw (0, errors_ts_1.badRequest)(e.message);
    }
}
/** metav1.LabelSelectorAsSelector: null/undefined selects nothing, `{}` selects everything. */
function fromLabelSelector(sel) {
    var _a, _b, _c;
    if (!sel)
        return null;
    var reqs = [];
    for (var _i = 0, _d = Object.entries((_a = sel.matchLabels) !== null && _a !== void 0 ? _a : {}); _i < _d.length; _i++) {
        var _e = _d[_i], k = _e[0], val = _e[1];
        reqs.push(newRequirement(k, '=', [val]));
    }
    for (var _f = 0, _g = (_b = sel.matchExpressions) !== null && _b !== void 0 ? _b : []; _f < _g.length; _f++) {
        var expr = _g[_f];
        var op = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' }[expr.operator];
        if (!op)
            throw (0, errors_ts_1.badRequest)("".concat(JSON.stringify(expr.operator), " is not a valid label selector operator"));
        reqs.push(newRequirement(expr.key, op, (_c = expr.values) !== null && _c !== void 0 ? _c : []));
    }
    return reqs.sort(byKey);
}
/** Whether labels satisfy every requirement (Requirement.Matches). */
function matches(sel, labels) {
    if (sel === null)
        return false;
    var ls = labels !== null && labels !== void 0 ? labels : {};
    return sel.every(function (r) {
        var has = Object.prototype.hasOwnProperty.call(ls, r.key);
        var value = ls[r.key];
        switch (r.operator) {
            case 'in':
            case '=':
            case '==':
                return has && r.values.includes(value);
            case 'notin':
            case '!=':
                return !has || !r.values.includes(value);
            case 'exists':
                return has;
            case '!':
                return !has;
            case 'gt':
            case 'lt': {
                if (!has || !/^[+-]?\d+$/.test(value) || r.values.length !== 1)
                    return false;
                var a = BigInt(value);
                var b = BigInt(r.values[0]);
                return r.operator === 'gt' ? a > b : a < b;
            }
        }
    });
}
/** Requirement.String joined by commas: the canonical string form. */
function selectorToString(sel) {
    if (!sel)
        return '';
    return sel
        .map(function (r) {
        switch (r.operator) {
            case 'exists':
                return r.key;
            case '!':
                return "!".concat(r.key);
            case 'in':
            case 'notin':
                return "".concat(r.key, " ").concat(r.operator, " (").concat(__spreadArray([], r.values, true).sort().join(','), ")");
            case 'gt':
                return "".concat(r.key, ">").concat(r.values[0]);
            case 'lt':
                return "".concat(r.key, "<").concat(r.values[0]);
            default:
                return "".concat(r.key).concat(r.operator).concat(__spreadArray([], r.values, true).sort().join(','));
        }
    })
        .join(',');
}
/** The `key=value,...` selector of a label set (SelectorFromSet), e.g. for a ReplicaSet's pods. */
function selectorFromSet(labels) {
    return Object.entries(labels)
        .map(function (_a) {
        var key = _a[0], value = _a[1];
        return ({ key: key, operator: '=', values: [value] });
    })
        .sort(byKey);
}
/** Alias of `matches`. */
exports.labelsMatch = matches;
