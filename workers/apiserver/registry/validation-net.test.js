"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var validation_net_ts_1 = require("./validation-net.ts");
(0, node_test_1.test)('IP addresses', function () {
    for (var _i = 0, _a = ['10.0.0.1', '0.0.0.0', '255.255.255.255']; _i < _a.length; _i++) {
        var ok = _a[_i];
        strict_1.default.ok((0, validation_net_ts_1.isIPv4)(ok), ok);
    }
    for (var _b = 0, _c = ['256.0.0.1', '10.0.0', '01.2.3.4', 'a.b.c.d']; _b < _c.length; _b++) {
        var bad = _c[_b];
        strict_1.default.ok(!(0, validation_net_ts_1.isIPv4)(bad), bad);
    }
    for (var _d = 0, _e = ['::', '::1', 'fd00::1', '2001:db8::ffff', '1:2:3:4:5:6:7:8', '::ffff:10.0.0.1']; _d < _e.length; _d++) {
        var ok = _e[_d];
        strict_1.default.ok((0, validation_net_ts_1.isIPv6)(ok), ok);
    }
    for (var _f = 0, _g = ['1:2:3:4:5:6:7:8:9', '1::2::3', 'fd00::g', '10.0.0.1', '12345::1']; _f < _g.length; _f++) {
        var bad = _g[_f];
        strict_1.default.ok(!(0, validation_net_ts_1.isIPv6)(bad), bad);
    }
    strict_1.default.ok((0, validation_net_ts_1.isIP)('fd00::1') && (0, validation_net_ts_1.isIP)('1.2.3.4') && !(0, validation_net_ts_1.isIP)('host'));
});
(0, node_test_1.test)('ports, port names, protocols', function () {
    strict_1.default.deepEqual((0, validation_net_ts_1.portNumber)(80), []);
    strict_1.default.deepEqual((0, validation_net_ts_1.portNumber)(0), ['must be between 1 and 65535, inclusive']);
    strict_1.default.deepEqual((0, validation_net_ts_1.portName)('http-alt'), []);
    strict_1.default.deepEqual((0, validation_net_ts_1.portName)('-a--b-'), ['must not contain consecutive hyphens', 'must not begin or end with a hyphen']);
    strict_1.default.deepEqual((0, validation_net_ts_1.portName)('12345'), ['must contain at least one letter (a-z)']);
    strict_1.default.equal((0, validation_net_ts_1.validatePortNumOrName)('averyveryverylongname', 'p')[0].body, 'Invalid value: "averyveryverylongname": must be no more than 15 characters');
    strict_1.default.deepEqual((0, validation_net_ts_1.validateProtocol)(undefined, 'p'), [{ type: 'FieldValueRequired', field: 'p', body: 'Required value' }]);
    strict_1.default.equal((0, validation_net_ts_1.validateProtocol)('tcp', 'p')[0].body, 'Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP"');
});
