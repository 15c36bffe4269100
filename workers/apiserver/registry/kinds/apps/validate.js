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
exports.validateDeploymentSpec = validateDeploymentSpec;
exports.validateReplicaSetSpec = validateReplicaSetSpec;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var messages_ts_1 = require("../pod/messages.ts");
var selector_ts_1 = require("./selector.ts");
var strategy_ts_1 = require("./strategy.ts");
var template_ts_1 = require("./template.ts");
function validateDeploymentSpec(spec) {
    var _a;
    var s = spec !== null && spec !== void 0 ? spec : {};
    var errs = (0, messages_ts_1.nonNegative)(s.replicas, 'spec.replicas');
    var sel = (0, selector_ts_1.validateWorkloadSelector)(s.selector, 'spec.selector');
    errs.push.apply(errs, __spreadArray(__spreadArray([], sel.errs, false), (0, template_ts_1.validateTemplateForReplicaSet)(s.template, sel.selector, 'spec.template'), false));
    errs.push.apply(errs, (0, strategy_ts_1.validateStrategy)(s.strategy, 'spec.strategy'));
    errs.push.apply(errs, (0, messages_ts_1.nonNegative)(s.minReadySeconds, 'spec.minReadySeconds'));
    if (s.revisionHistoryLimit != null)
        errs.push.apply(errs, (0, messages_ts_1.nonNegative)(s.revisionHistoryLimit, 'spec.revisionHistoryLimit'));
    if (s.progressDeadlineSeconds != null) {
        errs.push.apply(errs, (0, messages_ts_1.nonNegative)(s.progressDeadlineSeconds, 'spec.progressDeadlineSeconds'));
        if (s.progressDeadlineSeconds <= ((_a = s.minReadySeconds) !== null && _a !== void 0 ? _a : 0))
            errs.push(errors_ts_1.fieldErr.invalid('spec.progressDeadlineSeconds', s.progressDeadlineSeconds, 'must be greater than minReadySeconds'));
    }
    return errs;
}
function validateReplicaSetSpec(spec) {
    var s = spec !== null && spec !== void 0 ? spec : {};
    var errs = __spreadArray(__spreadArray([], (0, messages_ts_1.nonNegative)(s.replicas, 'spec.replicas'), true), (0, messages_ts_1.nonNegative)(s.minReadySeconds, 'spec.minReadySeconds'), true);
    var sel = (0, selector_ts_1.validateWorkloadSelector)(s.selector, 'spec.selector');
    errs.push.apply(errs, __spreadArray(__spreadArray([], sel.errs, false), (0, template_ts_1.validateTemplateForReplicaSet)(s.template, sel.selector, 'spec.template'), false));
    return errs;
}
