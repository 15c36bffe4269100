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
var legacy_ts_1 = require("./legacy.ts");
var fixtures_ts_1 = require("./fixtures.ts");
(0, node_test_1.test)('ready pods are addresses, unready ones notReadyAddresses, terminating ones left out', function () {
    var pods = [(0, fixtures_ts_1.pod)('b', { ip: '10.244.0.10' }), (0, fixtures_ts_1.pod)('a', { ip: '10.244.0.9' }), (0, fixtures_ts_1.pod)('c', { ip: '10.244.0.11', ready: false }), (0, fixtures_ts_1.pod)('d', { ip: '10.244.0.12', terminating: true }), (0, fixtures_ts_1.pod)('e')];
    strict_1.default.deepEqual((0, legacy_ts_1.desiredSubsets)((0, fixtures_ts_1.service)('web'), pods), [
        {
            addresses: [
                { ip: '10.244.0.9', nodeName: 'n1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'a', uid: 'uid-a' } },
                { ip: '10.244.0.10', nodeName: 'n1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'b', uid: 'uid-b' } },
            ],
            notReadyAddresses: [{ ip: '10.244.0.11', nodeName: 'n1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'c', uid: 'uid-c' } }],
            ports: [{ port: 8080, protocol: 'TCP' }],
        },
    ]);
});
(0, node_test_1.test)('publishNotReadyAddresses: every pod with an IP is an address, terminating ones included', function () {
    var subsets = (0, legacy_ts_1.desiredSubsets)((0, fixtures_ts_1.service)('web', { publishNotReadyAddresses: true }), [(0, fixtures_ts_1.pod)('c', { ip: '10.244.0.11', ready: false }), (0, fixtures_ts_1.pod)('d', { ip: '10.244.0.12', terminating: true })]);
    strict_1.default.deepEqual(subsets.map(function (s) { var _a; return [(_a = s.addresses) === null || _a === void 0 ? void 0 : _a.map(function (a) { return a.ip; }), s.notReadyAddresses]; }), [[['10.244.0.11', '10.244.0.12'], undefined]]);
});
(0, node_test_1.test)('named ports keep their name; a pod serving other ports is in another subset', function () {
    var svc = (0, fixtures_ts_1.service)('web', { ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] });
    var subsets = (0, legacy_ts_1.desiredSubsets)(svc, [(0, fixtures_ts_1.pod)('a', { ip: '10.244.0.2' }), (0, fixtures_ts_1.pod)('b', { ip: '10.244.0.3', ports: [{ name: 'http', containerPort: 9000, protocol: 'TCP' }] })]);
    strict_1.default.deepEqual(subsets.map(function (s) { var _a; return [s.ports, (_a = s.addresses) === null || _a === void 0 ? void 0 : _a.map(function (a) { return a.ip; })]; }), [
        [[{ name: 'http', port: 8080, protocol: 'TCP' }], ['10.244.0.2']],
        [[{ name: 'http', port: 9000, protocol: 'TCP' }], ['10.244.0.3']],
    ]);
});
(0, node_test_1.test)('the Endpoints object: created with the service labels, rewritten only on change, emptied by dropping subsets', function () {
    var _a, _b;
    var svc = (0, fixtures_ts_1.service)('web', {}, { tier: 'front' });
    var created = (0, legacy_ts_1.desiredEndpoints)(svc, [], undefined);
    strict_1.default.deepEqual(created, { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web', namespace: 'ns', labels: { tier: 'front' } } });
    var stored = __assign(__assign({}, created), { metadata: __assign(__assign({}, created.metadata), { resourceVersion: '5', annotations: { keep: 'me' } }) });
    strict_1.default.equal((0, legacy_ts_1.desiredEndpoints)(svc, [], stored), undefined);
    var filled = (0, legacy_ts_1.desiredEndpoints)(svc, [(0, fixtures_ts_1.pod)('a', { ip: '10.244.0.2' })], stored);
    strict_1.default.equal(filled.metadata.resourceVersion, '5');
    strict_1.default.deepEqual(filled.metadata.annotations, { keep: 'me' });
    strict_1.default.equal((_b = (_a = filled.subsets) === null || _a === void 0 ? void 0 : _a[0].addresses) === null || _b === void 0 ? void 0 : _b[0].ip, '10.244.0.2');
    strict_1.default.equal((0, legacy_ts_1.desiredEndpoints)(svc, [(0, fixtures_ts_1.pod)('a', { ip: '10.244.0.2' })], filled), undefined);
    strict_1.default.equal('subsets' in (0, legacy_ts_1.desiredEndpoints)(svc, [], filled), false);
});
