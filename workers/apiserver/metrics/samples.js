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
exports.DURATION_BUCKETS = void 0;
exports.labelsFor = labelsFor;
/** Kubernetes reports verbs in upper case, with LIST/WATCH/APPLY told apart from GET/PATCH. */
function metricVerb(info, contentType) {
    if (!info.isResourceRequest)
        return info.verb.toUpperCase();
    switch (info.verb) {
        case 'get':
            return 'GET';
        case 'list':
            return 'LIST';
        case 'watch':
            return 'WATCH';
        case 'create':
            return info.subresource === 'exec' || info.subresource === 'portforward' ? 'CONNECT' : 'POST';
        case 'update':
            return 'PUT';
        case 'patch':
            return (contentType === null || contentType === void 0 ? void 0 : contentType.startsWith('application/apply-patch')) ? 'APPLY' : 'PATCH';
        case 'delete':
            return 'DELETE';
        case 'deletecollection':
            return 'DELETECOLLECTION';
        default:
            return 'CONNECT';
    }
}
/** Kubernetes' CleanScope: a create names the object it makes, so it counts as "resource". */
function scopeOf(info) {
    if (info.name || info.verb === 'create')
        return 'resource';
    if (info.namespace && info.resource !== 'namespaces')
        return 'namespace';
    return 'cluster';
}
function labelsFor(info, contentType, dryRun) {
    var base = { verb: metricVerb(info, contentType), component: 'apiserver', dry_run: dryRun ? 'All' : '' };
    if (!info.isResourceRequest)
        return __assign(__assign({}, base), { group: '', version: '', resource: '', subresource: '', scope: '' });
    return __assign(__assign({}, base), { group: info.group, version: info.version, resource: info.resource, subresource: info.subresource, scope: scopeOf(info) });
}
/** Kubernetes' buckets for apiserver_request_duration_seconds. */
exports.DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
