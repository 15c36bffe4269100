"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.priority = exports.defaultTolerationSeconds = void 0;
/** DefaultTolerationSeconds and Priority admission for pods (errors-validation-defaults.md §4.2). */
var errors_ts_1 = require("../../../lib/errors.ts");
var admission_ts_1 = require("../registry/kinds/pod/admission.ts");
var isPod = function (group, resource) { return group === '' && resource === 'pods'; };
var defaultTolerationSeconds = function (_ctx, desc, obj) {
    if (isPod(desc.group, desc.resource))
        (0, admission_ts_1.addDefaultTolerations)(obj);
};
exports.defaultTolerationSeconds = defaultTolerationSeconds;
/** The two built-in PriorityClasses; user-defined classes come with the scheduling API later. */
var BUILTIN_CLASSES = { 'system-cluster-critical': 2000000000, 'system-node-critical': 2000001000 };
var priority = function (_ctx, desc, obj) {
    var _a, _b;
    if (!isPod(desc.group, desc.resource))
        return;
    var spec = ((_a = obj.spec) !== null && _a !== void 0 ? _a : (obj.spec = {}));
    if (!spec.priorityClassName) {
        spec.priority = 0;
    }
    else {
        var value = BUILTIN_CLASSES[spec.priorityClassName];
        if (value === undefined)
            throw (0, errors_ts_1.forbidden)({ group: '', resource: 'pods' }, obj.metadata.name || obj.metadata.generateName || 'Unknown', "no PriorityClass with name ".concat(spec.priorityClassName, " was found"));
        spec.priority = value;
    }
    (_b = spec.preemptionPolicy) !== null && _b !== void 0 ? _b : (spec.preemptionPolicy = 'PreemptLowerPriority');
};
exports.priority = priority;
