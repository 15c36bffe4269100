"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var node_test_1 = require("node:test");
var strict_1 = require("node:assert/strict");
var info_ts_1 = require("./info.ts");
var info = function (method, path) { return (0, info_ts_1.requestInfo)(method, new URL(path, 'https://x')); };
(0, node_test_1.test)('resource requests: verbs from method, name and watch', function () {
    strict_1.default.deepEqual(info('GET', '/api/v1/namespaces/ch34/configmaps'), {
        isResourceRequest: true, verb: 'list', path: '/api/v1/namespaces/ch34/configmaps', prefix: 'api', group: '', version: 'v1', namespace: 'ch34', resource: 'configmaps', subresource: '', name: '',
    });
    strict_1.default.equal(info('GET', '/api/v1/namespaces/ch34/configmaps?watch=true').verb, 'watch');
    strict_1.default.equal(info('GET', '/api/v1/namespaces/ch34/configmaps?watch=false').verb, 'list');
    strict_1.default.equal(info('DELETE', '/api/v1/namespaces/ch34/configmaps').verb, 'deletecollection');
    strict_1.default.equal(info('PATCH', '/apis/apps/v1/namespaces/d/deployments/web/scale').subresource, 'scale');
    var dep = info('POST', '/apis/apps/v1/namespaces/d/deployments');
    strict_1.default.deepEqual(dep.isResourceRequest && [dep.verb, dep.group, dep.resource], ['create', 'apps', 'deployments']);
});
(0, node_test_1.test)('a namespace is its own namespace; status and finalize are its subresources', function () {
    var ns = info('GET', '/api/v1/namespaces/ch34');
    strict_1.default.deepEqual(ns.isResourceRequest && [ns.resource, ns.name, ns.namespace], ['namespaces', 'ch34', 'ch34']);
    var fin = info('PUT', '/api/v1/namespaces/ch34/finalize');
    strict_1.default.deepEqual(fin.isResourceRequest && [fin.resource, fin.name, fin.subresource], ['namespaces', 'ch34', 'finalize']);
    var pods = info('GET', '/api/v1/namespaces/ch34/pods');
    strict_1.default.deepEqual(pods.isResourceRequest && [pods.resource, pods.namespace], ['pods', 'ch34']);
});
(0, node_test_1.test)('non-resource paths', function () {
    strict_1.default.equal(info('GET', '/healthz').isResourceRequest, false);
    strict_1.default.equal(info('GET', '/apis').isResourceRequest, false);
    strict_1.default.equal(info('GET', '/api').isResourceRequest, false);
    var gv = info('GET', '/apis/apps/v1');
    strict_1.default.deepEqual(gv.isResourceRequest && [gv.group, gv.version, gv.resource], ['apps', 'v1', '']);
});
