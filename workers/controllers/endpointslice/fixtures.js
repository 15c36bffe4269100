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
exports.service = service;
exports.pod = pod;
function service(name, spec, labels) {
    if (spec === void 0) { spec = {}; }
    return {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: __assign({ name: name, namespace: 'ns', uid: "uid-".concat(name) }, (labels ? { labels: labels } : {})),
        spec: __assign({ selector: { app: name }, ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }], clusterIP: '10.96.0.10', ipFamilies: ['IPv4'] }, spec),
    };
}
function pod(name, s) {
    var _a, _b, _c, _d;
    if (s === void 0) { s = {}; }
    return {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: __assign({ name: name, namespace: 'ns', uid: "uid-".concat(name), labels: (_a = s.labels) !== null && _a !== void 0 ? _a : { app: 'web' } }, (s.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {})),
        spec: { nodeName: (_b = s.node) !== null && _b !== void 0 ? _b : 'n1', containers: [{ name: 'c', image: 'nginx', ports: (_c = s.ports) !== null && _c !== void 0 ? _c : [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] }] },
        status: __assign(__assign({ phase: (_d = s.phase) !== null && _d !== void 0 ? _d : 'Running' }, (s.ip ? { podIP: s.ip, podIPs: [{ ip: s.ip }] } : {})), { conditions: [{ type: 'Ready', status: s.ready === false ? 'False' : 'True' }] }),
    };
}
