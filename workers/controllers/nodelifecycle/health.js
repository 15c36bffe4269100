"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
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
exports.readyStatus = exports.rfc3339 = void 0;
exports.lastHeardFrom = lastHeardFrom;
exports.lostConditions = lostConditions;
exports.recoveredConditions = recoveredConditions;
var STOPPED = { reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' };
var NEVER = { reason: 'NodeStatusNeverUpdated', message: 'Kubelet never posted node status.' };
/** The conditions the kubelet owns, with the values it posts on a healthy node. */
var KUBELET_CONDITIONS = {
    MemoryPressure: { status: 'False', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
    DiskPressure: { status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
    PIDPressure: { status: 'False', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
    Ready: { status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
};
var time = function (s) { return (s ? Date.parse(s) : NaN); };
var rfc3339 = function (ms) { return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'); };
exports.rfc3339 = rfc3339;
/** When the node was last heard from (epoch ms): lease renewal or Ready heartbeat, else its creation. */
function lastHeardFrom(node, lease) {
    var _a, _b, _c, _d;
    var heartbeat = time((_c = (_b = (_a = node.status) === null || _a === void 0 ? void 0 : _a.conditions) === null || _b === void 0 ? void 0 : _b.find(function (c) { return c.type === 'Ready'; })) === null || _c === void 0 ? void 0 : _c.lastHeartbeatTime);
    var renewed = time((_d = lease === null || lease === void 0 ? void 0 : lease.spec) === null || _d === void 0 ? void 0 : _d.renewTime);
    var seen = Math.max(Number.isNaN(heartbeat) ? -Infinity : heartbeat, Number.isNaN(renewed) ? -Infinity : renewed);
    return Number.isFinite(seen) ? seen : time(node.metadata.creationTimestamp) || 0;
}
var readyStatus = function (node) { var _a, _b, _c; return (_c = (_b = (_a = node.status) === null || _a === void 0 ? void 0 : _a.conditions) === null || _b === void 0 ? void 0 : _b.find(function (c) { return c.type === 'Ready'; })) === null || _c === void 0 ? void 0 : _c.status; };
exports.readyStatus = readyStatus;
/**
 * The conditions of a lost node: Ready and the pressure conditions Unknown (added when the
 * kubelet never posted them), keeping their last heartbeat. Undefined when already so.
 */
function lostConditions(node, now) {
    var _a, _b;
    var conditions = __spreadArray([], ((_b = (_a = node.status) === null || _a === void 0 ? void 0 : _a.conditions) !== null && _b !== void 0 ? _b : []), true);
    var changed = false;
    var _loop_1 = function (type) {
        var i = conditions.findIndex(function (c) { return c.type === type; });
        if (i < 0) {
            conditions.push(__assign(__assign({ type: type, status: 'Unknown' }, NEVER), { lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: (0, exports.rfc3339)(now) }));
            changed = true;
        }
        else if (conditions[i].status !== 'Unknown') {
            conditions[i] = __assign(__assign(__assign(__assign({}, conditions[i]), { status: 'Unknown' }), STOPPED), { lastTransitionTime: (0, exports.rfc3339)(now) });
            changed = true;
        }
    };
    for (var _i = 0, _c = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure']; _i < _c.length; _i++) {
        var type = _c[_i];
        _loop_1(type);
    }
    return changed ? conditions : undefined;
}
/** The conditions of a node heard from again: those this controller made Unknown, healthy again. */
function recoveredConditions(node, heardAt, now) {
    var _a, _b;
    var changed = false;
    var conditions = ((_b = (_a = node.status) === null || _a === void 0 ? void 0 : _a.conditions) !== null && _b !== void 0 ? _b : []).map(function (c) {
        var healthy = KUBELET_CONDITIONS[c.type];
        if (!healthy || c.status !== 'Unknown' || (c.reason !== STOPPED.reason && c.reason !== NEVER.reason))
            return c;
        changed = true;
        return __assign(__assign(__assign({}, c), healthy), { lastHeartbeatTime: (0, exports.rfc3339)(heardAt), lastTransitionTime: (0, exports.rfc3339)(now) });
    });
    return changed ? conditions : undefined;
}
