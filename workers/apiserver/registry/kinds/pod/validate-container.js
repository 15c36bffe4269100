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
exports.validateContainers = validateContainers;
exports.validateInitContainers = validateInitContainers;
exports.validateEphemeralContainers = validateEphemeralContainers;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var validation_ts_1 = require("../../validation.ts");
var validate_env_ts_1 = require("./validate-env.ts");
var validate_probe_ts_1 = require("./validate-probe.ts");
var validate_resources_ts_1 = require("./validate-resources.ts");
var messages_ts_1 = require("./messages.ts");
var PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
var PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
var MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
var PROPAGATIONS = ['Bidirectional', 'HostToContainer', 'None'];
var SIDECAR_ONLY = 'may not be set for init containers without restartPolicy=Always';
function validatePorts(ports, at) {
    var errs = [];
    var names = new Set();
    (ports !== null && ports !== void 0 ? ports : []).forEach(function (p, i) {
        var pp = "".concat(at, "[").concat(i, "]");
        if (p.name) {
            var msgs = (0, messages_ts_1.portName)(p.name);
            if (msgs.length)
                for (var _i = 0, msgs_1 = msgs; _i < msgs_1.length; _i++) {
                    var m = msgs_1[_i];
                    errs.push(errors_ts_1.fieldErr.invalid("".concat(pp, ".name"), p.name, m));
                }
            else if (names.has(p.name))
                errs.push(errors_ts_1.fieldErr.duplicate("".concat(pp, ".name"), p.name));
            else
                names.add(p.name);
        }
        if (!p.containerPort)
            errs.push(errors_ts_1.fieldErr.required("".concat(pp, ".containerPort")));
        else
            for (var _a = 0, _b = (0, messages_ts_1.portNum)(p.containerPort); _a < _b.length; _a++) {
                var m = _b[_a];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(pp, ".containerPort"), p.containerPort, m));
            }
        if (p.hostPort)
            for (var _c = 0, _d = (0, messages_ts_1.portNum)(p.hostPort); _c < _d.length; _c++) {
                var m = _d[_c];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(pp, ".hostPort"), p.hostPort, m));
            }
        if (!p.protocol)
            errs.push(errors_ts_1.fieldErr.required("".concat(pp, ".protocol")));
        else if (!PROTOCOLS.includes(p.protocol))
            errs.push(errors_ts_1.fieldErr.notSupported("".concat(pp, ".protocol"), p.protocol, PROTOCOLS));
    });
    return errs;
}
function validateVolumeMounts(c, volumes, at) {
    var _a, _b;
    var errs = [];
    var paths = new Set();
    var devices = (_a = c.volumeDevices) !== null && _a !== void 0 ? _a : [];
    ((_b = c.volumeMounts) !== null && _b !== void 0 ? _b : []).forEach(function (m, i) {
        var _a, _b, _c;
        var mp = "".concat(at, "[").concat(i, "]");
        var name = (_a = m.name) !== null && _a !== void 0 ? _a : '';
        var path = (_b = m.mountPath) !== null && _b !== void 0 ? _b : '';
        if (!name)
            errs.push(errors_ts_1.fieldErr.required("".concat(mp, ".name")));
        if (!volumes.has(name))
            errs.push(errors_ts_1.fieldErr.notFound("".concat(mp, ".name"), name));
        if (!path)
            errs.push(errors_ts_1.fieldErr.required("".concat(mp, ".mountPath")));
        if (paths.has(path))
            errs.push(errors_ts_1.fieldErr.invalid("".concat(mp, ".mountPath"), path, 'must be unique'));
        paths.add(path);
        if (devices.some(function (d) { return d.name === name; }))
            errs.push(errors_ts_1.fieldErr.invalid("".concat(mp, ".name"), name, 'must not already exist in volumeDevices'));
        if (devices.some(function (d) { return d.devicePath === path; }))
            errs.push(errors_ts_1.fieldErr.invalid("".concat(mp, ".mountPath"), path, 'must not already exist as a path in volumeDevices'));
        // Kubernetes reports subPath errors at the list's path, not the item's
        if (m.subPath)
            for (var _i = 0, _d = (0, messages_ts_1.localPath)(m.subPath); _i < _d.length; _i++) {
                var msg = _d[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".subPath"), m.subPath, msg));
            }
        if (m.subPathExpr) {
            if (m.subPath)
                errs.push(errors_ts_1.fieldErr.invalid("".concat(mp, ".subPathExpr"), m.subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
            for (var _e = 0, _f = (0, messages_ts_1.localPath)(m.subPathExpr); _e < _f.length; _e++) {
                var msg = _f[_e];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(mp, ".subPathExpr"), m.subPathExpr, msg));
            }
        }
        if (m.mountPropagation != null) {
            if (!PROPAGATIONS.includes(m.mountPropagation))
                errs.push(errors_ts_1.fieldErr.notSupported("".concat(mp, ".mountPropagation"), m.mountPropagation, PROPAGATIONS));
            else if (m.mountPropagation === 'Bidirectional' && !((_c = c.securityContext) === null || _c === void 0 ? void 0 : _c.privileged))
                errs.push(errors_ts_1.fieldErr.forbidden("".concat(mp, ".mountPropagation"), 'Bidirectional mount propagation is available only to privileged containers'));
        }
    });
    return errs;
}
function validateVolumeDevices(c, volumes, at) {
    var _a;
    var errs = [];
    var paths = new Set();
    ((_a = c.volumeDevices) !== null && _a !== void 0 ? _a : []).forEach(function (d, i) {
        var _a, _b;
        var dp = "".concat(at, "[").concat(i, "]");
        var name = (_a = d.name) !== null && _a !== void 0 ? _a : '';
        var path = (_b = d.devicePath) !== null && _b !== void 0 ? _b : '';
        if (!name)
            errs.push(errors_ts_1.fieldErr.required("".concat(dp, ".name")));
        if (!path)
            errs.push(errors_ts_1.fieldErr.required("".concat(dp, ".devicePath")));
        if (paths.has(path))
            errs.push(errors_ts_1.fieldErr.invalid("".concat(dp, ".devicePath"), path, 'must be unique'));
        paths.add(path);
        var vol = volumes.get(name);
        if (!(vol === null || vol === void 0 ? void 0 : vol.persistentVolumeClaim) && !(vol === null || vol === void 0 ? void 0 : vol.ephemeral))
            errs.push(errors_ts_1.fieldErr.invalid("".concat(dp, ".name"), name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'));
    });
    return errs;
}
function validateSecurityContext(sc, at) {
    var errs = [];
    for (var _i = 0, _a = ['runAsUser', 'runAsGroup']; _i < _a.length; _i++) {
        var f = _a[_i];
        var id = sc === null || sc === void 0 ? void 0 : sc[f];
        if (id != null && (id < 0 || id > messages_ts_1.MAX_INT32))
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".").concat(f), id, (0, messages_ts_1.inclusiveRange)(0, messages_ts_1.MAX_INT32)));
    }
    return errs;
}
/** validateContainerCommon */
function validateCommon(c, ctx, at) {
    var _a, _b;
    var errs = [];
    if (!c.name)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".name")));
    else
        for (var _i = 0, _c = (0, validation_ts_1.dns1123Label)(c.name); _i < _c.length; _i++) {
            var m = _c[_i];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".name"), c.name, m));
        }
    if (!c.image)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".image")));
    var tmp = (_a = c.terminationMessagePolicy) !== null && _a !== void 0 ? _a : '';
    if (!tmp)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".terminationMessagePolicy")));
    else if (!MESSAGE_POLICIES.includes(tmp))
        errs.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".terminationMessagePolicy"), tmp, MESSAGE_POLICIES));
    errs.push.apply(errs, validatePorts(c.ports, "".concat(at, ".ports")));
    errs.push.apply(errs, (0, validate_env_ts_1.validateEnv)(c.env, "".concat(at, ".env")));
    errs.push.apply(errs, (0, validate_env_ts_1.validateEnvFrom)(c.envFrom, "".concat(at, ".envFrom")));
    errs.push.apply(errs, validateVolumeMounts(c, ctx.volumes, "".concat(at, ".volumeMounts")));
    errs.push.apply(errs, validateVolumeDevices(c, ctx.volumes, "".concat(at, ".volumeDevices")));
    var pull = (_b = c.imagePullPolicy) !== null && _b !== void 0 ? _b : '';
    if (!pull)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".imagePullPolicy")));
    else if (!PULL_POLICIES.includes(pull))
        errs.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".imagePullPolicy"), pull, PULL_POLICIES));
    errs.push.apply(errs, (0, validate_resources_ts_1.validateResources)(c.resources, ctx.claimNames, "".concat(at, ".resources")));
    errs.push.apply(errs, validateSecurityContext(c.securityContext, "".concat(at, ".securityContext")));
    return errs;
}
/** AccumulateUniqueHostPorts: a host port (per IP and protocol) may be taken once. */
function hostPortConflicts(containers, at, taken) {
    if (taken === void 0) { taken = new Set(); }
    var errs = [];
    containers.forEach(function (c, ci) {
        var _a;
        return ((_a = c.ports) !== null && _a !== void 0 ? _a : []).forEach(function (p, pi) {
            var _a, _b;
            if (!p.hostPort)
                return;
            var key = "".concat((_a = p.hostIP) !== null && _a !== void 0 ? _a : '', "/").concat((_b = p.protocol) !== null && _b !== void 0 ? _b : '', "/").concat(p.hostPort);
            if (taken.has(key))
                errs.push(errors_ts_1.fieldErr.duplicate("".concat(at, "[").concat(ci, "].ports[").concat(pi, "].hostPort"), key));
            taken.add(key);
        });
    });
    return errs;
}
function validateContainers(containers, ctx, at) {
    if (!(containers === null || containers === void 0 ? void 0 : containers.length))
        return [errors_ts_1.fieldErr.required(at)];
    var errs = [];
    var names = new Set();
    containers.forEach(function (c, i) {
        var _a, _b, _c;
        var cp = "".concat(at, "[").concat(i, "]");
        errs.push.apply(errs, validateCommon(c, ctx, cp));
        if (names.has((_a = c.name) !== null && _a !== void 0 ? _a : ''))
            errs.push(errors_ts_1.fieldErr.duplicate("".concat(cp, ".name"), (_b = c.name) !== null && _b !== void 0 ? _b : ''));
        else
            names.add((_c = c.name) !== null && _c !== void 0 ? _c : '');
        errs.push.apply(errs, (0, validate_probe_ts_1.validateProbesAndHooks)(c, ctx.gracePeriod, cp));
        if (c.restartPolicy != null)
            errs.push(errors_ts_1.fieldErr.forbidden("".concat(cp, ".restartPolicy"), 'may not be set for non-init containers'));
    });
    errs.push.apply(errs, hostPortConflicts(containers, at));
    return errs;
}
function validateInitContainers(spec, ctx, at) {
    var _a, _b;
    var errs = [];
    var names = new Set(((_a = spec.containers) !== null && _a !== void 0 ? _a : []).map(function (c) { var _a; return (_a = c.name) !== null && _a !== void 0 ? _a : ''; }));
    ((_b = spec.initContainers) !== null && _b !== void 0 ? _b : []).forEach(function (c, i) {
        var _a, _b, _c;
        var cp = "".concat(at, "[").concat(i, "]");
        errs.push.apply(errs, validateCommon(c, ctx, cp));
        if (c.restartPolicy != null && c.restartPolicy !== 'Always')
            errs.push(errors_ts_1.fieldErr.notSupported("".concat(cp, ".restartPolicy"), c.restartPolicy, ['Always']));
        var sidecar = c.restartPolicy === 'Always';
        if (names.has((_a = c.name) !== null && _a !== void 0 ? _a : ''))
            errs.push(errors_ts_1.fieldErr.duplicate("".concat(cp, ".name"), (_b = c.name) !== null && _b !== void 0 ? _b : ''));
        else if (c.name)
            names.add(c.name);
        // init containers run one at a time, so each is checked alone (and reported at index 0, as Kubernetes does)
        errs.push.apply(errs, hostPortConflicts([c], at));
        if (sidecar)
            errs.push.apply(errs, (0, validate_probe_ts_1.validateProbesAndHooks)(c, ctx.gracePeriod, cp));
        else
            for (var _i = 0, _d = ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe']; _i < _d.length; _i++) {
                var f = _d[_i];
                if (c[f])
                    errs.push(errors_ts_1.fieldErr.forbidden("".concat(cp, ".").concat(f), SIDECAR_ONLY));
            }
        if ((_c = c.resizePolicy) === null || _c === void 0 ? void 0 : _c.length)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(cp, ".resizePolicy"), c.resizePolicy, 'must not be set for init containers'));
    });
    return errs;
}
/** Fields an ephemeral container may not set: they would make it part of the workload. */
var NOT_EPHEMERAL = ['ports', 'resizePolicy', 'lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe', 'restartPolicy'];
function validateEphemeralContainers(spec, ctx, at) {
    var _a, _b, _c;
    var errs = [];
    var names = new Set(__spreadArray(__spreadArray([], ((_a = spec.containers) !== null && _a !== void 0 ? _a : []), true), ((_b = spec.initContainers) !== null && _b !== void 0 ? _b : []), true).map(function (c) { var _a; return (_a = c.name) !== null && _a !== void 0 ? _a : ''; }));
    ((_c = spec.ephemeralContainers) !== null && _c !== void 0 ? _c : []).forEach(function (ec, i) {
        var _a, _b, _c, _d, _e, _f, _g, _h;
        var cp = "".concat(at, "[").concat(i, "]");
        var c = ec;
        errs.push.apply(errs, validateCommon(c, ctx, cp));
        if (names.has((_a = ec.name) !== null && _a !== void 0 ? _a : ''))
            errs.push(errors_ts_1.fieldErr.duplicate("".concat(cp, ".name"), (_b = ec.name) !== null && _b !== void 0 ? _b : ''));
        else
            names.add((_c = ec.name) !== null && _c !== void 0 ? _c : '');
        if (ec.targetContainerName && !names.has(ec.targetContainerName))
            errs.push(errors_ts_1.fieldErr.notFound("".concat(cp, ".targetContainerName"), ec.targetContainerName));
        for (var _i = 0, NOT_EPHEMERAL_1 = NOT_EPHEMERAL; _i < NOT_EPHEMERAL_1.length; _i++) {
            var f = NOT_EPHEMERAL_1[_i];
            var value = c[f];
            if (value != null && !(Array.isArray(value) && value.length === 0))
                errs.push(errors_ts_1.fieldErr.forbidden("".concat(cp, ".").concat(f), 'cannot be set for an Ephemeral Container'));
        }
        var r = (_d = c.resources) !== null && _d !== void 0 ? _d : {};
        if (Object.keys((_e = r.limits) !== null && _e !== void 0 ? _e : {}).length || Object.keys((_f = r.requests) !== null && _f !== void 0 ? _f : {}).length || ((_g = r.claims) === null || _g === void 0 ? void 0 : _g.length))
            errs.push(errors_ts_1.fieldErr.forbidden("".concat(cp, ".resources"), 'cannot be set for an Ephemeral Container'));
        ((_h = ec.volumeMounts) !== null && _h !== void 0 ? _h : []).forEach(function (m, j) {
            if (m.subPath)
                errs.push(errors_ts_1.fieldErr.forbidden("".concat(cp, ".volumeMounts[").concat(j, "].subPath"), 'cannot be set for an Ephemeral Container'));
            if (m.subPathExpr)
                errs.push(errors_ts_1.fieldErr.forbidden("".concat(cp, ".volumeMounts[").concat(j, "].subPathExpr"), 'cannot be set for an Ephemeral Container'));
        });
    });
    return errs;
}
