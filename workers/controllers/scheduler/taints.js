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
exports.toleratedBy = exports.UNSCHEDULABLE = exports.UNREACHABLE = exports.NOT_READY = void 0;
exports.tolerates = tolerates;
exports.firstUntolerated = firstUntolerated;
exports.schedulingTaints = schedulingTaints;
exports.NOT_READY = 'node.kubernetes.io/not-ready';
exports.UNREACHABLE = 'node.kubernetes.io/unreachable';
exports.UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
/** An empty key with operator Exists tolerates every taint; an empty effect, every effect. */
function tolerates(t, taint) {
    var _a, _b, _c;
    if (t.effect && t.effect !== taint.effect)
        return false;
    if (t.key && t.key !== taint.key)
        return false;
    switch ((_a = t.operator) !== null && _a !== void 0 ? _a : '') {
        case '':
        case 'Equal':
            return ((_b = t.value) !== null && _b !== void 0 ? _b : '') === ((_c = taint.value) !== null && _c !== void 0 ? _c : '');
        case 'Exists':
            return true;
        default:
            return false;
    }
}
var toleratedBy = function (tolerations, taint) {
    return (tolerations !== null && tolerations !== void 0 ? tolerations : []).some(function (t) { return tolerates(t, taint); });
};
exports.toleratedBy = toleratedBy;
/** The first taint with one of `effects` that no toleration tolerates. */
function firstUntolerated(taints, tolerations, effects) {
    return taints.find(function (taint) { return effects.includes(taint.effect) && !(0, exports.toleratedBy)(tolerations, taint); });
}
/**
 * The node's taints as the scheduler sees them. A node whose Ready condition is not True counts
 * as carrying the NoSchedule taint the node lifecycle controller puts on it (not-ready, or
 * unreachable when Unknown), even before the controller has written it: Kubernetes' admission
 * taints new nodes not-ready at creation, so a node never reported Ready is never a target.
 */
function schedulingTaints(node) {
    var _a, _b, _c, _d, _e;
    var taints = (_b = (_a = node.spec) === null || _a === void 0 ? void 0 : _a.taints) !== null && _b !== void 0 ? _b : [];
    var ready = (_e = (_d = (_c = node.status) === null || _c === void 0 ? void 0 : _c.conditions) === null || _d === void 0 ? void 0 : _d.find(function (c) { return c.type === 'Ready'; })) === null || _e === void 0 ? void 0 : _e.status;
    if (ready === 'True')
        return taints;
    var key = ready === 'Unknown' ? exports.UNREACHABLE : exports.NOT_READY;
    if (taints.some(function (t) { return t.key === key && t.effect === 'NoSchedule'; }))
        return taints;
    return __spreadArray(__spreadArray([], taints, true), [{ key: key, effect: 'NoSchedule' }], false);
}
