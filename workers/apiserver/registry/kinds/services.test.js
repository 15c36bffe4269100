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
var services_ts_1 = require("./services.ts");
var svc = function (spec, status) { return (__assign({ metadata: { name: 'web', namespace: 'd', creationTimestamp: '2025-01-01T11:55:00Z' }, spec: spec }, (status ? { status: status } : {}))); };
var texts = function (s) { return services_ts_1.default.validate(s).map(function (e) { return "".concat(e.field, ": ").concat(e.body); }); };
(0, node_test_1.test)('SetDefaults_Service', function () {
    var _a, _b, _c, _d;
    var s = svc({ ports: [{ port: 80 }, { port: 53, protocol: 'UDP', targetPort: 'dns' }] });
    services_ts_1.default.defaults(s);
    strict_1.default.deepEqual(s.spec, {
        ports: [
            { port: 80, protocol: 'TCP', targetPort: 80 },
            { port: 53, protocol: 'UDP', targetPort: 'dns' },
        ],
        sessionAffinity: 'None',
        type: 'ClusterIP',
        internalTrafficPolicy: 'Cluster',
    });
    var lb = svc({ type: 'LoadBalancer', sessionAffinity: 'ClientIP', ports: [{ port: 443 }] });
    services_ts_1.default.defaults(lb);
    strict_1.default.equal((_a = lb.spec) === null || _a === void 0 ? void 0 : _a.externalTrafficPolicy, 'Cluster');
    strict_1.default.equal((_b = lb.spec) === null || _b === void 0 ? void 0 : _b.allocateLoadBalancerNodePorts, true);
    strict_1.default.deepEqual((_c = lb.spec) === null || _c === void 0 ? void 0 : _c.sessionAffinityConfig, { clientIP: { timeoutSeconds: 10800 } });
    var ext = svc({ type: 'ExternalName', externalName: 'example.com' });
    services_ts_1.default.defaults(ext);
    strict_1.default.equal((_d = ext.spec) === null || _d === void 0 ? void 0 : _d.internalTrafficPolicy, undefined);
});
(0, node_test_1.test)('create: status is reset to an empty load balancer', function () {
    var s = svc({}, { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } });
    services_ts_1.default.prepareForCreate(s);
    strict_1.default.deepEqual(s.status, { loadBalancer: {} });
});
(0, node_test_1.test)('ports: required, range, protocol, names, duplicates', function () {
    strict_1.default.deepEqual(texts(svc({ type: 'ClusterIP', sessionAffinity: 'None' })), ['spec.ports: Required value']);
    strict_1.default.deepEqual(texts(svc({ type: 'ClusterIP', sessionAffinity: 'None', clusterIP: 'None' })), []);
    strict_1.default.deepEqual(texts(svc({
        type: 'ClusterIP',
        sessionAffinity: 'None',
        ports: [
            { name: 'a', port: 0, protocol: 'TCP', targetPort: 80 },
            { port: 80, protocol: 'ICMP', targetPort: 80 },
            { name: 'a', port: 80, protocol: 'TCP', targetPort: 'Bad_Name' },
            { name: 'c', port: 80, protocol: 'TCP', targetPort: 80, nodePort: 30001 },
        ],
    })), [
        'spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
        'spec.ports[1].name: Required value',
        'spec.ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
        'spec.ports[2].name: Duplicate value: "a"',
        'spec.ports[2].targetPort: Invalid value: "Bad_Name": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
        "spec.ports[3].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
        'spec.ports[3]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}',
    ]);
});
(0, node_test_1.test)('type and affinity are supported values', function () {
    strict_1.default.deepEqual(texts(svc({ type: 'Weird', sessionAffinity: 'None', ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] })), [
        'spec.type: Unsupported value: "Weird": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
    ]);
    strict_1.default.deepEqual(texts(svc({ type: 'ExternalName', sessionAffinity: 'None' })), ['spec.externalName: Required value']);
});
(0, node_test_1.test)('table cells: type, cluster IP, external IP rules, ports, selector', function () {
    var _a;
    var now = Date.parse('2025-01-01T12:00:00Z');
    var s = svc({ type: 'NodePort', clusterIPs: ['10.96.0.10'], ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }], selector: { b: '2', a: '1' } });
    strict_1.default.deepEqual(services_ts_1.default.table.cells(s, now), ['web', 'NodePort', '10.96.0.10', '<none>', '80:30080/TCP,53/UDP', '5m', 'a=1,b=2']);
    var lb = svc({ type: 'LoadBalancer', clusterIPs: ['10.0.0.1'], externalIPs: ['9.9.9.9'] }, { loadBalancer: { ingress: [{ ip: '5.5.5.5' }, { hostname: 'lb.example' }, { ip: '1.1.1.1' }] } });
    strict_1.default.equal(services_ts_1.default.table.cells(lb, now)[3], '1.1.1.1,5.5.5.5,lb.example,9.9.9.9');
    strict_1.default.equal(services_ts_1.default.table.cells(svc({ type: 'LoadBalancer' }), now)[3], '<pending>');
    strict_1.default.equal(services_ts_1.default.table.cells(svc({ type: 'ExternalName', externalName: 'x.io' }), now)[3], 'x.io');
    var headless = services_ts_1.default.table.cells(svc({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'] }), now);
    strict_1.default.deepEqual([headless[2], headless[4], headless[6]], ['None', '<none>', '<none>']);
    strict_1.default.equal((_a = services_ts_1.default.table.columns.at(-1)) === null || _a === void 0 ? void 0 : _a.priority, 1);
});
