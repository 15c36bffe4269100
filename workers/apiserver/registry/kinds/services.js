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
exports.DEFAULT_CLIENT_IP_TIMEOUT = void 0;
/**
 * core/v1 services. ClusterIP/nodePort allocation and ipFamilies are not here: the apiserver's
 * allocator assigns them (it needs storage); this file only defaults, validates and prints.
 */
var service_ts_1 = require("../../../../lib/api/core/service.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
var validation_ts_1 = require("../validation.ts");
var validation_net_ts_1 = require("../validation-net.ts");
var TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
var AFFINITIES = ['ClientIP', 'None'];
exports.DEFAULT_CLIENT_IP_TIMEOUT = 10800;
var externallyAccessible = function (s) { var _a, _b, _c, _d, _e; return ((_a = s.spec) === null || _a === void 0 ? void 0 : _a.type) === 'LoadBalancer' || ((_b = s.spec) === null || _b === void 0 ? void 0 : _b.type) === 'NodePort' || (((_c = s.spec) === null || _c === void 0 ? void 0 : _c.type) === 'ClusterIP' && ((_e = (_d = s.spec.externalIPs) === null || _d === void 0 ? void 0 : _d.length) !== null && _e !== void 0 ? _e : 0) > 0); };
/** SetDefaults_Service. */
function defaults(s) {
    var _a, _b, _c, _d;
    var spec = ((_a = s.spec) !== null && _a !== void 0 ? _a : (s.spec = {}));
    if (!spec.sessionAffinity)
        spec.sessionAffinity = 'None';
    if (spec.sessionAffinity === 'None')
        delete spec.sessionAffinityConfig;
    if (spec.sessionAffinity === 'ClientIP' && ((_c = (_b = spec.sessionAffinityConfig) === null || _b === void 0 ? void 0 : _b.clientIP) === null || _c === void 0 ? void 0 : _c.timeoutSeconds) == null)
        spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: exports.DEFAULT_CLIENT_IP_TIMEOUT } };
    if (!spec.type)
        spec.type = 'ClusterIP';
    for (var _i = 0, _e = (_d = spec.ports) !== null && _d !== void 0 ? _d : []; _i < _e.length; _i++) {
        var p = _e[_i];
        if (!p.protocol)
            p.protocol = 'TCP';
        if (p.targetPort === undefined || p.targetPort === null || p.targetPort === 0 || p.targetPort === '')
            p.targetPort = p.port;
    }
    if (externallyAccessible(s) && !spec.externalTrafficPolicy)
        spec.externalTrafficPolicy = 'Cluster';
    if (spec.internalTrafficPolicy == null && spec.type !== 'ExternalName')
        spec.internalTrafficPolicy = 'Cluster';
    if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts == null)
        spec.allocateLoadBalancerNodePorts = true;
}
/** Go's %#v of the (protocol, port) key Kubernetes reports duplicate ports with. */
var portKey = function (p) { var _a, _b; return "core.ServicePort{Name:\"\", Protocol:".concat(JSON.stringify((_a = p.protocol) !== null && _a !== void 0 ? _a : ''), ", AppProtocol:(*string)(nil), Port:").concat((_b = p.port) !== null && _b !== void 0 ? _b : 0, ", TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}, NodePort:0}"); };
function validatePorts(s) {
    var _a, _b;
    var spec = (_a = s.spec) !== null && _a !== void 0 ? _a : {};
    var ports = (_b = spec.ports) !== null && _b !== void 0 ? _b : [];
    var errs = [];
    if (ports.length === 0 && spec.clusterIP !== 'None' && spec.type !== 'ExternalName')
        errs.push(errors_ts_1.fieldErr.required('spec.ports'));
    var names = new Set();
    var seen = new Set();
    ports.forEach(function (p, i) {
        var _a;
        var at = "spec.ports[".concat(i, "]");
        if (ports.length > 1 && !p.name)
            errs.push(errors_ts_1.fieldErr.required("".concat(at, ".name")));
        else if (p.name) {
            for (var _i = 0, _b = (0, validation_ts_1.dns1123Label)(p.name); _i < _b.length; _i++) {
                var m = _b[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".name"), p.name, m));
            }
            if (names.has(p.name))
                errs.push(errors_ts_1.fieldErr.duplicate("".concat(at, ".name"), p.name));
            names.add(p.name);
        }
        for (var _c = 0, _d = (0, validation_net_ts_1.portNumber)(p.port); _c < _d.length; _c++) {
            var m = _d[_c];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".port"), (_a = p.port) !== null && _a !== void 0 ? _a : 0, m));
        }
        errs.push.apply(errs, (0, validation_net_ts_1.validateProtocol)(p.protocol, "".concat(at, ".protocol")));
        errs.push.apply(errs, (0, validation_net_ts_1.validatePortNumOrName)(p.targetPort, "".concat(at, ".targetPort")));
        if (p.appProtocol != null)
            for (var _e = 0, _f = (0, validation_ts_1.qualifiedName)(p.appProtocol); _e < _f.length; _e++) {
                var m = _f[_e];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".appProtocol"), p.appProtocol, m));
            }
        if (spec.type === 'ClusterIP' && p.nodePort)
            errs.push(errors_ts_1.fieldErr.forbidden("".concat(at, ".nodePort"), "may not be used when `type` is 'ClusterIP'"));
        else if (p.nodePort)
            for (var _g = 0, _h = (0, validation_net_ts_1.portNumber)(p.nodePort); _g < _h.length; _g++) {
                var m = _h[_g];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".nodePort"), p.nodePort, m));
            }
    });
    ports.forEach(function (p, i) {
        var key = "".concat(p.protocol, "/").concat(p.port);
        if (seen.has(key))
            errs.push({ type: 'FieldValueDuplicate', field: "spec.ports[".concat(i, "]"), body: "Duplicate value: ".concat(portKey(p)) });
        seen.add(key);
    });
    return errs;
}
function validate(s) {
    var _a, _b, _c, _d;
    var spec = (_a = s.spec) !== null && _a !== void 0 ? _a : {};
    var errs = [];
    if (!spec.type)
        errs.push(errors_ts_1.fieldErr.required('spec.type'));
    else if (!TYPES.includes(spec.type))
        errs.push(errors_ts_1.fieldErr.notSupported('spec.type', spec.type, TYPES));
    if (!spec.sessionAffinity)
        errs.push(errors_ts_1.fieldErr.required('spec.sessionAffinity'));
    else if (!AFFINITIES.includes(spec.sessionAffinity))
        errs.push(errors_ts_1.fieldErr.notSupported('spec.sessionAffinity', spec.sessionAffinity, AFFINITIES));
    if (spec.type === 'ExternalName') {
        if (spec.clusterIP)
            errs.push(errors_ts_1.fieldErr.forbidden('spec.clusterIP', 'may not be set for ExternalName services'));
        var name = ((_b = spec.externalName) !== null && _b !== void 0 ? _b : '').replace(/\.$/, '');
        if (!name)
            errs.push(errors_ts_1.fieldErr.required('spec.externalName'));
        else
            for (var _i = 0, _e = (0, validation_ts_1.dns1123Subdomain)(name); _i < _e.length; _i++) {
                var m = _e[_i];
                errs.push(errors_ts_1.fieldErr.invalid('spec.externalName', spec.externalName, m));
            }
    }
    var timeout = (_d = (_c = spec.sessionAffinityConfig) === null || _c === void 0 ? void 0 : _c.clientIP) === null || _d === void 0 ? void 0 : _d.timeoutSeconds;
    if (spec.sessionAffinity === 'ClientIP' && timeout != null && (timeout <= 0 || timeout > 86400))
        errs.push(errors_ts_1.fieldErr.invalid('spec.sessionAffinityConfig.clientIP.timeoutSeconds', timeout, 'must be greater than 0 and less than 86400'));
    return __spreadArray(__spreadArray([], errs, true), validatePorts(s), true);
}
/** The External-IP cell (printers.md §2.8). */
function externalIP(s) {
    var _a, _b, _c, _d, _e, _f;
    var spec = (_a = s.spec) !== null && _a !== void 0 ? _a : {};
    var external = (_b = spec.externalIPs) !== null && _b !== void 0 ? _b : [];
    switch (spec.type) {
        case 'ClusterIP':
        case 'NodePort':
            return external.length ? external.join(',') : '<none>';
        case 'LoadBalancer': {
            var ingress = __spreadArray([], new Set(((_e = (_d = (_c = s.status) === null || _c === void 0 ? void 0 : _c.loadBalancer) === null || _d === void 0 ? void 0 : _d.ingress) !== null && _e !== void 0 ? _e : []).map(function (i) { return i.ip || i.hostname || ''; }).filter(Boolean)), true).sort();
            var all = __spreadArray(__spreadArray([], ingress, true), external, true);
            return all.length ? all.join(',') : '<pending>';
        }
        case 'ExternalName':
            return (_f = spec.externalName) !== null && _f !== void 0 ? _f : '';
        default:
            return '<unknown>';
    }
}
var ports = function (s) {
    var _a, _b;
    var list = ((_b = (_a = s.spec) === null || _a === void 0 ? void 0 : _a.ports) !== null && _b !== void 0 ? _b : []).map(function (p) { return (p.nodePort ? "".concat(p.port, ":").concat(p.nodePort, "/").concat(p.protocol) : "".concat(p.port, "/").concat(p.protocol)); });
    return list.length ? list.join(',') : '<none>';
};
var desc = {
    group: '',
    version: 'v1',
    kind: 'Service',
    resource: 'services',
    singular: 'service',
    namespaced: true,
    shortNames: ['svc'],
    categories: ['all'],
    schema: service_ts_1.service,
    openapiName: 'io.k8s.api.core.v1.Service',
    subresources: { status: true },
    nameRule: 'dns1035',
    defaults: defaults,
    prepareForCreate: function (s) {
        s.status = { loadBalancer: {} };
    },
    validate: validate,
    table: {
        columns: [
            printing_ts_1.nameColumn,
            (0, printing_ts_1.column)('Type', 'string', 'The type of the service'),
            (0, printing_ts_1.column)('Cluster-IP', 'string', 'The cluster IP of the service'),
            (0, printing_ts_1.column)('External-IP', 'string', 'The external IP of the service'),
            (0, printing_ts_1.column)('Port(s)', 'string', 'The ports exposed by the service'),
            printing_ts_1.ageColumn,
            (0, printing_ts_1.column)('Selector', 'string', 'Route service traffic to pods with label keys and values matching this selector.', 1),
        ],
        cells: function (s, now) {
            var _a, _b, _c, _d, _e, _f, _g;
            return [
                s.metadata.name,
                (_b = (_a = s.spec) === null || _a === void 0 ? void 0 : _a.type) !== null && _b !== void 0 ? _b : '',
                (_e = (_d = (_c = s.spec) === null || _c === void 0 ? void 0 : _c.clusterIPs) === null || _d === void 0 ? void 0 : _d[0]) !== null && _e !== void 0 ? _e : (((_f = s.spec) === null || _f === void 0 ? void 0 : _f.clusterIP) || '<none>'),
                externalIP(s),
                ports(s),
                (0, printing_ts_1.age)(s.metadata.creationTimestamp, now),
                (0, printing_ts_1.formatLabels)((_g = s.spec) === null || _g === void 0 ? void 0 : _g.selector),
            ];
        },
    },
};
exports.default = desc;
