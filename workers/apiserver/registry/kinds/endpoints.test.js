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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var endpoints_ts_1 = require("./endpoints.ts");
var ep = function (subsets) { return (__assign({ metadata: { name: 'web', namespace: 'd' } }, (subsets ? { subsets: subsets } : {}))); };
(0, node_test_1.test)('Endpoints cell: address × port, IPv6 bracketed, at most 3', function () {
    strict_1.default.equal((0, endpoints_ts_1.formatEndpoints)(ep()), '<none>');
    strict_1.default.equal((0, endpoints_ts_1.formatEndpoints)(ep([{ notReadyAddresses: [{ ip: '10.0.0.9' }], ports: [{ port: 80 }] }])), '');
    strict_1.default.equal((0, endpoints_ts_1.formatEndpoints)(ep([{ addresses: [{ ip: '10.0.0.1' }] }])), '10.0.0.1');
    strict_1.default.equal((0, endpoints_ts_1.formatEndpoints)(ep([{ addresses: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }], ports: [{ port: 80 }] }])), '10.0.0.1:80,[fd00::1]:80');
    strict_1.default.equal((0, endpoints_ts_1.formatEndpoints)(ep([{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ port: 80 }, { port: 443 }] }])), '10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more...');
    strict_1.default.deepEqual(endpoints_ts_1.default.table.columns.map(function (c) { return c.name; }), ['Name', 'Endpoints', 'Age']);
});
(0, node_test_1.test)('validation and protocol default', function () {
    var e = ep([{ addresses: [{ ip: '10.0.0.300' }], ports: [{ port: 70000 }, { name: 'b', port: 1 }] }]);
    endpoints_ts_1.default.defaults(e);
    strict_1.default.equal(e.subsets[0].ports[0].protocol, 'TCP');
    strict_1.default.deepEqual(endpoints_ts_1.default.validate(e).map(function (x) { return "".concat(x.field, ": ").concat(x.body); }), [
        'subsets[0].addresses[0].ip: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
        'subsets[0].ports[0].name: Required value',
        'subsets[0].ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
    ]);
});
