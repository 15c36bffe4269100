"use strict";
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
/** apps/v1 replicasets: defaults, validation and the Table; keeping the replica count is the controller's. */
var replicaset_ts_1 = require("../../../../lib/api/apps/replicaset.ts");
var printing_ts_1 = require("../printing.ts");
var selector_ts_1 = require("./apps/selector.ts");
var template_ts_1 = require("./apps/template.ts");
var validate_ts_1 = require("./apps/validate.ts");
var defaults_ts_1 = require("./pod/defaults.ts");
var doc_ts_1 = require("./pod/doc.ts");
var replicasets = {
    group: 'apps',
    version: 'v1',
    kind: 'ReplicaSet',
    resource: 'replicasets',
    singular: 'replicaset',
    namespaced: true,
    shortNames: ['rs'],
    categories: ['all'],
    schema: replicaset_ts_1.replicaSetSchema,
    openapiName: 'io.k8s.api.apps.v1.ReplicaSet',
    subresources: { status: true, scale: true },
    nameRule: 'subdomain',
    generation: 'spec',
    defaults: function (rs) {
        var _a, _b, _c;
        var spec = ((_a = rs.spec) !== null && _a !== void 0 ? _a : (rs.spec = {}));
        (_b = spec.replicas) !== null && _b !== void 0 ? _b : (spec.replicas = 1);
        (0, defaults_ts_1.defaultPodTemplate)(((_c = spec.template) !== null && _c !== void 0 ? _c : (spec.template = {})));
    },
    prepareForCreate: function (rs) {
        // ReplicaSetStatus.replicas has no omitempty: a fresh status reads `replicas: 0`
        rs.status = { replicas: 0 };
    },
    prepareForUpdate: function (rs, old) {
        var _a;
        rs.status = (_a = old.status) !== null && _a !== void 0 ? _a : { replicas: 0 };
    },
    prepareForStatusUpdate: function (rs, old) {
        rs.spec = old.spec;
    },
    validate: function (rs) { return (0, validate_ts_1.validateReplicaSetSpec)(rs.spec); },
    validateUpdate: function (rs, old) { var _a, _b; return (0, selector_ts_1.selectorImmutable)((_a = rs.spec) === null || _a === void 0 ? void 0 : _a.selector, (_b = old.spec) === null || _b === void 0 ? void 0 : _b.selector, 'spec.selector'); },
    table: {
        columns: __spreadArray(__spreadArray([
            printing_ts_1.nameColumn,
            (0, printing_ts_1.column)('Desired', 'integer', (0, doc_ts_1.fieldDoc)(replicaset_ts_1.replicaSetSpec, ['replicas'])),
            (0, printing_ts_1.column)('Current', 'integer', (0, doc_ts_1.fieldDoc)(replicaset_ts_1.replicaSetStatus, ['replicas'])),
            (0, printing_ts_1.column)('Ready', 'integer', (0, doc_ts_1.fieldDoc)(replicaset_ts_1.replicaSetStatus, ['readyReplicas'])),
            printing_ts_1.ageColumn
        ], template_ts_1.containerColumns, true), [
            (0, printing_ts_1.column)('Selector', 'string', (0, doc_ts_1.fieldDoc)(replicaset_ts_1.replicaSetSpec, ['selector']), 1),
        ], false),
        cells: function (rs, now) {
            var _a, _b, _c, _d, _e, _f, _g, _h, _j;
            return __spreadArray(__spreadArray([
                (_a = rs.metadata.name) !== null && _a !== void 0 ? _a : '',
                (_c = (_b = rs.spec) === null || _b === void 0 ? void 0 : _b.replicas) !== null && _c !== void 0 ? _c : 0,
                (_e = (_d = rs.status) === null || _d === void 0 ? void 0 : _d.replicas) !== null && _e !== void 0 ? _e : 0,
                (_g = (_f = rs.status) === null || _f === void 0 ? void 0 : _f.readyReplicas) !== null && _g !== void 0 ? _g : 0,
                (0, printing_ts_1.age)(rs.metadata.creationTimestamp, now)
            ], (0, template_ts_1.containerCells)((_h = rs.spec) === null || _h === void 0 ? void 0 : _h.template), true), [
                (0, printing_ts_1.formatSelector)((_j = rs.spec) === null || _j === void 0 ? void 0 : _j.selector),
            ], false);
        },
    },
    fieldSelectors: {
        'status.replicas': function (rs) { var _a, _b; return String((_b = (_a = rs.status) === null || _a === void 0 ? void 0 : _a.replicas) !== null && _b !== void 0 ? _b : 0); },
    },
};
exports.default = replicasets;
