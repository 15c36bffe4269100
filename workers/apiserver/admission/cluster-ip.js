"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.allocateClusterIP = exports.kubernetesServiceIP = exports.DEFAULT_SERVICE_CIDR = void 0;
exports.serviceRange = serviceRange;
/**
 * Service IP and node-port allocation, done on create as Kubernetes' service registry does:
 * a free ClusterIP from the service range (SERVICE_CLUSTER_IP_RANGE, 10.96.0.0/12 by default; its
 * first address is the `kubernetes` service's) and node ports from 30000-32767 for NodePort and
 * LoadBalancer services.
 */
var errors_ts_1 = require("../../../lib/errors.ts");
exports.DEFAULT_SERVICE_CIDR = '10.96.0.0/12';
var NODE_PORTS = { min: 30000, max: 32767 };
/** Kubernetes' bitmap allocator holds at most 2^20 addresses (an IPv4 mask of 12 or more). */
var PREFIX = { min: 12, max: 30 };
var ranges = new Map();
/** The service range of a CIDR (IPv4); a malformed one is a configuration error, thrown. */
function serviceRange(cidr) {
    if (cidr === void 0) { cidr = exports.DEFAULT_SERVICE_CIDR; }
    var r = ranges.get(cidr);
    if (r)
        return r;
    var m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(cidr);
    var prefix = Number(m === null || m === void 0 ? void 0 : m[2]);
    if (!m || m[1].split('.').some(function (o) { return Number(o) > 255; }) || prefix < PREFIX.min || prefix > PREFIX.max)
        throw new Error("SERVICE_CLUSTER_IP_RANGE: ".concat(JSON.stringify(cidr), " is not an IPv4 CIDR with a mask from /").concat(PREFIX.min, " to /").concat(PREFIX.max));
    var size = Math.pow(2, (32 - prefix));
    var base = ipToInt(m[1]) - (ipToInt(m[1]) % size); // the network address, whatever host bits were given
    ranges.set(cidr, (r = { cidr: "".concat(intToIp(base), "/").concat(prefix), base: base, size: size }));
    return r;
}
/** The `kubernetes` service's address: the first of the range. */
var kubernetesServiceIP = function (cidr) { return intToIp(serviceRange(cidr).base + 1); };
exports.kubernetesServiceIP = kubernetesServiceIP;
/** Between the network and broadcast addresses, as Kubernetes' allocator counts its range. */
var inRange = function (r, ip) {
    var n = ipToInt(ip);
    return n > r.base && n < r.base + r.size - 1;
};
var isIPv4 = function (ip) { return /^\d{1,3}(\.\d{1,3}){3}$/.test(ip) && ip.split('.').every(function (o) { return Number(o) <= 255; }); };
function ipToInt(ip) {
    return ip.split('.').reduce(function (n, o) { return n * 256 + Number(o); }, 0);
}
var intToIp = function (n) { return [24, 16, 8, 0].map(function (s) { return (n >>> s) & 255; }).join('.'); };
var allocateClusterIP = function (ctx, desc, obj) { return __awaiter(void 0, void 0, void 0, function () {
    var range, spec, services, usedIPs, headless, refuse, usedPorts, _i, _a, p, tries, port;
    var _b, _c, _d, _e, _f;
    return __generator(this, function (_g) {
        switch (_g.label) {
            case 0:
                if (desc.group !== '' || desc.resource !== 'services')
                    return [2 /*return*/];
                range = serviceRange(ctx.serviceClusterIPRange);
                spec = ((_b = obj.spec) !== null && _b !== void 0 ? _b : (obj.spec = {}));
                if (spec.type === 'ExternalName')
                    return [2 /*return*/];
                return [4 /*yield*/, ctx.storage.list('/registry/services/')];
            case 1:
                services = (_g.sent()).items.map(function (s) { var _a; return ((_a = s.spec) !== null && _a !== void 0 ? _a : {}); });
                usedIPs = new Set(services.map(function (s) { return s.clusterIP; }));
                headless = spec.clusterIP === 'None';
                (_c = spec.ipFamilyPolicy) !== null && _c !== void 0 ? _c : (spec.ipFamilyPolicy = headless && !spec.selector ? 'RequireDualStack' : 'SingleStack');
                (_d = spec.ipFamilies) !== null && _d !== void 0 ? _d : (spec.ipFamilies = ['IPv4']);
                if (!headless) {
                    if (spec.clusterIP) {
                        refuse = function (why) { var _a, _b; return (0, errors_ts_1.invalid)(desc, (_a = obj.metadata.name) !== null && _a !== void 0 ? _a : '', [errors_ts_1.fieldErr.invalid('spec.clusterIPs', (_b = spec.clusterIPs) !== null && _b !== void 0 ? _b : [spec.clusterIP], "failed to allocate IP ".concat(spec.clusterIP, ": ").concat(why))]); };
                        // a malformed address is left to validation, which reports it as such
                        if (isIPv4(spec.clusterIP) && !inRange(range, spec.clusterIP))
                            throw refuse("the provided IP (".concat(spec.clusterIP, ") is not in the valid range. The range of valid IPs is ").concat(range.cidr));
                        if (usedIPs.has(spec.clusterIP))
                            throw refuse('provided IP is already allocated');
                    }
                    else {
                        spec.clusterIP = pickFree(range, usedIPs);
                    }
                }
                spec.clusterIPs = [spec.clusterIP];
                if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') {
                    usedPorts = new Set(services.flatMap(function (s) { var _a; return ((_a = s.ports) !== null && _a !== void 0 ? _a : []).map(function (p) { return p.nodePort; }); }));
                    for (_i = 0, _a = (_e = spec.ports) !== null && _e !== void 0 ? _e : []; _i < _a.length; _i++) {
                        p = _a[_i];
                        if (p.nodePort)
                            continue;
                        for (tries = 0; tries < 1000; tries++) {
                            port = NODE_PORTS.min + Math.floor(Math.random() * (NODE_PORTS.max - NODE_PORTS.min + 1));
                            if (!usedPorts.has(port)) {
                                p.nodePort = port;
                                usedPorts.add(port);
                                break;
                            }
                        }
                    }
                }
                (_f = obj.status) !== null && _f !== void 0 ? _f : (obj.status = { loadBalancer: {} });
                return [2 /*return*/];
        }
    });
}); };
exports.allocateClusterIP = allocateClusterIP;
/** Random probing first (a collision is rare in a large range), then a sweep before calling it full. */
function pickFree(range, used) {
    var first = range.base + 2; // past the network address and the `kubernetes` service's
    var count = range.size - 3; // the broadcast address is never given either
    for (var tries = 0; tries < 32; tries++) {
        var ip = intToIp(first + Math.floor(Math.random() * count));
        if (!used.has(ip))
            return ip;
    }
    for (var i = 0; i < count; i++) {
        var ip = intToIp(first + i);
        if (!used.has(ip))
            return ip;
    }
    throw (0, errors_ts_1.internal)('failed to allocate a serviceIP: range is full');
}
