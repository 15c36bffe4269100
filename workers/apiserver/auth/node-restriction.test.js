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
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var node_restriction_ts_1 = require("./node-restriction.ts");
var info_ts_1 = require("../request/info.ts");
var n1 = { username: 'system:node:n1', groups: ['system:nodes'] };
var objects = {
    '/registry/pods/ns/mine': { metadata: { name: 'mine', namespace: 'ns' }, spec: { nodeName: 'n1' } },
    '/registry/pods/ns/theirs': { metadata: { name: 'theirs', namespace: 'ns' }, spec: { nodeName: 'n2' } },
};
var storage = { get: function (k) { return __awaiter(void 0, void 0, void 0, function () { return __generator(this, function (_a) {
        return [2 /*return*/, objects[k]];
    }); }); } };
function check(method_1, path_1, body_1) {
    return __awaiter(this, arguments, void 0, function (method, path, body, user) {
        var e_1;
        var _this = this;
        if (user === void 0) { user = n1; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _a.trys.push([0, 2, , 3]);
                    return [4 /*yield*/, (0, node_restriction_ts_1.nodeRestriction)({ user: user, info: (0, info_ts_1.requestInfo)(method, new URL(path, 'https://x')), storage: storage, body: function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                return [2 /*return*/, body];
                            }); }); } })];
                case 1:
                    _a.sent();
                    return [2 /*return*/, undefined];
                case 2:
                    e_1 = _a.sent();
                    return [2 /*return*/, e_1.status.message];
                case 3: return [2 /*return*/];
            }
        });
    });
}
(0, node_test_1.test)('a node modifies only its own Node', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, _b, _c, _d, _e, _f, _g, _h;
    return __generator(this, function (_j) {
        switch (_j.label) {
            case 0:
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, check('PATCH', '/api/v1/nodes/n1/status')];
            case 1:
                _b.apply(_a, [_j.sent(), undefined]);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/api/v1/nodes', { metadata: { name: 'n1' } })];
            case 2:
                _d.apply(_c, [_j.sent(), undefined]);
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, check('PATCH', '/api/v1/nodes/n2')];
            case 3:
                _f.apply(_e, [_j.sent(), 'nodes "n2" is forbidden: node "n1" is not allowed to modify node "n2"']);
                _h = (_g = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/api/v1/nodes', { metadata: { name: 'n3' } })];
            case 4:
                _h.apply(_g, [_j.sent(), 'nodes "n3" is forbidden: node "n1" is not allowed to modify node "n3"']);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('a node touches only the pods bound to it', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p;
    return __generator(this, function (_q) {
        switch (_q.label) {
            case 0:
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, check('PUT', '/api/v1/namespaces/ns/pods/mine/status')];
            case 1:
                _b.apply(_a, [_q.sent(), undefined]);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, check('DELETE', '/api/v1/namespaces/ns/pods/mine')];
            case 2:
                _d.apply(_c, [_q.sent(), undefined]);
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, check('PATCH', '/api/v1/namespaces/ns/pods/theirs/status')];
            case 3:
                _f.apply(_e, [_q.sent(), 'pods "theirs" is forbidden: node "n1" can only update pod status for pods with spec.nodeName set to itself']);
                _h = (_g = strict_1.default).equal;
                return [4 /*yield*/, check('DELETE', '/api/v1/namespaces/ns/pods/theirs')];
            case 4:
                _h.apply(_g, [_q.sent(), 'pods "theirs" is forbidden: node "n1" can only delete pods with spec.nodeName set to itself']);
                _k = (_j = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/api/v1/namespaces/ns/pods/theirs/eviction')];
            case 5:
                _k.apply(_j, [_q.sent(), 'pods "theirs" is forbidden: node n1 can only evict pods with spec.nodeName set to itself']);
                _m = (_l = strict_1.default).equal;
                return [4 /*yield*/, check('DELETE', '/api/v1/namespaces/ns/pods/gone')];
            case 6:
                _m.apply(_l, [_q.sent(), 'pods "gone" not found']);
                _p = (_o = strict_1.default).equal;
                return [4 /*yield*/, check('PATCH', '/api/v1/namespaces/ns/pods/mine')];
            case 7:
                _p.apply(_o, [_q.sent(), 'pods "mine" is forbidden: unexpected operation "UPDATE", node "n1" can only create and delete mirror pods']);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('pods a node creates must be mirror pods bound to and owned by it', function () { return __awaiter(void 0, void 0, void 0, function () {
    var pod, mirror, own, _a, _b, _c, _d, _e, _f, _g, _h;
    return __generator(this, function (_j) {
        switch (_j.label) {
            case 0:
                pod = function (annotations, nodeName, owner) { return ({ metadata: { name: 'static', annotations: annotations, ownerReferences: owner ? [owner] : [] }, spec: { nodeName: nodeName } }); };
                mirror = { 'kubernetes.io/config.mirror': 'hash' };
                own = { apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'u', controller: true };
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/api/v1/namespaces/ns/pods', pod({}, 'n1', own))];
            case 1:
                _b.apply(_a, [_j.sent(), 'pods "static" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "n1" can only create mirror pods']);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/api/v1/namespaces/ns/pods', pod(mirror, 'n2', own))];
            case 2:
                _d.apply(_c, [_j.sent(), 'pods "static" is forbidden: node "n1" can only create pods with spec.nodeName set to itself']);
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/api/v1/namespaces/ns/pods', pod(mirror, 'n1'))];
            case 3:
                _f.apply(_e, [_j.sent(), 'pods "static" is forbidden: node "n1" can only create pods with an owner reference set to itself']);
                _h = (_g = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/api/v1/namespaces/ns/pods', pod(mirror, 'n1', own))];
            case 4:
                _h.apply(_g, [_j.sent(), undefined]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)('leases: its own, in kube-node-lease; others and reads are not restricted here', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k;
    return __generator(this, function (_l) {
        switch (_l.label) {
            case 0:
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { metadata: { name: 'n1' } })];
            case 1:
                _b.apply(_a, [_l.sent(), undefined]);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, check('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', { metadata: { name: 'n2' } })];
            case 2:
                _d.apply(_c, [_l.sent(), 'leases.coordination.k8s.io "n2" is forbidden: can only access node lease with the same name as the requesting node']);
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, check('PUT', '/apis/coordination.k8s.io/v1/namespaces/default/leases/n1')];
            case 3:
                _f.apply(_e, [_l.sent(), 'leases.coordination.k8s.io "n1" is forbidden: can only access leases in the "kube-node-lease" system namespace']);
                _h = (_g = strict_1.default).equal;
                return [4 /*yield*/, check('GET', '/api/v1/namespaces/ns/pods/theirs')];
            case 4:
                _h.apply(_g, [_l.sent(), undefined]);
                _k = (_j = strict_1.default).equal;
                return [4 /*yield*/, check('PATCH', '/api/v1/nodes/n2', undefined, { username: 'admin', groups: ['system:masters'] })];
            case 5:
                _k.apply(_j, [_l.sent(), undefined]);
                return [2 /*return*/];
        }
    });
}); });
