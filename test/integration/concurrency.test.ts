/**
 * Optimistic concurrency under real contention: many clients writing one object at once never
 * lose an update. A write that carries a stale resourceVersion gets Kubernetes' 409; a patch
 * without one is re-applied by the server on the latest version.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster, type Reply } from '../support/cluster.ts';

const cluster = useCluster();
const NS = 'concurrence';
const CMS = `/api/v1/namespaces/${NS}/configmaps`;
const N = 20;
const CONFLICT = (name: string) =>
  `Operation cannot be fulfilled on configmaps "${name}": the object has been modified; please apply your changes to the latest version and try again`;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function assertConflict(r: Reply, name: string) {
  assert.equal(r.status, 409, r.text);
  assert.deepEqual(
    { kind: r.json.kind, status: r.json.status, reason: r.json.reason, code: r.json.code, message: r.json.message, details: r.json.details },
    { kind: 'Status', status: 'Failure', reason: 'Conflict', code: 409, message: CONFLICT(name), details: { name, kind: 'configmaps' } },
  );
}

test('a namespace for the contention', async () => {
  const r = await cluster.api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } } });
  assert.equal(r.status, 201, r.text);
});

test(`${N} concurrent read-modify-write PUTs of a counter: the final value is ${N}, every loser got 409`, async () => {
  const created = await cluster.api('POST', CMS, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'compteur' }, data: { n: '0' } } });
  assert.equal(created.status, 201, created.text);
  const U = `${CMS}/compteur`;

  const conflicts: Reply[] = [];
  const wins: Reply[] = [];
  let firstRound: { won: number; lost: number } | undefined;

  // round 1 is a barrier: every client reads the same version before anyone writes
  const reads = await Promise.all(range(N).map(() => cluster.api('GET', U)));
  assert.equal(new Set(reads.map((r) => r.json.metadata.resourceVersion)).size, 1);
  const increment = (cm: any) => ({ ...cm, data: { n: String(Number(cm.data.n) + 1) } });
  const first = await Promise.all(reads.map((r) => cluster.api('PUT', U, { body: increment(r.json) })));
  firstRound = { won: first.filter((r) => r.status === 200).length, lost: first.filter((r) => r.status === 409).length };
  assert.deepEqual(firstRound, { won: 1, lost: N - 1 }, 'of clients that read the same version, exactly one writes');

  // the losers retry, each on its own, until its increment lands
  const retry = async (r: Reply): Promise<void> => {
    if (r.status === 200) return void wins.push(r);
    assertConflict(r, 'compteur');
    conflicts.push(r);
    const again = await cluster.api('GET', U);
    assert.equal(again.status, 200, again.text);
    return retry(await cluster.api('PUT', U, { body: increment(again.json) }));
  };
  await Promise.all(first.map(retry));

  assert.equal(wins.length, N);
  assert.ok(conflicts.length >= N - 1, `${conflicts.length} conflicts`);
  // each increment landed on a different version: the counter went through 1..N once each
  assert.deepEqual(wins.map((w) => Number(w.json.data.n)).sort((a, b) => a - b), range(N).map((i) => i + 1));
  const rvs = wins.map((w) => Number(w.json.metadata.resourceVersion));
  assert.equal(new Set(rvs).size, N);
  const final = await cluster.api('GET', U);
  assert.equal(final.json.data.n, String(N));
  assert.equal(Number(final.json.metadata.resourceVersion), Math.max(...rvs));
});

test(`${N} concurrent merge PATCHes adding distinct keys: no update is lost`, async () => {
  const created = await cluster.api('POST', CMS, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cles' }, data: { depart: 'oui' } } });
  assert.equal(created.status, 201, created.text);
  const replies = await Promise.all(
    range(N).map((i) => cluster.api('PATCH', `${CMS}/cles`, { body: { data: { [`k${i}`]: String(i) } }, contentType: 'application/merge-patch+json' })),
  );
  for (const r of replies) assert.equal(r.status, 200, r.text);
  assert.equal(new Set(replies.map((r) => r.json.metadata.resourceVersion)).size, N, 'each patch is its own write');
  // every reply holds its own key on top of what was there
  replies.forEach((r, i) => {
    assert.equal(r.json.data[`k${i}`], String(i));
    assert.equal(r.json.data.depart, 'oui');
  });
  const final = await cluster.api('GET', `${CMS}/cles`);
  assert.deepEqual(final.json.data, { depart: 'oui', ...Object.fromEntries(range(N).map((i) => [`k${i}`, String(i)])) });
});

test(`${N} concurrent strategic and JSON patches on one object: all applied`, async () => {
  const created = await cluster.api('POST', CMS, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'melange', labels: { depart: 'oui' } } } });
  assert.equal(created.status, 201, created.text);
  const replies = await Promise.all(
    range(N).map((i) =>
      i % 2
        ? cluster.api('PATCH', `${CMS}/melange`, { body: { metadata: { labels: { [`l${i}`]: 'x' } } }, contentType: 'application/strategic-merge-patch+json' })
        : cluster.api('PATCH', `${CMS}/melange`, { body: [{ op: 'add', path: `/metadata/labels/l${i}`, value: 'x' }], contentType: 'application/json-patch+json' }),
    ),
  );
  for (const r of replies) assert.equal(r.status, 200, r.text);
  const final = await cluster.api('GET', `${CMS}/melange`);
  assert.deepEqual(final.json.metadata.labels, { depart: 'oui', ...Object.fromEntries(range(N).map((i) => [`l${i}`, 'x'])) });
});

test('patches that pin the resourceVersion they read: one wins, the others get 409', async () => {
  const created = await cluster.api('POST', CMS, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'epingle' }, data: { v: '0' } } });
  assert.equal(created.status, 201, created.text);
  const rv = created.json.metadata.resourceVersion;
  const replies = await Promise.all(
    range(N).map((i) => cluster.api('PATCH', `${CMS}/epingle`, { body: { metadata: { resourceVersion: rv }, data: { v: String(i + 1) } }, contentType: 'application/merge-patch+json' })),
  );
  const won = replies.filter((r) => r.status === 200);
  assert.equal(won.length, 1, replies.map((r) => r.status).join(','));
  for (const r of replies.filter((x) => x.status !== 200)) assertConflict(r, 'epingle');
  const final = await cluster.api('GET', `${CMS}/epingle`);
  assert.equal(final.json.data.v, won[0].json.data.v);
  assert.equal(final.json.metadata.resourceVersion, won[0].json.metadata.resourceVersion);
});

test(`${N} concurrent creates of one name: one 201, the others AlreadyExists`, async () => {
  const replies = await Promise.all(
    range(N).map((i) => cluster.api('POST', CMS, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'unique' }, data: { par: String(i) } } })),
  );
  const created = replies.filter((r) => r.status === 201);
  assert.equal(created.length, 1, replies.map((r) => r.status).join(','));
  for (const r of replies.filter((x) => x.status !== 201)) {
    assert.equal(r.status, 409, r.text);
    assert.deepEqual({ reason: r.json.reason, message: r.json.message }, { reason: 'AlreadyExists', message: 'configmaps "unique" already exists' });
  }
  const stored = await cluster.api('GET', `${CMS}/unique`);
  assert.equal(stored.json.metadata.uid, created[0].json.metadata.uid);
  assert.equal(stored.json.data.par, created[0].json.data.par);
});
