/**
 * kubectl keeps the OpenAPI v3 documents it validates against in its HTTP cache: the documents,
 * addressed by hash, are read from there on the next command, not downloaded again (they are
 * dated, immutable, and a 304 answers the root's revalidation), as with kube-apiserver.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();

const manifest = (ns: string) => `
apiVersion: v1
kind: Namespace
metadata: { name: ${ns} }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: ${ns} }
spec:
  replicas: 0
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: nginx }] }
`;

/** kubectl -v=8's requests to /openapi/v3…, each with whether its answer came from the cache */
function openapiRequests(stderr: string): { path: string; fromCache: boolean }[] {
  return stderr
    .split(/round_trippers\.go:\d+\] (?=GET https)/)
    .filter((s) => /^GET https:\/\/[^/]+\/openapi\/v3/.test(s))
    .map((s) => ({ path: new URL(s.slice(4).split(/\s/)[0]).pathname, fromCache: /X-From-Cache: 1/.test(s.split(/round_trippers\.go:\d+\] (?:GET|POST|PUT|PATCH|DELETE) /)[0]) }));
}

test('a second kubectl apply reads the v3 documents from its cache', async () => {
  const first = await cluster.kubectl(['apply', '-f', '-', '-v=8'], { input: manifest('cache-one') });
  assert.equal(first.code, 0, first.stderr.slice(-2000));
  const fetched = openapiRequests(first.stderr);
  assert.deepEqual(
    fetched.filter((r) => r.path !== '/openapi/v3').map((r) => [r.path, r.fromCache]),
    [
      ['/openapi/v3/api/v1', false],
      ['/openapi/v3/apis/apps/v1', false],
    ],
  );

  const second = await cluster.kubectl(['apply', '-f', '-', '-v=8'], { input: manifest('cache-two') });
  assert.equal(second.code, 0, second.stderr.slice(-2000));
  const again = openapiRequests(second.stderr);
  assert.deepEqual(
    again.map((r) => [r.path, r.fromCache]),
    [
      ['/openapi/v3', true],
      ['/openapi/v3/api/v1', true],
      ['/openapi/v3/apis/apps/v1', true],
    ],
    'the root revalidated (304), the documents not asked for',
  );
});

test('/openapi/v3 and its documents: dated, an ETag, 304 when unchanged', async () => {
  const root = await cluster.api('GET', '/openapi/v3');
  assert.equal(root.status, 200);
  assert.ok(Date.parse(String(root.headers.date)) > 0, 'Date');
  const rootTag = String(root.headers.etag);
  assert.match(rootTag, /^"[0-9A-F]{64}"$/);
  assert.equal((await cluster.api('GET', '/openapi/v3', { headers: { 'If-None-Match': rootTag } })).status, 304);

  const url = root.json.paths['api/v1'].serverRelativeURL as string;
  const doc = await cluster.api('GET', url);
  assert.equal(doc.status, 200);
  assert.equal(doc.headers['cache-control'], 'public, immutable');
  assert.ok(Date.parse(String(doc.headers.expires)) - Date.parse(String(doc.headers.date)) > 300 * 24 * 3600 * 1000, 'fresh for about a year from its Date');
  assert.equal(doc.headers.etag, `"${new URL(url, 'https://x').searchParams.get('hash')}"`);
  const revalidated = await cluster.api('GET', url, { headers: { 'If-None-Match': String(doc.headers.etag) } });
  assert.equal(revalidated.status, 304);
  assert.equal(revalidated.text, '');
  assert.equal((await cluster.api('GET', url, { headers: { 'If-None-Match': '"0"' } })).status, 200);
});
