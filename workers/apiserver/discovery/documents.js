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
var __rest = (this && this.__rest) || function (s, e) {
    var t = {};
    for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p) && e.indexOf(p) < 0)
        t[p] = s[p];
    if (s != null && typeof Object.getOwnPropertySymbols === "function")
        for (var i = 0, p = Object.getOwnPropertySymbols(s); i < p.length; i++) {
            if (e.indexOf(p[i]) < 0 && Object.prototype.propertyIsEnumerable.call(s, p[i]))
                t[p[i]] = s[p[i]];
        }
    return t;
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
exports.apiVersions = exports.AGGREGATED_V2BETA1 = exports.AGGREGATED_V2 = void 0;
exports.groupVersions = groupVersions;
exports.resourceList = resourceList;
exports.apiGroup = apiGroup;
exports.apiGroupList = apiGroupList;
exports.aggregated = aggregated;
exports.AGGREGATED_V2 = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
exports.AGGREGATED_V2BETA1 = 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList';
var ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
function subresourcesOf(d) {
    var _b;
    var s = (_b = d.subresources) !== null && _b !== void 0 ? _b : {};
    var out = [];
    if (s.binding)
        out.push({ name: 'binding', kind: 'Binding', verbs: ['create'] });
    if (s.eviction)
        out.push({ name: 'eviction', group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] });
    if (s.exec)
        out.push({ name: 'exec', kind: 'PodExecOptions', verbs: ['create', 'get'] });
    if (s.log)
        out.push({ name: 'log', kind: 'Pod', verbs: ['get'] });
    if (s.portforward)
        out.push({ name: 'portforward', kind: 'PodPortForwardOptions', verbs: ['create', 'get'] });
    if (s.scale)
        out.push({ name: 'scale', group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: ['get', 'patch', 'update'] });
    if (s.status)
        out.push({ name: 'status', kind: d.kind, verbs: ['get', 'patch', 'update'] });
    return out;
}
function groupVersions(kinds, virtual) {
    var out = [];
    var get = function (group, version) {
        var gv = out.find(function (x) { return x.group === group && x.version === version; });
        if (!gv)
            out.push((gv = { group: group, version: version, kinds: [], virtual: [] }));
        return gv;
    };
    for (var _i = 0, kinds_1 = kinds; _i < kinds_1.length; _i++) {
        var k = kinds_1[_i];
        get(k.group, k.version).kinds.push(k);
    }
    for (var _b = 0, virtual_1 = virtual; _b < virtual_1.length; _b++) {
        var r = virtual_1[_b];
        get(r.group, r.version).virtual.push(r);
    }
    return out;
}
var gvString = function (g, v) { return (g ? "".concat(g, "/").concat(v) : v); };
/** GET /api/v1, /apis/<g>/<v>: APIResourceList */
function resourceList(gv) {
    var _b, _c;
    var resources = [];
    for (var _i = 0, _d = gv.kinds; _i < _d.length; _i++) {
        var d = _d[_i];
        resources.push(__assign(__assign(__assign({ name: d.resource, singularName: d.singular, namespaced: d.namespaced, kind: d.kind, verbs: ALL_VERBS }, (((_b = d.shortNames) === null || _b === void 0 ? void 0 : _b.length) ? { shortNames: d.shortNames } : {})), (((_c = d.categories) === null || _c === void 0 ? void 0 : _c.length) ? { categories: d.categories } : {})), { storageVersionHash: '' }));
        for (var _e = 0, _f = subresourcesOf(d); _e < _f.length; _e++) {
            var s = _f[_e];
            resources.push(__assign(__assign({ name: "".concat(d.resource, "/").concat(s.name), singularName: '', namespaced: d.namespaced }, (s.group !== undefined ? { group: s.group, version: s.version } : {})), { kind: s.kind, verbs: s.verbs }));
        }
    }
    for (var _g = 0, _h = gv.virtual; _g < _h.length; _g++) {
        var r = _h[_g];
        resources.push({ name: r.resource, singularName: r.resource.replace(/s$/, ''), namespaced: r.namespaced, kind: r.kind, verbs: r.verbs });
    }
    return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gvString(gv.group, gv.version), resources: resources };
}
/** GET /api: APIVersions */
var apiVersions = function (serverAddress) { return ({
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: serverAddress }],
}); };
exports.apiVersions = apiVersions;
/** GET /apis/<g>: APIGroup; GET /apis: APIGroupList */
function apiGroup(group, gvs) {
    var versions = gvs.filter(function (x) { return x.group === group; }).map(function (x) { return ({ groupVersion: gvString(group, x.version), version: x.version }); });
    return { kind: 'APIGroup', apiVersion: 'v1', name: group, versions: versions, preferredVersion: versions[0] };
}
function apiGroupList(gvs) {
    var groups = __spreadArray([], new Set(gvs.filter(function (x) { return x.group; }).map(function (x) { return x.group; })), true).map(function (g) {
        var _b = apiGroup(g, gvs), _k = _b.kind, _a = _b.apiVersion, rest = __rest(_b, ["kind", "apiVersion"]);
        return rest;
    });
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups };
}
/** Aggregated discovery v2 (or v2beta1: same shape) for /api (core) or /apis (named groups). */
function aggregated(gvs, core, version) {
    if (version === void 0) { version = 'v2'; }
    var groups = core ? [''] : __spreadArray([], new Set(gvs.filter(function (x) { return x.group; }).map(function (x) { return x.group; })), true);
    var items = groups.map(function (g) { return ({
        metadata: { name: g, creationTimestamp: null },
        versions: gvs
            .filter(function (x) { return x.group === g; })
            .map(function (gv) { return ({
            version: gv.version,
            resources: __spreadArray(__spreadArray([], gv.kinds.map(function (d) {
                var _b, _c;
                return (__assign(__assign(__assign({ resource: d.resource, responseKind: { group: d.group, version: d.version, kind: d.kind }, scope: d.namespaced ? 'Namespaced' : 'Cluster', singularResource: d.singular, verbs: ALL_VERBS }, (((_b = d.shortNames) === null || _b === void 0 ? void 0 : _b.length) ? { shortNames: d.shortNames } : {})), (((_c = d.categories) === null || _c === void 0 ? void 0 : _c.length) ? { categories: d.categories } : {})), (subresourcesOf(d).length
                    ? {
                        subresources: subresourcesOf(d).map(function (s) {
                            var _b, _c;
                            return ({
                                subresource: s.name,
                                responseKind: { group: (_b = s.group) !== null && _b !== void 0 ? _b : d.group, version: (_c = s.version) !== null && _c !== void 0 ? _c : d.version, kind: s.kind },
                                verbs: s.verbs,
                            });
                        }),
                    }
                    : {})));
            }), true), gv.virtual.map(function (r) { return ({
                resource: r.resource,
                responseKind: { group: r.group, version: r.version, kind: r.kind },
                scope: r.namespaced ? 'Namespaced' : 'Cluster',
                singularResource: r.resource.replace(/s$/, ''),
                verbs: r.verbs,
            }); }), true),
            freshness: 'Current',
        }); }),
    }); });
    return { kind: 'APIGroupDiscoveryList', apiVersion: "apidiscovery.k8s.io/".concat(version), metadata: {}, items: items };
}
