"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
/** coordination.k8s.io/v1 leases (node heartbeats, leader election). No defaults. */
var coordination_ts_1 = require("../../../../lib/api/coordination.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
function validate(l) {
    var _a;
    var spec = (_a = l.spec) !== null && _a !== void 0 ? _a : {};
    var errs = [];
    if (spec.leaseDurationSeconds != null && spec.leaseDurationSeconds <= 0)
        errs.push(errors_ts_1.fieldErr.invalid('spec.leaseDurationSeconds', spec.leaseDurationSeconds, 'must be greater than 0'));
    if (spec.leaseTransitions != null && spec.leaseTransitions < 0)
        errs.push(errors_ts_1.fieldErr.invalid('spec.leaseTransitions', spec.leaseTransitions, 'must be greater than or equal to 0'));
    if (spec.preferredHolder && !spec.strategy)
        errs.push(errors_ts_1.fieldErr.forbidden('spec.preferredHolder', 'may only be specified if `strategy` is defined'));
    return errs;
}
var desc = {
    group: 'coordination.k8s.io',
    version: 'v1',
    kind: 'Lease',
    resource: 'leases',
    singular: 'lease',
    namespaced: true,
    schema: coordination_ts_1.lease,
    openapiName: 'io.k8s.api.coordination.v1.Lease',
    nameRule: 'subdomain',
    validate: validate,
    table: {
        columns: [printing_ts_1.nameColumn, (0, printing_ts_1.column)('Holder', 'string', 'holderIdentity contains the identity of the holder of a current lease.'), printing_ts_1.ageColumn],
        cells: function (l, now) { var _a, _b; return [l.metadata.name, (_b = (_a = l.spec) === null || _a === void 0 ? void 0 : _a.holderIdentity) !== null && _b !== void 0 ? _b : '', (0, printing_ts_1.age)(l.metadata.creationTimestamp, now)]; },
    },
};
exports.default = desc;
