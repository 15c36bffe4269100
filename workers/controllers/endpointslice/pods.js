"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
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
exports.podRef = exports.isTerminating = exports.isPodReady = void 0;
exports.belongsInEndpoints = belongsInEndpoints;
exports.podAddresses = podAddresses;
exports.findPort = findPort;
exports.resolvePorts = resolvePorts;
exports.publishedHostname = publishedHostname;
exports.derivedLabels = derivedLabels;
exports.canonical = canonical;
var isPodReady = function (pod) { var _a, _b; return ((_b = (_a = pod.status) === null || _a === void 0 ? void 0 : _a.conditions) !== null && _b !== void 0 ? _b : []).some(function (c) { return c.type === 'Ready' && c.status === 'True'; }); };
exports.isPodReady = isPodReady;
var isTerminating = function (pod) { return !!pod.metadata.deletionTimestamp; };
exports.isTerminating = isTerminating;
/** ShouldPodBeInEndpoints: not finished, has an IP, and not terminating unless asked. */
function belongsInEndpoints(pod, includeTerminating) {
    var _a, _b, _c, _d;
    var phase = (_a = pod.status) === null || _a === void 0 ? void 0 : _a.phase;
    if (phase === 'Succeeded' || phase === 'Failed')
        return false;
    if (!((_b = pod.status) === null || _b === void 0 ? void 0 : _b.podIP) && !((_d = (_c = pod.status) === null || _c === void 0 ? void 0 : _c.podIPs) === null || _d === void 0 ? void 0 : _d.length))
        return false;
    return includeTerminating || !(0, exports.isTerminating)(pod);
}
var familyOf = function (ip) { return (ip.includes(':') ? 'IPv6' : 'IPv4'); };
/** The pod's addresses of one family (podIPs, or the single podIP of older writers). */
function podAddresses(pod, family) {
    var _a, _b, _c, _d;
    var ips = ((_b = (_a = pod.status) === null || _a === void 0 ? void 0 : _a.podIPs) === null || _b === void 0 ? void 0 : _b.length) ? pod.status.podIPs.map(function (p) { var _a; return (_a = p.ip) !== null && _a !== void 0 ? _a : ''; }) : [(_d = (_c = pod.status) === null || _c === void 0 ? void 0 : _c.podIP) !== null && _d !== void 0 ? _d : ''];
    return ips.filter(function (ip) { return ip && familyOf(ip) === family; });
}
/**
 * FindPort: a numeric targetPort is taken as is; a named one is looked up among the ports of the
 * pod's containers (and sidecars) with the same protocol. Undefined when the pod has no such port.
 */
function findPort(pod, sp) {
    var _a, _b, _c, _d, _e, _f, _g, _h;
    var target = (_a = sp.targetPort) !== null && _a !== void 0 ? _a : sp.port;
    if (typeof target === 'number')
        return target;
    var protocol = (_b = sp.protocol) !== null && _b !== void 0 ? _b : 'TCP';
    var sidecars = ((_d = (_c = pod.spec) === null || _c === void 0 ? void 0 : _c.initContainers) !== null && _d !== void 0 ? _d : []).filter(function (c) { return c.restartPolicy === 'Always'; });
    for (var _i = 0, _j = __spreadArray(__spreadArray([], ((_f = (_e = pod.spec) === null || _e === void 0 ? void 0 : _e.containers) !== null && _f !== void 0 ? _f : []), true), sidecars, true); _i < _j.length; _i++) {
        var c = _j[_i];
        for (var _k = 0, _l = (_g = c.ports) !== null && _g !== void 0 ? _g : []; _k < _l.length; _k++) {
            var p = _l[_k];
            if (p.name === target && ((_h = p.protocol) !== null && _h !== void 0 ? _h : 'TCP') === protocol)
                return p.containerPort;
        }
    }
    return undefined;
}
/** The service's ports as this pod serves them, in the service's order (unresolvable ones skipped). */
function resolvePorts(service, pod) {
    var _a, _b, _c, _d;
    var out = [];
    for (var _i = 0, _e = (_b = (_a = service.spec) === null || _a === void 0 ? void 0 : _a.ports) !== null && _b !== void 0 ? _b : []; _i < _e.length; _i++) {
        var sp = _e[_i];
        var port = findPort(pod, sp);
        if (port === undefined)
            continue;
        out.push(__assign({ name: (_c = sp.name) !== null && _c !== void 0 ? _c : '', protocol: (_d = sp.protocol) !== null && _d !== void 0 ? _d : 'TCP', port: port }, (sp.appProtocol ? { appProtocol: sp.appProtocol } : {})));
    }
    return out;
}
var podRef = function (pod) { return ({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid }); };
exports.podRef = podRef;
/** A pod's hostname is published only for the headless service its subdomain names. */
function publishedHostname(pod, service) {
    var spec = pod.spec;
    return (spec === null || spec === void 0 ? void 0 : spec.hostname) && spec.subdomain === service.metadata.name && pod.metadata.namespace === service.metadata.namespace ? spec.hostname : undefined;
}
/** Labels of the objects derived from a service: its own, plus the headless marker. */
function derivedLabels(service, extra) {
    var _a;
    if (extra === void 0) { extra = {}; }
    var labels = __assign({}, service.metadata.labels);
    delete labels['service.kubernetes.io/headless'];
    if (((_a = service.spec) === null || _a === void 0 ? void 0 : _a.clusterIP) === 'None')
        labels['service.kubernetes.io/headless'] = '';
    return __assign(__assign({}, labels), extra);
}
/** Canonical JSON (sorted keys), to compare what we want with what is stored. */
function canonical(v) {
    if (Array.isArray(v))
        return "[".concat(v.map(canonical).join(','), "]");
    if (v && typeof v === 'object')
        return "{".concat(Object.keys(v)
            .filter(function (k) { return v[k] !== undefined; })
            .sort()
            .map(function (k) { return "".concat(JSON.stringify(k), ":").concat(canonical(v[k])); })
            .join(','), "}");
    return JSON.stringify(v !== null && v !== void 0 ? v : null);
}
