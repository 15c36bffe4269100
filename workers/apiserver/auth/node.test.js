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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var node_ts_1 = require("./node.ts");
var authz_ts_1 = require("./authz.ts");
var info_ts_1 = require("../request/info.ts");
var n1 = { username: 'system:node:n1', groups: ['system:nodes', 'system:authenticated'] };
var info = function (method, path) { return (0, info_ts_1.requestInfo)(method, new URL(path, 'https://x')); };
var pods = [
    { metadata: { name: 'a', namespace: 'ns' }, spec: { nodeName: 'n1', serviceAccountName: 'web', volumes: [{ name: 'v', configMap: { name: 'cm1' } }], containers: [{ name: 'c', envFrom: [{ secretRef: { name: 's1' } }] }] } },
    { metadata: { name: 'b', namespace: 'ns' }, spec: { nodeName: 'n2', containers: [{ name: 'c', env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 's2', key: 'k' } } }] }] } },
];
var storage = {
    list: function (prefix, opts) {
        return __awaiter(this, void 0, void 0, function () {
            var items;
            var _a;
            return __generator(this, function (_b) {
                items = pods.filter(function (p) { return "/registry/pods/".concat(p.metadata.namespace, "/").startsWith(prefix) || prefix === "/registry/pods/".concat(p.metadata.namespace, "/"); }).filter((_a = opts === null || opts === void 0 ? void 0 : opts.filter) !== null && _a !== void 0 ? _a : (function () { return true; }));
                return [2 /*return*/, { items: items, rev: 1 }];
            });
        });
    },
};
var ctx = function (q) {
    if (q === void 0) { q = ''; }
    return ({ storage: storage, query: new URLSearchParams(q) });
};
var allowed = function (method_1, path_1) {
    var args_1 = [];
    for (var _i = 2; _i < arguments.length; _i++) {
        args_1[_i - 2] = arguments[_i];
    }
    return __awaiter(void 0, __spreadArray([method_1, path_1], args_1, true), void 0, function (method, path, q) {
        if (q === void 0) { q = ''; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, node_ts_1.nodeAuthorizer)(n1, info(method, path), ctx(q))];
                case 1: return [2 /*return*/, (_a.sent()).allowed];
            }
        });
    });
};
(0, node_test_1.test)('a node reads what a kubelet reads and writes nodes, statuses and events', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _i, _a, _b, m, p, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                _i = 0, _a = [
                    ['GET', '/api/v1/nodes/n2'],
                    ['GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Dn1'],
                    ['GET', '/api/v1/namespaces/ns/services'],
                    ['GET', '/apis/discovery.k8s.io/v1/endpointslices'],
                    ['POST', '/api/v1/nodes'],
                    ['PATCH', '/api/v1/nodes/n1/status'],
                    ['PUT', '/api/v1/namespaces/ns/pods/a/status'],
                    ['DELETE', '/api/v1/namespaces/ns/pods/a'],
                    ['POST', '/api/v1/namespaces/ns/events'],
                    ['POST', '/apis/events.k8s.io/v1/namespaces/ns/events'],
                ];
                _e.label = 1;
            case 1:
                if (!(_i < _a.length)) return [3 /*break*/, 4];
                _b = _a[_i], m = _b[0], p = _b[1];
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, allowed(m, p)];
            case 2:
                _d.apply(_c, [_e.sent(), true, "".concat(m, " ").concat(p)]);
                _e.label = 3;
            case 3:
                _i++;
                return [3 /*break*/, 1];
            case 4: return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a node may not change pod specs, read logs, or touch other kinds', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _i, _a, _b, m, p, _c, _d;
    return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                _i = 0, _a = [
                    ['PATCH', '/api/v1/namespaces/ns/pods/a'],
                    ['GET', '/api/v1/namespaces/ns/pods/a/log'],
                    ['DELETE', '/api/v1/nodes/n1'],
                    ['GET', '/apis/apps/v1/deployments'],
                    ['POST', '/api/v1/namespaces'],
                ];
                _e.label = 1;
            case 1:
                if (!(_i < _a.length)) return [3 /*break*/, 4];
                _b = _a[_i], m = _b[0], p = _b[1];
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, allowed(m, p)];
            case 2:
                _d.apply(_c, [_e.sent(), false, "".concat(m, " ").concat(p)]);
                _e.label = 3;
            case 3:
                _i++;
                return [3 /*break*/, 1];
            case 4: return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('secrets, config maps and service account tokens only through a pod bound to the node', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, _b, _c, _d, _e, _f, _g, _h, denied, _j, _k, _l, _m, _o, _p;
    return __generator(this, function (_q) {
        switch (_q.label) {
            case 0:
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, allowed('GET', '/api/v1/namespaces/ns/secrets/s1')];
            case 1:
                _b.apply(_a, [_q.sent(), true]);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, allowed('GET', '/api/v1/namespaces/ns/configmaps/cm1')];
            case 2:
                _d.apply(_c, [_q.sent(), true]);
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, allowed('GET', '/api/v1/namespaces/ns/secrets', 'fieldSelector=metadata.name%3Ds1')];
            case 3:
                _f.apply(_e, [_q.sent(), true]);
                _h = (_g = strict_1.default).equal;
                return [4 /*yield*/, allowed('POST', '/api/v1/namespaces/ns/serviceaccounts/web/token')];
            case 4:
                _h.apply(_g, [_q.sent(), true]);
                return [4 /*yield*/, (0, node_ts_1.nodeAuthorizer)(n1, info('GET', '/api/v1/namespaces/ns/secrets/s2'), ctx())];
            case 5:
                denied = _q.sent();
                strict_1.default.deepEqual(denied, { allowed: false, reason: "no relationship found between node 'n1' and this object" });
                _k = (_j = strict_1.default).equal;
                return [4 /*yield*/, (0, node_ts_1.nodeAuthorizer)(n1, info('GET', '/api/v1/namespaces/ns/secrets'), ctx())];
            case 6:
                _k.apply(_j, [(_q.sent()).reason, 'No Object name found']);
                _m = (_l = strict_1.default).equal;
                return [4 /*yield*/, (0, node_ts_1.nodeAuthorizer)(n1, info('PUT', '/api/v1/namespaces/ns/secrets/s1'), ctx())];
            case 7:
                _m.apply(_l, [(_q.sent()).reason, 'can only read resources of this type']);
                // without the graph (an access review), no relationship can be shown
                _p = (_o = strict_1.default).equal;
                return [4 /*yield*/, (0, node_ts_1.nodeAuthorizer)(n1, info('GET', '/api/v1/namespaces/ns/secrets/s1'))];
            case 8:
                // without the graph (an access review), no relationship can be shown
                _p.apply(_o, [(_q.sent()).allowed, false]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('leases: its own, in kube-node-lease, with the verbs a kubelet uses', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, _b, _c, _d, reason, _e, _f, _g, _h, _j, _k;
    return __generator(this, function (_l) {
        switch (_l.label) {
            case 0:
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, allowed('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1')];
            case 1:
                _b.apply(_a, [_l.sent(), true]);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, allowed('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases')];
            case 2:
                _d.apply(_c, [_l.sent(), true]);
                reason = function (m, p) { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
                    switch (_a.label) {
                        case 0: return [4 /*yield*/, (0, node_ts_1.nodeAuthorizer)(n1, info(m, p), ctx())];
                        case 1: return [2 /*return*/, (_a.sent()).reason];
                    }
                }); }); };
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, reason('PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n2')];
            case 3:
                _f.apply(_e, [_l.sent(), 'can only access node lease with the same name as the requesting node']);
                _h = (_g = strict_1.default).equal;
                return [4 /*yield*/, reason('GET', '/apis/coordination.k8s.io/v1/namespaces/default/leases/n1')];
            case 4:
                _h.apply(_g, [_l.sent(), 'can only access leases in the "kube-node-lease" system namespace']);
                _k = (_j = strict_1.default).equal;
                return [4 /*yield*/, reason('GET', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases')];
            case 5:
                _k.apply(_j, [_l.sent(), 'can only get, create, update, patch, or delete a node lease']);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('its own tunnel and credential renewal; other users get no opinion', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, _b, _c, _d, _e, _f, other, _g, _h, nameless, _j, _k;
    return __generator(this, function (_l) {
        switch (_l.label) {
            case 0:
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, allowed('GET', '/timonier/v1/nodes/n1/tunnel')];
            case 1:
                _b.apply(_a, [_l.sent(), true]);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, allowed('GET', '/timonier/v1/nodes/n2/tunnel')];
            case 2:
                _d.apply(_c, [_l.sent(), false]);
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, allowed('POST', '/timonier/v1/node-credentials')];
            case 3:
                _f.apply(_e, [_l.sent(), true]);
                other = { username: 'alice', groups: ['system:authenticated'] };
                _h = (_g = strict_1.default).deepEqual;
                return [4 /*yield*/, (0, node_ts_1.nodeAuthorizer)(other, info('GET', '/api/v1/nodes'), ctx())];
            case 4:
                _h.apply(_g, [_l.sent(), { allowed: false, reason: undefined }]);
                nameless = { username: 'system:node:', groups: ['system:nodes'] };
                _k = (_j = strict_1.default).equal;
                return [4 /*yield*/, (0, node_ts_1.nodeAuthorizer)(nameless, info('GET', '/api/v1/nodes'), ctx())];
            case 5:
                _k.apply(_j, [(_l.sent()).reason, 'unknown node for user "system:node:"']);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('the default authorizer: bootstrappers may join, anyone may read cluster-info, the reason carries through', function () { return __awaiter(void 0, void 0, void 0, function () {
    var boot, anon, _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, d;
    return __generator(this, function (_l) {
        switch (_l.label) {
            case 0:
                boot = { username: 'system:bootstrap:abcdef', groups: ['system:bootstrappers', 'system:authenticated'] };
                anon = { username: 'system:anonymous', groups: ['system:unauthenticated'] };
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(boot, info('POST', '/timonier/v1/node-credentials'))];
            case 1:
                _b.apply(_a, [(_l.sent()).allowed, true]);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(anon, info('POST', '/timonier/v1/node-credentials'))];
            case 2:
                _d.apply(_c, [(_l.sent()).allowed, false]);
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(anon, info('GET', '/api/v1/namespaces/kube-public/configmaps/cluster-info'))];
            case 3:
                _f.apply(_e, [(_l.sent()).allowed, true]);
                _h = (_g = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(anon, info('GET', '/api/v1/namespaces/kube-public/configmaps/other'))];
            case 4:
                _h.apply(_g, [(_l.sent()).allowed, false]);
                _k = (_j = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(boot, info('GET', '/timonier/v1/nodes/n1/tunnel'))];
            case 5:
                _k.apply(_j, [(_l.sent()).allowed, false]);
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(n1, info('GET', '/api/v1/namespaces/ns/secrets/s2'), ctx())];
            case 6:
                d = _l.sent();
                strict_1.default.equal(d.reason, "no relationship found between node 'n1' and this object");
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a field selector names the one object of a list only when it is alone', function () {
    strict_1.default.equal((0, node_ts_1.nameFromFieldSelector)('metadata.name=x'), 'x');
    strict_1.default.equal((0, node_ts_1.nameFromFieldSelector)('metadata.name==x'), 'x');
    strict_1.default.equal((0, node_ts_1.nameFromFieldSelector)('metadata.name=x,type=y'), '');
    strict_1.default.equal((0, node_ts_1.nameFromFieldSelector)(undefined), '');
});
