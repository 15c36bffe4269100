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
exports.defaultPullPolicy = exports.podRowConditions = exports.summarizePod = exports.computeQosClass = exports.addDefaultTolerations = void 0;
/**
 * core/v1 pods. The pod-specific pieces live in ./pod/ (defaults, validation, QoS, table); this
 * file puts them together as the kind's descriptor, and re-exports the pure helpers the
 * admission step and the controllers use.
 */
var pod_ts_1 = require("../../../../lib/api/core/pod.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var admission_ts_1 = require("./pod/admission.ts");
var defaults_ts_1 = require("./pod/defaults.ts");
var qos_ts_1 = require("./pod/qos.ts");
var table_ts_1 = require("./pod/table.ts");
var validate_spec_ts_1 = require("./pod/validate-spec.ts");
var validate_update_ts_1 = require("./pod/validate-update.ts");
var admission_ts_2 = require("./pod/admission.ts");
Object.defineProperty(exports, "addDefaultTolerations", { enumerable: true, get: function () { return admission_ts_2.addDefaultTolerations; } });
var qos_ts_2 = require("./pod/qos.ts");
Object.defineProperty(exports, "computeQosClass", { enumerable: true, get: function () { return qos_ts_2.computeQosClass; } });
var table_ts_2 = require("./pod/table.ts");
Object.defineProperty(exports, "summarizePod", { enumerable: true, get: function () { return table_ts_2.summarizePod; } });
Object.defineProperty(exports, "podRowConditions", { enumerable: true, get: function () { return table_ts_2.podRowConditions; } });
var image_ts_1 = require("./pod/image.ts");
Object.defineProperty(exports, "defaultPullPolicy", { enumerable: true, get: function () { return image_ts_1.defaultPullPolicy; } });
/** Checks only a Pod (not a template) gets: images exactly as the runtime will see them. */
function validatePodOnly(pod) {
    var _a, _b;
    var errs = [];
    var _loop_1 = function (kind) {
        ((_b = (_a = pod.spec) === null || _a === void 0 ? void 0 : _a[kind]) !== null && _b !== void 0 ? _b : []).forEach(function (c, i) {
            var _a;
            var image = (_a = c.image) !== null && _a !== void 0 ? _a : '';
            if (image.trim() !== image)
                errs.push(errors_ts_1.fieldErr.invalid("spec.".concat(kind, "[").concat(i, "].image"), image, 'must not have leading or trailing whitespace'));
        });
    };
    for (var _i = 0, _c = ['containers', 'initContainers']; _i < _c.length; _i++) {
        var kind = _c[_i];
        _loop_1(kind);
    }
    return errs;
}
var pods = {
    group: '',
    version: 'v1',
    kind: 'Pod',
    resource: 'pods',
    singular: 'pod',
    namespaced: true,
    shortNames: ['po'],
    categories: ['all'],
    schema: pod_ts_1.podSchema,
    openapiName: 'io.k8s.api.core.v1.Pod',
    subresources: { status: true, binding: true, log: true, exec: true, eviction: true, portforward: true },
    nameRule: 'subdomain',
    deleteReturnsObject: true,
    defaults: function (pod) {
        var _a;
        (0, defaults_ts_1.defaultPodSpec)(((_a = pod.spec) !== null && _a !== void 0 ? _a : (pod.spec = {})), true);
    },
    prepareForCreate: function (pod) {
        var _a;
        var spec = ((_a = pod.spec) !== null && _a !== void 0 ? _a : (pod.spec = {}));
        // admission may have named the service account after defaulting
        (0, defaults_ts_1.syncServiceAccount)(spec);
        pod.status = { phase: 'Pending', qosClass: (0, qos_ts_1.computeQosClass)(pod) };
        (0, admission_ts_1.applySchedulingGatedCondition)(pod);
        (0, admission_ts_1.foldAffinityLabelKeys)(pod);
    },
    prepareForUpdate: function (pod, old) {
        if (old.status === undefined)
            delete pod.status;
        else
            pod.status = old.status;
    },
    prepareForStatusUpdate: function (pod, old) {
        var _a, _b, _c;
        pod.spec = old.spec;
        // old kubelets corrupt owner references; the status endpoint may not touch them
        if (old.metadata.ownerReferences === undefined)
            delete pod.metadata.ownerReferences;
        else
            pod.metadata.ownerReferences = old.metadata.ownerReferences;
        // the QoS class is fixed at creation; a status write that drops it gets it back
        if (!((_a = pod.status) === null || _a === void 0 ? void 0 : _a.qosClass) && ((_b = old.status) === null || _b === void 0 ? void 0 : _b.qosClass))
            ((_c = pod.status) !== null && _c !== void 0 ? _c : (pod.status = {})).qosClass = old.status.qosClass;
    },
    validate: function (pod) { return __spreadArray(__spreadArray([], (0, validate_spec_ts_1.validatePodSpec)(pod.spec, 'spec'), true), validatePodOnly(pod), true); },
    validateUpdate: validate_update_ts_1.validatePodUpdate,
    table: { columns: table_ts_1.podColumns, cells: table_ts_1.podCells },
    fieldSelectors: {
        'spec.nodeName': function (p) { var _a, _b; return (_b = (_a = p.spec) === null || _a === void 0 ? void 0 : _a.nodeName) !== null && _b !== void 0 ? _b : ''; },
        'spec.restartPolicy': function (p) { var _a, _b; return (_b = (_a = p.spec) === null || _a === void 0 ? void 0 : _a.restartPolicy) !== null && _b !== void 0 ? _b : ''; },
        'spec.schedulerName': function (p) { var _a, _b; return (_b = (_a = p.spec) === null || _a === void 0 ? void 0 : _a.schedulerName) !== null && _b !== void 0 ? _b : ''; },
        'spec.serviceAccountName': function (p) { var _a, _b; return (_b = (_a = p.spec) === null || _a === void 0 ? void 0 : _a.serviceAccountName) !== null && _b !== void 0 ? _b : ''; },
        'spec.hostNetwork': function (p) { var _a; return String(((_a = p.spec) === null || _a === void 0 ? void 0 : _a.hostNetwork) === true); },
        'status.phase': function (p) { var _a, _b; return (_b = (_a = p.status) === null || _a === void 0 ? void 0 : _a.phase) !== null && _b !== void 0 ? _b : ''; },
        'status.podIP': function (p) { var _a, _b, _c, _d; return (_d = (_c = (_b = (_a = p.status) === null || _a === void 0 ? void 0 : _a.podIPs) === null || _b === void 0 ? void 0 : _b[0]) === null || _c === void 0 ? void 0 : _c.ip) !== null && _d !== void 0 ? _d : ''; },
        'status.nominatedNodeName': function (p) { var _a, _b; return (_b = (_a = p.status) === null || _a === void 0 ? void 0 : _a.nominatedNodeName) !== null && _b !== void 0 ? _b : ''; },
    },
};
exports.default = pods;
