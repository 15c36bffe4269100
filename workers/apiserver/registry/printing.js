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
exports.defaultTable = exports.ageColumn = exports.nameColumn = exports.column = exports.CREATION_TIMESTAMP_DOC = exports.NAME_DOC = void 0;
exports.humanDuration = humanDuration;
exports.age = age;
exports.formatLabels = formatLabels;
exports.selectorString = selectorString;
exports.formatSelector = formatSelector;
exports.joinMax3 = joinMax3;
var validation_ts_1 = require("./validation.ts");
/** ObjectMeta's OpenAPI docs, which Kubernetes uses as the Name and Age column descriptions. */
exports.NAME_DOC = 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';
exports.CREATION_TIMESTAMP_DOC = 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';
/** A column as the JSON carries it: format, description and priority are always present. */
var column = function (name, type, description, priority, format) {
    if (description === void 0) { description = ''; }
    if (priority === void 0) { priority = 0; }
    if (format === void 0) { format = ''; }
    return ({
        name: name,
        type: type,
        format: format,
        description: description,
        priority: priority,
    });
};
exports.column = column;
exports.nameColumn = (0, exports.column)('Name', 'string', exports.NAME_DOC, 0, 'name');
exports.ageColumn = (0, exports.column)('Age', 'string', exports.CREATION_TIMESTAMP_DOC);
/** Go's duration.HumanDuration of a duration in milliseconds. */
function humanDuration(ms) {
    var seconds = Math.trunc(ms / 1000);
    if (seconds < -1)
        return '<invalid>';
    if (seconds < 0)
        return '0s';
    if (seconds < 120)
        return "".concat(seconds, "s");
    var minutes = Math.trunc(seconds / 60);
    if (minutes < 10)
        return seconds % 60 === 0 ? "".concat(minutes, "m") : "".concat(minutes, "m").concat(seconds % 60, "s");
    if (minutes < 180)
        return "".concat(minutes, "m");
    var hours = Math.trunc(minutes / 60);
    if (hours < 8)
        return minutes % 60 === 0 ? "".concat(hours, "h") : "".concat(hours, "h").concat(minutes % 60, "m");
    if (hours < 48)
        return "".concat(hours, "h");
    var days = Math.trunc(hours / 24);
    if (hours < 24 * 8)
        return hours % 24 === 0 ? "".concat(days, "d") : "".concat(days, "d").concat(hours % 24, "h");
    if (hours < 24 * 365 * 2)
        return "".concat(days, "d");
    var years = Math.trunc(days / 365);
    if (hours < 24 * 365 * 8)
        return days % 365 === 0 ? "".concat(years, "y") : "".concat(years, "y").concat(days % 365, "d");
    return "".concat(years, "y");
}
/** The age of a timestamp at `now` (epoch ms); a missing or unparsable timestamp is `<unknown>`. */
function age(ts, now) {
    if (!ts)
        return '<unknown>';
    var t = Date.parse(ts);
    if (Number.isNaN(t))
        return '<unknown>';
    return humanDuration(now - t);
}
/** FormatLabels: sorted `k=v` joined by `,`; `<none>` when empty. */
function formatLabels(m) {
    var keys = Object.keys(m !== null && m !== void 0 ? m : {}).sort();
    if (keys.length === 0)
        return '<none>';
    return keys.map(function (k) { return "".concat(k, "=").concat(m[k]); }).join(',');
}
var OPERATORS = {
    In: function (k, vs) { return (vs.length ? "".concat(k, " in (").concat(__spreadArray([], vs, true).sort().join(','), ")") : undefined); },
    NotIn: function (k, vs) { return (vs.length ? "".concat(k, " notin (").concat(__spreadArray([], vs, true).sort().join(','), ")") : undefined); },
    Exists: function (k, vs) { return (vs.length ? undefined : k); },
    DoesNotExist: function (k, vs) { return (vs.length ? undefined : "!".concat(k)); },
};
/**
 * metav1.LabelSelectorAsSelector(sel).String(): requirements sorted by key. An empty or missing
 * selector gives `""`; an invalid one (bad key or value, unknown operator, wrong value count) gives undefined.
 */
function selectorString(sel) {
    var _a, _b, _c, _d, _e;
    var reqs = [];
    // labels.NewRequirement: keys must be qualified names, values label values
    var valid = function (key, values) { return (0, validation_ts_1.qualifiedName)(key).length === 0 && values.every(function (x) { return (0, validation_ts_1.labelValue)(x).length === 0; }); };
    for (var _i = 0, _f = Object.entries((_a = sel === null || sel === void 0 ? void 0 : sel.matchLabels) !== null && _a !== void 0 ? _a : {}); _i < _f.length; _i++) {
        var _g = _f[_i], k = _g[0], val = _g[1];
        if (!valid(k, [val]))
            return undefined;
        reqs.push({ key: k, text: "".concat(k, "=").concat(val) });
    }
    for (var _h = 0, _j = (_b = sel === null || sel === void 0 ? void 0 : sel.matchExpressions) !== null && _b !== void 0 ? _b : []; _h < _j.length; _h++) {
        var e = _j[_h];
        var text = (_c = OPERATORS[e.operator]) === null || _c === void 0 ? void 0 : _c.call(OPERATORS, e.key, (_d = e.values) !== null && _d !== void 0 ? _d : []);
        if (text === undefined || !valid(e.key, (_e = e.values) !== null && _e !== void 0 ? _e : []))
            return undefined;
        reqs.push({ key: e.key, text: text });
    }
    // Array.prototype.sort is stable: equal keys keep matchLabels-then-expressions order, as Go's does in practice.
    return reqs
        .sort(function (a, b) { return (a.key < b.key ? -1 : a.key > b.key ? 1 : 0); })
        .map(function (r) { return r.text; })
        .join(',');
}
/** FormatLabelSelector: the selector string, `<none>` when empty, `<error>` when invalid. */
function formatSelector(sel) {
    var s = selectorString(sel);
    if (s === undefined)
        return '<error>';
    return s === '' ? '<none>' : s;
}
/** At most 3 items joined by `,`, then ` + N more...`. */
function joinMax3(items) {
    if (items.length <= 3)
        return items.join(',');
    return "".concat(items.slice(0, 3).join(','), " + ").concat(items.length - 3, " more...");
}
/** The default convertor for kinds without a printer: Name and Created At (an RFC 3339 date, not an age). */
exports.defaultTable = {
    columns: [exports.nameColumn, (0, exports.column)('Created At', 'date', exports.CREATION_TIMESTAMP_DOC)],
    cells: function (obj) { var _a, _b, _c, _d; return [(_b = (_a = obj.metadata) === null || _a === void 0 ? void 0 : _a.name) !== null && _b !== void 0 ? _b : '', (_d = (_c = obj.metadata) === null || _c === void 0 ? void 0 : _c.creationTimestamp) !== null && _d !== void 0 ? _d : null]; },
};
