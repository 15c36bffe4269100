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
exports.defaultAuthorizer = exports.adminsAndDiscovery = void 0;
exports.union = union;
exports.forbiddenFor = forbiddenFor;
/**
 * Authorization: may this user do this? An authorizer is a replaceable step (RBAC comes later).
 * The default one is a union, tried in order, the first "allowed" winning, as kube-apiserver's
 * `--authorization-mode=Node,RBAC` is:
 * - everything for system:masters and the control plane's service accounts in kube-system;
 *   discovery, health and version for everyone, as a fresh cluster's default roles give them;
 * - the Node authorizer for kubelets (node.ts);
 * - the join exchange for bootstrap tokens, and kube-public/cluster-info for everyone, which is
 *   how a joining node learns the cluster CA (bootstrap.ts).
 * A denial carries the first reason any of them gave.
 */
var errors_ts_1 = require("../../../lib/errors.ts");
var bootstrap_ts_1 = require("./bootstrap.ts");
var node_ts_1 = require("./node.ts");
/** Paths readable by anyone (system:public-info-viewer and system:discovery). */
var PUBLIC_PATHS = [/^\/(healthz|livez|readyz|version)(\/.*)?$/, /^\/(api|apis)(\/[^/]+)?\/?$/, /^\/openapi\/v[23](\/.*)?$/];
/** Until RBAC: the admin group, and the control plane's own service accounts in kube-system. */
var SUPERUSER_GROUPS = ['system:masters', 'system:serviceaccounts:kube-system'];
var adminsAndDiscovery = function (user, info) {
    if (user.groups.some(function (g) { return SUPERUSER_GROUPS.includes(g); }))
        return { allowed: true };
    // /api/v1 and /apis/<g>/<v> parse as resource requests with no resource: group-version discovery
    var discovery = info.isResourceRequest ? info.resource === '' && info.verb === 'list' : info.verb === 'get' && PUBLIC_PATHS.some(function (re) { return re.test(info.path); });
    if (discovery)
        return { allowed: true };
    return { allowed: false };
};
exports.adminsAndDiscovery = adminsAndDiscovery;
/** The first authorizer that allows wins; otherwise the first reason given is the answer's. */
function union() {
    var _this = this;
    var authorizers = [];
    for (var _i = 0; _i < arguments.length; _i++) {
        authorizers[_i] = arguments[_i];
    }
    return function (user, info, ctx) { return __awaiter(_this, void 0, void 0, function () {
        var reason, _i, authorizers_1, a, d;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _i = 0, authorizers_1 = authorizers;
                    _a.label = 1;
                case 1:
                    if (!(_i < authorizers_1.length)) return [3 /*break*/, 4];
                    a = authorizers_1[_i];
                    return [4 /*yield*/, a(user, info, ctx)];
                case 2:
                    d = _a.sent();
                    if (d.allowed)
                        return [2 /*return*/, d];
                    reason !== null && reason !== void 0 ? reason : (reason = d.reason);
                    _a.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4: return [2 /*return*/, { allowed: false, reason: reason }];
            }
        });
    }); };
}
exports.defaultAuthorizer = union(exports.adminsAndDiscovery, node_ts_1.nodeAuthorizer, bootstrap_ts_1.bootstrapAuthorizer);
/** Kubernetes' Forbidden message for a denied request (errors-validation-defaults.md §1.4). */
function forbiddenFor(user, info, reason) {
    var suffix = reason ? ": ".concat(reason) : '';
    if (!info.isResourceRequest)
        return (0, errors_ts_1.forbidden)(undefined, undefined, "User \"".concat(user.username, "\" cannot ").concat(info.verb, " path \"").concat(info.path, "\"").concat(suffix));
    var res = info.subresource ? "".concat(info.resource, "/").concat(info.subresource) : info.resource;
    var scope = info.namespace ? "in the namespace \"".concat(info.namespace, "\"") : 'at the cluster scope';
    var err = "User \"".concat(user.username, "\" cannot ").concat(info.verb, " resource \"").concat(res, "\" in API group \"").concat(info.group, "\" ").concat(scope).concat(suffix);
    return (0, errors_ts_1.forbidden)({ group: info.group, resource: info.resource }, info.name || undefined, escapeHtml(err));
}
var escapeHtml = function (s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); };
