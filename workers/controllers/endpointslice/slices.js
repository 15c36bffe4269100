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
exports.serviceOwner = exports.MAX_ENDPOINTS_PER_SLICE = exports.MANAGED_BY = exports.MANAGED_BY_LABEL = exports.SERVICE_NAME_LABEL = void 0;
exports.podEndpoint = podEndpoint;
exports.desiredSlices = desiredSlices;
exports.sliceLabels = sliceLabels;
exports.newSlice = newSlice;
exports.updatedSlice = updatedSlice;
exports.plan = plan;
var pods_ts_1 = require("./pods.ts");
exports.SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
exports.MANAGED_BY_LABEL = 'endpointslice.kubernetes.io/managed-by';
exports.MANAGED_BY = 'endpointslice-controller.k8s.io';
exports.MAX_ENDPOINTS_PER_SLICE = 100;
/** The endpoint of one pod in a slice of `family`, or undefined when it has no such address. */
function podEndpoint(pod, service, family) {
    var _a, _b;
    var addresses = (0, pods_ts_1.podAddresses)(pod, family);
    if (!addresses.length)
        return undefined;
    var serving = (0, pods_ts_1.isPodReady)(pod);
    var terminating = (0, pods_ts_1.isTerminating)(pod);
    // for compatibility a terminating pod is never "ready", unless the service publishes unready ones
    var ready = ((_a = service.spec) === null || _a === void 0 ? void 0 : _a.publishNotReadyAddresses) === true || (serving && !terminating);
    var hostname = (0, pods_ts_1.publishedHostname)(pod, service);
    return __assign(__assign(__assign({ addresses: addresses.slice(0, 1), conditions: { ready: ready, serving: serving, terminating: terminating } }, (hostname ? { hostname: hostname } : {})), { targetRef: (0, pods_ts_1.podRef)(pod) }), (((_b = pod.spec) === null || _b === void 0 ? void 0 : _b.nodeName) ? { nodeName: pod.spec.nodeName } : {}));
}
/** Every slice's content the service should have, in a stable order. */
function desiredSlices(service, pods) {
    var _a, _b, _c;
    var out = [];
    var families = (((_b = (_a = service.spec) === null || _a === void 0 ? void 0 : _a.ipFamilies) === null || _b === void 0 ? void 0 : _b.length) ? service.spec.ipFamilies : ['IPv4']);
    var sorted = __spreadArray([], pods, true).sort(function (a, b) { return (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0); });
    for (var _i = 0, families_1 = families; _i < families_1.length; _i++) {
        var family = families_1[_i];
        var groups = new Map();
        for (var _d = 0, sorted_1 = sorted; _d < sorted_1.length; _d++) {
            var pod = sorted_1[_d];
            if (!(0, pods_ts_1.belongsInEndpoints)(pod, true))
                continue;
            var ep = podEndpoint(pod, service, family);
            if (!ep)
                continue;
            var ports = (0, pods_ts_1.resolvePorts)(service, pod).map(function (p) { return (__assign({ name: p.name, protocol: p.protocol, port: p.port }, (p.appProtocol ? { appProtocol: p.appProtocol } : {}))); });
            var key = (0, pods_ts_1.canonical)(ports);
            var g = (_c = groups.get(key)) !== null && _c !== void 0 ? _c : { ports: ports, endpoints: [] };
            g.endpoints.push(ep);
            groups.set(key, g);
        }
        if (!groups.size)
            out.push({ addressType: family, ports: null, endpoints: null });
        for (var _e = 0, _f = __spreadArray([], groups.entries(), true).sort(function (_a, _b) {
            var a = _a[0];
            var b = _b[0];
            return (a < b ? -1 : 1);
        }).map(function (_a) {
            var g = _a[1];
            return g;
        }); _e < _f.length; _e++) {
            var g = _f[_e];
            for (var i = 0; i < g.endpoints.length; i += exports.MAX_ENDPOINTS_PER_SLICE)
                out.push({ addressType: family, ports: g.ports, endpoints: g.endpoints.slice(i, i + exports.MAX_ENDPOINTS_PER_SLICE) });
        }
    }
    return out;
}
function sliceLabels(service) {
    var _a;
    var labels = (0, pods_ts_1.derivedLabels)(service);
    delete labels[exports.SERVICE_NAME_LABEL];
    delete labels[exports.MANAGED_BY_LABEL];
    return __assign(__assign({}, labels), (_a = {}, _a[exports.SERVICE_NAME_LABEL] = service.metadata.name, _a[exports.MANAGED_BY_LABEL] = exports.MANAGED_BY, _a));
}
var serviceOwner = function (service) { return ({ apiVersion: 'v1', kind: 'Service', name: service.metadata.name, uid: service.metadata.uid, controller: true, blockOwnerDeletion: true }); };
exports.serviceOwner = serviceOwner;
/** A new slice of `content` for the service. */
function newSlice(service, content) {
    return __assign({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { generateName: "".concat(service.metadata.name, "-"), namespace: service.metadata.namespace, labels: sliceLabels(service), ownerReferences: [(0, exports.serviceOwner)(service)] } }, content);
}
/** `current` carrying `content` and the service's labels and ownership, or undefined when it already does. */
function updatedSlice(service, current, content) {
    var _a, _b, _c, _d;
    var labels = sliceLabels(service);
    var owners = [(0, exports.serviceOwner)(service)];
    var same = (0, pods_ts_1.canonical)((_a = current.metadata.labels) !== null && _a !== void 0 ? _a : {}) === (0, pods_ts_1.canonical)(labels) &&
        (0, pods_ts_1.canonical)((_b = current.metadata.ownerReferences) !== null && _b !== void 0 ? _b : []) === (0, pods_ts_1.canonical)(owners) &&
        (0, pods_ts_1.canonical)({ p: (_c = current.ports) !== null && _c !== void 0 ? _c : null, e: (_d = current.endpoints) !== null && _d !== void 0 ? _d : null }) === (0, pods_ts_1.canonical)({ p: content.ports, e: content.endpoints });
    if (same)
        return undefined;
    return __assign(__assign({}, current), { metadata: __assign(__assign({}, current.metadata), { labels: labels, ownerReferences: owners }), ports: content.ports, endpoints: content.endpoints });
}
/**
 * Pairs wanted contents with existing slices: first those with the same address type and ports
 * (in name order), then any left of the same address type (the placeholder becomes the first
 * real slice). Returns the updates/creations and the slices left over (to delete).
 */
function plan(service, existing, wanted) {
    var _a;
    var free = __spreadArray([], existing, true).sort(function (a, b) { return (a.metadata.name < b.metadata.name ? -1 : 1); });
    var take = function (pred) {
        var i = free.findIndex(pred);
        return i < 0 ? undefined : free.splice(i, 1)[0];
    };
    var paired = wanted.map(function (content) { return ({
        content: content,
        current: take(function (s) { var _a; return s.addressType === content.addressType && (0, pods_ts_1.canonical)((_a = s.ports) !== null && _a !== void 0 ? _a : null) === (0, pods_ts_1.canonical)(content.ports); }),
    }); });
    var _loop_1 = function (p) {
        (_a = p.current) !== null && _a !== void 0 ? _a : (p.current = take(function (s) { return s.addressType === p.content.addressType; }));
    };
    for (var _i = 0, paired_1 = paired; _i < paired_1.length; _i++) {
        var p = paired_1[_i];
        _loop_1(p);
    }
    return { writes: paired, extra: free };
}
