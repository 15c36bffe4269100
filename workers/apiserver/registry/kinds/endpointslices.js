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
Object.defineProperty(exports, "__esModule", { value: true });
/** discovery.k8s.io/v1 endpointslices (written by the EndpointSlice controller). */
var discovery_ts_1 = require("../../../../lib/api/discovery.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
var validation_ts_1 = require("../validation.ts");
var validation_net_ts_1 = require("../validation-net.ts");
var ADDRESS_TYPES = ['FQDN', 'IPv4', 'IPv6'];
var MAX_ENDPOINTS = 1000;
var MAX_ADDRESSES = 100;
var MAX_PORTS = 100;
var addressRule = {
    IPv4: function (a) { return ((0, validation_net_ts_1.isIPv4)(a) ? [] : ['must be a valid IPv4 address']); },
    IPv6: function (a) { return ((0, validation_net_ts_1.isIPv6)(a) ? [] : ['must be a valid IPv6 address']); },
    FQDN: validation_ts_1.dns1123Subdomain,
};
function validate(es) {
    var _a, _b, _c;
    var errs = [];
    var type = (_a = es.addressType) !== null && _a !== void 0 ? _a : '';
    if (!type)
        errs.push(errors_ts_1.fieldErr.required('addressType'));
    else if (!ADDRESS_TYPES.includes(type))
        errs.push(errors_ts_1.fieldErr.notSupported('addressType', type, ADDRESS_TYPES));
    var endpoints = (_b = es.endpoints) !== null && _b !== void 0 ? _b : [];
    if (endpoints.length > MAX_ENDPOINTS)
        errs.push(errors_ts_1.fieldErr.tooMany('endpoints', endpoints.length, MAX_ENDPOINTS));
    endpoints.forEach(function (ep, i) {
        var _a;
        var at = "endpoints[".concat(i, "]");
        var addrs = (_a = ep.addresses) !== null && _a !== void 0 ? _a : [];
        if (addrs.length === 0)
            errs.push(errors_ts_1.fieldErr.required("".concat(at, ".addresses"), 'must contain at least 1 address'));
        else if (addrs.length > MAX_ADDRESSES)
            errs.push(errors_ts_1.fieldErr.tooMany("".concat(at, ".addresses"), addrs.length, MAX_ADDRESSES));
        addrs.forEach(function (a, j) {
            var _a, _b;
            for (var _i = 0, _c = (_b = (_a = addressRule[type]) === null || _a === void 0 ? void 0 : _a.call(addressRule, a)) !== null && _b !== void 0 ? _b : []; _i < _c.length; _i++) {
                var m = _c[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".addresses[").concat(j, "]"), a, m));
            }
        });
        if (ep.hostname)
            for (var _i = 0, _b = (0, validation_ts_1.dns1123Label)(ep.hostname); _i < _b.length; _i++) {
                var m = _b[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".hostname"), ep.hostname, m));
            }
    });
    var ports = (_c = es.ports) !== null && _c !== void 0 ? _c : [];
    if (ports.length > MAX_PORTS)
        errs.push(errors_ts_1.fieldErr.tooMany('ports', ports.length, MAX_PORTS));
    var names = new Set();
    ports.forEach(function (p, i) {
        var _a;
        var at = "ports[".concat(i, "]");
        var name = (_a = p.name) !== null && _a !== void 0 ? _a : '';
        if (name)
            for (var _i = 0, _b = (0, validation_ts_1.dns1123Label)(name); _i < _b.length; _i++) {
                var m = _b[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".name"), name, m));
            }
        if (names.has(name))
            errs.push(errors_ts_1.fieldErr.duplicate("".concat(at, ".name"), name));
        names.add(name);
        if (p.port != null)
            for (var _c = 0, _d = (0, validation_net_ts_1.portNumber)(p.port); _c < _d.length; _c++) {
                var m = _d[_c];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".port"), p.port, m));
            }
        errs.push.apply(errs, (0, validation_net_ts_1.validateProtocol)(p.protocol, "".concat(at, ".protocol")));
    });
    return errs;
}
/** Everything but metadata, plus the labels: what bumps an EndpointSlice's generation. */
var generationView = function (es) { var _a; return JSON.stringify(__assign(__assign({}, es), { apiVersion: undefined, kind: undefined, metadata: (_a = es.metadata.labels) !== null && _a !== void 0 ? _a : {} })); };
/** deprecatedTopology is not writable through v1: silently dropped. */
var dropTopology = function (es) {
    var _a;
    for (var _i = 0, _b = (_a = es.endpoints) !== null && _a !== void 0 ? _a : []; _i < _b.length; _i++) {
        var e = _b[_i];
        delete e.deprecatedTopology;
    }
};
var unset = function (items) { return (items.length ? (0, printing_ts_1.joinMax3)(items) : '<unset>'); };
var desc = {
    group: 'discovery.k8s.io',
    version: 'v1',
    kind: 'EndpointSlice',
    resource: 'endpointslices',
    singular: 'endpointslice',
    namespaced: true,
    schema: discovery_ts_1.endpointSlice,
    openapiName: 'io.k8s.api.discovery.v1.EndpointSlice',
    nameRule: 'subdomain',
    defaults: function (es) {
        var _a;
        for (var _i = 0, _b = (_a = es.ports) !== null && _a !== void 0 ? _a : []; _i < _b.length; _i++) {
            var p = _b[_i];
            if (p.name == null)
                p.name = '';
            if (p.protocol == null)
                p.protocol = 'TCP';
        }
    },
    prepareForCreate: function (es) {
        es.metadata.generation = 1;
        dropTopology(es);
    },
    prepareForUpdate: function (es, old) {
        var _a;
        dropTopology(es);
        var changed = generationView(es) !== generationView(old);
        es.metadata.generation = ((_a = old.metadata.generation) !== null && _a !== void 0 ? _a : 0) + (changed ? 1 : 0);
    },
    validate: validate,
    validateUpdate: function (es, old) { return (0, validation_ts_1.immutable)('addressType', es.addressType, old.addressType); },
    table: {
        columns: [
            printing_ts_1.nameColumn,
            (0, printing_ts_1.column)('AddressType', 'string', 'addressType specifies the type of address carried by this EndpointSlice.'),
            (0, printing_ts_1.column)('Ports', 'string', 'ports specifies the list of network ports exposed by each endpoint in this slice.'),
            (0, printing_ts_1.column)('Endpoints', 'string', 'endpoints is a list of unique endpoints in this slice.'),
            printing_ts_1.ageColumn,
        ],
        cells: function (es, now) {
            var _a, _b, _c;
            return [
                es.metadata.name,
                (_a = es.addressType) !== null && _a !== void 0 ? _a : '',
                unset(((_b = es.ports) !== null && _b !== void 0 ? _b : []).map(function (p) { return (p.port != null ? String(p.port) : p.name || '*'); })),
                unset(((_c = es.endpoints) !== null && _c !== void 0 ? _c : []).flatMap(function (e) { var _a; return (_a = e.addresses) !== null && _a !== void 0 ? _a : []; })),
                (0, printing_ts_1.age)(es.metadata.creationTimestamp, now),
            ];
        },
    },
};
exports.default = desc;
