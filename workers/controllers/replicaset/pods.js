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
exports.maxRestarts = exports.isReady = exports.isActive = void 0;
exports.readySince = readySince;
exports.isAvailable = isAvailable;
/** Counts toward a ReplicaSet: not finished and not being deleted. */
var isActive = function (p) { var _a, _b; return ((_a = p.status) === null || _a === void 0 ? void 0 : _a.phase) !== 'Succeeded' && ((_b = p.status) === null || _b === void 0 ? void 0 : _b.phase) !== 'Failed' && !p.metadata.deletionTimestamp; };
exports.isActive = isActive;
var readyCondition = function (p) { var _a, _b; return (_b = (_a = p.status) === null || _a === void 0 ? void 0 : _a.conditions) === null || _b === void 0 ? void 0 : _b.find(function (c) { return c.type === 'Ready'; }); };
var isReady = function (p) { var _a; return ((_a = readyCondition(p)) === null || _a === void 0 ? void 0 : _a.status) === 'True'; };
exports.isReady = isReady;
/** When the pod last became ready (ms), undefined when it is not ready or does not say. */
function readySince(p) {
    var c = readyCondition(p);
    if ((c === null || c === void 0 ? void 0 : c.status) !== 'True' || !c.lastTransitionTime)
        return undefined;
    var t = Date.parse(c.lastTransitionTime);
    return Number.isNaN(t) ? undefined : t;
}
/** Ready for at least minReadySeconds (podutil.IsPodAvailable). */
function isAvailable(p, minReadySeconds, now) {
    if (!(0, exports.isReady)(p))
        return false;
    if (!minReadySeconds)
        return true;
    var since = readySince(p);
    return since !== undefined && since + minReadySeconds * 1000 < now.getTime();
}
/** The most restarts of any of the pod's containers. */
var maxRestarts = function (p) { var _a, _b; return Math.max.apply(Math, __spreadArray([0], ((_b = (_a = p.status) === null || _a === void 0 ? void 0 : _a.containerStatuses) !== null && _b !== void 0 ? _b : []).map(function (c) { var _a; return (_a = c.restartCount) !== null && _a !== void 0 ? _a : 0; }), false)); };
exports.maxRestarts = maxRestarts;
