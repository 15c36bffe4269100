/** Clusters' views of one log: keys in and out, lists, events, isolation, purge. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from './types.ts';
import { CLUSTERS_PREFIX, MAX_VIEWS, scopedStorage } from './scoped.ts';
import { testDatabase, type TestDatabase } from './test-database.test-support.ts';

let db: TestDatabase;
let raw: Storage;
let root: Storage;
let alice: Storage;
let bob: Storage;

before(async () => {
  db = await testDatabase('scoped');
  raw = db.storage;
  root = scopedStorage(raw, 'default');
  alice = scopedStorage(raw, 'alice');
  bob = scopedStorage(raw, 'bob');
});
after(() => db.close());

const cm = (name: string, v = '1'): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data: { v } });
const key = (name: string) => `/registry/configmaps/ns/${name}`;
const v = (o: KubeObject | undefined) => (o?.data as { v?: string } | undefined)?.v;
const names = (items: KubeObject[]) => items.map((o) => o.metadata.name);
const rawKeys = async () => (await db.client.execute('SELECT key FROM objects ORDER BY key')).rows.map((r) => String(r[0]));

test('the root cluster is the storage itself; a view is made once per cluster', () => {
  assert.equal(root, raw);
  assert.equal(scopedStorage(raw, 'alice'), alice);
});

test('views are kept for the most recently used clusters only', () => {
  const first = scopedStorage(raw, 'lru-0');
  for (let i = 1; i < MAX_VIEWS; i++) scopedStorage(raw, `lru-${i}`);
  assert.equal(scopedStorage(raw, 'lru-0'), first, 'used again: kept, and now the most recent');
  for (let i = MAX_VIEWS; i < MAX_VIEWS + 10; i++) scopedStorage(raw, `lru-${i}`);
  assert.equal(scopedStorage(raw, 'lru-0'), first);
  const dropped = scopedStorage(raw, 'lru-2');
  for (let i = 0; i < MAX_VIEWS; i++) scopedStorage(raw, `other-${i}`);
  assert.notEqual(scopedStorage(raw, 'lru-2'), dropped, 'the least recently used is made again');
});

test('keys go under the cluster prefix and the same names never meet', async () => {
  assert.ok((await root.create(key('a'), cm('a', 'root'))).ok);
  assert.ok((await alice.create(key('a'), cm('a', 'alice'))).ok);
  assert.ok((await alice.create(key('b'), cm('b', 'alice'))).ok);
  assert.ok((await bob.create(key('a'), cm('a', 'bob'))).ok);
  assert.deepEqual(await rawKeys(), ['/clusters/alice/registry/configmaps/ns/a', '/clusters/alice/registry/configmaps/ns/b', '/clusters/bob/registry/configmaps/ns/a', '/registry/configmaps/ns/a']);
  assert.equal(v(await alice.get(key('a'))), 'alice');
  assert.equal(v(await bob.get(key('a'))), 'bob');
  assert.equal(await bob.get(key('b')), undefined);
  assert.deepEqual(names((await root.list('/registry/configmaps/')).items), ['a'], 'the root sees no tenant key');
  assert.deepEqual(names((await alice.list('/registry/configmaps/')).items), ['a', 'b']);
  assert.deepEqual(names((await bob.list('/registry/')).items), ['a']);
});

test('writes keep their preconditions within the cluster', async () => {
  const exists = await alice.create(key('a'), cm('a'));
  assert.ok(!exists.ok && exists.reason === 'exists' && v(exists.current) === 'alice');
  const got = await bob.get(key('a'));
  const updated = await bob.update(key('a'), cm('a', 'bob2'), Number(got!.metadata.resourceVersion));
  assert.ok(updated.ok);
  assert.equal(v(await alice.get(key('a'))), 'alice', "bob's write did not touch alice's object");
  assert.deepEqual(await bob.delete(key('b'), 1), { ok: false, reason: 'not-found' });
});

test('pages continue with keys of the cluster, not of the log', async () => {
  const first = await alice.list('/registry/configmaps/ns/', { limit: 1 });
  assert.deepEqual(names(first.items), ['a']);
  assert.equal(first.lastKey, key('a'));
  const next = await alice.list('/registry/configmaps/ns/', { limit: 1, after: first.lastKey, rev: first.rev });
  assert.deepEqual(names(next.items), ['b']);
  assert.equal(next.lastKey, undefined);
});

test("events are the cluster's only, with its keys", async () => {
  const from = (await raw.currentRev()) - 0;
  assert.ok((await alice.create(key('c'), cm('c'))).ok);
  assert.ok((await bob.create(key('c'), cm('c'))).ok);
  assert.ok((await root.create(key('c'), cm('c'))).ok);
  const events = await alice.events(from, '/registry/configmaps/');
  assert.deepEqual(events.map((e) => [e.type, e.key]), [['ADDED', key('c')]]);
  assert.deepEqual((await root.events(from, '/registry/')).map((e) => e.key), [key('c')]);
  assert.equal(await alice.currentRev(), await raw.currentRev(), 'revisions are global');
});

test('which clusters were written after a revision', async () => {
  const from = await raw.currentRev();
  assert.deepEqual(await raw.segmentsWrittenAfter(from, CLUSTERS_PREFIX), { current: from, segments: [] });
  assert.ok((await bob.create(key('d'), cm('d'))).ok);
  assert.ok((await root.create(key('d'), cm('d'))).ok);
  const changed = await raw.segmentsWrittenAfter(from, CLUSTERS_PREFIX);
  assert.deepEqual(changed, { current: from + 2, segments: [{ name: 'bob', writes: 1, creates: 1 }] });
  assert.ok((await bob.update(key('d'), cm('d'), from + 1)).ok);
  assert.deepEqual((await raw.segmentsWrittenAfter(from, CLUSTERS_PREFIX)).segments, [{ name: 'bob', writes: 2, creates: 1 }]);
  assert.deepEqual((await raw.segmentsWrittenAfter(0, CLUSTERS_PREFIX)).segments.map((s) => s.name).sort(), ['alice', 'bob']);
});

test('purge removes a cluster with its history and nothing else', async () => {
  const before = await raw.currentRev();
  assert.equal(await raw.purge('/clusters/alice/'), 3);
  assert.deepEqual(names((await alice.list('/registry/')).items), []);
  assert.deepEqual(await alice.events(0, '/registry/'), []);
  const left = (await db.client.execute("SELECT count(*) FROM log WHERE key LIKE '/clusters/alice/%'")).rows[0][0];
  assert.equal(Number(left), 0, 'no log row of the cluster is left');
  assert.deepEqual(names((await bob.list('/registry/')).items), ['a', 'c', 'd']);
  assert.deepEqual(names((await root.list('/registry/')).items), ['a', 'c', 'd']);
  assert.equal(await raw.currentRev(), before, 'a purge writes no revision');
  assert.ok((await alice.create(key('a'), cm('a', 'again'))).ok, 'a name can be used again');
});

test('a key outside /registry/ is refused, never invented', async () => {
  await assert.rejects(alice.get('/clusters/bob/registry/configmaps/ns/a'), /outside \/registry\//);
  await assert.rejects(alice.list(''), /outside \/registry\//);
});
