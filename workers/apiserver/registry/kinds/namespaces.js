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
exports.METADATA_NAME_LABEL = void 0;
/** core/v1 namespaces (pkg/registry/core/namespace strategy). */
var namespace_ts_1 = require("../../../../lib/api/core/namespace.ts");
var errors_ts_1 = require("../../../../lib/errors.ts");
var printing_ts_1 = require("../printing.ts");
var validation_ts_1 = require("../validation.ts");
exports.METADATA_NAME_LABEL = 'kubernetes.io/metadata.name';
var STANDARD_FINALIZERS = ['kubernetes', 'orphan', 'foregroundDeletion'];
/** The immutable label that lets selectors pick namespaces by name. */
function labelName(ns) {
    var _a;
    if (ns.metadata.name)
        ns.metadata.labels = __assign(__assign({}, ns.metadata.labels), (_a = {}, _a[exports.METADATA_NAME_LABEL] = ns.metadata.name, _a));
}
var desc = {
    group: '',
    version: 'v1',
    kind: 'Namespace',
    resource: 'namespaces',
    singular: 'namespace',
    namespaced: false,
    shortNames: ['ns'],
    schema: namespace_ts_1.namespace,
    openapiName: 'io.k8s.api.core.v1.Namespace',
    subresources: { status: true },
    nameRule: 'label',
    deleteReturnsObject: true,
    defaults: function (ns) {
        var _a;
        labelName(ns);
        var status = ((_a = ns.status) !== null && _a !== void 0 ? _a : (ns.status = {}));
        if (!status.phase)
            status.phase = 'Active';
    },
    prepareForCreate: function (ns) {
        var _a, _b, _c;
        ns.status = { phase: 'Active' };
        // required on create; later writes of spec.finalizers go through /finalize only
        var spec = ((_a = ns.spec) !== null && _a !== void 0 ? _a : (ns.spec = {}));
        if (!((_b = spec.finalizers) === null || _b === void 0 ? void 0 : _b.includes('kubernetes')))
            spec.finalizers = __spreadArray(__spreadArray([], ((_c = spec.finalizers) !== null && _c !== void 0 ? _c : []), true), ['kubernetes'], false);
        labelName(ns);
    },
    prepareForUpdate: function (ns, old) {
        var _a;
        ns.spec = __assign(__assign({}, ns.spec), { finalizers: (_a = old.spec) === null || _a === void 0 ? void 0 : _a.finalizers });
        if (ns.spec.finalizers === undefined)
            delete ns.spec.finalizers;
        ns.status = old.status;
        labelName(ns);
    },
    validate: function (ns) {
        var _a, _b;
        var errs = [];
        for (var _i = 0, _c = (_b = (_a = ns.spec) === null || _a === void 0 ? void 0 : _a.finalizers) !== null && _b !== void 0 ? _b : []; _i < _c.length; _i++) {
            var f = _c[_i];
            for (var _d = 0, _e = (0, validation_ts_1.qualifiedName)(f); _d < _e.length; _d++) {
                var m = _e[_d];
                errs.push(errors_ts_1.fieldErr.invalid('spec.finalizers', f, m));
            }
            if (!f.includes('/') && !STANDARD_FINALIZERS.includes(f))
                errs.push(errors_ts_1.fieldErr.invalid('spec.finalizers', f, 'name is neither a standard finalizer name nor is it fully qualified'));
        }
        return errs;
    },
    table: {
        columns: [printing_ts_1.nameColumn, (0, printing_ts_1.column)('Status', 'string', 'The status of the namespace'), printing_ts_1.ageColumn],
        cells: function (ns, now) { var _a, _b; return [ns.metadata.name, (_b = (_a = ns.status) === null || _a === void 0 ? void 0 : _a.phase) !== null && _b !== void 0 ? _b : '', (0, printing_ts_1.age)(ns.metadata.creationTimestamp, now)]; },
    },
    fieldSelectors: { 'status.phase': function (ns) { var _a, _b; return (_b = (_a = ns.status) === null || _a === void 0 ? void 0 : _a.phase) !== null && _b !== void 0 ? _b : ''; } },
};
exports.default = desc;
