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
exports.addDefaultTolerations = addDefaultTolerations;
exports.applySchedulingGatedCondition = applySchedulingGatedCondition;
exports.foldAffinityLabelKeys = foldAffinityLabelKeys;
var DEFAULT_TOLERATION_SECONDS = 300;
var NOT_READY = 'node.kubernetes.io/not-ready';
var UNREACHABLE = 'node.kubernetes.io/unreachable';
/** Appends the not-ready/unreachable NoExecute tolerations (300 s) unless one already covers the taint. */
function addDefaultTolerations(pod) {
    var _a, _b;
    var spec = ((_a = pod.spec) !== null && _a !== void 0 ? _a : (pod.spec = {}));
    var existing = (_b = spec.tolerations) !== null && _b !== void 0 ? _b : [];
    var covered = function (key) { return existing.some(function (t) { return (!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute'); }); };
    var added = [NOT_READY, UNREACHABLE]
        .filter(function (key) { return !covered(key); })
        .map(function (key) { return ({ key: key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS }); });
    if (added.length)
        spec.tolerations = __spreadArray(__spreadArray([], existing, true), added, true);
}
/** A zero meta/v1 Time: Go renders it as null rather than omitting it. */
var ZERO_TIME = null;
/** A pod created with scheduling gates says so in its PodScheduled condition. */
function applySchedulingGatedCondition(pod) {
    var _a, _b, _c, _d;
    if (!((_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a.schedulingGates) === null || _b === void 0 ? void 0 : _b.length))
        return;
    var status = ((_c = pod.status) !== null && _c !== void 0 ? _c : (pod.status = {}));
    var conditions = ((_d = status.conditions) !== null && _d !== void 0 ? _d : (status.conditions = []));
    if (conditions.some(function (c) { return c.type === 'PodScheduled'; }))
        return;
    conditions.push({
        type: 'PodScheduled',
        status: 'False',
        lastProbeTime: ZERO_TIME,
        lastTransitionTime: ZERO_TIME,
        reason: 'SchedulingGated',
        message: 'Scheduling is blocked due to non-empty scheduling gates',
    });
}
/** MatchLabelKeysInPodAffinity: each key's value on the pod becomes an In (or NotIn) requirement. */
function foldAffinityLabelKeys(pod) {
    var _a, _b, _c, _d, _e;
    var _f;
    var labels = (_a = pod.metadata.labels) !== null && _a !== void 0 ? _a : {};
    var affinity = (_b = pod.spec) === null || _b === void 0 ? void 0 : _b.affinity;
    var terms = [];
    for (var _i = 0, _g = [affinity === null || affinity === void 0 ? void 0 : affinity.podAffinity, affinity === null || affinity === void 0 ? void 0 : affinity.podAntiAffinity]; _i < _g.length; _i++) {
        var a = _g[_i];
        terms.push.apply(terms, ((_c = a === null || a === void 0 ? void 0 : a.requiredDuringSchedulingIgnoredDuringExecution) !== null && _c !== void 0 ? _c : []));
        for (var _h = 0, _j = (_d = a === null || a === void 0 ? void 0 : a.preferredDuringSchedulingIgnoredDuringExecution) !== null && _d !== void 0 ? _d : []; _h < _j.length; _h++) {
            var w = _j[_h];
            if (w.podAffinityTerm)
                terms.push(w.podAffinityTerm);
        }
    }
    for (var _k = 0, terms_1 = terms; _k < terms_1.length; _k++) {
        var term = terms_1[_k];
        if (!term.labelSelector)
            continue;
        for (var _l = 0, _m = [[term.matchLabelKeys, 'In'], [term.mismatchLabelKeys, 'NotIn']]; _l < _m.length; _l++) {
            var _o = _m[_l], keys = _o[0], operator = _o[1];
            for (var _p = 0, _q = keys !== null && keys !== void 0 ? keys : []; _p < _q.length; _p++) {
                var key = _q[_p];
                if (!(key in labels))
                    continue;
                ((_e = (_f = term.labelSelector).matchExpressions) !== null && _e !== void 0 ? _e : (_f.matchExpressions = [])).push({ key: key, operator: operator, values: [labels[key]] });
            }
        }
    }
}
