/**
 * The API's HTTPS port is Node's TLS front piping bytes to the API worker's own socket
 * (local/tls-front.ts), not miniflare's entry worker. What clients rely on passes through it:
 * the Host header, streamed watches, kubectl. (Upgrades: pod-logs-exec.test.ts and
 * streams.test.ts run exec, attach, port-forward and the agents' tunnel through it.)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();

test("the worker sees the client's Host header", async () => {
  const res = await cluster.api('GET', '/api');
  assert.equal(res.status, 200);
  assert.equal(res.json.serverAddressByClientCIDRs[0].serverAddress, new URL(cluster.cp.url).host);
});

test("requests skip miniflare's entry worker: a small answer to a gzip-accepting client is not gzipped", async () => {
  // the entry worker emulates Cloudflare's edge and gzips JSON for any client that accepts it;
  // Kubernetes (and the API worker) leave an answer this small uncompressed
  const res = await cluster.api('GET', '/api/v1/namespaces', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-encoding'], undefined);
  assert.equal(res.json.kind, 'NamespaceList');
});

test('a watch streams its events as they happen', async () => {
  const list = await cluster.api('GET', '/api/v1/namespaces/default/configmaps');
  // this name only: the controllers may publish kube-root-ca.crt in the namespace meanwhile
  const watch = await cluster.watch(`/api/v1/namespaces/default/configmaps?watch=1&fieldSelector=metadata.name%3Dthrough-the-front&resourceVersion=${list.json.metadata.resourceVersion}`);
  try {
    const created = await cluster.api('POST', '/api/v1/namespaces/default/configmaps', { body: { metadata: { name: 'through-the-front' } } });
    assert.equal(created.status, 201);
    const [event] = await watch.waitFor(1, 20_000);
    assert.equal(event.type, 'ADDED');
    assert.equal(event.object.metadata.name, 'through-the-front');
  } finally {
    watch.close();
  }
});

test('kubectl works through it', async () => {
  const r = await cluster.kubectl(['get', 'configmap', 'through-the-front', '-o', 'name']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'configmap/through-the-front');
});
