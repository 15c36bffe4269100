"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RESOURCES = void 0;
exports.resourcePath = resourcePath;
var r = function (group, version, resource, namespaced) {
    if (namespaced === void 0) { namespaced = true; }
    return ({ group: group, version: version, resource: resource, namespaced: namespaced });
};
exports.RESOURCES = {
    namespaces: r('', 'v1', 'namespaces', false),
    nodes: r('', 'v1', 'nodes', false),
    pods: r('', 'v1', 'pods'),
    services: r('', 'v1', 'services'),
    endpoints: r('', 'v1', 'endpoints'),
    configmaps: r('', 'v1', 'configmaps'),
    secrets: r('', 'v1', 'secrets'),
    serviceaccounts: r('', 'v1', 'serviceaccounts'),
    events: r('', 'v1', 'events'),
    deployments: r('apps', 'v1', 'deployments'),
    replicasets: r('apps', 'v1', 'replicasets'),
    endpointslices: r('discovery.k8s.io', 'v1', 'endpointslices'),
    leases: r('coordination.k8s.io', 'v1', 'leases'),
};
/** `/api/v1/namespaces/ns/pods/name/status` and friends. */
function resourcePath(res, namespace, name, subresource) {
    var base = res.group ? "/apis/".concat(res.group, "/").concat(res.version) : "/api/".concat(res.version);
    var ns = res.namespaced && namespace ? "/namespaces/".concat(encodeURIComponent(namespace)) : '';
    var n = name ? "/".concat(encodeURIComponent(name)) : '';
    return "".concat(base).concat(ns, "/").concat(res.resource).concat(n).concat(subresource && name ? "/".concat(subresource) : '');
}
