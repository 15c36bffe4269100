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
exports.desiredSubsets = desiredSubsets;
exports.desiredEndpoints = desiredEndpoints;
var pods_ts_1 = require("./pods.ts");
var ipOrder = function (a, b) {
    var n = function (ip) { return ip.split('.').reduce(function (acc, o) { return acc * 256 + Number(o); }, 0); };
    var _a = [n(a.ip), n(b.ip)], x = _a[0], y = _a[1];
    return Number.isNaN(x) || Number.isNaN(y) ? (a.ip < b.ip ? -1 : 1) : x - y;
};
/** The subsets the service's pods make (ports and addresses sorted, so equal sets compare equal). */
function desiredSubsets(service, pods) {
    var _a, _b, _c, _d, _e, _f, _g;
    var publishUnready = ((_a = service.spec) === null || _a === void 0 ? void 0 : _a.publishNotReadyAddresses) === true;
    var headlessWithoutPorts = !((_c = (_b = service.spec) === null || _b === void 0 ? void 0 : _b.ports) === null || _c === void 0 ? void 0 : _c.length) && ((_d = service.spec) === null || _d === void 0 ? void 0 : _d.clusterIP) === 'None';
    var groups = new Map();
    for (var _i = 0, pods_1 = pods; _i < pods_1.length; _i++) {
        var pod = pods_1[_i];
        if (!(0, pods_ts_1.belongsInEndpoints)(pod, publishUnready))
            continue;
        var ip = (_e = (0, pods_ts_1.podAddresses)(pod, 'IPv4')[0]) !== null && _e !== void 0 ? _e : (0, pods_ts_1.podAddresses)(pod, 'IPv6')[0];
        if (!ip)
            continue;
        var ports = (0, pods_ts_1.resolvePorts)(service, pod)
            .map(function (p) { return (__assign(__assign(__assign({}, (p.name ? { name: p.name } : {})), { port: p.port, protocol: p.protocol }), (p.appProtocol ? { appProtocol: p.appProtocol } : {}))); })
            .sort(function (a, b) { var _a, _b, _c, _d; return (((_a = a.name) !== null && _a !== void 0 ? _a : '') < ((_b = b.name) !== null && _b !== void 0 ? _b : '') ? -1 : ((_c = a.name) !== null && _c !== void 0 ? _c : '') > ((_d = b.name) !== null && _d !== void 0 ? _d : '') ? 1 : a.port - b.port); });
        if (!ports.length && !headlessWithoutPorts)
            continue;
        var hostname = (0, pods_ts_1.publishedHostname)(pod, service);
        var address = __assign(__assign(__assign({ ip: ip }, (hostname ? { hostname: hostname } : {})), (((_f = pod.spec) === null || _f === void 0 ? void 0 : _f.nodeName) ? { nodeName: pod.spec.nodeName } : {})), { targetRef: (0, pods_ts_1.podRef)(pod) });
        var key = (0, pods_ts_1.canonical)(ports);
        var g = (_g = groups.get(key)) !== null && _g !== void 0 ? _g : { ports: ports, ready: [], notReady: [] };
        (publishUnready || (0, pods_ts_1.isPodReady)(pod) ? g.ready : g.notReady).push(address);
        groups.set(key, g);
    }
    return __spreadArray([], groups.entries(), true).sort(function (_a, _b) {
        var a = _a[0];
        var b = _b[0];
        return (a < b ? -1 : 1);
    })
        .map(function (_a) {
        var g = _a[1];
        return (__assign(__assign(__assign({}, (g.ready.length ? { addresses: g.ready.sort(ipOrder) } : {})), (g.notReady.length ? { notReadyAddresses: g.notReady.sort(ipOrder) } : {})), (g.ports.length ? { ports: g.ports } : {})));
    });
}
/** The Endpoints to write: a new one, `current` updated, or undefined when it is already right. */
function desiredEndpoints(service, pods, current) {
    var _a, _b;
    var subsets = desiredSubsets(service, pods);
    var labels = (0, pods_ts_1.derivedLabels)(service);
    if (!current)
        return __assign({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name: service.metadata.name, namespace: service.metadata.namespace, labels: labels } }, (subsets.length ? { subsets: subsets } : {}));
    if ((0, pods_ts_1.canonical)((_a = current.subsets) !== null && _a !== void 0 ? _a : []) === (0, pods_ts_1.canonical)(subsets) && (0, pods_ts_1.canonical)((_b = current.metadata.labels) !== null && _b !== void 0 ? _b : {}) === (0, pods_ts_1.canonical)(labels))
        return undefined;
    var _old = current.subsets, rest = __rest(current, ["subsets"]);
    return __assign(__assign(__assign({}, rest), { metadata: __assign(__assign({}, current.metadata), { labels: labels }) }), (subsets.length ? { subsets: subsets } : {}));
}
