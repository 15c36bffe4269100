/**
 * The curl exchanges of the course chapter "L'API server" (seeds/002), replayed over HTTPS
 * against the real workers: authentication, the eight verbs, optimistic concurrency, the watch
 * stream, 410 Expired, pagination and Tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const NS = 'ch34';
const U = `/api/v1/namespaces/${NS}/configmaps`;
const reglages = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'reglages' }, data: { couleur: 'bleu' } };

test('namespace ch34 is created', async () => {
  const r = await cluster.api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } } });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.status.phase, 'Active');
  assert.equal(r.json.metadata.labels['kubernetes.io/metadata.name'], NS);
});

test('anonymous is forbidden with Kubernetes message; an unknown token is 401', async () => {
  const anon = await cluster.api('GET', U, { token: null });
  assert.equal(anon.status, 403);
  assert.deepEqual(
    { code: anon.json.code, reason: anon.json.reason, message: anon.json.message },
    { code: 403, reason: 'Forbidden', message: 'configmaps is forbidden: User "system:anonymous" cannot list resource "configmaps" in API group "" in the namespace "ch34"' },
  );
  const bad = await cluster.api('GET', U, { token: 'abc' });
  assert.deepEqual({ code: bad.json.code, reason: bad.json.reason, message: bad.json.message }, { code: 401, reason: 'Unauthorized', message: 'Unauthorized' });
  const discovery = await cluster.api('GET', '/version', { token: null });
  assert.equal(discovery.status, 200);
});

test("a ServiceAccount's token (kubectl create token) is authenticated, and forbidden to list", async () => {
  // the ServiceAccount controller creates `default` in the namespace
  let token = '';
  for (let i = 0; i < 50 && !token; i++) {
    const r = await cluster.kubectl(['-n', NS, 'create', 'token', 'default']);
    if (r.code === 0) token = r.stdout.trim();
    else await new Promise((res) => setTimeout(res, 100));
  }
  assert.ok(token, 'kubectl create token printed a token');
  const r = await cluster.api('GET', U, { token });
  assert.deepEqual(
    { code: r.json.code, reason: r.json.reason, message: r.json.message },
    { code: 403, reason: 'Forbidden', message: 'configmaps is forbidden: User "system:serviceaccount:ch34:default" cannot list resource "configmaps" in API group "" in the namespace "ch34"' },
  );
  const unknown = await cluster.kubectl(['-n', NS, 'create', 'token', 'nobody']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /serviceaccounts "nobody" not found/);
});

test('the eight verbs on a ConfigMap, seen by a watch started before them', async () => {
  const w = await cluster.watch(`${U}?watch=true&fieldSelector=metadata.name=reglages`);
  const created = await cluster.api('POST', U, { body: reglages });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.json.kind, 'ConfigMap');
  assert.match(created.json.metadata.uid, /^[0-9a-f-]{36}$/);
  const rv1 = Number(created.json.metadata.resourceVersion);

  const again = await cluster.api('POST', U, { body: reglages });
  assert.equal(again.status, 409);
  assert.deepEqual({ reason: again.json.reason, message: again.json.message }, { reason: 'AlreadyExists', message: 'configmaps "reglages" already exists' });

  const merged = await cluster.api('PATCH', `${U}/reglages`, { body: { data: { taille: 'grande' } }, contentType: 'application/merge-patch+json' });
  assert.equal(merged.status, 200, merged.text);
  assert.deepEqual(merged.json.data, { couleur: 'bleu', taille: 'grande' });
  const rv2 = Number(merged.json.metadata.resourceVersion);
  assert.ok(rv2 > rv1);

  const jsonPatched = await cluster.api('PATCH', `${U}/reglages`, { body: [{ op: 'replace', path: '/data/couleur', value: 'vert' }], contentType: 'application/json-patch+json' });
  assert.equal(jsonPatched.status, 200, jsonPatched.text);
  assert.deepEqual(jsonPatched.json.data, { couleur: 'vert', taille: 'grande' });
  const rv3 = Number(jsonPatched.json.metadata.resourceVersion);
  assert.ok(rv3 > rv2);

  const stale = await cluster.api('PUT', `${U}/reglages`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'reglages', resourceVersion: '1' }, data: { couleur: 'rouge' } } });
  assert.equal(stale.status, 409);
  assert.deepEqual(
    { reason: stale.json.reason, message: stale.json.message },
    { reason: 'Conflict', message: 'Operation cannot be fulfilled on configmaps "reglages": the object has been modified; please apply your changes to the latest version and try again' },
  );

  const deleted = await cluster.api('DELETE', `${U}/reglages`);
  assert.equal(deleted.status, 200);
  assert.deepEqual(
    { kind: deleted.json.kind, status: deleted.json.status, details: deleted.json.details },
    { kind: 'Status', status: 'Success', details: { name: 'reglages', kind: 'configmaps', uid: created.json.metadata.uid } },
  );

  const events = await w.waitFor(4);
  w.close();
  assert.deepEqual(
    events.map((e) => [e.type, e.object.data]),
    [
      ['ADDED', { couleur: 'bleu' }],
      ['MODIFIED', { couleur: 'bleu', taille: 'grande' }],
      ['MODIFIED', { couleur: 'vert', taille: 'grande' }],
      ['DELETED', { couleur: 'vert', taille: 'grande' }],
    ],
  );
  const rvs = events.map((e) => Number(e.object.metadata.resourceVersion));
  assert.deepEqual(rvs.slice(0, 3), [rv1, rv2, rv3]);
  assert.ok(rvs[3] > rv3, 'DELETED carries the deletion revision');
});

test('7 configmaps listed 3 by 3: one resourceVersion, continue tokens, remainingItemCount, no object twice', async () => {
  for (let i = 1; i <= 7; i++) {
    const r = await cluster.api('POST', U, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `carton-${i}` }, data: { n: String(i) } } });
    assert.equal(r.status, 201, r.text);
  }
  const total = (await cluster.api('GET', U)).json.items.length;
  const first = await cluster.api('GET', `${U}?limit=3`);
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(first.json.items.map((i: any) => i.metadata.name), ['carton-1', 'carton-2', 'carton-3']);
  assert.equal(first.json.metadata.remainingItemCount, total - 3);
  const token = first.json.metadata.continue;
  const decoded = JSON.parse(Buffer.from(token, 'base64url').toString());
  assert.deepEqual(decoded, { v: 'meta.k8s.io/v1', rv: Number(first.json.metadata.resourceVersion), start: '/carton-3\u0000' });

  // writes between pages are not seen: the pages are a snapshot at the first page's revision
  await cluster.api('POST', U, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'carton-35' } } });
  await cluster.api('DELETE', `${U}/carton-5`);
  const names: string[] = first.json.items.map((i: any) => i.metadata.name);
  let next = token;
  while (next) {
    const page = await cluster.api('GET', `${U}?limit=3&continue=${encodeURIComponent(next)}`);
    assert.equal(page.status, 200, page.text);
    assert.equal(page.json.metadata.resourceVersion, first.json.metadata.resourceVersion);
    names.push(...page.json.items.map((i: any) => i.metadata.name));
    next = page.json.metadata.continue;
  }
  assert.equal(names.length, total);
  assert.equal(new Set(names).size, names.length, 'no object twice');
  assert.ok(names.includes('carton-5') && !names.includes('carton-35'));
});

test('a name field selector finds that object only, in a namespace and across them', async () => {
  // carton-3 and carton-35 share a key prefix: the narrowed scan must still check the whole name
  const names = async (path: string) => (await cluster.api('GET', path)).json.items.map((i: any) => `${i.metadata.namespace}/${i.metadata.name}`);
  assert.deepEqual(await names(`${U}?fieldSelector=metadata.name=carton-3`), [`${NS}/carton-3`]);
  assert.deepEqual(await names(`${U}?fieldSelector=metadata.name%3D%3Dcarton-35`), [`${NS}/carton-35`]);
  assert.deepEqual(await names(`/api/v1/configmaps?fieldSelector=metadata.name=carton-3`), [`${NS}/carton-3`]);
  assert.deepEqual(await names(`${U}?fieldSelector=metadata.name=carton`), []);
  assert.deepEqual(await names(`/api/v1/namespaces?fieldSelector=metadata.name=kube-system`), ['undefined/kube-system']);
});

test('a Table of configmaps has the columns kubectl shows', async () => {
  const r = await cluster.api('GET', `${U}?limit=2`, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' });
  assert.equal(r.status, 200, r.text);
  assert.match(String(r.headers['content-type']), /as=Table/);
  assert.equal(r.json.kind, 'Table');
  assert.deepEqual(r.json.columnDefinitions.map((c: any) => c.name), ['Name', 'Data', 'Age']);
  assert.deepEqual(r.json.rows.map((row: any) => row.cells.slice(0, 2)), [['carton-1', 1], ['carton-2', 1]]);
  assert.equal(r.json.rows[0].object.kind, 'PartialObjectMetadata');
});

test('an invalid name is 422 Invalid with the RFC 1123 message', async () => {
  const r = await cluster.api('POST', U, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'Reglages_1' }, data: { a: 'b' } } });
  assert.equal(r.status, 422);
  assert.equal(
    r.json.message,
    `ConfigMap "Reglages_1" is invalid: metadata.name: Invalid value: "Reglages_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
  );
  assert.deepEqual(r.json.details.causes[0].field, 'metadata.name');
});

test('health, version and metrics', async () => {
  const ready = await cluster.api('GET', '/readyz?verbose');
  assert.equal(ready.status, 200);
  assert.match(ready.text, /^\[\+\]ping ok$/m);
  assert.match(ready.text, /^\[\+\]etcd ok$/m);
  assert.match(ready.text, /readyz check passed\n$/);
  for (const p of ['/livez', '/healthz']) assert.equal((await cluster.api('GET', p)).text, 'ok');
  const version = await cluster.api('GET', '/version');
  assert.equal(version.json.minor, '32');
  const metrics = await cluster.api('GET', '/metrics');
  assert.equal(metrics.status, 200);
  const line = metrics.text.split('\n').find((l) => l.startsWith('apiserver_request_total{') && l.includes('code="409"') && l.includes('resource="configmaps"') && l.includes('verb="POST"'));
  assert.ok(line, 'the AlreadyExists POST is counted');
  assert.match(line!, /scope="resource"/);
  assert.match(line!, / 1$/);
  assert.match(metrics.text, /^apiserver_request_duration_seconds_bucket\{/m);
});
