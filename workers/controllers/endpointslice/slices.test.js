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
var strict_1 = require("node:assert/strict");
var node_test_1 = require("node:test");
var pods_ts_1 = require("./pods.ts");
var slices_ts_1 = require("./slices.ts");
var fixtures_ts_1 = require("./fixtures.ts");
var web = (0, fixtures_ts_1.service)('web');
(0, node_test_1.test)('conditions: ready needs Ready and not terminating; serving ignores termination', function () {
    var cond = function (s) { return (0, slices_ts_1.podEndpoint)((0, fixtures_ts_1.pod)('p', __assign({ ip: '10.244.0.5' }, s)), web, 'IPv4').conditions; };
    strict_1.default.deepEqual(cond({}), { ready: true, serving: true, terminating: false });
    strict_1.default.deepEqual(cond({ ready: false }), { ready: false, serving: false, terminating: false });
    strict_1.default.deepEqual(cond({ terminating: true }), { ready: false, serving: true, terminating: true });
    strict_1.default.deepEqual((0, slices_ts_1.podEndpoint)((0, fixtures_ts_1.pod)('p', { ip: '10.244.0.5', ready: false, terminating: true }), (0, fixtures_ts_1.service)('web', { publishNotReadyAddresses: true }), 'IPv4').conditions, { ready: true, serving: false, terminating: true });
});
(0, node_test_1.test)('an endpoint names its pod and node', function () {
    strict_1.default.deepEqual((0, slices_ts_1.podEndpoint)((0, fixtures_ts_1.pod)('p', { ip: '10.244.0.5', node: 'n2' }), web, 'IPv4'), {
        addresses: ['10.244.0.5'],
        conditions: { ready: true, serving: true, terminating: false },
        targetRef: { kind: 'Pod', namespace: 'ns', name: 'p', uid: 'uid-p' },
        nodeName: 'n2',
    });
    strict_1.default.equal((0, slices_ts_1.podEndpoint)((0, fixtures_ts_1.pod)('p', { ip: 'fd00::5' }), web, 'IPv4'), undefined);
});
(0, node_test_1.test)('targetPort by number, or by container port name and protocol', function () {
    var p = (0, fixtures_ts_1.pod)('p', { ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }, { name: 'dns', containerPort: 53, protocol: 'UDP' }] });
    strict_1.default.equal((0, pods_ts_1.findPort)(p, { port: 80, targetPort: 9090 }), 9090);
    strict_1.default.equal((0, pods_ts_1.findPort)(p, { port: 80, targetPort: 'http' }), 8080);
    strict_1.default.equal((0, pods_ts_1.findPort)(p, { port: 53, targetPort: 'dns', protocol: 'UDP' }), 53);
    strict_1.default.equal((0, pods_ts_1.findPort)(p, { port: 53, targetPort: 'dns', protocol: 'TCP' }), undefined);
    strict_1.default.equal((0, pods_ts_1.findPort)(p, { port: 80 }), 80);
});
(0, node_test_1.test)('pods without IP, finished, or not matching the named port are grouped or left out', function () {
    var svc = (0, fixtures_ts_1.service)('web', { ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] });
    var pods = [
        (0, fixtures_ts_1.pod)('a', { ip: '10.244.0.2' }),
        (0, fixtures_ts_1.pod)('b', { ip: '10.244.0.3', ports: [{ name: 'http', containerPort: 9000 }] }),
        (0, fixtures_ts_1.pod)('c'), // no IP yet
        (0, fixtures_ts_1.pod)('d', { ip: '10.244.0.4', phase: 'Succeeded' }),
        (0, fixtures_ts_1.pod)('e', { ip: '10.244.0.5', ports: [] }), // serves none of the ports: a slice without ports
    ];
    var slices = (0, slices_ts_1.desiredSlices)(svc, pods);
    strict_1.default.deepEqual(slices.map(function (s) { var _a, _b, _c; return [(_b = (_a = s.ports) === null || _a === void 0 ? void 0 : _a.map(function (p) { return p.port; })) !== null && _b !== void 0 ? _b : null, (_c = s.endpoints) === null || _c === void 0 ? void 0 : _c.map(function (e) { var _a; return (_a = e.targetRef) === null || _a === void 0 ? void 0 : _a.name; })]; }), [
        [[], ['e']],
        [[8080], ['a']],
        [[9000], ['b']],
    ]);
    strict_1.default.deepEqual(slices[1].ports, [{ name: 'http', protocol: 'TCP', port: 8080 }]);
});
(0, node_test_1.test)('no endpoints: one placeholder; many: slices of at most 100', function () {
    strict_1.default.deepEqual((0, slices_ts_1.desiredSlices)(web, []), [{ addressType: 'IPv4', ports: null, endpoints: null }]);
    var many = Array.from({ length: 230 }, function (_, i) { return (0, fixtures_ts_1.pod)("p".concat(String(i).padStart(3, '0')), { ip: "10.244.".concat(i >> 8, ".").concat(i & 255) }); });
    strict_1.default.deepEqual((0, slices_ts_1.desiredSlices)(web, many).map(function (s) { return s.endpoints.length; }), [100, 100, 30]);
});
(0, node_test_1.test)('a new slice: generateName, labels, and the service as controlling owner', function () {
    var s = (0, slices_ts_1.newSlice)((0, fixtures_ts_1.service)('web', { clusterIP: 'None' }, { tier: 'front', 'kubernetes.io/service-name': 'spoof' }), { addressType: 'IPv4', ports: null, endpoints: null });
    strict_1.default.deepEqual(s.metadata, {
        generateName: 'web-',
        namespace: 'ns',
        labels: { tier: 'front', 'service.kubernetes.io/headless': '', 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: 'uid-web', controller: true, blockOwnerDeletion: true }],
    });
});
(0, node_test_1.test)('existing slices are reused: the placeholder becomes the first real one; nothing changes twice', function () {
    var _a, _b;
    var placeholder = __assign(__assign({}, (0, slices_ts_1.newSlice)(web, { addressType: 'IPv4', ports: null, endpoints: null })), { metadata: __assign(__assign({}, (0, slices_ts_1.newSlice)(web, { addressType: 'IPv4', ports: null, endpoints: null }).metadata), { name: 'web-abcde' }) });
    var wanted = (0, slices_ts_1.desiredSlices)(web, [(0, fixtures_ts_1.pod)('a', { ip: '10.244.0.2' })]);
    var _c = (0, slices_ts_1.plan)(web, [placeholder], wanted), writes = _c.writes, extra = _c.extra;
    strict_1.default.equal((_a = writes[0].current) === null || _a === void 0 ? void 0 : _a.metadata.name, 'web-abcde');
    strict_1.default.deepEqual(extra, []);
    var next = (0, slices_ts_1.updatedSlice)(web, placeholder, wanted[0]);
    strict_1.default.deepEqual((_b = next.endpoints) === null || _b === void 0 ? void 0 : _b.map(function (e) { return e.addresses[0]; }), ['10.244.0.2']);
    strict_1.default.equal((0, slices_ts_1.updatedSlice)(web, next, wanted[0]), undefined);
    // a slice no longer needed is left over, to delete
    strict_1.default.deepEqual((0, slices_ts_1.plan)(web, [next, __assign(__assign({}, next), { metadata: __assign(__assign({}, next.metadata), { name: 'web-zzzzz' }) })], wanted).extra.map(function (s) { return s.metadata.name; }), ['web-zzzzz']);
});
