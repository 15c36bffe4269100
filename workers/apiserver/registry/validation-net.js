"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isIP = exports.isIPv4 = exports.PROTOCOLS = exports.portNumber = void 0;
exports.portName = portName;
exports.validatePortNumOrName = validatePortNumOrName;
exports.validateProtocol = validateProtocol;
exports.isIPv6 = isIPv6;
/**
 * Network values shared by Service, Endpoints, EndpointSlice (and pod) validation: port numbers
 * and names, protocols, IP addresses, with Kubernetes' messages.
 */
var errors_ts_1 = require("../../../lib/errors.ts");
/** IsValidPortNum. */
var portNumber = function (n) {
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
};
exports.portNumber = portNumber;
/** IsValidPortName: an IANA_SVC_NAME. */
function portName(v) {
    var errs = [];
    if (v.length > 15)
        errs.push('must be no more than 15 characters');
    if (!/^[-a-z0-9]+$/.test(v))
        errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
    if (!/[a-z]/.test(v))
        errs.push('must contain at least one letter (a-z)');
    if (v.includes('--'))
        errs.push('must not contain consecutive hyphens');
    if (v.startsWith('-') || v.endsWith('-'))
        errs.push('must not begin or end with a hyphen');
    return errs;
}
/** ValidatePortNumOrName: an IntOrString that names or numbers a container port. */
function validatePortNumOrName(v, path) {
    if (typeof v === 'string')
        return portName(v).map(function (m) { return errors_ts_1.fieldErr.invalid(path, v, m); });
    return (0, exports.portNumber)(v !== null && v !== void 0 ? v : 0).map(function (m) { return errors_ts_1.fieldErr.invalid(path, v !== null && v !== void 0 ? v : 0, m); });
}
/** Protocols of Service, Endpoints and EndpointSlice ports, in Kubernetes' (sorted) order. */
exports.PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
/** A Protocol field: required, one of PROTOCOLS. */
function validateProtocol(p, path) {
    if (!p)
        return [errors_ts_1.fieldErr.required(path)];
    return exports.PROTOCOLS.includes(p) ? [] : [errors_ts_1.fieldErr.notSupported(path, p, exports.PROTOCOLS)];
}
var IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
var isIPv4 = function (v) { return IPV4.test(v); };
exports.isIPv4 = isIPv4;
/** RFC 4291 text form, with an optional trailing dotted IPv4 part. */
function isIPv6(v) {
    if (!v.includes(':') || /[^0-9a-fA-F:.]/.test(v))
        return false;
    var groups = 8;
    var s = v;
    var lastColon = s.lastIndexOf(':');
    if (s.slice(lastColon + 1).includes('.')) {
        if (!(0, exports.isIPv4)(s.slice(lastColon + 1)))
            return false;
        s = s.slice(0, lastColon + 1) + '0:0';
    }
    var halves = s.split('::');
    if (halves.length > 2)
        return false;
    var parts = halves.map(function (h) { return (h === '' ? [] : h.split(':')); });
    if (parts.some(function (p) { return p.some(function (g) { return !/^[0-9a-fA-F]{1,4}$/.test(g); }); }))
        return false;
    var count = parts.reduce(function (n, p) { return n + p.length; }, 0);
    return halves.length === 2 ? count < groups : count === groups;
}
var isIP = function (v) { return (0, exports.isIPv4)(v) || isIPv6(v); };
exports.isIP = isIP;
