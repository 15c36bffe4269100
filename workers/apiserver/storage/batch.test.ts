/** Batch creates (Storage.createMany): one transaction, all or nothing, the log's invariants kept; and usage. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Client } from '@libsql/client';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from './index.ts';
import { testDatabase } from './test-database.test-support.ts';
import { scopedStorage } from './scoped.ts';

let client: Client;
let storage: Storage;

let close = () => {};
before(async () => ({ client, storage, close } = await testDatabase('batch')));
after(() => close());

const cm = (name: string, v = '1'): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data: { v } });
const key = (name: string) => `/registry/configmaps/ns/${name}`;
const entries = (...names: string[]) => names.map((n) => ({ key: key(n), object: cm(n) }));
const rows = async (sql: string) => (await client.execute(sql)).rows.map((r) => Array.from({ length: r.length }, (_, i) => r[i]));

test('a batch writes every object, one ADDED log row each, at increasing revisions after the current one', async () => {
  const before = await storage.currentRev();
  const res = await storage.createMany(entries('a', 'b', 'c'));
  assert.ok(res.ok);
  const revs = res.objects.map((o) => Number(o.metadata.resourceVersion));
  assert.deepEqual(revs, [before + 1, before + 2, before + 3]);
  assert.equal(res.rev, before + 3);
  assert.equal(await storage.currentRev(), before + 3);
  assert.deepEqual(res.objects.map((o) => o.metadata.name), ['a', 'b', 'c']);
  // the projection is the log's latest row per key, as after three creates
  const got = await storage.get(key('b'));
  assert.equal(got?.metadata.resourceVersion, String(before + 2));
  assert.deepEqual(await rows(`SELECT key, type, prev_rev FROM log WHERE rev > ${before} ORDER BY rev`), [
    [key('a'), 'ADDED', 0],
    [key('b'), 'ADDED', 0],
    [key('c'), 'ADDED', 0],
  ]);
  const events = await storage.events(before, '/registry/configmaps/');
  assert.deepEqual(events.map((e) => [e.type, e.key, e.rev]), revs.map((r, i) => ['ADDED', key('abc'[i]), r]));
  assert.equal((await storage.list('/registry/configmaps/ns/')).items.length, 3);
});

test('one existing key refuses the whole batch: nothing written, no revision taken, the key named', async () => {
  const rev = await storage.currentRev();
  const res = await storage.createMany(entries('d', 'b', 'e'));
  assert.deepEqual(res, { ok: false, reason: 'exists', key: key('b') });
  assert.equal(await storage.get(key('d')), undefined, 'the row before the refusal is rolled back');
  assert.equal(await storage.get(key('e')), undefined);
  assert.equal(await storage.currentRev(), rev);
  assert.deepEqual(await rows(`SELECT count(*) FROM log WHERE key IN ('${key('d')}', '${key('e')}')`), [[0]]);
  // the same key twice within a batch is refused by the log itself
  assert.deepEqual(await storage.createMany(entries('f', 'f')), { ok: false, reason: 'exists' }, 'no key to name: none existed before');
  assert.equal(await storage.get(key('f')), undefined);
});

test('later writes build on batch rows like on any create; an empty batch writes nothing', async () => {
  const a = (await storage.get(key('a')))!;
  const upd = await storage.update(key('a'), { ...a, data: { v: '2' } }, Number(a.metadata.resourceVersion));
  assert.ok(upd.ok);
  const empty = await storage.createMany([]);
  assert.ok(empty.ok && empty.objects.length === 0);
  assert.equal(await storage.currentRev(), upd.rev);
});

test('a cluster view batches under its prefix and names the existing key in its own terms; usage counts a range', async () => {
  const alice = scopedStorage(storage, 'alice');
  assert.ok((await alice.createMany(entries('x', 'y'))).ok);
  assert.deepEqual(await rows(`SELECT key FROM objects WHERE key LIKE '/clusters/alice/%' ORDER BY key`), [['/clusters/alice' + key('x')], ['/clusters/alice' + key('y')]]);
  assert.deepEqual(await alice.createMany(entries('z', 'y')), { ok: false, reason: 'exists', key: key('y') });
  const usage = await alice.usage('/registry/');
  assert.equal(usage.objects, 2);
  const stored = await rows(`SELECT sum(length(object)) FROM objects WHERE key LIKE '/clusters/alice/%'`);
  assert.equal(usage.bytes, stored[0][0]);
  assert.deepEqual(await scopedStorage(storage, 'nobody').usage('/registry/'), { objects: 0, bytes: 0 });
});
