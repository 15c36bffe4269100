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
var _a;
Object.defineProperty(exports, "__esModule", { value: true });
exports.Components = exports.SPECIAL = void 0;
var walk_ts_1 = require("../../../lib/schema/walk.ts");
var meta_ts_1 = require("../../../lib/api/meta.ts");
var META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
var WELL_KNOWN = [
    [meta_ts_1.objectMeta, "".concat(META, ".ObjectMeta")],
    [meta_ts_1.ownerReference, "".concat(META, ".OwnerReference")],
    [meta_ts_1.managedFieldsEntry, "".concat(META, ".ManagedFieldsEntry")],
    [meta_ts_1.labelSelector, "".concat(META, ".LabelSelector")],
    [meta_ts_1.labelSelectorRequirement, "".concat(META, ".LabelSelectorRequirement")],
    [meta_ts_1.condition, "".concat(META, ".Condition")],
];
/** Scalars Kubernetes models as named types. */
exports.SPECIAL = (_a = {},
    _a["".concat(META, ".Time")] = { description: 'Time is an RFC 3339 date and time, serialized with second precision.', type: 'string', format: 'date-time' },
    _a["".concat(META, ".FieldsV1")] = { description: 'FieldsV1 is the set of fields a manager owns, in the FieldsV1 JSON format.', type: 'object' },
    _a["".concat(META, ".Patch")] = { description: 'Patch is the body of a PATCH request, in one of the patch formats.', type: 'object' },
    _a['io.k8s.apimachinery.pkg.util.intstr.IntOrString'] = {
        description: 'IntOrString holds either an int32 or a string.',
        format: 'int-or-string',
        oneOf: [{ type: 'integer' }, { type: 'string' }],
        'x-kubernetes-int-or-string': true,
    },
    _a['io.k8s.apimachinery.pkg.api.resource.Quantity'] = {
        description: 'Quantity is a fixed-point number with an optional SI or binary suffix, such as 500m, 1Gi or 2.',
        oneOf: [{ type: 'string' }, { type: 'number' }],
    },
    _a);
var TIME = "".concat(META, ".Time");
var FIELDS_V1 = "".concat(META, ".FieldsV1");
var INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
var QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
/** Go type names for fields whose name alone would mislead. */
var TYPE_BY_FIELD = {
    template: 'PodTemplateSpec',
    containers: 'Container',
    initContainers: 'Container',
    ephemeralContainers: 'EphemeralContainer',
    env: 'EnvVar',
    valueFrom: 'EnvVarSource',
    resources: 'ResourceRequirements',
    volumeMounts: 'VolumeMount',
    livenessProbe: 'Probe',
    readinessProbe: 'Probe',
    startupProbe: 'Probe',
};
var cap = function (s) { return s.charAt(0).toUpperCase() + s.slice(1); };
var singular = function (s) { return (s.endsWith('ies') ? "".concat(s.slice(0, -3), "y") : /(ss|us|as)es$/.test(s) ? s.slice(0, -2) : s.endsWith('s') ? s.slice(0, -1) : s); };
var ref = function (name) { return ({ $ref: "#/components/schemas/".concat(name) }); };
var Components = /** @class */ (function () {
    function Components() {
        this.names = new Map();
        this.schemas = new Map();
        /** component → components it references directly */
        this.refs = new Map();
        for (var _i = 0, WELL_KNOWN_1 = WELL_KNOWN; _i < WELL_KNOWN_1.length; _i++) {
            var _a = WELL_KNOWN_1[_i], schema = _a[0], name = _a[1];
            this.names.set((0, walk_ts_1.shape)(schema).entries, name);
        }
    }
    /** Registers a kind's top-level schema under its openapiName; returns nothing, fills `schemas`. */
    Components.prototype.addKind = function (schema, openapiName, gvk) {
        var s = (0, walk_ts_1.shape)(schema);
        if (s.kind !== 'object')
            throw new Error("".concat(openapiName, ": a kind schema must be an object"));
        var earlier = this.names.get(s.entries);
        if (earlier && earlier !== openapiName && this.schemas.has(earlier))
            this.schemas.set(openapiName, __assign({}, this.schemas.get(earlier)));
        this.names.set(s.entries, openapiName);
        var ctx = { pkg: openapiName.slice(0, openapiName.lastIndexOf('.')), kind: gvk.kind };
        this.build(s, openapiName, ctx, 0);
        if (!this.refs.has(openapiName))
            this.refs.set(openapiName, new Set(earlier ? this.refs.get(earlier) : []));
        this.schemas.get(openapiName)['x-kubernetes-group-version-kind'] = [{ group: gvk.group, kind: gvk.kind, version: gvk.version }];
    };
    /** The transitive closure of components referenced from `roots`. */
    Components.prototype.closure = function (roots) {
        var _a;
        var out = new Set();
        var stack = __spreadArray([], roots, true);
        while (stack.length) {
            var n = stack.pop();
            if (out.has(n))
                continue;
            out.add(n);
            for (var _i = 0, _b = (_a = this.refs.get(n)) !== null && _a !== void 0 ? _a : []; _i < _b.length; _i++) {
                var r = _b[_i];
                stack.push(r);
            }
        }
        return out;
    };
    Components.prototype.nameFor = function (s, field, parent, ctx, depth, item) {
        var _a;
        var known = this.names.get(s.entries);
        if (known)
            return known;
        var base = depth === 1 && (field === 'spec' || field === 'status')
            ? "".concat(ctx.kind).concat(cap(field))
            : field === 'conditions'
                ? "".concat(ctx.kind, "Condition")
                : ((_a = TYPE_BY_FIELD[field]) !== null && _a !== void 0 ? _a : cap(item ? singular(field) : field));
        var short = parent.slice(parent.lastIndexOf('.') + 1);
        var name = "".concat(ctx.pkg, ".").concat(base);
        if (this.schemas.has(name))
            name = "".concat(ctx.pkg, ".").concat(short).concat(base);
        for (var n = 2; this.schemas.has(name); n++)
            name = "".concat(ctx.pkg, ".").concat(short).concat(base).concat(n);
        this.names.set(s.entries, name);
        return name;
    };
    Components.prototype.build = function (s, name, ctx, depth) {
        if (this.schemas.has(name))
            return;
        var out = { type: 'object', properties: {} };
        if (s.meta.structType === 'atomic')
            out['x-kubernetes-map-type'] = 'atomic';
        this.schemas.set(name, out);
        this.refs.set(name, new Set());
        var props = out.properties;
        for (var _i = 0, _a = Object.entries(s.entries); _i < _a.length; _i++) {
            var _b = _a[_i], field = _b[0], schema = _b[1];
            props[field] = this.property(schema, field, name, ctx, depth + 1);
        }
    };
    Components.prototype.use = function (from, to) {
        this.refs.get(from).add(to);
        if (exports.SPECIAL[to])
            this.schemas.set(to, exports.SPECIAL[to]);
        return ref(to);
    };
    Components.prototype.property = function (schema, field, parent, ctx, depth) {
        var s = (0, walk_ts_1.shape)(schema);
        var out = {};
        if (s.doc)
            out.description = s.doc;
        Object.assign(out, this.type(s, field, parent, ctx, depth, false));
        var m = s.meta;
        if (m.patchStrategy)
            out['x-kubernetes-patch-strategy'] = m.patchStrategy;
        if (m.patchMergeKey)
            out['x-kubernetes-patch-merge-key'] = m.patchMergeKey;
        if (m.listType)
            out['x-kubernetes-list-type'] = m.listType;
        if (m.listMapKeys)
            out['x-kubernetes-list-map-keys'] = m.listMapKeys;
        if (m.mapType)
            out['x-kubernetes-map-type'] = m.mapType;
        return out;
    };
    /** The type part of a schema (no description or patch markers). */
    Components.prototype.type = function (s, field, parent, ctx, depth, item) {
        var m = s.meta;
        switch (s.kind) {
            case 'object': {
                var name = this.nameFor(s, field, parent, ctx, depth, item);
                this.build(s, name, ctx, depth);
                return { allOf: [this.use(parent, name)] };
            }
            case 'array':
                return { type: 'array', items: this.type((0, walk_ts_1.shape)(s.item), field, parent, ctx, depth, true) };
            case 'record': {
                if (m.pbType === 'fieldsV1')
                    return { allOf: [this.use(parent, FIELDS_V1)] };
                var value = m.pbType === 'bytes' ? { type: 'string', format: 'byte' } : m.pbType === 'quantity' ? this.use(parent, QUANTITY) : this.type((0, walk_ts_1.shape)(s.value), field, parent, ctx, depth, true);
                return { type: 'object', additionalProperties: value };
            }
            case 'string':
                if (m.pbType === 'time')
                    return { allOf: [this.use(parent, TIME)] };
                return m.format === 'byte' ? { type: 'string', format: 'byte' } : { type: 'string' };
            case 'integer':
                return { type: 'integer', format: m.format === 'int64' || m.pbType === 'int64' ? 'int64' : 'int32' };
            case 'number':
                return { type: 'number', format: 'double' };
            case 'boolean':
                return { type: 'boolean' };
            case 'union':
                if (m.pbType === 'intOrString')
                    return { allOf: [this.use(parent, INT_OR_STRING)] };
                if (m.pbType === 'quantity')
                    return { allOf: [this.use(parent, QUANTITY)] };
                return {};
            default:
                return { 'x-kubernetes-preserve-unknown-fields': true };
        }
    };
    return Components;
}());
exports.Components = Components;
