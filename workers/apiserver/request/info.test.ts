import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requestInfo } from './info.ts';

const info = (method: string, path: string) => requestInfo(method, new URL(path, 'https://x'));

test('resource requests: verbs from method, name and watch', () => {
  assert.deepEqual(info('GET', '/api/v1/namespaces/ch34/configmaps'), {
    isResourceRequest: true, verb: 'list', path: '/api/v1/namespaces/ch34/configmaps', prefix: 'api', group: '', version: 'v1', namespace: 'ch34', resource: 'configmaps', subresource: '', name: '',
  });
  assert.equal((info('GET', '/api/v1/namespaces/ch34/configmaps?watch=true') as { verb: string }).verb, 'watch');
  assert.equal((info('GET', '/api/v1/namespaces/ch34/configmaps?watch=false') as { verb: string }).verb, 'list');
  assert.equal((info('DELETE', '/api/v1/namespaces/ch34/configmaps') as { verb: string }).verb, 'deletecollection');
  assert.equal((info('PATCH', '/apis/apps/v1/namespaces/d/deployments/web/scale') as { subresource: string }).subresource, 'scale');
  const dep = info('POST', '/apis/apps/v1/namespaces/d/deployments');
  assert.deepEqual(dep.isResourceRequest && [dep.verb, dep.group, dep.resource], ['create', 'apps', 'deployments']);
});

test('a namespace is its own namespace; status and finalize are its subresources', () => {
  const ns = info('GET', '/api/v1/namespaces/ch34');
  assert.deepEqual(ns.isResourceRequest && [ns.resource, ns.name, ns.namespace], ['namespaces', 'ch34', 'ch34']);
  const fin = info('PUT', '/api/v1/namespaces/ch34/finalize');
  assert.deepEqual(fin.isResourceRequest && [fin.resource, fin.name, fin.subresource], ['namespaces', 'ch34', 'finalize']);
  const pods = info('GET', '/api/v1/namespaces/ch34/pods');
  assert.deepEqual(pods.isResourceRequest && [pods.resource, pods.namespace], ['pods', 'ch34']);
});

test('non-resource paths', () => {
  assert.equal(info('GET', '/healthz').isResourceRequest, false);
  assert.equal(info('GET', '/apis').isResourceRequest, false);
  assert.equal(info('GET', '/api').isResourceRequest, false);
  // group-version discovery is not a resource request (system:discovery grants it as /api/*, /apis/*)
  assert.deepEqual(info('GET', '/apis/apps/v1'), { isResourceRequest: false, verb: 'get', path: '/apis/apps/v1' });
  assert.deepEqual(info('GET', '/api/v1'), { isResourceRequest: false, verb: 'get', path: '/api/v1' });
});

test('escaped segments are decoded; segments past the subresource make a non-resource path, except under proxy', () => {
  const esc = info('GET', '/api/v1/namespaces/ch34/configmaps/a%3Ab');
  assert.deepEqual(esc.isResourceRequest && [esc.namespace, esc.resource, esc.name], ['ch34', 'configmaps', 'a:b']);
  assert.throws(() => info('GET', '/api/v1/namespaces/ch34/configmaps/%zz'), URIError);
  assert.equal(info('GET', '/api/v1/namespaces/ch34/pods/p/log/extra').isResourceRequest, false);
  const proxy = info('GET', '/api/v1/namespaces/ch34/services/web/proxy/some/path');
  assert.deepEqual(proxy.isResourceRequest && [proxy.verb, proxy.resource, proxy.name, proxy.subresource], ['get', 'services', 'web', 'proxy']);
  const doubled = info('GET', '/api//v1/namespaces/ch34//pods');
  assert.deepEqual(doubled.isResourceRequest && [doubled.namespace, doubled.resource], ['ch34', 'pods']);
});
