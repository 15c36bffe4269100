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
exports.lifecycle = exports.lifecycleHandler = exports.probe = exports.sleepAction = exports.grpcAction = exports.tcpSocketAction = exports.httpGetAction = exports.httpHeader = exports.execAction = void 0;
/** core/v1 probes and lifecycle hooks: the actions the kubelet runs against a container. */
var fields_ts_1 = require("../../../schema/fields.ts");
exports.execAction = (0, fields_ts_1.message)({
    command: (0, fields_ts_1.strList)(1, { listType: 'atomic', doc: 'Command line to execute inside the container; not run in a shell.' }),
});
exports.httpHeader = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { keep: true, doc: 'The header field name.' }),
    value: (0, fields_ts_1.str)(2, { keep: true, doc: 'The header field value.' }),
});
exports.httpGetAction = (0, fields_ts_1.message)({
    path: (0, fields_ts_1.str)(1, { doc: 'Path to access on the HTTP server.' }),
    port: (0, fields_ts_1.intOrString)(2, { keep: true, doc: 'Name or number of the port to access on the container.' }),
    host: (0, fields_ts_1.str)(3, { doc: 'Host name to connect to, defaults to the pod IP.' }),
    scheme: (0, fields_ts_1.str)(4, { doc: 'Scheme to use for connecting to the host. Defaults to HTTP.' }),
    httpHeaders: (0, fields_ts_1.list)(5, exports.httpHeader, { listType: 'atomic', doc: 'Custom headers to set in the request.' }),
});
exports.tcpSocketAction = (0, fields_ts_1.message)({
    port: (0, fields_ts_1.intOrString)(1, { keep: true, doc: 'Number or name of the port to access on the container.' }),
    host: (0, fields_ts_1.str)(2, { doc: 'Host name to connect to, defaults to the pod IP.' }),
});
exports.grpcAction = (0, fields_ts_1.message)({
    port: (0, fields_ts_1.int32)(1, { keep: true, doc: 'Port number of the gRPC service.' }),
    service: (0, fields_ts_1.str)(2, { ptr: true, keep: true, doc: 'Name of the service to place in the gRPC HealthCheckRequest.' }),
});
exports.sleepAction = (0, fields_ts_1.message)({
    seconds: (0, fields_ts_1.int64)(1, { keep: true, doc: 'Seconds is the number of seconds to sleep.' }),
});
/** ProbeHandler, inlined in Probe (protobuf field 1). */
var probeHandler = {
    exec: (0, fields_ts_1.obj)(1, exports.execAction, { ptr: true, doc: 'Exec specifies a command to execute in the container.' }),
    httpGet: (0, fields_ts_1.obj)(2, exports.httpGetAction, { ptr: true, doc: 'HTTPGet specifies an HTTP GET request to perform.' }),
    tcpSocket: (0, fields_ts_1.obj)(3, exports.tcpSocketAction, { ptr: true, doc: 'TCPSocket specifies a connection to a TCP port.' }),
    grpc: (0, fields_ts_1.obj)(4, exports.grpcAction, { ptr: true, doc: 'GRPC specifies a GRPC HealthCheckRequest.' }),
};
exports.probe = (0, fields_ts_1.message)(__assign(__assign({}, (0, fields_ts_1.inline)(1, probeHandler)), { initialDelaySeconds: (0, fields_ts_1.int32)(2, { doc: 'Seconds after the container has started before probes are initiated.' }), timeoutSeconds: (0, fields_ts_1.int32)(3, { doc: 'Seconds after which the probe times out. Defaults to 1.' }), periodSeconds: (0, fields_ts_1.int32)(4, { doc: 'How often (in seconds) to perform the probe. Defaults to 10.' }), successThreshold: (0, fields_ts_1.int32)(5, { doc: 'Minimum consecutive successes to be considered successful. Defaults to 1.' }), failureThreshold: (0, fields_ts_1.int32)(6, { doc: 'Minimum consecutive failures to be considered failed. Defaults to 3.' }), terminationGracePeriodSeconds: (0, fields_ts_1.int64)(7, { ptr: true, doc: 'Grace period in seconds upon probe failure; overrides the pod value.' }) }));
exports.lifecycleHandler = (0, fields_ts_1.message)({
    exec: (0, fields_ts_1.obj)(1, exports.execAction, { ptr: true, doc: 'Exec specifies a command to execute in the container.' }),
    httpGet: (0, fields_ts_1.obj)(2, exports.httpGetAction, { ptr: true, doc: 'HTTPGet specifies an HTTP GET request to perform.' }),
    tcpSocket: (0, fields_ts_1.obj)(3, exports.tcpSocketAction, { ptr: true, doc: 'Deprecated. TCPSocket is not supported as a LifecycleHandler.' }),
    sleep: (0, fields_ts_1.obj)(4, exports.sleepAction, { ptr: true, doc: 'Sleep represents a duration that the container should sleep.' }),
});
exports.lifecycle = (0, fields_ts_1.message)({
    postStart: (0, fields_ts_1.obj)(1, exports.lifecycleHandler, { ptr: true, doc: 'PostStart is called immediately after a container is created.' }),
    preStop: (0, fields_ts_1.obj)(2, exports.lifecycleHandler, { ptr: true, doc: 'PreStop is called immediately before a container is terminated.' }),
});
