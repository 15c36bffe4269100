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
exports.nodeAuthorizer = void 0;
exports.nameFromFieldSelector = nameFromFieldSelector;
var protocol_ts_1 = require("../../../lib/tunnel/protocol.ts");
var node_identity_ts_1 = require("./node-identity.ts");
var pod_references_ts_1 = require("./pod-references.ts");
var READ = ['get', 'list', 'watch'];
var WRITE = ['update', 'patch'];
/** The rules that are not subdivided by object (Kubernetes' NodeRules, for the kinds we serve). */
var NODE_RULES = [
    { group: '', resources: ['services', 'endpoints', 'nodes', 'pods'], verbs: READ },
    { group: 'discovery.k8s.io', resources: ['endpointslices'], verbs: READ },
    { group: '', resources: ['nodes'], verbs: __spreadArray(['create'], WRITE, true) },
    { group: '', resources: ['nodes/status', 'pods/status'], verbs: WRITE },
    { group: '', resources: ['pods'], verbs: ['create', 'delete'] },
    { group: '', resources: ['pods/eviction'], verbs: ['create'] },
    { group: '', resources: ['events'], verbs: __spreadArray(['create'], WRITE, true) },
    { group: 'events.k8s.io', resources: ['events'], verbs: __spreadArray(['create'], WRITE, true) },
    { group: 'authentication.k8s.io', resources: ['tokenreviews', 'selfsubjectreviews'], verbs: ['create'] },
    { group: 'authorization.k8s.io', resources: ['subjectaccessreviews', 'localsubjectaccessreviews', 'selfsubjectaccessreviews', 'selfsubjectrulesreviews'], verbs: ['create'] },
];
var ALLOW = { allowed: true };
var deny = function (reason) { return ({ allowed: false, reason: reason }); };
var NODE_LEASE_NAMESPACE = 'kube-node-lease';
var nodeAuthorizer = function (user, info, ctx) { return __awaiter(void 0, void 0, void 0, function () {
    var node, group, resource, subresource, verb, full;
    return __generator(this, function (_a) {
        node = (0, node_identity_ts_1.nodeIdentity)(user);
        if (node === undefined)
            return [2 /*return*/, deny()];
        if (!node)
            return [2 /*return*/, deny("unknown node for user \"".concat(user.username, "\""))];
        if (!info.isResourceRequest) {
            if (info.verb === 'get' && info.path === (0, protocol_ts_1.tunnelPath)(node))
                return [2 /*return*/, ALLOW];
            if (info.verb === 'post' && info.path === protocol_ts_1.JOIN_PATH)
                return [2 /*return*/, ALLOW]; // its own name only: nodes/join.ts
            return [2 /*return*/, deny()];
        }
        group = info.group, resource = info.resource, subresource = info.subresource, verb = info.verb;
        if (group === '' && (resource === 'secrets' || resource === 'configmaps'))
            return [2 /*return*/, readReferenced(node, resource, info, ctx)];
        if (group === '' && resource === 'serviceaccounts' && subresource === 'token') {
            if (verb !== 'create')
                return [2 /*return*/, deny('can only create tokens for individual service accounts')];
            return [2 /*return*/, related(node, 'serviceaccounts', info.namespace, info.name, ctx)];
        }
        if (group === 'coordination.k8s.io' && resource === 'leases')
            return [2 /*return*/, lease(node, info)];
        full = subresource ? "".concat(resource, "/").concat(subresource) : resource;
        return [2 /*return*/, NODE_RULES.some(function (r) { return r.group === group && r.resources.includes(full) && r.verbs.includes(verb); }) ? ALLOW : deny()];
    });
}); };
exports.nodeAuthorizer = nodeAuthorizer;
function lease(node, info) {
    if (!['get', 'create', 'update', 'patch', 'delete'].includes(info.verb))
        return deny('can only get, create, update, patch, or delete a node lease');
    if (info.namespace !== NODE_LEASE_NAMESPACE)
        return deny("can only access leases in the \"".concat(NODE_LEASE_NAMESPACE, "\" system namespace"));
    // a create names its lease in the body: NodeRestriction checks it
    if (info.verb !== 'create' && info.name !== node)
        return deny('can only access node lease with the same name as the requesting node');
    return ALLOW;
}
function readReferenced(node, kind, info, ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var name;
        return __generator(this, function (_a) {
            if (!READ.includes(info.verb))
                return [2 /*return*/, deny('can only read resources of this type')];
            if (info.subresource)
                return [2 /*return*/, deny('cannot read subresource')];
            if (!info.namespace)
                return [2 /*return*/, deny('can only read namespaced object of this type')];
            name = info.name || nameFromFieldSelector(ctx === null || ctx === void 0 ? void 0 : ctx.query.get('fieldSelector'));
            return [2 /*return*/, related(node, kind, info.namespace, name, ctx)];
        });
    });
}
function related(node, kind, namespace, name, ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var none, items;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (!name)
                        return [2 /*return*/, deny('No Object name found')];
                    none = deny("no relationship found between node '".concat(node, "' and this object"));
                    if (!ctx)
                        return [2 /*return*/, none];
                    return [4 /*yield*/, ctx.storage.list("/registry/pods/".concat(namespace, "/"), { filter: function (p) { var _a; return ((_a = p.spec) === null || _a === void 0 ? void 0 : _a.nodeName) === node; } })];
                case 1:
                    items = (_a.sent()).items;
                    return [2 /*return*/, items.some(function (p) { var _a; return (0, pod_references_ts_1.referencedNames)(((_a = p.spec) !== null && _a !== void 0 ? _a : {}), kind).has(name); }) ? ALLOW : none];
            }
        });
    });
}
/** `metadata.name=x` (or `==`) when it is the selector's only requirement. */
function nameFromFieldSelector(selector) {
    var m = /^metadata\.name==?([^,]+)$/.exec((selector !== null && selector !== void 0 ? selector : '').trim());
    return m ? m[1] : '';
}
