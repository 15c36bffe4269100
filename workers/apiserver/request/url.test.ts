import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requestUrl } from './url.ts';

test('a request URL is parsed once per Request, and each Request has its own', () => {
  const a = new Request('https://127.0.0.1/api/v1/namespaces/x/configmaps?dryRun=All&fieldManager=m');
  const url = requestUrl(a);
  assert.equal(url.pathname, '/api/v1/namespaces/x/configmaps');
  assert.equal(url.searchParams.get('fieldManager'), 'm');
  assert.equal(requestUrl(a), url, 'the same parsed URL, not a second parse');
  const b = new Request('https://127.0.0.1/api/v1/pods', a);
  assert.notEqual(requestUrl(b), url);
  assert.equal(requestUrl(b).pathname, '/api/v1/pods', 'a request made from another (a tenant dispatch) is parsed on its own');
});
