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
exports.service = exports.serviceStatus = exports.loadBalancerIngress = exports.portStatus = exports.serviceSpec = exports.sessionAffinityConfig = exports.servicePort = void 0;
/** core/v1 Service. */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
exports.servicePort = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { doc: 'The name of this port within the service (a DNS_LABEL); required when there are several ports.' }),
    protocol: (0, fields_ts_1.str)(2, { doc: 'The IP protocol for this port: TCP, UDP or SCTP (default TCP).' }),
    appProtocol: (0, fields_ts_1.str)(6, { ptr: true, doc: 'The application protocol for this port (a hint for implementations).' }),
    port: (0, fields_ts_1.int32)(3, { keep: true, doc: 'The port that will be exposed by this service.' }),
    targetPort: (0, fields_ts_1.intOrString)(4, { doc: 'Number or name of the port to access on the pods targeted by the service (default: port).' }),
    nodePort: (0, fields_ts_1.int32)(5, { doc: 'The port on each node on which this service is exposed when type is NodePort or LoadBalancer.' }),
});
exports.sessionAffinityConfig = (0, fields_ts_1.message)({
    clientIP: (0, fields_ts_1.obj)(1, { timeoutSeconds: (0, fields_ts_1.int32)(1, { ptr: true, doc: 'Seconds of ClientIP session stickiness (default 10800).' }) }, { ptr: true, doc: 'Configuration of Client IP based session affinity.' }),
});
exports.serviceSpec = (0, fields_ts_1.message)({
    ports: (0, fields_ts_1.list)(1, exports.servicePort, { patchStrategy: 'merge', patchMergeKey: 'port', listType: 'map', listMapKeys: ['port', 'protocol'], doc: 'The list of ports that are exposed by this service.' }),
    selector: (0, fields_ts_1.strMap)(2, { mapType: 'atomic', doc: 'Route service traffic to pods with label keys and values matching this selector.' }),
    clusterIP: (0, fields_ts_1.str)(3, { doc: 'The IP address of the service, usually assigned randomly; "None" makes a headless service.' }),
    clusterIPs: (0, fields_ts_1.strList)(18, { listType: 'atomic', doc: 'IP addresses assigned to this service, usually assigned randomly.' }),
    type: (0, fields_ts_1.str)(4, { doc: 'How the Service is exposed: ClusterIP, NodePort, LoadBalancer or ExternalName (default ClusterIP).' }),
    externalIPs: (0, fields_ts_1.strList)(5, { listType: 'atomic', doc: 'IP addresses for which nodes in the cluster will also accept traffic for this service.' }),
    sessionAffinity: (0, fields_ts_1.str)(7, { doc: 'ClientIP or None (default None).' }),
    loadBalancerIP: (0, fields_ts_1.str)(8, { doc: 'Deprecated: only applies to type LoadBalancer.' }),
    loadBalancerSourceRanges: (0, fields_ts_1.strList)(9, { listType: 'atomic', doc: 'Client IP ranges allowed by the platform load balancer.' }),
    externalName: (0, fields_ts_1.str)(10, { doc: 'The external reference that discovery mechanisms will return as an alias (type ExternalName).' }),
    externalTrafficPolicy: (0, fields_ts_1.str)(11, { doc: 'How nodes distribute service traffic received on external addresses: Cluster or Local.' }),
    healthCheckNodePort: (0, fields_ts_1.int32)(12, { doc: 'The healthcheck nodePort for the service (LoadBalancer with Local traffic policy).' }),
    publishNotReadyAddresses: (0, fields_ts_1.bool)(13, { doc: 'Whether endpoints should be published regardless of readiness.' }),
    sessionAffinityConfig: (0, fields_ts_1.obj)(14, exports.sessionAffinityConfig, { ptr: true, doc: 'The configurations of session affinity.' }),
    ipFamilyPolicy: (0, fields_ts_1.str)(17, { ptr: true, doc: 'SingleStack, PreferDualStack or RequireDualStack.' }),
    ipFamilies: (0, fields_ts_1.strList)(19, { listType: 'atomic', doc: 'The IP families (IPv4, IPv6) assigned to this service.' }),
    allocateLoadBalancerNodePorts: (0, fields_ts_1.bool)(20, { ptr: true, doc: 'Whether NodePorts are allocated for services of type LoadBalancer (default true).' }),
    loadBalancerClass: (0, fields_ts_1.str)(21, { ptr: true, doc: 'The class of the load balancer implementation this Service belongs to.' }),
    internalTrafficPolicy: (0, fields_ts_1.str)(22, { ptr: true, doc: 'How nodes distribute service traffic received on the ClusterIP: Cluster or Local.' }),
    trafficDistribution: (0, fields_ts_1.str)(23, { ptr: true, doc: 'How traffic is distributed to Service endpoints (e.g. PreferClose).' }),
});
exports.portStatus = (0, fields_ts_1.message)({
    port: (0, fields_ts_1.int32)(1, { keep: true, doc: 'The port number of the service port of which status is recorded here.' }),
    protocol: (0, fields_ts_1.str)(2, { keep: true, doc: 'The protocol of the service port of which status is recorded here.' }),
    error: (0, fields_ts_1.str)(3, { ptr: true, doc: 'The problem with the service port, if any (CamelCase reason).' }),
});
exports.loadBalancerIngress = (0, fields_ts_1.message)({
    ip: (0, fields_ts_1.str)(1, { doc: 'Set for load-balancer ingress points that are IP based.' }),
    hostname: (0, fields_ts_1.str)(2, { doc: 'Set for load-balancer ingress points that are DNS based.' }),
    ipMode: (0, fields_ts_1.str)(3, { ptr: true, doc: 'How the load-balancer IP behaves: VIP or Proxy.' }),
    ports: (0, fields_ts_1.list)(4, exports.portStatus, { listType: 'atomic', doc: 'Records of the service ports.' }),
});
exports.serviceStatus = (0, fields_ts_1.message)({
    loadBalancer: (0, fields_ts_1.obj)(1, { ingress: (0, fields_ts_1.list)(1, exports.loadBalancerIngress, { listType: 'atomic', doc: 'Ingress points for the load-balancer.' }) }, { doc: 'The current status of the load-balancer, if one is present.' }),
    conditions: (0, fields_ts_1.list)(2, meta_ts_1.condition, { patchStrategy: 'merge', patchMergeKey: 'type', listType: 'map', listMapKeys: ['type'], doc: 'Current service state.' }),
});
exports.service = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, exports.serviceSpec, { doc: 'Spec defines the behavior of a service.' }), status: (0, fields_ts_1.obj)(3, exports.serviceStatus, { doc: 'Most recently observed status of the service.' }) }));
