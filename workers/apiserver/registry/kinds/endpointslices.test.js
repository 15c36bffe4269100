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
var endpointslices_ts_1 = require("./endpointslices.ts");
var es = function (x) { return (__assign({ metadata: { name: 'web-abc', namespace: 'd' }, addressType: 'IPv4', endpoints: [] }, x)); };
(0, node_test_1.test)('ports default to name "" and protocol TCP', function () {
    var e = es({ ports: [{ port: 80 }, { name: 'dns', protocol: 'UDP', port: 53 }] });
    endpointslices_ts_1.default.defaults(e);
    strict_1.default.deepEqual(e.ports, [
        { port: 80, name: '', protocol: 'TCP' },
        { name: 'dns', protocol: 'UDP', port: 53 },
    ]);
});
(0, node_test_1.test)('cells: ports by number, else name, else *; endpoints flattened; <unset> when empty', function () {
    var now = Date.parse('2025-01-01T12:00:00Z');
    var e = es({
        ports: [{ port: 80 }, { name: 'http' }, {}, { port: 9 }],
        endpoints: [{ addresses: ['10.0.0.1'] }, { addresses: ['10.0.0.2', '10.0.0.3'] }],
    });
    strict_1.default.deepEqual(endpointslices_ts_1.default.table.cells(e, now).slice(0, 4), ['web-abc', 'IPv4', '80,http,* + 1 more...', '10.0.0.1,10.0.0.2,10.0.0.3']);
    strict_1.default.deepEqual(endpointslices_ts_1.default.table.cells(es({}), now).slice(2, 4), ['<unset>', '<unset>']);
});
(0, node_test_1.test)('validation: address type, addresses, ports; addressType immutable', function () {
    var texts = function (e) { return endpointslices_ts_1.default.validate(e).map(function (x) { return "".concat(x.field, ": ").concat(x.body); }); };
    strict_1.default.deepEqual(texts(es({ endpoints: [{ addresses: ['10.0.0.1'], conditions: { ready: true } }], ports: [{ name: '', protocol: 'TCP', port: 80 }] })), []);
    strict_1.default.deepEqual(texts(es({ addressType: 'IPX' })), ['addressType: Unsupported value: "IPX": supported values: "FQDN", "IPv4", "IPv6"']);
    strict_1.default.deepEqual(texts(es({ endpoints: [{ addresses: [] }, { addresses: ['fd00::1'] }] })), [
        'endpoints[0].addresses: Required value: must contain at least 1 address',
        'endpoints[1].addresses[0]: Invalid value: "fd00::1": must be a valid IPv4 address',
    ]);
    strict_1.default.equal(endpointslices_ts_1.default.validateUpdate(es({ addressType: 'IPv6' }), es({}))[0].body, 'Invalid value: "IPv6": field is immutable');
});
(0, node_test_1.test)('generation: 1 on create, bumped when anything but metadata (or the labels) changes', function () {
    var created = es({ endpoints: [{ addresses: ['10.0.0.1'], deprecatedTopology: { zone: 'a' } }] });
    endpointslices_ts_1.default.prepareForCreate(created);
    strict_1.default.equal(created.metadata.generation, 1);
    strict_1.default.equal('deprecatedTopology' in created.endpoints[0], false);
    var same = es({ metadata: { name: 'web-abc', namespace: 'd', annotations: { a: 'b' } }, endpoints: [{ addresses: ['10.0.0.1'] }] });
    endpointslices_ts_1.default.prepareForUpdate(same, created);
    strict_1.default.equal(same.metadata.generation, 1);
    var moved = es({ endpoints: [{ addresses: ['10.0.0.2'] }] });
    endpointslices_ts_1.default.prepareForUpdate(moved, created);
    strict_1.default.equal(moved.metadata.generation, 2);
    var relabeled = es({ metadata: { name: 'web-abc', namespace: 'd', labels: { x: 'y' } }, endpoints: [{ addresses: ['10.0.0.1'] }] });
    endpointslices_ts_1.default.prepareForUpdate(relabeled, created);
    strict_1.default.equal(relabeled.metadata.generation, 2);
});
