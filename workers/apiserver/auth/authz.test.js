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
var authz_ts_1 = require("./authz.ts");
var authn_ts_1 = require("./authn.ts");
var info_ts_1 = require("../request/info.ts");
var info = function (method, path) { return (0, info_ts_1.requestInfo)(method, new URL(path, 'https://x')); };
(0, node_test_1.test)('anonymous may read discovery, health and version only', function () { return __awaiter(void 0, void 0, void 0, function () {
    var _i, _a, p, _b, _c, _d, _e, p, _f, _g, _h, _j;
    return __generator(this, function (_k) {
        switch (_k.label) {
            case 0:
                _i = 0, _a = ['/api', '/apis', '/api/v1', '/apis/apps/v1', '/version', '/readyz', '/livez', '/healthz', '/openapi/v3'];
                _k.label = 1;
            case 1:
                if (!(_i < _a.length)) return [3 /*break*/, 4];
                p = _a[_i];
                _c = (_b = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(authn_ts_1.ANONYMOUS, info('GET', p))];
            case 2:
                _c.apply(_b, [(_k.sent()).allowed, true, p]);
                _k.label = 3;
            case 3:
                _i++;
                return [3 /*break*/, 1];
            case 4:
                _d = 0, _e = ['/api/v1/namespaces/ch34/configmaps', '/api/v1/nodes', '/metrics'];
                _k.label = 5;
            case 5:
                if (!(_d < _e.length)) return [3 /*break*/, 8];
                p = _e[_d];
                _g = (_f = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(authn_ts_1.ANONYMOUS, info('GET', p))];
            case 6:
                _g.apply(_f, [(_k.sent()).allowed, false, p]);
                _k.label = 7;
            case 7:
                _d++;
                return [3 /*break*/, 5];
            case 8:
                _j = (_h = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)(authn_ts_1.ANONYMOUS, info('POST', '/api'))];
            case 9:
                _j.apply(_h, [(_k.sent()).allowed, false]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)("administrators and the controllers' service accounts may do anything", function () { return __awaiter(void 0, void 0, void 0, function () {
    var _a, _b, _c, _d, _e, _f;
    return __generator(this, function (_g) {
        switch (_g.label) {
            case 0:
                _b = (_a = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)({ username: 'admin', groups: ['system:masters'] }, info('DELETE', '/api/v1/nodes/n'))];
            case 1:
                _b.apply(_a, [(_g.sent()).allowed, true]);
                _d = (_c = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)({ username: 'system:serviceaccount:kube-system:x', groups: ['system:serviceaccounts:kube-system'] }, info('POST', '/api/v1/namespaces/a/pods'))];
            case 2:
                _d.apply(_c, [(_g.sent()).allowed, true]);
                _f = (_e = strict_1.default).equal;
                return [4 /*yield*/, (0, authz_ts_1.defaultAuthorizer)({ username: 'system:serviceaccount:a:x', groups: ['system:serviceaccounts:a'] }, info('POST', '/api/v1/namespaces/a/pods'))];
            case 3:
                _f.apply(_e, [(_g.sent()).allowed, false]);
                return [2 /*return*/];
        }
    });
}); });
(0, node_test_1.test)("Kubernetes' Forbidden messages", function () {
    strict_1.default.equal((0, authz_ts_1.forbiddenFor)(authn_ts_1.ANONYMOUS, info('GET', '/api/v1/namespaces/ch34/configmaps')).status.message, 'configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "ch34"');
    strict_1.default.equal((0, authz_ts_1.forbiddenFor)(authn_ts_1.ANONYMOUS, info('GET', '/api/v1/nodes')).status.message, 'nodes is forbidden: User "system:anonymous" cannot list resource "nodes" in API group "" at the cluster scope');
    strict_1.default.equal((0, authz_ts_1.forbiddenFor)(authn_ts_1.ANONYMOUS, info('GET', '/apis/apps/v1/namespaces/ns/deployments/d/scale')).status.message, 'deployments.apps "d" is forbidden: User "system:anonymous" cannot get resource "deployments/scale" in API group "apps" in the namespace "ns"');
    strict_1.default.equal((0, authz_ts_1.forbiddenFor)(authn_ts_1.ANONYMOUS, info('GET', '/metrics')).status.message, 'forbidden: User "system:anonymous" cannot get path "/metrics"');
});
