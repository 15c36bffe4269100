"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.goLabelSelector = goLabelSelector;
exports.validateWorkloadSelector = validateWorkloadSelector;
exports.templateMatchesSelector = templateMatchesSelector;
exports.selectorImmutable = selectorImmutable;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var label_ts_1 = require("../../../../../lib/selectors/label.ts");
var validation_ts_1 = require("../../validation.ts");
var messages_ts_1 = require("../pod/messages.ts");
var goStrings = function (v) { return (v ? (0, errors_ts_1.goValue)(v) : '[]string(nil)'); };
var goMap = function (m) { return (m ? (Object.keys(m).length ? (0, errors_ts_1.goValue)(m) : 'map[string]string{}') : 'map[string]string(nil)'); };
/** Go's %#v of a metav1.LabelSelector, as selector errors print it. */
function goLabelSelector(sel) {
    var exprs = sel.matchExpressions;
    var goExprs = exprs
        ? "[]v1.LabelSelectorRequirement{".concat(exprs
            .map(function (e) { var _a, _b; return "v1.LabelSelectorRequirement{Key:".concat(JSON.stringify((_a = e.key) !== null && _a !== void 0 ? _a : ''), ", Operator:").concat(JSON.stringify((_b = e.operator) !== null && _b !== void 0 ? _b : ''), ", Values:").concat(goStrings(e.values), "}"); })
            .join(', '), "}")
        : '[]v1.LabelSelectorRequirement(nil)';
    return "v1.LabelSelector{MatchLabels:".concat(goMap(sel.matchLabels), ", MatchExpressions:").concat(goExprs, "}");
}
var invalidSelector = function (at, sel, detail) { return ({
    type: 'FieldValueInvalid',
    field: at,
    body: "Invalid value: ".concat(sel ? goLabelSelector(sel) : 'null', ": ").concat(detail),
}); };
/** metav1.LabelSelectorAsSelector; undefined when the selector cannot be converted. */
function asSelector(sel) {
    try {
        return (0, label_ts_1.fromLabelSelector)(sel);
    }
    catch (_a) {
        return undefined;
    }
}
/**
 * The selector half of ValidateDeploymentSpec / ValidateReplicaSetSpec. Returns the errors and
 * the parsed selector the template must match (undefined when unparsable: the template's match
 * is then not checked, as in Kubernetes).
 */
function validateWorkloadSelector(sel, at) {
    var _a, _b, _c;
    var errs = [];
    if (!sel)
        errs.push(errors_ts_1.fieldErr.required(at));
    else {
        errs.push.apply(errs, (0, validation_ts_1.validateLabelSelector)(sel, at));
        // Kubernetes says "deployment" for ReplicaSets too
        if (Object.keys((_a = sel.matchLabels) !== null && _a !== void 0 ? _a : {}).length + ((_c = (_b = sel.matchExpressions) === null || _b === void 0 ? void 0 : _b.length) !== null && _c !== void 0 ? _c : 0) === 0)
            errs.push(invalidSelector(at, sel, 'empty selector is invalid for deployment'));
    }
    var selector = asSelector(sel);
    if (selector === undefined)
        errs.push(invalidSelector(at, sel, 'invalid label selector'));
    return { errs: errs, selector: selector };
}
/** The template must carry the labels the selector selects (an empty selector checks nothing). */
function templateMatchesSelector(template, selector, at) {
    var _a;
    if (selector !== null && selector.length === 0)
        return [];
    var labels = (_a = template === null || template === void 0 ? void 0 : template.metadata) === null || _a === void 0 ? void 0 : _a.labels;
    if ((0, label_ts_1.matches)(selector, labels))
        return [];
    return [{ type: 'FieldValueInvalid', field: "".concat(at, ".metadata.labels"), body: "Invalid value: ".concat(goMap(labels), ": `selector` does not match template `labels`") }];
}
/** apps/v1 selectors never change (absent, empty list and empty map count as the same). */
function selectorImmutable(sel, old, at) {
    var norm = function (s) { var _a, _b; return JSON.stringify(s ? [Object.entries((_a = s.matchLabels) !== null && _a !== void 0 ? _a : {}).sort(), ((_b = s.matchExpressions) !== null && _b !== void 0 ? _b : []).map(function (e) { var _a; return [e.key, e.operator, (_a = e.values) !== null && _a !== void 0 ? _a : []]; })] : null); };
    return norm(sel) === norm(old) ? [] : [invalidSelector(at, sel, messages_ts_1.IMMUTABLE)];
}
