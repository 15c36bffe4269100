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
exports.maxRevision = exports.MAX_REPLICAS_ANNOTATION = exports.DESIRED_REPLICAS_ANNOTATION = exports.REVISION_HISTORY_ANNOTATION = exports.REVISION_ANNOTATION = void 0;
exports.revisionOf = revisionOf;
exports.setNewReplicaSetAnnotations = setNewReplicaSetAnnotations;
exports.replicasAnnotationsNeedUpdate = replicasAnnotationsNeedUpdate;
exports.setReplicasAnnotations = setReplicasAnnotations;
exports.desiredReplicasOf = desiredReplicasOf;
exports.setDeploymentRevision = setDeploymentRevision;
exports.REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
exports.REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
exports.DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
exports.MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
/** Deployment annotations that are not copied onto its ReplicaSets (nor back by a rollback). */
var NOT_COPIED = new Set([
    'kubectl.kubernetes.io/last-applied-configuration',
    exports.REVISION_ANNOTATION,
    exports.REVISION_HISTORY_ANNOTATION,
    exports.DESIRED_REPLICAS_ANNOTATION,
    exports.MAX_REPLICAS_ANNOTATION,
    'deprecated.deployment.rollback.to',
]);
/** Kubernetes caps revision-history at this many characters, dropping the oldest. */
var MAX_HISTORY_CHARS = 2000;
/** The revision of a ReplicaSet; 0 when it has none, undefined when it is not a number. */
function revisionOf(rs) {
    var _a;
    var v = (_a = rs.metadata.annotations) === null || _a === void 0 ? void 0 : _a[exports.REVISION_ANNOTATION];
    if (v === undefined || v === '')
        return 0;
    return /^\d+$/.test(v) ? Number(v) : undefined;
}
var maxRevision = function (rss) { return Math.max.apply(Math, __spreadArray([0], rss.map(function (rs) { var _a; return (_a = revisionOf(rs)) !== null && _a !== void 0 ? _a : 0; }), false)); };
exports.maxRevision = maxRevision;
/**
 * Brings the new ReplicaSet's annotations up to date (mutating `rs`): the Deployment's own
 * annotations, the revision (raised to `newRevision`, never lowered), and on creation the sizes.
 * Returns whether anything changed.
 */
function setNewReplicaSetAnnotations(d, rs, newRevision, exists, maxSurge) {
    var _a, _b, _c, _d, _e, _f;
    var _g;
    var a = ((_a = (_g = rs.metadata).annotations) !== null && _a !== void 0 ? _a : (_g.annotations = {}));
    var changed = false;
    for (var _i = 0, _h = Object.entries((_b = d.metadata.annotations) !== null && _b !== void 0 ? _b : {}); _i < _h.length; _i++) {
        var _j = _h[_i], k = _j[0], v = _j[1];
        if (NOT_COPIED.has(k) || a[k] === v)
            continue;
        a[k] = v;
        changed = true;
    }
    var had = exports.REVISION_ANNOTATION in a;
    var old = revisionOf(rs);
    if (old === undefined)
        return false; // a revision we cannot read is left alone
    if (old < newRevision) {
        a[exports.REVISION_ANNOTATION] = String(newRevision);
        changed = true;
        // an older revision brought back (rollback): remember the numbers it had
        if (had)
            a[exports.REVISION_HISTORY_ANNOTATION] = appendHistory(a[exports.REVISION_HISTORY_ANNOTATION], String(old));
    }
    if (!exists && setReplicasAnnotations(rs, (_d = (_c = d.spec) === null || _c === void 0 ? void 0 : _c.replicas) !== null && _d !== void 0 ? _d : 0, ((_f = (_e = d.spec) === null || _e === void 0 ? void 0 : _e.replicas) !== null && _f !== void 0 ? _f : 0) + maxSurge))
        changed = true;
    return changed;
}
function appendHistory(history, revision) {
    if (!history)
        return revision;
    var parts = history.split(',');
    var total = history.length + revision.length + 1;
    var start = 0;
    while (total > MAX_HISTORY_CHARS && start < parts.length)
        total -= parts[start++].length + 1;
    return total <= MAX_HISTORY_CHARS ? __spreadArray(__spreadArray([], parts.slice(start), true), [revision], false).join(',') : history;
}
function replicasAnnotationsNeedUpdate(rs, desired, max) {
    var _a;
    var a = (_a = rs.metadata.annotations) !== null && _a !== void 0 ? _a : {};
    return a[exports.DESIRED_REPLICAS_ANNOTATION] !== String(desired) || a[exports.MAX_REPLICAS_ANNOTATION] !== String(max);
}
/** Records the Deployment size a ReplicaSet is sized for (mutating `rs`); whether it changed. */
function setReplicasAnnotations(rs, desired, max) {
    var _a;
    var _b;
    if (!replicasAnnotationsNeedUpdate(rs, desired, max))
        return false;
    var a = ((_a = (_b = rs.metadata).annotations) !== null && _a !== void 0 ? _a : (_b.annotations = {}));
    a[exports.DESIRED_REPLICAS_ANNOTATION] = String(desired);
    a[exports.MAX_REPLICAS_ANNOTATION] = String(max);
    return true;
}
/** The desired-replicas annotation, when it is a number. */
function desiredReplicasOf(rs) {
    var _a;
    var v = (_a = rs.metadata.annotations) === null || _a === void 0 ? void 0 : _a[exports.DESIRED_REPLICAS_ANNOTATION];
    return v !== undefined && /^[+-]?\d+$/.test(v) ? Number(v) : undefined;
}
/** Sets the Deployment's revision annotation (mutating `d`); whether it changed. */
function setDeploymentRevision(d, revision) {
    var _a;
    var _b;
    var a = ((_a = (_b = d.metadata).annotations) !== null && _a !== void 0 ? _a : (_b.annotations = {}));
    if (a[exports.REVISION_ANNOTATION] === revision)
        return false;
    a[exports.REVISION_ANNOTATION] = revision;
    return true;
}
