import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiUrl } from './url.ts';

test("an API path goes under the server's own path, query kept", () => {
  assert.equal(apiUrl('https://h:6443', '/api/v1/pods').href, 'https://h:6443/api/v1/pods');
  assert.equal(apiUrl('https://h:6443/', '/version').href, 'https://h:6443/version');
  assert.equal(apiUrl('https://h:6443/clusters/alice', '/api/v1/pods?watch=1').href, 'https://h:6443/clusters/alice/api/v1/pods?watch=1');
  assert.equal(apiUrl('https://h:6443/clusters/alice/', '/timonier/v1/nodes/n%2F1/tunnel').href, 'https://h:6443/clusters/alice/timonier/v1/nodes/n%2F1/tunnel');
  assert.equal(apiUrl('https://apiserver/clusters/a', 'https://other/x').href, 'https://other/x');
});
