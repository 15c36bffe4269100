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
Object.defineProperty(exports, "__esModule", { value: true });
exports.reviewResources = void 0;
exports.reviewHandler = reviewHandler;
var errors_ts_1 = require("../../../lib/errors.ts");
var decode_ts_1 = require("../codec/decode.ts");
var authn_ts_1 = require("../../../lib/api/authn.ts");
var authz_ts_1 = require("../../../lib/api/authz.ts");
var body_ts_1 = require("./body.ts");
var respond_ts_1 = require("./respond.ts");
exports.reviewResources = [
    { group: 'authentication.k8s.io', version: 'v1', resource: 'selfsubjectreviews', kind: 'SelfSubjectReview', namespaced: false, verbs: ['create'] },
    { group: 'authorization.k8s.io', version: 'v1', resource: 'selfsubjectaccessreviews', kind: 'SelfSubjectAccessReview', namespaced: false, verbs: ['create'] },
    { group: 'authorization.k8s.io', version: 'v1', resource: 'selfsubjectrulesreviews', kind: 'SelfSubjectRulesReview', namespaced: false, verbs: ['create'] },
];
var schemas = { SelfSubjectReview: authn_ts_1.selfSubjectReview, SelfSubjectAccessReview: authz_ts_1.selfSubjectAccessReview, SelfSubjectRulesReview: authz_ts_1.selfSubjectRulesReview };
function reviewHandler(c, r) {
    return __awaiter(this, void 0, void 0, function () {
        var info, body, object, review, user, head, spec, asked, decision, masters;
        var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o;
        return __generator(this, function (_p) {
            switch (_p.label) {
                case 0:
                    info = c.get('info');
                    if (info.name || info.namespace)
                        throw (0, errors_ts_1.resourceNotFound)();
                    if (info.verb !== 'create')
                        throw (0, errors_ts_1.methodNotAllowed)("".concat(info.verb, " is not supported on resources of kind \"").concat(r.resource, ".").concat(r.group, "\""));
                    return [4 /*yield*/, (0, body_ts_1.readBody)(c, body_ts_1.OBJECT_TYPES)];
                case 1:
                    body = _p.sent();
                    object = (0, decode_ts_1.decodeBody)(body.bytes, body.contentType, { schema: schemas[r.kind], group: r.group, version: r.version, kind: r.kind }, 'Ignore').object;
                    review = object;
                    user = c.get('user');
                    head = { kind: r.kind, apiVersion: "".concat(r.group, "/").concat(r.version), metadata: { creationTimestamp: null } };
                    if (r.kind === 'SelfSubjectReview')
                        return [2 /*return*/, (0, respond_ts_1.json)(c, __assign(__assign({}, head), { status: { userInfo: __assign(__assign({ username: user.username }, (user.uid ? { uid: user.uid } : {})), { groups: user.groups }) } }), 201)];
                    if (!(r.kind === 'SelfSubjectAccessReview')) return [3 /*break*/, 3];
                    spec = (_a = review.spec) !== null && _a !== void 0 ? _a : {};
                    asked = spec.resourceAttributes
                        ? {
                            isResourceRequest: true,
                            verb: ((_b = spec.resourceAttributes.verb) !== null && _b !== void 0 ? _b : 'get'),
                            path: '',
                            prefix: spec.resourceAttributes.group ? 'apis' : 'api',
                            group: (_c = spec.resourceAttributes.group) !== null && _c !== void 0 ? _c : '',
                            version: (_d = spec.resourceAttributes.version) !== null && _d !== void 0 ? _d : '',
                            namespace: (_e = spec.resourceAttributes.namespace) !== null && _e !== void 0 ? _e : '',
                            resource: (_f = spec.resourceAttributes.resource) !== null && _f !== void 0 ? _f : '',
                            subresource: (_g = spec.resourceAttributes.subresource) !== null && _g !== void 0 ? _g : '',
                            name: (_h = spec.resourceAttributes.name) !== null && _h !== void 0 ? _h : '',
                        }
                        : { isResourceRequest: false, verb: ((_k = (_j = spec.nonResourceAttributes) === null || _j === void 0 ? void 0 : _j.verb) !== null && _k !== void 0 ? _k : 'get'), path: (_m = (_l = spec.nonResourceAttributes) === null || _l === void 0 ? void 0 : _l.path) !== null && _m !== void 0 ? _m : '' };
                    return [4 /*yield*/, c.get('authorizer')(user, asked)];
                case 2:
                    decision = _p.sent();
                    return [2 /*return*/, (0, respond_ts_1.json)(c, __assign(__assign({}, head), { spec: spec, status: __assign({ allowed: decision.allowed }, (decision.reason ? { reason: decision.reason } : {})) }), 201)];
                case 3:
                    masters = user.groups.includes('system:masters');
                    return [2 /*return*/, (0, respond_ts_1.json)(c, __assign(__assign({}, head), { spec: (_o = review.spec) !== null && _o !== void 0 ? _o : {}, status: {
                                resourceRules: masters ? [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }] : [{ verbs: ['create'], apiGroups: ['authorization.k8s.io', 'authentication.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews', 'selfsubjectreviews'] }],
                                nonResourceRules: masters ? [{ verbs: ['*'], nonResourceURLs: ['*'] }] : [{ verbs: ['get'], nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/readyz', '/version', '/version/'] }],
                                incomplete: false,
                            } }), 201)];
            }
        });
    });
}
