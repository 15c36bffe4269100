"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.formatEndpoints = formatEndpoints;
/** core/v1 endpoints (written by the endpoints controller, or by hand for selector-less services). */
var endpoints_ts_1 = require("../../../../lib/api/core/endpoints.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
var validation_ts_1 = require("../validation.ts");
var validation_net_ts_1 = require("../validation-net.ts");
function validateSubset(s, at) {
    var _a, _b, _c;
    var errs = [];
    if (!((_a = s.addresses) === null || _a === void 0 ? void 0 : _a.length) && !((_b = s.notReadyAddresses) === null || _b === void 0 ? void 0 : _b.length))
        errs.push(errors_ts_1.fieldErr.required(at, 'must specify `addresses` or `notReadyAddresses`'));
    var _loop_1 = function (list, name) {
        (list !== null && list !== void 0 ? list : []).forEach(function (a, j) {
            var _a, _b;
            if (!(0, validation_net_ts_1.isIP)((_a = a.ip) !== null && _a !== void 0 ? _a : ''))
                errs.push(errors_ts_1.fieldErr.invalid("".concat(at, ".").concat(name, "[").concat(j, "].ip"), (_b = a.ip) !== null && _b !== void 0 ? _b : '', 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
        });
    };
    for (var _i = 0, _d = [[s.addresses, 'addresses'], [s.notReadyAddresses, 'notReadyAddresses']]; _i < _d.length; _i++) {
        var _e = _d[_i], list = _e[0], name = _e[1];
        _loop_1(list, name);
    }
    var ports = (_c = s.ports) !== null && _c !== void 0 ? _c : [];
    ports.forEach(function (p, j) {
        var _a;
        var pat = "".concat(at, ".ports[").concat(j, "]");
        if (ports.length > 1 && !p.name)
            errs.push(errors_ts_1.fieldErr.required("".concat(pat, ".name")));
        else if (p.name)
            for (var _i = 0, _b = (0, validation_ts_1.dns1123Label)(p.name); _i < _b.length; _i++) {
                var m = _b[_i];
                errs.push(errors_ts_1.fieldErr.invalid("".concat(pat, ".name"), p.name, m));
            }
        for (var _c = 0, _d = (0, validation_net_ts_1.portNumber)(p.port); _c < _d.length; _c++) {
            var m = _d[_c];
            errs.push(errors_ts_1.fieldErr.invalid("".concat(pat, ".port"), (_a = p.port) !== null && _a !== void 0 ? _a : 0, m));
        }
        errs.push.apply(errs, (0, validation_net_ts_1.validateProtocol)(p.protocol, "".concat(pat, ".protocol")));
    });
    return errs;
}
/** printers.md §2.9: ready addresses × ports, at most 3 shown. */
function formatEndpoints(ep) {
    var _a, _b, _c;
    var subsets = (_a = ep.subsets) !== null && _a !== void 0 ? _a : [];
    if (subsets.length === 0)
        return '<none>';
    var items = [];
    for (var _i = 0, subsets_1 = subsets; _i < subsets_1.length; _i++) {
        var s = subsets_1[_i];
        var addrs = ((_b = s.addresses) !== null && _b !== void 0 ? _b : []).map(function (a) { return a.ip; });
        if (!((_c = s.ports) === null || _c === void 0 ? void 0 : _c.length))
            items.push.apply(items, addrs);
        else
            for (var _d = 0, _e = s.ports; _d < _e.length; _d++) {
                var p = _e[_d];
                for (var _f = 0, addrs_1 = addrs; _f < addrs_1.length; _f++) {
                    var ip = addrs_1[_f];
                    items.push(ip.includes(':') ? "[".concat(ip, "]:").concat(p.port) : "".concat(ip, ":").concat(p.port));
                }
            }
    }
    return (0, printing_ts_1.joinMax3)(items);
}
var desc = {
    group: '',
    version: 'v1',
    kind: 'Endpoints',
    resource: 'endpoints',
    singular: 'endpoints',
    namespaced: true,
    shortNames: ['ep'],
    schema: endpoints_ts_1.endpoints,
    openapiName: 'io.k8s.api.core.v1.Endpoints',
    nameRule: 'subdomain',
    defaults: function (ep) {
        var _a, _b;
        for (var _i = 0, _c = (_a = ep.subsets) !== null && _a !== void 0 ? _a : []; _i < _c.length; _i++) {
            var s = _c[_i];
            for (var _d = 0, _e = (_b = s.ports) !== null && _b !== void 0 ? _b : []; _d < _e.length; _d++) {
                var p = _e[_d];
                if (!p.protocol)
                    p.protocol = 'TCP';
            }
        }
    },
    validate: function (ep) { var _a; return ((_a = ep.subsets) !== null && _a !== void 0 ? _a : []).flatMap(function (s, i) { return validateSubset(s, "subsets[".concat(i, "]")); }); },
    table: {
        columns: [printing_ts_1.nameColumn, (0, printing_ts_1.column)('Endpoints', 'string', 'Endpoints is the list of endpoints in the endpoint.'), printing_ts_1.ageColumn],
        cells: function (ep, now) { return [ep.metadata.name, formatEndpoints(ep), (0, printing_ts_1.age)(ep.metadata.creationTimestamp, now)]; },
    },
};
exports.default = desc;
