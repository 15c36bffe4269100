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
exports.validatePodSpec = validatePodSpec;
exports.validatePodTemplate = validatePodTemplate;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var validation_ts_1 = require("../../validation.ts");
var validate_container_ts_1 = require("./validate-container.ts");
var validate_scheduling_ts_1 = require("./validate-scheduling.ts");
var validate_volume_ts_1 = require("./validate-volume.ts");
var messages_ts_1 = require("./messages.ts");
var RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
var DNS_POLICIES = ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'];
var PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];
var OS_NAMES = ['linux', 'windows'];
var subdomainErrs = function (v, at) { return (0, validation_ts_1.dns1123Subdomain)(v).map(function (m) { return errors_ts_1.fieldErr.invalid(at, v, m); }); };
function validateSecurity(spec, at) {
    var _a, _b;
    var errs = [];
    var sc = spec.securityContext;
    for (var _i = 0, _c = ['runAsUser', 'runAsGroup', 'fsGroup']; _i < _c.length; _i++) {
        var f = _c[_i];
        var id = sc === null || sc === void 0 ? void 0 : sc[f];
        if (id != null && (id < 0 || id > messages_ts_1.MAX_INT32))
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".securityContext.").concat(f), id, (0, messages_ts_1.inclusiveRange)(0, messages_ts_1.MAX_INT32)));
    }
    ((_a = sc === null || sc === void 0 ? void 0 : sc.supplementalGroups) !== null && _a !== void 0 ? _a : []).forEach(function (g, i) {
        if (g < 0 || g > messages_ts_1.MAX_INT32)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".securityContext.supplementalGroups[").concat(i, "]"), g, (0, messages_ts_1.inclusiveRange)(0, messages_ts_1.MAX_INT32)));
    });
    if (spec.hostNetwork) {
        var _loop_1 = function (kind) {
            ((_b = spec[kind]) !== null && _b !== void 0 ? _b : []).forEach(function (c, i) {
                var _a;
                return ((_a = c.ports) !== null && _a !== void 0 ? _a : []).forEach(function (p, j) {
                    var _a, _b, _c;
                    if (((_a = p.hostPort) !== null && _a !== void 0 ? _a : 0) !== ((_b = p.containerPort) !== null && _b !== void 0 ? _b : 0))
                        errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".").concat(kind, "[").concat(i, "].ports[").concat(j, "].containerPort"), (_c = p.containerPort) !== null && _c !== void 0 ? _c : 0, 'must match `hostPort` when `hostNetwork` is true'));
                });
            });
        };
        for (var _d = 0, _e = ['containers', 'initContainers']; _d < _e.length; _d++) {
            var kind = _e[_d];
            _loop_1(kind);
        }
    }
    return errs;
}
function validatePodSpec(spec, at) {
    var _a, _b, _c, _d, _e;
    var s = spec !== null && spec !== void 0 ? spec : {};
    var _f = (0, validate_volume_ts_1.validateVolumes)(s.volumes, "".concat(at, ".volumes")), errs = _f.errs, valid = _f.valid;
    var claimNames = new Set(((_a = s.resourceClaims) !== null && _a !== void 0 ? _a : []).map(function (c) { var _a; return (_a = c.name) !== null && _a !== void 0 ? _a : ''; }));
    ((_b = s.resourceClaims) !== null && _b !== void 0 ? _b : []).forEach(function (c, i) {
        var _a, _b;
        for (var _i = 0, _c = (0, validation_ts_1.dns1123Label)((_a = c.name) !== null && _a !== void 0 ? _a : ''); _i < _c.length; _i++) {
            var m = _c[_i];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".resourceClaims[").concat(i, "].name"), (_b = c.name) !== null && _b !== void 0 ? _b : '', m));
        }
    });
    var ctx = { volumes: valid, claimNames: claimNames, gracePeriod: (_c = s.terminationGracePeriodSeconds) !== null && _c !== void 0 ? _c : 30 };
    errs.push.apply(errs, (0, validate_container_ts_1.validateContainers)(s.containers, ctx, "".concat(at, ".containers")));
    errs.push.apply(errs, (0, validate_container_ts_1.validateInitContainers)(s, ctx, "".concat(at, ".initContainers")));
    errs.push.apply(errs, (0, validate_container_ts_1.validateEphemeralContainers)(s, ctx, "".concat(at, ".ephemeralContainers")));
    var restart = (_d = s.restartPolicy) !== null && _d !== void 0 ? _d : '';
    if (!restart)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".restartPolicy")));
    else if (!RESTART_POLICIES.includes(restart))
        errs.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".restartPolicy"), restart, RESTART_POLICIES));
    var dns = (_e = s.dnsPolicy) !== null && _e !== void 0 ? _e : '';
    if (!DNS_POLICIES.includes(dns))
        errs.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".dnsPolicy"), dns, DNS_POLICIES));
    errs.push.apply(errs, (0, validation_ts_1.validateLabels)(s.nodeSelector, "".concat(at, ".nodeSelector")));
    errs.push.apply(errs, validateSecurity(s, at));
    errs.push.apply(errs, (0, validate_scheduling_ts_1.validateAffinity)(s.affinity, "".concat(at, ".affinity")));
    errs.push.apply(errs, (0, validate_scheduling_ts_1.validateDNSConfig)(s, "".concat(at, ".dnsConfig")));
    errs.push.apply(errs, (0, validate_scheduling_ts_1.validateGates)(s, at));
    errs.push.apply(errs, (0, validate_scheduling_ts_1.validateTopologySpread)(s.topologySpreadConstraints, "".concat(at, ".topologySpreadConstraints")));
    if (s.serviceAccountName)
        errs.push.apply(errs, subdomainErrs(s.serviceAccountName, "".concat(at, ".serviceAccountName")));
    if (s.nodeName)
        errs.push.apply(errs, subdomainErrs(s.nodeName, "".concat(at, ".nodeName")));
    var deadline = s.activeDeadlineSeconds;
    if (deadline != null && (deadline < 1 || deadline > messages_ts_1.MAX_INT32))
        errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".activeDeadlineSeconds"), deadline, (0, messages_ts_1.inclusiveRange)(1, messages_ts_1.MAX_INT32)));
    if (s.hostname)
        for (var _i = 0, _g = (0, validation_ts_1.dns1123Label)(s.hostname); _i < _g.length; _i++) {
            var m = _g[_i];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".hostname"), s.hostname, m));
        }
    if (s.subdomain)
        for (var _h = 0, _j = (0, validation_ts_1.dns1123Label)(s.subdomain); _h < _j.length; _h++) {
            var m = _j[_h];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".subdomain"), s.subdomain, m));
        }
    errs.push.apply(errs, (0, validate_scheduling_ts_1.validateTolerations)(s.tolerations, "".concat(at, ".tolerations")));
    errs.push.apply(errs, (0, validate_scheduling_ts_1.validateHostAliases)(s.hostAliases, "".concat(at, ".hostAliases")));
    if (s.priorityClassName)
        errs.push.apply(errs, subdomainErrs(s.priorityClassName, "".concat(at, ".priorityClassName")));
    if (s.runtimeClassName != null)
        errs.push.apply(errs, subdomainErrs(s.runtimeClassName, "".concat(at, ".runtimeClassName")));
    if (s.preemptionPolicy != null && !PREEMPTION_POLICIES.includes(s.preemptionPolicy))
        errs.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".preemptionPolicy"), s.preemptionPolicy, PREEMPTION_POLICIES));
    if (s.os) {
        if (!s.os.name)
            errs.push(errors_ts_1.fieldErr.required("".concat(at, ".os.name")));
        else if (!OS_NAMES.includes(s.os.name))
            errs.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".os.name"), s.os.name, OS_NAMES));
    }
    return errs;
}
/** ValidatePodTemplateSpec: labels are reported at `<path>.labels` (sic), then the spec. */
function validatePodTemplate(template, at) {
    var _a, _b, _c, _d;
    var t = template !== null && template !== void 0 ? template : {};
    var errs = __spreadArray(__spreadArray(__spreadArray([], (0, validation_ts_1.validateLabels)((_a = t.metadata) === null || _a === void 0 ? void 0 : _a.labels, "".concat(at, ".labels")), true), (0, validation_ts_1.validateAnnotations)((_b = t.metadata) === null || _b === void 0 ? void 0 : _b.annotations, "".concat(at, ".annotations")), true), validatePodSpec(t.spec, "".concat(at, ".spec")), true);
    if ((_d = (_c = t.spec) === null || _c === void 0 ? void 0 : _c.ephemeralContainers) === null || _d === void 0 ? void 0 : _d.length)
        errs.push(errors_ts_1.fieldErr.forbidden("".concat(at, ".spec.ephemeralContainers"), 'ephemeral containers not allowed in pod template'));
    return errs;
}
