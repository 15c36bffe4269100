"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.validateFieldRef = validateFieldRef;
exports.validateResourceFieldRef = validateResourceFieldRef;
exports.validateEnv = validateEnv;
exports.validateEnvFrom = validateEnvFrom;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var validation_ts_1 = require("../../validation.ts");
var messages_ts_1 = require("./messages.ts");
var ENV_FIELD_PATHS = [
    'metadata.name',
    'metadata.namespace',
    'metadata.uid',
    'spec.nodeName',
    'spec.serviceAccountName',
    'status.hostIP',
    'status.hostIPs',
    'status.podIP',
    'status.podIPs',
];
/** Labels ConvertDownwardAPIFieldLabel accepts at all (before the per-use list applies). */
var CONVERTIBLE = new Set([
    'metadata.annotations',
    'metadata.labels',
    'metadata.name',
    'metadata.namespace',
    'metadata.uid',
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.serviceAccountName',
    'spec.schedulerName',
    'status.phase',
    'status.hostIP',
    'status.hostIPs',
    'status.podIP',
    'status.podIPs',
]);
var RESOURCE_PATHS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];
/** fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['app']` → ['metadata.labels', 'app'] */
function splitSubscript(p) {
    if (!p.endsWith("']"))
        return undefined;
    var i = p.indexOf("['");
    if (i <= 0)
        return undefined;
    return [p.slice(0, i), p.slice(i + 2, -2)];
}
function validateFieldRef(fs, allowed, at) {
    if (!fs.apiVersion)
        return [errors_ts_1.fieldErr.required("".concat(at, ".apiVersion"))];
    if (!fs.fieldPath)
        return [errors_ts_1.fieldErr.required("".concat(at, ".fieldPath"))];
    var fp = fs.fieldPath;
    var sub = splitSubscript(fp);
    var convertErr = fs.apiVersion !== 'v1' ? "unsupported pod version: ".concat(fs.apiVersion) : '';
    if (!convertErr && sub && sub[0] !== 'metadata.annotations' && sub[0] !== 'metadata.labels')
        convertErr = "field label does not support subscript: ".concat(fp);
    if (!convertErr && !sub && !CONVERTIBLE.has(fp) && fp !== 'spec.host')
        convertErr = "field label not supported: ".concat(fp);
    if (convertErr)
        return [errors_ts_1.fieldErr.invalid("".concat(at, ".fieldPath"), fp, "error converting fieldPath: ".concat(convertErr))];
    if (sub) {
        var key_1 = sub[0] === 'metadata.annotations' ? sub[1].toLowerCase() : sub[1];
        return (0, validation_ts_1.qualifiedName)(key_1).map(function (m) { return errors_ts_1.fieldErr.invalid(at, key_1, m); });
    }
    var internal = fp === 'spec.host' ? 'spec.nodeName' : fp;
    return allowed.includes(internal) ? [] : [errors_ts_1.fieldErr.notSupported("".concat(at, ".fieldPath"), internal, allowed)];
}
function validateResourceFieldRef(fs, at, volume) {
    if (volume && !fs.containerName)
        return [errors_ts_1.fieldErr.required("".concat(at, ".containerName"))];
    if (!fs.resource)
        return [errors_ts_1.fieldErr.required("".concat(at, ".resource"))];
    if (RESOURCE_PATHS.includes(fs.resource) || fs.resource.startsWith('limits.hugepages-') || fs.resource.startsWith('requests.hugepages-'))
        return [];
    return [errors_ts_1.fieldErr.notSupported("".concat(at, ".resource"), fs.resource, RESOURCE_PATHS)];
}
function validateKeySelector(s, at) {
    var _a;
    var errs = (0, validation_ts_1.dns1123Subdomain)((_a = s.name) !== null && _a !== void 0 ? _a : '').map(function (m) { var _a; return errors_ts_1.fieldErr.invalid("".concat(at, ".name"), (_a = s.name) !== null && _a !== void 0 ? _a : '', m); });
    if (!s.key)
        errs.push(errors_ts_1.fieldErr.required("".concat(at, ".key")));
    else
        for (var _i = 0, _b = (0, messages_ts_1.configMapKey)(s.key); _i < _b.length; _i++) {
            var m = _b[_i];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".key"), s.key, m));
        }
    return errs;
}
function validateEnv(env, at) {
    var errs = [];
    (env !== null && env !== void 0 ? env : []).forEach(function (ev, i) {
        var p = "".concat(at, "[").concat(i, "]");
        if (!ev.name)
            errs.push(errors_ts_1.fieldErr.required("".concat(p, ".name")));
        else
            for (var _i = 0, _a = (0, messages_ts_1.envVarName)(ev.name); _i < _a.length; _i++) {
                var m = _a[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".name"), ev.name, m));
            }
        var from = ev.valueFrom;
        if (!from)
            return;
        var vp = "".concat(p, ".valueFrom");
        var checks = [
            from.fieldRef && validateFieldRef(from.fieldRef, ENV_FIELD_PATHS, "".concat(vp, ".fieldRef")),
            from.resourceFieldRef && validateResourceFieldRef(from.resourceFieldRef, "".concat(vp, ".resourceFieldRef"), false),
            from.configMapKeyRef && validateKeySelector(from.configMapKeyRef, "".concat(vp, ".configMapKeyRef")),
            from.secretKeyRef && validateKeySelector(from.secretKeyRef, "".concat(vp, ".secretKeyRef")),
        ].filter(function (c) { return !!c; });
        for (var _b = 0, checks_1 = checks; _b < checks_1.length; _b++) {
            var c = checks_1[_b];
            errs.push.apply(errs, c);
        }
        var n = checks.length;
        if (n === 0)
            errs.push(errors_ts_1.fieldErr.invalid(vp, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
        else if (ev.value)
            errs.push(errors_ts_1.fieldErr.invalid(vp, '', 'may not be specified when `value` is not empty'));
        else if (n > 1)
            errs.push(errors_ts_1.fieldErr.invalid(vp, '', 'may not have more than one field specified at a time'));
    });
    return errs;
}
function validateEnvFrom(envFrom, at) {
    var errs = [];
    (envFrom !== null && envFrom !== void 0 ? envFrom : []).forEach(function (ev, i) {
        var p = "".concat(at, "[").concat(i, "]");
        if (ev.prefix)
            for (var _i = 0, _a = (0, messages_ts_1.envVarName)(ev.prefix); _i < _a.length; _i++) {
                var m = _a[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".prefix"), ev.prefix, m));
            }
        var n = 0;
        for (var _b = 0, _c = ['configMapRef', 'secretRef']; _b < _c.length; _b++) {
            var kind = _c[_b];
            var ref = ev[kind];
            if (!ref)
                continue;
            n++;
            if (!ref.name)
                errs.push(errors_ts_1.fieldErr.required("".concat(p, ".").concat(kind, ".name")));
            else
                for (var _d = 0, _e = (0, validation_ts_1.dns1123Subdomain)(ref.name); _d < _e.length; _d++) {
                    var m = _e[_d];
                    errs.push(errors_ts_1.fieldErr.invalid("".concat(p, ".").concat(kind, ".name"), ref.name, m));
                }
        }
        if (n === 0)
            errs.push(errors_ts_1.fieldErr.invalid(at, '', 'must specify one of: `configMapRef` or `secretRef`'));
        else if (n > 1)
            errs.push(errors_ts_1.fieldErr.invalid(at, '', 'may not have more than one field specified at a time'));
    });
    return errs;
}
