"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.evictionTime = evictionTime;
var taints_ts_1 = require("../scheduler/taints.ts");
/**
 * Epoch ms at which the pod is to be evicted, or undefined when it may stay. `since` is when the
 * node got its NoExecute taints.
 */
function evictionTime(tolerations, noExecute, since) {
    if (!noExecute.length)
        return undefined;
    var seconds = Infinity;
    var _loop_1 = function (taint) {
        var t = (tolerations !== null && tolerations !== void 0 ? tolerations : []).find(function (x) { return (0, taints_ts_1.tolerates)(x, taint); });
        if (!t)
            return { value: since };
        if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null)
            seconds = Math.min(seconds, Math.max(0, t.tolerationSeconds));
    };
    for (var _i = 0, noExecute_1 = noExecute; _i < noExecute_1.length; _i++) {
        var taint = noExecute_1[_i];
        var state_1 = _loop_1(taint);
        if (typeof state_1 === "object")
            return state_1.value;
    }
    return seconds === Infinity ? undefined : since + seconds * 1000;
}
