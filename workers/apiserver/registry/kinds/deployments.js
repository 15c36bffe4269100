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
/** apps/v1 deployments: defaults, validation and the Table; the rollout itself is the controller's. */
var deployment_ts_1 = require("../../../../lib/api/apps/deployment.ts");
var printing_ts_1 = require("../printing.ts");
var selector_ts_1 = require("./apps/selector.ts");
var template_ts_1 = require("./apps/template.ts");
var validate_ts_1 = require("./apps/validate.ts");
var defaults_ts_1 = require("./pod/defaults.ts");
var doc_ts_1 = require("./pod/doc.ts");
var deployments = {
    group: 'apps',
    version: 'v1',
    kind: 'Deployment',
    resource: 'deployments',
    singular: 'deployment',
    namespaced: true,
    shortNames: ['deploy'],
    categories: ['all'],
    schema: deployment_ts_1.deploymentSchema,
    openapiName: 'io.k8s.api.apps.v1.Deployment',
    subresources: { status: true, scale: true },
    nameRule: 'subdomain',
    generation: 'spec+annotations',
    defaults: function (d) {
        var _a, _b, _c, _d, _e, _f, _g, _h, _j;
        var spec = ((_a = d.spec) !== null && _a !== void 0 ? _a : (d.spec = {}));
        (_b = spec.replicas) !== null && _b !== void 0 ? _b : (spec.replicas = 1);
        var strategy = ((_c = spec.strategy) !== null && _c !== void 0 ? _c : (spec.strategy = {}));
        strategy.type || (strategy.type = 'RollingUpdate');
        if (strategy.type === 'RollingUpdate') {
            var ru = ((_d = strategy.rollingUpdate) !== null && _d !== void 0 ? _d : (strategy.rollingUpdate = {}));
            (_e = ru.maxUnavailable) !== null && _e !== void 0 ? _e : (ru.maxUnavailable = '25%');
            (_f = ru.maxSurge) !== null && _f !== void 0 ? _f : (ru.maxSurge = '25%');
        }
        (_g = spec.revisionHistoryLimit) !== null && _g !== void 0 ? _g : (spec.revisionHistoryLimit = 10);
        (_h = spec.progressDeadlineSeconds) !== null && _h !== void 0 ? _h : (spec.progressDeadlineSeconds = 600);
        (0, defaults_ts_1.defaultPodTemplate)(((_j = spec.template) !== null && _j !== void 0 ? _j : (spec.template = {})));
    },
    prepareForCreate: function (d) {
        d.status = {};
    },
    prepareForUpdate: function (d, old) {
        var _a;
        d.status = (_a = old.status) !== null && _a !== void 0 ? _a : {};
    },
    prepareForStatusUpdate: function (d, old) {
        d.spec = old.spec;
        if (old.metadata.labels === undefined)
            delete d.metadata.labels;
        else
            d.metadata.labels = old.metadata.labels;
    },
    validate: function (d) { return (0, validate_ts_1.validateDeploymentSpec)(d.spec); },
    validateUpdate: function (d, old) { var _a, _b; return (0, selector_ts_1.selectorImmutable)((_a = d.spec) === null || _a === void 0 ? void 0 : _a.selector, (_b = old.spec) === null || _b === void 0 ? void 0 : _b.selector, 'spec.selector'); },
    table: {
        columns: __spreadArray(__spreadArray([
            printing_ts_1.nameColumn,
            (0, printing_ts_1.column)('Ready', 'string', 'Number of the pod with ready state'),
            (0, printing_ts_1.column)('Up-to-date', 'string', (0, doc_ts_1.fieldDoc)(deployment_ts_1.deploymentStatus, ['updatedReplicas'])),
            (0, printing_ts_1.column)('Available', 'string', (0, doc_ts_1.fieldDoc)(deployment_ts_1.deploymentStatus, ['availableReplicas'])),
            printing_ts_1.ageColumn
        ], template_ts_1.containerColumns, true), [
            (0, printing_ts_1.column)('Selector', 'string', (0, doc_ts_1.fieldDoc)(deployment_ts_1.deploymentSpec, ['selector']), 1),
        ], false),
        cells: function (d, now) {
            var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m;
            return __spreadArray(__spreadArray([
                (_a = d.metadata.name) !== null && _a !== void 0 ? _a : '',
                "".concat((_c = (_b = d.status) === null || _b === void 0 ? void 0 : _b.readyReplicas) !== null && _c !== void 0 ? _c : 0, "/").concat((_e = (_d = d.spec) === null || _d === void 0 ? void 0 : _d.replicas) !== null && _e !== void 0 ? _e : 0),
                (_g = (_f = d.status) === null || _f === void 0 ? void 0 : _f.updatedReplicas) !== null && _g !== void 0 ? _g : 0,
                (_j = (_h = d.status) === null || _h === void 0 ? void 0 : _h.availableReplicas) !== null && _j !== void 0 ? _j : 0,
                (0, printing_ts_1.age)(d.metadata.creationTimestamp, now)
            ], (0, template_ts_1.containerCells)((_k = d.spec) === null || _k === void 0 ? void 0 : _k.template), true), [
                (_m = (0, printing_ts_1.selectorString)((_l = d.spec) === null || _l === void 0 ? void 0 : _l.selector)) !== null && _m !== void 0 ? _m : '<invalid>',
            ], false);
        },
    },
};
exports.default = deployments;
