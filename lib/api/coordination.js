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
exports.lease = void 0;
/** coordination.k8s.io/v1 Lease (node heartbeats in kube-node-lease, leader election). */
var v = require("valibot");
var fields_ts_1 = require("../schema/fields.ts");
var meta_ts_1 = require("./meta.ts");
exports.lease = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, {
        holderIdentity: (0, fields_ts_1.str)(1, { ptr: true, doc: 'The identity of the holder of a current lease.' }),
        leaseDurationSeconds: (0, fields_ts_1.int32)(2, { ptr: true, doc: 'How long candidates wait, after the last observed renewTime, before they may force acquire the lease.' }),
        acquireTime: (0, fields_ts_1.time)(3, { ptr: true, doc: 'When the current lease was acquired (MicroTime).' }),
        renewTime: (0, fields_ts_1.time)(4, { ptr: true, doc: 'When the current holder last updated the lease (MicroTime).' }),
        leaseTransitions: (0, fields_ts_1.int32)(5, { ptr: true, doc: 'The number of transitions of a lease between holders.' }),
        strategy: (0, fields_ts_1.str)(6, { ptr: true, doc: 'The strategy for picking the leader for coordinated leader election.' }),
        preferredHolder: (0, fields_ts_1.str)(7, { ptr: true, doc: 'Signals to a lease holder that the lease has a more optimal holder.' }),
    }, { doc: 'Specification of the Lease.' }) }));
