"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.validatePortNumOrName = validatePortNumOrName;
exports.validateProbesAndHooks = validateProbesAndHooks;
var errors_ts_1 = require("../../../../../lib/errors.ts");
var messages_ts_1 = require("./messages.ts");
var HTTP_SCHEMES = ['HTTP', 'HTTPS'];
var HEADER_NAME = /^[-A-Za-z0-9]+$/;
var HEADER_NAME_MSG = (0, messages_ts_1.regexError)("a valid HTTP header must consist of alphanumeric characters or '-'", '[-A-Za-z0-9]+', 'X-Header-Name');
/** ValidatePortNumOrName */
function validatePortNumOrName(port, at) {
    if (typeof port === 'string')
        return (0, messages_ts_1.portName)(port).map(function (m) { return errors_ts_1.fieldErr.invalid(at, port, m); });
    return (0, messages_ts_1.portNum)(port !== null && port !== void 0 ? port : 0).map(function (m) { return errors_ts_1.fieldErr.invalid(at, port !== null && port !== void 0 ? port : 0, m); });
}
function validateHandler(h, gracePeriod, at) {
    var errs = [];
    var n = 0;
    var one = function (kind, check) {
        if (h[kind] == null)
            return;
        if (n > 0)
            errs.push(errors_ts_1.fieldErr.forbidden("".concat(at, ".").concat(kind), 'may not specify more than 1 handler type'));
        else {
            n++;
            errs.push.apply(errs, check());
        }
    };
    one('exec', function () { var _a; return (((_a = h.exec.command) === null || _a === void 0 ? void 0 : _a.length) ? [] : [errors_ts_1.fieldErr.required("".concat(at, ".exec.command"))]); });
    one('httpGet', function () {
        var _a, _b, _c, _d, _e;
        var g = h.httpGet;
        var e = [];
        if (!g.path)
            e.push(errors_ts_1.fieldErr.required("".concat(at, ".httpGet.path")));
        e.push.apply(e, validatePortNumOrName(g.port, "".concat(at, ".httpGet.port")));
        if (!HTTP_SCHEMES.includes((_a = g.scheme) !== null && _a !== void 0 ? _a : ''))
            e.push(errors_ts_1.fieldErr.notSupported("".concat(at, ".httpGet.scheme"), (_b = g.scheme) !== null && _b !== void 0 ? _b : '', HTTP_SCHEMES));
        for (var _i = 0, _f = (_c = g.httpHeaders) !== null && _c !== void 0 ? _c : []; _i < _f.length; _i++) {
            var hd = _f[_i];
            if (!HEADER_NAME.test((_d = hd.name) !== null && _d !== void 0 ? _d : ''))
                e.push(errors_ts_1.fieldErr.invalid("".concat(at, ".httpGet.httpHeaders"), (_e = hd.name) !== null && _e !== void 0 ? _e : '', HEADER_NAME_MSG));
        }
        return e;
    });
    one('tcpSocket', function () { return validatePortNumOrName(h.tcpSocket.port, "".concat(at, ".tcpSocket.port")); });
    one('grpc', function () { var _a; return (0, messages_ts_1.portNum)((_a = h.grpc.port) !== null && _a !== void 0 ? _a : 0).map(function (m) { var _a; return errors_ts_1.fieldErr.invalid("".concat(at, ".grpc.port"), (_a = h.grpc.port) !== null && _a !== void 0 ? _a : 0, m); }); });
    one('sleep', function () {
        var _a;
        var s = (_a = h.sleep.seconds) !== null && _a !== void 0 ? _a : 0;
        return s <= 0 || s > gracePeriod
            ? [errors_ts_1.fieldErr.invalid("".concat(at, ".sleep"), s, "must be greater than 0 and less than terminationGracePeriodSeconds (".concat(gracePeriod, "). Please enable PodLifecycleSleepActionAllowZero feature gate if you need a sleep of zero duration."))]
            : [];
    });
    if (n === 0)
        errs.push(errors_ts_1.fieldErr.required(at, 'must specify a handler type'));
    return errs;
}
function validateProbe(p, gracePeriod, at) {
    var _a;
    var errs = validateHandler(p, gracePeriod, at);
    for (var _i = 0, _b = ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold']; _i < _b.length; _i++) {
        var f = _b[_i];
        var n = (_a = p[f]) !== null && _a !== void 0 ? _a : 0;
        if (n < 0)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".").concat(f), n, messages_ts_1.NEGATIVE));
    }
    var tgps = p.terminationGracePeriodSeconds;
    if (tgps != null && tgps <= 0)
        errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".terminationGracePeriodSeconds"), tgps, 'must be greater than 0'));
    return errs;
}
/** The probes and hooks of a container allowed to have them (regular containers, sidecars). */
function validateProbesAndHooks(c, gracePeriod, at) {
    var _a, _b, _c;
    var errs = [];
    if ((_a = c.lifecycle) === null || _a === void 0 ? void 0 : _a.postStart)
        errs.push.apply(errs, validateHandler(c.lifecycle.postStart, gracePeriod, "".concat(at, ".lifecycle.postStart")));
    if ((_b = c.lifecycle) === null || _b === void 0 ? void 0 : _b.preStop)
        errs.push.apply(errs, validateHandler(c.lifecycle.preStop, gracePeriod, "".concat(at, ".lifecycle.preStop")));
    for (var _i = 0, _d = ['livenessProbe', 'readinessProbe', 'startupProbe']; _i < _d.length; _i++) {
        var kind = _d[_i];
        var p = c[kind];
        if (!p)
            continue;
        errs.push.apply(errs, validateProbe(p, gracePeriod, "".concat(at, ".").concat(kind)));
        if (kind !== 'readinessProbe' && p.successThreshold !== 1)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".").concat(kind, ".successThreshold"), (_c = p.successThreshold) !== null && _c !== void 0 ? _c : 0, 'must be 1'));
        if (kind === 'readinessProbe' && p.terminationGracePeriodSeconds != null)
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".").concat(kind, ".terminationGracePeriodSeconds"), p.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
    }
    return errs;
}
