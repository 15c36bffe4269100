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
exports.containerColumns = void 0;
exports.validateTemplateForReplicaSet = validateTemplateForReplicaSet;
exports.containerCells = containerCells;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var printing_ts_1 = require("../../printing.ts");
var validate_spec_ts_1 = require("../pod/validate-spec.ts");
var selector_ts_1 = require("./selector.ts");
/** ValidatePodTemplateSpecForReplicaSet: the selector match, the pod template, restartPolicy Always. */
function validateTemplateForReplicaSet(template, selector, at) {
    var _a, _b, _c;
    if (selector === undefined)
        return [];
    var errs = __spreadArray(__spreadArray([], (0, selector_ts_1.templateMatchesSelector)(template, selector, at), true), (0, validate_spec_ts_1.validatePodTemplate)(template, at), true);
    var restart = (_b = (_a = template === null || template === void 0 ? void 0 : template.spec) === null || _a === void 0 ? void 0 : _a.restartPolicy) !== null && _b !== void 0 ? _b : '';
    if (restart !== 'Always')
        errs.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".spec.restartPolicy"), restart, ['Always']));
    if (((_c = template === null || template === void 0 ? void 0 : template.spec) === null || _c === void 0 ? void 0 : _c.activeDeadlineSeconds) != null)
        errs.push(errors_ts_1.fieldErr.forbidden("".concat(at, ".spec.activeDeadlineSeconds"), 'activeDeadlineSeconds in ReplicaSet is not Supported'));
    return errs;
}
/** The Containers and Images columns (priority 1) of the workload tables. */
exports.containerColumns = [
    (0, printing_ts_1.column)('Containers', 'string', 'Names of each container in the template.', 1),
    (0, printing_ts_1.column)('Images', 'string', 'Images referenced by each container in the template.', 1),
];
/** The Containers and Images cells: the template's container names and images, joined by `,`. */
function containerCells(template) {
    var _a, _b;
    var containers = (_b = (_a = template === null || template === void 0 ? void 0 : template.spec) === null || _a === void 0 ? void 0 : _a.containers) !== null && _b !== void 0 ? _b : [];
    return [containers.map(function (c) { var _a; return (_a = c.name) !== null && _a !== void 0 ? _a : ''; }).join(','), containers.map(function (c) { var _a; return (_a = c.image) !== null && _a !== void 0 ? _a : ''; }).join(',')];
}
