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
exports.kindPaths = kindPaths;
var ref = function (name) { return ({ $ref: "#/components/schemas/".concat(name) }); };
var query = function (name, description, type) {
    if (type === void 0) { type = 'string'; }
    return ({ name: name, in: 'query', description: description, schema: { type: type, uniqueItems: true } });
};
var pathParam = function (name, description) { return ({ name: name, in: 'path', description: description, required: true, schema: { type: 'string', uniqueItems: true } }); };
var PARAMS = {
    pretty: query('pretty', "If 'true', the output is indented."),
    dryRun: query('dryRun', 'When present (the only value is All), the request is processed but nothing is persisted.'),
    fieldManager: query('fieldManager', 'A name for the actor making these changes, recorded in managedFields. Required for apply patches.'),
    fieldValidation: query('fieldValidation', 'What to do with unknown or duplicate fields in the body: Ignore drops them, Warn (the default) drops them and returns a Warning header for each, Strict fails the request.'),
    force: query('force', 'Apply patches only: take ownership of conflicting fields from other managers.', 'boolean'),
    labelSelector: query('labelSelector', 'Only return objects whose labels match this selector.'),
    fieldSelector: query('fieldSelector', 'Only return objects whose fields match this selector.'),
    limit: query('limit', 'The maximum number of objects to return; the response carries a continue token for the rest.', 'integer'),
    continue: query('continue', 'The continue token of the previous page.'),
    resourceVersion: query('resourceVersion', 'Which version of the data to serve.'),
    watch: query('watch', 'Stream changes instead of returning a list.', 'boolean'),
};
var PATCH_TYPES = ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];
var RESPONSE_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
/** deployments → Deployment; "" group → Core; rbac.authorization.k8s.io → RbacAuthorization */
function operationSuffix(d, namespaced) {
    var group = d.group ? d.group.replace(/\.k8s\.io$/, '').split('.').map(function (p) { return p.charAt(0).toUpperCase() + p.slice(1); }).join('') : 'Core';
    var version = d.version.charAt(0).toUpperCase() + d.version.slice(1);
    return "".concat(group).concat(version).concat(namespaced ? 'Namespaced' : '').concat(d.kind);
}
function kindPaths(d) {
    var _a;
    var _b;
    var prefix = d.group ? "/apis/".concat(d.group, "/").concat(d.version) : "/api/".concat(d.version);
    var collection = d.namespaced ? "".concat(prefix, "/namespaces/{namespace}/").concat(d.resource) : "".concat(prefix, "/").concat(d.resource);
    var gvk = { group: d.group, version: d.version, kind: d.kind };
    var tag = "".concat((d.group || 'core').split('.')[0], "_").concat(d.version);
    var suffix = operationSuffix(d, d.namespaced);
    var body = function (types, schema) { return ({ content: Object.fromEntries(types.map(function (t) { return [t, { schema: schema }]; })), required: true }); };
    var ok = function (code) {
        var _a;
        if (code === void 0) { code = '200'; }
        return (_a = {}, _a[code] = { description: code === '201' ? 'Created' : 'OK', content: Object.fromEntries(RESPONSE_TYPES.map(function (t) { return [t, { schema: ref(d.openapiName) }]; })) }, _a);
    };
    var op = function (verb, action, description, extra) {
        if (extra === void 0) { extra = {}; }
        return (__assign(__assign({ tags: [tag], description: description, operationId: "".concat(verb).concat(suffix) }, extra), { responses: __assign(__assign(__assign({}, ok()), (action === 'post' ? ok('201') : {})), { 401: { description: 'Unauthorized' } }), 'x-kubernetes-action': action, 'x-kubernetes-group-version-kind': gvk }));
    };
    var write = [PARAMS.dryRun, PARAMS.fieldManager, PARAMS.fieldValidation];
    var nameParams = __spreadArray(__spreadArray([pathParam('name', "name of the ".concat(d.kind))], (d.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : []), true), [PARAMS.pretty], false);
    var itemOps = function (what) { return ({
        get: op('read', 'get', "read ".concat(what, " of the specified ").concat(d.kind)),
        put: op('replace', 'put', "replace ".concat(what, " of the specified ").concat(d.kind), { parameters: write, requestBody: body(['*/*'], ref(d.openapiName)) }),
        patch: op('patch', 'patch', "partially update ".concat(what, " of the specified ").concat(d.kind), {
            parameters: __spreadArray(__spreadArray([], write, true), [PARAMS.force], false),
            requestBody: body(PATCH_TYPES, ref('io.k8s.apimachinery.pkg.apis.meta.v1.Patch')),
        }),
        parameters: nameParams,
    }); };
    var paths = (_a = {},
        _a[collection] = {
            get: op('list', 'list', "list or watch objects of kind ".concat(d.kind), {
                parameters: [PARAMS.labelSelector, PARAMS.fieldSelector, PARAMS.limit, PARAMS.continue, PARAMS.resourceVersion, PARAMS.watch],
            }),
            post: op('create', 'post', "create a ".concat(d.kind), { parameters: write, requestBody: body(['*/*'], ref(d.openapiName)) }),
            parameters: __spreadArray(__spreadArray([], (d.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : []), true), [PARAMS.pretty], false),
        },
        _a["".concat(collection, "/{name}")] = __assign(__assign({}, itemOps('the')), { delete: op('delete', 'delete', "delete a ".concat(d.kind), { parameters: [PARAMS.dryRun] }) }),
        _a);
    if ((_b = d.subresources) === null || _b === void 0 ? void 0 : _b.status) {
        var status = itemOps('status');
        for (var _i = 0, _c = ['get', 'put', 'patch']; _i < _c.length; _i++) {
            var m = _c[_i];
            status[m].operationId += 'Status';
        }
        paths["".concat(collection, "/{name}/status")] = status;
    }
    return paths;
}
