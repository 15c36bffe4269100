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
var strict_1 = require("node:assert/strict");
var node_test_1 = require("node:test");
var errors_ts_1 = require("../../../lib/errors.ts");
var services_ts_1 = require("../registry/kinds/services.ts");
var cluster_ip_ts_1 = require("./cluster-ip.ts");
var desc = services_ts_1.default;
var ctxWith = function (existing, range) { return ({
    storage: { list: function () { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
            return [2 /*return*/, ({ items: existing.map(function (ip) { return ({ metadata: {}, spec: { clusterIP: ip } }); }), rev: 1 })];
        }); }); } },
    user: { username: 'admin', groups: [] },
    serviceClusterIPRange: range,
}); };
/** the plugin, as a promise (it may return synchronously) */
var allocate = function () {
    var args = [];
    for (var _i = 0; _i < arguments.length; _i++) {
        args[_i] = arguments[_i];
    }
    return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
        return [2 /*return*/, cluster_ip_ts_1.allocateClusterIP.apply(void 0, args)];
    }); });
};
var svc = function (spec) {
    if (spec === void 0) { spec = {}; }
    return ({ metadata: { name: 'web', namespace: 'default' }, spec: __assign({ ports: [{ port: 80 }] }, spec) });
};
var toInt = function (ip) { return ip.split('.').reduce(function (n, o) { return n * 256 + Number(o); }, 0); };
(0, node_test_1.test)('the default range is 10.96.0.0/12, with the kubernetes service at .1', function () {
    strict_1.default.deepEqual((0, cluster_ip_ts_1.serviceRange)(), { cidr: '10.96.0.0/12', base: toInt('10.96.0.0'), size: 1 << 20 });
    strict_1.default.equal((0, cluster_ip_ts_1.kubernetesServiceIP)(), '10.96.0.1');
    strict_1.default.equal((0, cluster_ip_ts_1.kubernetesServiceIP)('172.20.0.0/16'), '172.20.0.1');
    strict_1.default.equal((0, cluster_ip_ts_1.serviceRange)('172.20.5.7/16').cidr, '172.20.0.0/16'); // host bits dropped
});
(0, node_test_1.test)('a malformed or oversized range is refused loudly', function () {
    var _loop_1 = function (bad) {
        strict_1.default.throws(function () { return (0, cluster_ip_ts_1.serviceRange)(bad); }, /SERVICE_CLUSTER_IP_RANGE/, bad);
    };
    for (var _i = 0, _a = ['10.96.0.0', '10.96.0.0/8', '10.0.0.0/31', '300.1.1.1/16', 'fd00::/112']; _i < _a.length; _i++) {
        var bad = _a[_i];
        _loop_1(bad);
    }
});
(0, node_test_1.test)('allocated IPs come from the configured range, never the network, .1 or broadcast addresses', function () { return __awaiter(void 0, void 0, void 0, function () {
    var i, s, ip, n;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                i = 0;
                _a.label = 1;
            case 1:
                if (!(i < 50)) return [3 /*break*/, 4];
                s = svc();
                return [4 /*yield*/, (0, cluster_ip_ts_1.allocateClusterIP)(ctxWith([], '192.168.7.0/29'), desc, s)];
            case 2:
                _a.sent();
                ip = s.spec.clusterIP;
                n = toInt(ip);
                strict_1.default.ok(n >= toInt('192.168.7.2') && n <= toInt('192.168.7.6'), ip);
                strict_1.default.deepEqual(s.spec.clusterIPs, [ip]);
                _a.label = 3;
            case 3:
                i++;
                return [3 /*break*/, 1];
            case 4: return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a full range answers 500 "range is full"; the last free address is found', function () { return __awaiter(void 0, void 0, void 0, function () {
    var taken, s;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0:
                taken = ['192.168.7.2', '192.168.7.3', '192.168.7.4', '192.168.7.5'];
                s = svc();
                return [4 /*yield*/, (0, cluster_ip_ts_1.allocateClusterIP)(ctxWith(taken, '192.168.7.0/29'), desc, s)];
            case 1:
                _a.sent();
                strict_1.default.equal(s.spec.clusterIP, '192.168.7.6');
                return [4 /*yield*/, strict_1.default.rejects(allocate(ctxWith(__spreadArray(__spreadArray([], taken, true), ['192.168.7.6'], false), '192.168.7.0/29'), desc, svc()), function (e) {
                        strict_1.default.ok(e instanceof errors_ts_1.StatusError);
                        strict_1.default.equal(e.status.code, 500);
                        strict_1.default.match(e.status.message, /range is full/);
                        return true;
                    })];
            case 2:
                _a.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a requested IP outside the range is invalid, with Kubernetes message', function () { return __awaiter(void 0, void 0, void 0, function () {
    var inside;
    return __generator(this, function (_a) {
        switch (_a.label) {
            case 0: return [4 /*yield*/, strict_1.default.rejects(allocate(ctxWith([], '10.0.0.0/24'), desc, svc({ clusterIP: '10.96.0.10' })), function (e) {
                    var _a, _b;
                    strict_1.default.ok(e instanceof errors_ts_1.StatusError);
                    strict_1.default.equal(e.status.code, 422);
                    strict_1.default.equal((_b = (_a = e.status.details) === null || _a === void 0 ? void 0 : _a.causes) === null || _b === void 0 ? void 0 : _b[0].message, 'Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: the provided IP (10.96.0.10) is not in the valid range. The range of valid IPs is 10.0.0.0/24');
                    return true;
                })];
            case 1:
                _a.sent();
                inside = svc({ clusterIP: '10.0.0.10' });
                return [4 /*yield*/, (0, cluster_ip_ts_1.allocateClusterIP)(ctxWith([], '10.0.0.0/24'), desc, inside)];
            case 2:
                _a.sent();
                strict_1.default.equal(inside.spec.clusterIP, '10.0.0.10');
                return [4 /*yield*/, strict_1.default.rejects(allocate(ctxWith(['10.0.0.10'], '10.0.0.0/24'), desc, svc({ clusterIP: '10.0.0.10' })), /provided IP is already allocated/)];
            case 3:
                _a.sent();
                return [2 /*return*/];
        }
    });
}); });
