"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.portNum = exports.regexError = exports.inclusiveRange = exports.nonNegative = exports.MAX_INT32 = exports.IMMUTABLE = exports.FILE_MODE = exports.NOT_POSITIVE = exports.NEGATIVE = void 0;
exports.portName = portName;
exports.configMapKey = configMapKey;
exports.envVarName = envVarName;
exports.ipAddress = ipAddress;
exports.localPath = localPath;
/**
 * Kubernetes' validation message texts used by the pod-spec checks (apimachinery
 * util/validation and core/v1 validation, 1.32), so each is written once, and the one-line
 * checks built on them.
 */
var errors_ts_1 = require("../../../../../lib/errors.ts");
exports.NEGATIVE = 'must be greater than or equal to 0';
exports.NOT_POSITIVE = 'must be greater than zero';
exports.FILE_MODE = 'must be a number between 0 and 0777 (octal), both inclusive';
exports.IMMUTABLE = 'field is immutable';
exports.MAX_INT32 = 2147483647;
/** ValidateNonnegativeField */
var nonNegative = function (n, path) { return ((n !== null && n !== void 0 ? n : 0) < 0 ? [errors_ts_1.fieldErr.invalid(path, n, exports.NEGATIVE)] : []); };
exports.nonNegative = nonNegative;
var inclusiveRange = function (lo, hi) { return "must be between ".concat(lo, " and ").concat(hi, ", inclusive"); };
exports.inclusiveRange = inclusiveRange;
/** Go's RegexError (note the double space before "or"). */
var regexError = function (msg, re) {
    var examples = [];
    for (var _i = 2; _i < arguments.length; _i++) {
        examples[_i - 2] = arguments[_i];
    }
    return examples.length === 0
        ? "".concat(msg, " (regex used for validation is '").concat(re, "')")
        : "".concat(msg, " (e.g. ").concat(examples.map(function (e) { return "'".concat(e, "', "); }).join(' or '), "regex used for validation is '").concat(re, "')");
};
exports.regexError = regexError;
/** IsValidPortNum */
var portNum = function (port) { return (port >= 1 && port <= 65535 ? [] : [(0, exports.inclusiveRange)(1, 65535)]); };
exports.portNum = portNum;
/** IsValidPortName (an IANA_SVC_NAME) */
function portName(name) {
    var errs = [];
    if (name.length > 15)
        errs.push('must be no more than 15 characters');
    if (!/^[-a-z0-9]+$/.test(name))
        errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
    if (!/[a-z]/.test(name))
        errs.push('must contain at least one letter (a-z)');
    if (name.includes('--'))
        errs.push('must not contain consecutive hyphens');
    if (name.startsWith('-') || name.endsWith('-'))
        errs.push('must not begin or end with a hyphen');
    return errs;
}
/** IsConfigMapKey (also used for secret keys) */
function configMapKey(key) {
    var errs = [];
    if (key.length > 253)
        errs.push('must be no more than 253 characters');
    if (!/^[-._a-zA-Z0-9]+$/.test(key))
        errs.push((0, exports.regexError)("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'));
    if (key === '.')
        errs.push("must not be '.'");
    else if (key === '..')
        errs.push("must not be '..'");
    else if (key.startsWith('..'))
        errs.push("must not start with '..'");
    return errs;
}
/** IsRelaxedEnvVarName (RelaxedEnvironmentVariableValidation is on in 1.32) */
function envVarName(name) {
    for (var _i = 0, name_1 = name; _i < name_1.length; _i++) {
        var ch = name_1[_i];
        var c = ch.codePointAt(0);
        if (c > 0x7e || c < 0x20 || ch === '=')
            return ["a valid environment variable name must consist only of printable ASCII characters other than '='"];
    }
    return [];
}
/** IsValidIP */
function ipAddress(ip) {
    var _a;
    var v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(ip);
    var v6 = ip.includes(':') && /^[0-9a-fA-F:.]+$/.test(ip) && ((_a = ip.match(/::/g)) !== null && _a !== void 0 ? _a : []).length <= 1;
    return v4 || v6 ? [] : ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'];
}
/** validateLocalDescendingPath + the '..' prefix rule of ValidateLocalNonReservedPath */
function localPath(p, nonReserved) {
    if (nonReserved === void 0) { nonReserved = false; }
    var errs = [];
    if (p.startsWith('/'))
        errs.push('must be a relative path');
    if (p.split('/').includes('..'))
        errs.push("must not contain '..'");
    if (nonReserved && p.startsWith('..'))
        errs.push("must not start with '..'");
    return errs;
}
