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
Object.defineProperty(exports, "__esModule", { value: true });
exports.selfSubjectRulesReview = exports.selfSubjectAccessReview = exports.nonResourceAttributes = exports.resourceAttributes = void 0;
/**
 * authorization.k8s.io/v1 SelfSubjectAccessReview (`kubectl auth can-i`) and
 * SelfSubjectRulesReview (`kubectl auth can-i --list`): schemas of the request bodies.
 */
var v = require("valibot");
var fields_ts_1 = require("../schema/fields.ts");
var meta_ts_1 = require("./meta.ts");
var selectorAttributes = (0, fields_ts_1.message)({
    rawSelector: (0, fields_ts_1.str)(1, { doc: 'The serialization of a field or label selector.' }),
    requirements: (0, fields_ts_1.list)(2, meta_ts_1.labelSelectorRequirement, { listType: 'atomic', doc: 'The parsed interpretation of the selector.' }),
});
exports.resourceAttributes = (0, fields_ts_1.message)({
    namespace: (0, fields_ts_1.str)(1, { doc: 'The namespace of the action being requested ("" means all).' }),
    verb: (0, fields_ts_1.str)(2, { doc: 'A kubernetes resource API verb, like get, list, watch, create, update, delete, proxy ("*" means all).' }),
    group: (0, fields_ts_1.str)(3, { doc: 'The API Group of the Resource ("*" means all).' }),
    version: (0, fields_ts_1.str)(4, { doc: 'The API Version of the Resource ("*" means all).' }),
    resource: (0, fields_ts_1.str)(5, { doc: 'One of the existing resource types ("*" means all).' }),
    subresource: (0, fields_ts_1.str)(6, { doc: 'One of the existing resource types ("" means none).' }),
    name: (0, fields_ts_1.str)(7, { doc: 'The name of the resource being requested for a "get" or deleted for a "delete" ("" means all).' }),
    fieldSelector: (0, fields_ts_1.obj)(8, selectorAttributes, { ptr: true, doc: 'The field selector of the access request.' }),
    labelSelector: (0, fields_ts_1.obj)(9, selectorAttributes, { ptr: true, doc: 'The label selector of the access request.' }),
});
exports.nonResourceAttributes = (0, fields_ts_1.message)({
    path: (0, fields_ts_1.str)(1, { doc: 'The URL path of the request.' }),
    verb: (0, fields_ts_1.str)(2, { doc: 'The standard HTTP verb.' }),
});
var accessReviewStatus = (0, fields_ts_1.message)({
    allowed: (0, fields_ts_1.bool)(1, { keep: true, doc: 'Whether the action would be allowed.' }),
    reason: (0, fields_ts_1.str)(2, { doc: 'Why a request was allowed or denied.' }),
    evaluationError: (0, fields_ts_1.str)(3, { doc: 'An indication that some error occurred during the authorization check.' }),
    denied: (0, fields_ts_1.bool)(4, { doc: 'Whether the action is definitely denied.' }),
});
exports.selfSubjectAccessReview = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, {
        resourceAttributes: (0, fields_ts_1.obj)(1, exports.resourceAttributes, { ptr: true, doc: 'Information for a resource access request.' }),
        nonResourceAttributes: (0, fields_ts_1.obj)(2, exports.nonResourceAttributes, { ptr: true, doc: 'Information for a non-resource access request.' }),
    }, { keep: true, doc: 'The request being evaluated; exactly one attribute set must be given.' }), status: (0, fields_ts_1.obj)(3, accessReviewStatus, { doc: 'Filled in by the server: whether the request is allowed.' }) }));
var resourceRule = (0, fields_ts_1.message)({
    verbs: (0, fields_ts_1.strList)(1, { keep: true, listType: 'atomic', doc: 'Verbs allowed on the resources.' }),
    apiGroups: (0, fields_ts_1.strList)(2, { listType: 'atomic', doc: 'API groups of the resources.' }),
    resources: (0, fields_ts_1.strList)(3, { listType: 'atomic', doc: 'Resources the rule applies to.' }),
    resourceNames: (0, fields_ts_1.strList)(4, { listType: 'atomic', doc: 'Names the rule applies to (empty means all).' }),
});
var nonResourceRule = (0, fields_ts_1.message)({
    verbs: (0, fields_ts_1.strList)(1, { keep: true, listType: 'atomic', doc: 'Verbs allowed on the non-resource URLs.' }),
    nonResourceURLs: (0, fields_ts_1.strList)(2, { listType: 'atomic', doc: 'Partial URLs a user should have access to.' }),
});
exports.selfSubjectRulesReview = v.object(__assign(__assign({}, meta_ts_1.objectEntries), { spec: (0, fields_ts_1.obj)(2, { namespace: (0, fields_ts_1.str)(1, { doc: 'The namespace to evaluate rules for. Required.' }) }, { keep: true, doc: 'The namespace to evaluate rules for.' }), status: (0, fields_ts_1.obj)(3, {
        resourceRules: (0, fields_ts_1.list)(1, resourceRule, { keep: true, listType: 'atomic', doc: 'Resource rules allowed in the namespace.' }),
        nonResourceRules: (0, fields_ts_1.list)(2, nonResourceRule, { keep: true, listType: 'atomic', doc: 'Non-resource rules allowed.' }),
        incomplete: (0, fields_ts_1.bool)(3, { keep: true, doc: 'True when the rules in this list are incomplete.' }),
        evaluationError: (0, fields_ts_1.str)(4, { doc: 'Errors met while evaluating the rules.' }),
    }, { doc: 'Filled in by the server: the set of actions the user can perform.' }) }));
