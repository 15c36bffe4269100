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
exports.endpointSlice = exports.endpointPort = exports.endpoint = exports.endpointConditions = void 0;
/** discovery.k8s.io/v1 EndpointSlice. */
var v = require("valibot");
var fields_ts_1 = require("../schema/fields.ts");
var meta_ts_1 = require("./meta.ts");
var refs_ts_1 = require("./core/refs.ts");
exports.endpointConditions = (0, fields_ts_1.message)({
    ready: (0, fields_ts_1.bool)(1, { ptr: true, doc: 'The endpoint is prepared to receive traffic; nil means unknown (treat as ready).' }),
    serving: (0, fields_ts_1.bool)(2, { ptr: true, doc: 'Like ready, but set regardless of the terminating state of the endpoint.' }),
    terminating: (0, fields_ts_1.bool)(3, { ptr: true, doc: 'The endpoint is terminating; nil means not terminating.' }),
});
exports.endpoint = (0, fields_ts_1.message)({
    addresses: (0, fields_ts_1.strList)(1, { keep: true, listType: 'set', doc: 'Addresses of this endpoint, interpreted according to the slice addressType (1 to 100).' }),
    conditions: (0, fields_ts_1.obj)(2, exports.endpointConditions, { doc: 'The current status of the endpoint.' }),
    hostname: (0, fields_ts_1.str)(3, { ptr: true, doc: 'Hostname of this endpoint (a DNS label).' }),
    targetRef: (0, fields_ts_1.obj)(4, refs_ts_1.objectReference, { ptr: true, doc: 'A reference to a Kubernetes object that represents this endpoint.' }),
    deprecatedTopology: (0, fields_ts_1.strMap)(5, { doc: 'Deprecated topology information from v1beta1; ignored on write.' }),
    nodeName: (0, fields_ts_1.str)(6, { ptr: true, doc: 'The name of the Node hosting this endpoint.' }),
    zone: (0, fields_ts_1.str)(7, { ptr: true, doc: 'The name of the Zone this endpoint exists in.' }),
    hints: (0, fields_ts_1.obj)(8, { forZones: (0, fields_ts_1.list)(1, (0, fields_ts_1.message)({ name: (0, fields_ts_1.str)(1, { keep: true, doc: 'The name of the zone.' }) }), { listType: 'atomic', doc: 'The zone(s) this endpoint should be consumed by.' }) }, { ptr: true, doc: 'Information associated with how an endpoint should be consumed.' }),
});
exports.endpointPort = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { ptr: true, doc: 'The name of this port (empty or a DNS label); unique within the slice.' }),
    protocol: (0, fields_ts_1.str)(2, { ptr: true, doc: 'The IP protocol for this port: TCP, UDP or SCTP (default TCP).' }),
    port: (0, fields_ts_1.int32)(3, { ptr: true, doc: 'The port number of the endpoint; nil means all ports.' }),
    appProtocol: (0, fields_ts_1.str)(4, { ptr: true, doc: 'The application protocol for this port.' }),
}, { structType: 'atomic' });
exports.endpointSlice = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { addressType: (0, fields_ts_1.str)(4, { keep: true, doc: 'The type of address carried by this EndpointSlice: IPv4, IPv6 or FQDN (immutable).' }), endpoints: (0, fields_ts_1.list)(2, exports.endpoint, { keep: true, listType: 'atomic', doc: 'A list of unique endpoints in this slice (at most 1000).' }), ports: (0, fields_ts_1.list)(3, exports.endpointPort, { keep: true, listType: 'atomic', doc: 'The network ports exposed by each endpoint in this slice (at most 100).' }) }));
