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
exports.endpoints = exports.endpointSubset = exports.coreEndpointPort = exports.endpointAddress = void 0;
/** core/v1 Endpoints (the legacy view of a Service's backends; EndpointSlice is the current one). */
var v = require("valibot");
var fields_ts_1 = require("../../schema/fields.ts");
var meta_ts_1 = require("../meta.ts");
var refs_ts_1 = require("./refs.ts");
exports.endpointAddress = (0, fields_ts_1.message)({
    ip: (0, fields_ts_1.str)(1, { keep: true, doc: 'The IP of this endpoint.' }),
    hostname: (0, fields_ts_1.str)(3, { doc: 'The Hostname of this endpoint.' }),
    nodeName: (0, fields_ts_1.str)(4, { ptr: true, doc: 'Node hosting this endpoint.' }),
    targetRef: (0, fields_ts_1.obj)(2, refs_ts_1.objectReference, { ptr: true, doc: 'Reference to object providing the endpoint.' }),
}, { structType: 'atomic' });
exports.coreEndpointPort = (0, fields_ts_1.message)({
    name: (0, fields_ts_1.str)(1, { doc: "The name of this port; must match the 'name' field of the corresponding ServicePort." }),
    port: (0, fields_ts_1.int32)(2, { keep: true, doc: 'The port number of the endpoint.' }),
    protocol: (0, fields_ts_1.str)(3, { doc: 'The IP protocol for this port: TCP, UDP or SCTP (default TCP).' }),
    appProtocol: (0, fields_ts_1.str)(4, { ptr: true, doc: 'The application protocol for this port.' }),
}, { structType: 'atomic' });
exports.endpointSubset = (0, fields_ts_1.message)({
    addresses: (0, fields_ts_1.list)(1, exports.endpointAddress, { listType: 'atomic', doc: 'IP addresses which offer the related ports that are marked as ready.' }),
    notReadyAddresses: (0, fields_ts_1.list)(2, exports.endpointAddress, { listType: 'atomic', doc: 'IP addresses which offer the related ports but are not currently marked as ready.' }),
    ports: (0, fields_ts_1.list)(3, exports.coreEndpointPort, { listType: 'atomic', doc: 'Port numbers available on the related IP addresses.' }),
});
exports.endpoints = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { subsets: (0, fields_ts_1.list)(2, exports.endpointSubset, { listType: 'atomic', doc: 'The set of all endpoints is the union of all subsets.' }) }));
