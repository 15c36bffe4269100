"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
/** core/v1 serviceaccounts. */
var serviceaccount_ts_1 = require("../../../../lib/api/core/serviceaccount.ts");
var printing_ts_1 = require("../printing.ts");
var desc = {
    group: '',
    version: 'v1',
    kind: 'ServiceAccount',
    resource: 'serviceaccounts',
    singular: 'serviceaccount',
    namespaced: true,
    shortNames: ['sa'],
    schema: serviceaccount_ts_1.serviceAccount,
    openapiName: 'io.k8s.api.core.v1.ServiceAccount',
    nameRule: 'subdomain',
    deleteReturnsObject: true,
    table: {
        columns: [printing_ts_1.nameColumn, (0, printing_ts_1.column)('Secrets', 'string', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.'), printing_ts_1.ageColumn],
        cells: function (sa, now) { var _a; return [sa.metadata.name, ((_a = sa.secrets) !== null && _a !== void 0 ? _a : []).length, (0, printing_ts_1.age)(sa.metadata.creationTimestamp, now)]; },
    },
};
exports.default = desc;
