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
exports.validateStrategy = validateStrategy;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var messages_ts_1 = require("../pod/messages.ts");
var PERCENT = /^[0-9]+%$/;
var PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";
/** Go's %#v of an intstr.IntOrString, as ValidatePositiveIntOrPercent prints it. */
var goIntOrString = function (v) {
    return typeof v === 'string' ? "intstr.IntOrString{Type:1, IntVal:0, StrVal:".concat(JSON.stringify(v), "}") : "intstr.IntOrString{Type:0, IntVal:".concat(v !== null && v !== void 0 ? v : 0, ", StrVal:\"\"}");
};
function positiveIntOrPercent(v, path) {
    if (typeof v === 'string')
        return PERCENT.test(v) ? [] : [{ type: 'FieldValueInvalid', field: path, body: "Invalid value: ".concat(goIntOrString(v), ": ").concat(PERCENT_MSG) }];
    return (0, messages_ts_1.nonNegative)(v, path);
}
/** The value of an int or percent for the "both zero" and "over 100%" checks. */
var percentValue = function (v) { return (typeof v === 'string' ? (PERCENT.test(v) ? Number(v.slice(0, -1)) : 0) : (v !== null && v !== void 0 ? v : 0)); };
function validateStrategy(s, path) {
    var _a;
    var errs = [];
    switch (s === null || s === void 0 ? void 0 : s.type) {
        case 'Recreate':
            if (s.rollingUpdate)
                errs.push(errors_ts_1.fieldErr.forbidden("".concat(path, ".rollingUpdate"), "may not be specified when strategy `type` is 'Recreate'"));
            break;
        case 'RollingUpdate': {
            var ru = s.rollingUpdate;
            if (!ru) {
                errs.push(errors_ts_1.fieldErr.required("".concat(path, ".rollingUpdate"), 'this should be defaulted and never be nil'));
                break;
            }
            var rp = "".concat(path, ".rollingUpdate");
            errs.push.apply(errs, __spreadArray(__spreadArray([], positiveIntOrPercent(ru.maxUnavailable, "".concat(rp, ".maxUnavailable")), false), positiveIntOrPercent(ru.maxSurge, "".concat(rp, ".maxSurge")), false));
            if (percentValue(ru.maxUnavailable) === 0 && percentValue(ru.maxSurge) === 0)
                errs.push({ type: 'FieldValueInvalid', field: "".concat(rp, ".maxUnavailable"), body: "Invalid value: ".concat(goIntOrString(ru.maxUnavailable), ": may not be 0 when `maxSurge` is 0") });
            if (typeof ru.maxUnavailable === 'string' && percentValue(ru.maxUnavailable) > 100)
                errs.push({ type: 'FieldValueInvalid', field: "".concat(rp, ".maxUnavailable"), body: "Invalid value: ".concat(goIntOrString(ru.maxUnavailable), ": must not be greater than 100%") });
            break;
        }
        default: {
            // Kubernetes prints the whole strategy (Go %#v; a set rollingUpdate shows as a pointer)
            var ru = (s === null || s === void 0 ? void 0 : s.rollingUpdate) ? '(*apps.RollingUpdateDeployment)(0xc000000000)' : '(*apps.RollingUpdateDeployment)(nil)';
            var value = "apps.DeploymentStrategy{Type:".concat(JSON.stringify((_a = s === null || s === void 0 ? void 0 : s.type) !== null && _a !== void 0 ? _a : ''), ", RollingUpdate:").concat(ru, "}");
            errs.push({ type: 'FieldValueNotSupported', field: path, body: "Unsupported value: ".concat(value, ": supported values: \"Recreate\", \"RollingUpdate\"") });
        }
    }
    return errs;
}
