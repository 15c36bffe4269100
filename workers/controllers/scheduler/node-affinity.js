"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.termMatches = termMatches;
exports.requiredAffinityMatches = requiredAffinityMatches;
exports.preferredAffinityWeight = preferredAffinityWeight;
var label_ts_1 = require("../../../lib/selectors/label.ts");
var OPERATORS = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!', Gt: 'gt', Lt: 'lt' };
function toRequirements(reqs) {
    var _a, _b;
    var out = [];
    for (var _i = 0, _c = reqs !== null && reqs !== void 0 ? reqs : []; _i < _c.length; _i++) {
        var r = _c[_i];
        var operator = OPERATORS[(_a = r.operator) !== null && _a !== void 0 ? _a : ''];
        if (!operator || !r.key)
            return undefined;
        out.push({ key: r.key, operator: operator, values: (_b = r.values) !== null && _b !== void 0 ? _b : [] });
    }
    return out;
}
/** matchFields knows one field, metadata.name, with In and NotIn. */
function fieldsMatch(reqs, node) {
    var _a;
    for (var _i = 0, _b = reqs !== null && reqs !== void 0 ? reqs : []; _i < _b.length; _i++) {
        var r = _b[_i];
        if (r.key !== 'metadata.name' || (r.operator !== 'In' && r.operator !== 'NotIn'))
            return false;
    }
    var parsed = toRequirements(reqs);
    return !!parsed && (0, label_ts_1.matches)(parsed, { 'metadata.name': (_a = node.metadata.name) !== null && _a !== void 0 ? _a : '' });
}
function termMatches(term, node) {
    var _a, _b;
    if (!((_a = term === null || term === void 0 ? void 0 : term.matchExpressions) === null || _a === void 0 ? void 0 : _a.length) && !((_b = term === null || term === void 0 ? void 0 : term.matchFields) === null || _b === void 0 ? void 0 : _b.length))
        return false;
    var exprs = toRequirements(term.matchExpressions);
    return !!exprs && (0, label_ts_1.matches)(exprs, node.metadata.labels) && fieldsMatch(term.matchFields, node);
}
/** The NodeAffinity filter: nodeSelector and required node affinity. */
function requiredAffinityMatches(pod, node) {
    var _a, _b, _c, _d, _e, _f, _g;
    var labels = (_a = node.metadata.labels) !== null && _a !== void 0 ? _a : {};
    for (var _i = 0, _h = Object.entries((_c = (_b = pod.spec) === null || _b === void 0 ? void 0 : _b.nodeSelector) !== null && _c !== void 0 ? _c : {}); _i < _h.length; _i++) {
        var _j = _h[_i], k = _j[0], v = _j[1];
        if (labels[k] !== v)
            return false;
    }
    var required = (_f = (_e = (_d = pod.spec) === null || _d === void 0 ? void 0 : _d.affinity) === null || _e === void 0 ? void 0 : _e.nodeAffinity) === null || _f === void 0 ? void 0 : _f.requiredDuringSchedulingIgnoredDuringExecution;
    if (!required)
        return true;
    return ((_g = required.nodeSelectorTerms) !== null && _g !== void 0 ? _g : []).some(function (t) { return termMatches(t, node); });
}
/** The NodeAffinity score before normalization: the weights of the preferred terms the node matches. */
function preferredAffinityWeight(pod, node) {
    var _a, _b, _c, _d;
    var sum = 0;
    for (var _i = 0, _e = (_d = (_c = (_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.affinity) === null || _b === void 0 ? void 0 : _b.nodeAffinity) === null || _c === void 0 ? void 0 : _c.preferredDuringSchedulingIgnoredDuringExecution) !== null && _d !== void 0 ? _d : []; _i < _e.length; _i++) {
        var p = _e[_i];
        if (p.weight && termMatches(p.preference, node))
            sum += p.weight;
    }
    return sum;
}
