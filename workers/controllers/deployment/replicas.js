"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sumStatus = exports.sumSpecReplicas = exports.maxSurge = exports.isRollingUpdate = exports.specReplicas = void 0;
exports.scaledValue = scaledValue;
exports.resolveFenceposts = resolveFenceposts;
exports.maxUnavailable = maxUnavailable;
exports.newRSNewReplicas = newRSNewReplicas;
exports.proportion = proportion;
var revision_ts_1 = require("./revision.ts");
var specReplicas = function (o) { var _a, _b; return (_b = (_a = o === null || o === void 0 ? void 0 : o.spec) === null || _a === void 0 ? void 0 : _a.replicas) !== null && _b !== void 0 ? _b : 0; };
exports.specReplicas = specReplicas;
var isRollingUpdate = function (d) { var _a, _b; return ((_b = (_a = d.spec) === null || _a === void 0 ? void 0 : _a.strategy) === null || _b === void 0 ? void 0 : _b.type) === 'RollingUpdate'; };
exports.isRollingUpdate = isRollingUpdate;
/** intstr.GetScaledValueFromIntOrPercent: an int, or "N%" of total rounded up or down. */
function scaledValue(v, total, roundUp) {
    if (v === undefined || v === null)
        return 0;
    if (typeof v === 'number')
        return v;
    var m = /^(\d+)%$/.exec(v);
    if (!m)
        throw new Error("invalid value for IntOrString: invalid type: string is not a percentage");
    var scaled = (Number(m[1]) * total) / 100;
    return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}
/**
 * Both fenceposts at once: when both round to zero (say 25 % of 1 unavailable, 0 surge), one pod
 * may be unavailable, or the rollout could never move.
 */
function resolveFenceposts(d) {
    var _a, _b;
    var ru = (_b = (_a = d.spec) === null || _a === void 0 ? void 0 : _a.strategy) === null || _b === void 0 ? void 0 : _b.rollingUpdate;
    var desired = (0, exports.specReplicas)(d);
    var surge = scaledValue(ru === null || ru === void 0 ? void 0 : ru.maxSurge, desired, true);
    var unavailable = scaledValue(ru === null || ru === void 0 ? void 0 : ru.maxUnavailable, desired, false);
    if (surge === 0 && unavailable === 0)
        unavailable = 1;
    return { surge: surge, unavailable: unavailable };
}
var maxSurge = function (d) { return ((0, exports.isRollingUpdate)(d) ? resolveFenceposts(d).surge : 0); };
exports.maxSurge = maxSurge;
function maxUnavailable(d) {
    if (!(0, exports.isRollingUpdate)(d) || (0, exports.specReplicas)(d) === 0)
        return 0;
    return Math.min(resolveFenceposts(d).unavailable, (0, exports.specReplicas)(d));
}
var sumSpecReplicas = function (rss) { return rss.reduce(function (n, rs) { return n + (0, exports.specReplicas)(rs); }, 0); };
exports.sumSpecReplicas = sumSpecReplicas;
var sumStatus = function (rss, field) {
    return rss.reduce(function (n, rs) { var _a, _b; return n + ((_b = (_a = rs === null || rs === void 0 ? void 0 : rs.status) === null || _a === void 0 ? void 0 : _a[field]) !== null && _b !== void 0 ? _b : 0); }, 0);
};
exports.sumStatus = sumStatus;
/** The size the new ReplicaSet may have now (deploymentutil.NewRSNewReplicas). */
function newRSNewReplicas(d, allRSs, newRS) {
    var _a, _b, _c, _d, _e;
    if (((_b = (_a = d.spec) === null || _a === void 0 ? void 0 : _a.strategy) === null || _b === void 0 ? void 0 : _b.type) === 'Recreate')
        return (0, exports.specReplicas)(d);
    var surge = scaledValue((_e = (_d = (_c = d.spec) === null || _c === void 0 ? void 0 : _c.strategy) === null || _d === void 0 ? void 0 : _d.rollingUpdate) === null || _e === void 0 ? void 0 : _e.maxSurge, (0, exports.specReplicas)(d), true);
    var maxTotal = (0, exports.specReplicas)(d) + surge;
    var current = (0, exports.sumSpecReplicas)(allRSs);
    if (current >= maxTotal)
        return (0, exports.specReplicas)(newRS);
    return (0, exports.specReplicas)(newRS) + Math.min(maxTotal - current, (0, exports.specReplicas)(d) - (0, exports.specReplicas)(newRS));
}
/**
 * How many of `toAdd` (negative: to remove) replicas this ReplicaSet takes, given `added` already
 * handed out: its share of the new maximum size, relative to the maximum it was sized for (its
 * max-replicas annotation).
 */
function proportion(rs, d, toAdd, added) {
    if ((0, exports.specReplicas)(rs) === 0 || toAdd === 0 || toAdd === added)
        return 0;
    var fraction = replicaSetFraction(rs, d);
    var allowed = toAdd - added;
    return toAdd > 0 ? Math.min(fraction, allowed) : Math.max(fraction, allowed);
}
function replicaSetFraction(rs, d) {
    var _a, _b, _c;
    if ((0, exports.specReplicas)(d) === 0)
        return -(0, exports.specReplicas)(rs);
    var maxNow = (0, exports.specReplicas)(d) + (0, exports.maxSurge)(d);
    var maxBefore = Number((_a = rs.metadata.annotations) === null || _a === void 0 ? void 0 : _a[revision_ts_1.MAX_REPLICAS_ANNOTATION]);
    if (!Number.isInteger(maxBefore) || maxBefore === 0) {
        // no usable annotation: estimate from the Deployment's current size
        maxBefore = (_c = (_b = d.status) === null || _b === void 0 ? void 0 : _b.replicas) !== null && _c !== void 0 ? _c : 0;
        if (maxBefore === 0)
            return 0;
    }
    return Math.round(((0, exports.specReplicas)(rs) * maxNow) / maxBefore) - (0, exports.specReplicas)(rs);
}
