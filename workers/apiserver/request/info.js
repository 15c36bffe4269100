"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.requestInfo = requestInfo;
var NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);
var boolParam = function (q, k) {
    var v = q.get(k);
    return v !== null && v !== '0' && v.toLowerCase() !== 'false';
};
function requestInfo(method, url) {
    var path = url.pathname;
    var parts = path.split('/').filter(function (p) { return p !== ''; }).map(decodeURIComponent);
    var lower = method.toLowerCase();
    var nonResource = function () { return ({ isResourceRequest: false, verb: lower, path: path }); };
    var prefix;
    var group = '';
    var rest;
    if (parts[0] === 'api' && parts.length >= 2) {
        prefix = 'api';
        rest = parts.slice(2);
    }
    else if (parts[0] === 'apis' && parts.length >= 3) {
        prefix = 'apis';
        group = parts[1];
        rest = parts.slice(3);
    }
    else
        return nonResource();
    var version = prefix === 'api' ? parts[1] : parts[2];
    var namespace = '';
    // /namespaces/{ns}/{resource}... ; /namespaces/{ns} alone, and its status and finalize
    // subresources, are the namespace object itself
    if (rest[0] === 'namespaces' && rest.length >= 3 && !NAMESPACE_SUBRESOURCES.has(rest[2])) {
        namespace = rest[1];
        rest = rest.slice(2);
    }
    var _a = rest[0], resource = _a === void 0 ? '' : _a, _b = rest[1], name = _b === void 0 ? '' : _b, _c = rest[2], subresource = _c === void 0 ? '' : _c, extra = rest.slice(3);
    if (extra.length > 0 && subresource !== 'proxy')
        return nonResource();
    // a namespace object's own name doubles as its namespace (Kubernetes does the same)
    if (resource === 'namespaces' && name && !namespace)
        namespace = name;
    var verb;
    var q = url.searchParams;
    switch (lower) {
        case 'get':
        case 'head':
            verb = boolParam(q, 'watch') ? 'watch' : name ? 'get' : 'list';
            if (subresource === 'exec' || subresource === 'attach' || subresource === 'portforward')
                verb = 'get';
            break;
        case 'post':
            verb = 'create';
            break;
        case 'put':
            verb = 'update';
            break;
        case 'patch':
            verb = 'patch';
            break;
        case 'delete':
            verb = name ? 'delete' : 'deletecollection';
            break;
        default:
            verb = 'connect';
    }
    return { isResourceRequest: true, verb: verb, path: path, prefix: prefix, group: group, version: version, namespace: namespace, resource: resource, subresource: subresource, name: name };
}
