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
exports.isOrphaning = exports.isDeletingDependents = exports.ORPHAN = exports.FOREGROUND = void 0;
exports.ownerState = ownerState;
exports.decide = decide;
exports.dependentsOf = dependentsOf;
exports.blockingDependents = blockingDependents;
exports.dropRefsPatch = dropRefsPatch;
exports.dropFinalizerPatch = dropFinalizerPatch;
exports.FOREGROUND = 'foregroundDeletion';
exports.ORPHAN = 'orphan';
var hasFinalizer = function (o, f) { var _a; return ((_a = o.metadata.finalizers) !== null && _a !== void 0 ? _a : []).includes(f); };
/** Marked for deletion with its dependents going first. */
var isDeletingDependents = function (o) { return !!o.metadata.deletionTimestamp && hasFinalizer(o, exports.FOREGROUND); };
exports.isDeletingDependents = isDeletingDependents;
/** Marked for deletion with its dependents to be released. */
var isOrphaning = function (o) { return !!o.metadata.deletionTimestamp && hasFinalizer(o, exports.ORPHAN); };
exports.isOrphaning = isOrphaning;
/** The state of a reference given what a lookup of its owner found (undefined: nothing there). */
function ownerState(owner, ref) {
    if (!owner || owner.metadata.uid !== ref.uid)
        return 'dangling';
    return (0, exports.isDeletingDependents)(owner) ? 'waiting' : 'solid';
}
/**
 * What to do with an object given the states of its owner references. Objects already being
 * deleted are left to finish (those deleting in the foreground are handled as owners);
 * `hasDependents` decides whether a dependent of a waiting owner must itself go in the foreground.
 */
function decide(obj, states, hasDependents) {
    var _a;
    var refs = (_a = obj.metadata.ownerReferences) !== null && _a !== void 0 ? _a : [];
    if (!refs.length)
        return { action: 'keep' };
    if (obj.metadata.deletionTimestamp)
        return { action: 'keep' };
    var of = function (s) { return refs.filter(function (r) { var _a; return ((_a = states.get(r.uid)) !== null && _a !== void 0 ? _a : 'solid') === s; }).map(function (r) { return r.uid; }); };
    var _b = [of('solid'), of('dangling'), of('waiting')], solid = _b[0], dangling = _b[1], waiting = _b[2];
    if (solid.length)
        return dangling.length || waiting.length ? { action: 'remove-refs', uids: __spreadArray(__spreadArray([], dangling, true), waiting, true) } : { action: 'keep' };
    if (waiting.length && hasDependents)
        return { action: 'delete', policy: 'Foreground' };
    // no owner left: honour a propagation the object already asked for
    if (hasFinalizer(obj, exports.ORPHAN))
        return { action: 'delete', policy: 'Orphan' };
    if (hasFinalizer(obj, exports.FOREGROUND))
        return { action: 'delete', policy: 'Foreground' };
    return { action: 'delete', policy: 'Background' };
}
/** The objects among `objects` that name `owner` (by uid) as an owner. */
function dependentsOf(owner, objects) {
    return objects.filter(function (t) { var _a; return ((_a = t.obj.metadata.ownerReferences) !== null && _a !== void 0 ? _a : []).some(function (r) { return r.uid === owner.metadata.uid; }); });
}
/** The dependents whose reference to `owner` blocks its foreground deletion. */
function blockingDependents(owner, dependents) {
    return dependents.filter(function (t) { var _a; return ((_a = t.obj.metadata.ownerReferences) !== null && _a !== void 0 ? _a : []).some(function (r) { return r.uid === owner.metadata.uid && r.blockOwnerDeletion === true; }); });
}
/** A JSON merge patch that drops the references to `uids`, conditional on the object not having moved. */
function dropRefsPatch(obj, uids) {
    var _a;
    var remaining = ((_a = obj.metadata.ownerReferences) !== null && _a !== void 0 ? _a : []).filter(function (r) { return !uids.includes(r.uid); });
    return { metadata: { ownerReferences: remaining.length ? remaining : null, uid: obj.metadata.uid, resourceVersion: obj.metadata.resourceVersion } };
}
/** A JSON merge patch that removes one finalizer, conditional on the object not having moved. */
function dropFinalizerPatch(obj, finalizer) {
    var _a;
    var remaining = ((_a = obj.metadata.finalizers) !== null && _a !== void 0 ? _a : []).filter(function (f) { return f !== finalizer; });
    return { metadata: { finalizers: remaining.length ? remaining : null, resourceVersion: obj.metadata.resourceVersion } };
}
