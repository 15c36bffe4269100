import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { createStorage, migrate } from '../storage/index.ts';
import type { Storage } from '../storage/types.ts';
import { FollowedSet, noteCommit } from './followed.ts';

const P = '/registry/clusterroles.rbac.authorization.k8s.io/';
const Q = '/registry/roles.rbac.authorization.k8s.io/';
const obj = (name: string, namespace?: string, extra: Record<string, unknown> = {}): KubeObject => ({ metadata: { name, namespace }, ...extra }) as KubeObject;

async function fresh(): Promise<{ storage: Storage; counted: Storage; reads: () => number; after: number[]; done(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'timonier-followed-'));
  const client = createClient({ url: `file:${join(dir, 'db.sqlite')}` });
  await migrate(client);
  const storage = createStorage(client);
  let n = 0;
  const counted: Storage = {
    ...storage,
    list: (...a) => (n++, storage.list(...a)),
    events: (...a) => (n++, storage.events(...a)),
    changesAfter: (...a) => (n++, after.push(a[0]), storage.changesAfter(...a)),
  };
  const after: number[] = [];
  return { storage, counted, reads: () => n, after, done: () => (client.close(), rmSync(dir, { recursive: true, force: true })) };
}

test('loads every prefix once, then serves from memory until stale', async () => {
  const db = await fresh();
  let clock = 1000;
  const f = new FollowedSet([P, Q], 250, () => clock);
  await db.storage.create(`${P}admin`, obj('admin'));
  await db.storage.create(`${Q}ns1/r`, obj('r', 'ns1'));
  const s1 = await f.read(db.counted, 'c1');
  assert.deepEqual([...s1.objects.keys()].sort(), [`${P}admin`, `${Q}ns1/r`]);
  assert.equal(db.reads(), 2);
  const s2 = await f.read(db.counted, 'c1');
  assert.equal(db.reads(), 2, 'a fresh copy costs no query');
  assert.equal(s2, s1, 'an unchanged copy is the same snapshot');
  db.done();
});

test("another isolate's write is seen once the staleness bound passes; this isolate's at once", async () => {
  const db = await fresh();
  let clock = 1000;
  const f = new FollowedSet([P], 250, () => clock);
  await f.read(db.counted, 'c1');
  await db.storage.create(`${P}edit`, obj('edit'));
  assert.equal((await f.read(db.counted, 'c1')).objects.has(`${P}edit`), false, 'within the bound, the copy may lag');
  clock += 251;
  const s = await f.read(db.counted, 'c1');
  assert.equal(s.objects.has(`${P}edit`), true);

  await db.storage.delete(`${P}edit`, Number((s.objects.get(`${P}edit`) as KubeObject).metadata.resourceVersion));
  noteCommit('c1', `${P}edit`);
  const after = await f.read(db.counted, 'c1');
  assert.equal(after.objects.has(`${P}edit`), false, 'a commit noted in this isolate is seen by the next read');
  assert.notEqual(after.version, s.version);
  db.done();
});

test('clusters are kept apart, and derived values are rebuilt only when the snapshot changes', async () => {
  const db = await fresh();
  const f = new FollowedSet([P], 0);
  await db.storage.create(`${P}a`, obj('a'));
  let builds = 0;
  const count = (s: { objects: ReadonlyMap<string, unknown> }) => (builds++, s.objects.size);
  const s1 = await f.read(db.storage, 'c1');
  assert.equal(f.derived(s1, 'n', count), 1);
  assert.equal(f.derived(await f.read(db.storage, 'c1'), 'n', count), 1);
  assert.equal(builds, 1);
  await db.storage.create(`${P}b`, obj('b'));
  assert.equal(f.derived(await f.read(db.storage, 'c1'), 'n', count), 2);
  assert.equal(builds, 2);
  noteCommit('c2', `${P}b`); // unknown cluster: nothing to do
  db.done();
});

test('a copy older than the compaction point is reloaded whole', async () => {
  const db = await fresh();
  let clock = Date.now();
  const f = new FollowedSet([P], 250, () => clock);
  const a = await db.storage.create(`${P}a`, obj('a'));
  await f.read(db.storage, 'c1');
  assert.ok(a.ok);
  await db.storage.update(`${P}a`, obj('a', undefined, { rules: [{ verbs: ['get'] }] }), a.rev);
  await db.storage.create(`${P}b`, obj('b'));
  await new Promise((r) => setTimeout(r, 5));
  await db.storage.compact(Date.now() + 1000);
  clock += 1000;
  const s = await f.read(db.storage, 'c1');
  assert.deepEqual([...s.objects.keys()].sort(), [`${P}a`, `${P}b`]);
  assert.deepEqual((s.objects.get(`${P}a`) as { rules?: unknown }).rules, [{ verbs: ['get'] }]);
  db.done();
});

test("a copy far behind the log (other resources written since) is loaded again, not caught up by walking every row since", async () => {
  const db = await fresh();
  let clock = Date.now();
  const f = new FollowedSet([P], 250, () => clock);
  await db.storage.create(`${P}a`, obj('a'));
  await f.read(db.counted, 'c1');
  for (let i = 0; i < 2_100; i++) await db.storage.create(`/registry/configmaps/ns/cm${i}`, obj(`cm${i}`, 'ns'));
  await db.storage.create(`${P}b`, obj('b'));
  clock += 1000;
  const reads = db.reads();
  const s = await f.read(db.counted, 'c1');
  assert.deepEqual([...s.objects.keys()].sort(), [`${P}a`, `${P}b`]);
  assert.equal(db.reads() - reads, 2, 'the catch-up refused, then a load');
  db.done();
});

test('copies are kept for recently read clusters only: the least recent go past the count, idle ones after a while', async () => {
  const db = await fresh();
  let clock = 0;
  const f = new FollowedSet([P], 250, () => clock, { maxClusters: 2, idleMs: 60_000 });
  await f.read(db.storage, 'a');
  await f.read(db.storage, 'b');
  await f.read(db.storage, 'a');
  await f.read(db.storage, 'c'); // b is the least recently read
  assert.equal(f.held, 2);
  const reads = db.reads();
  await f.read(db.counted, 'a');
  assert.equal(db.reads(), reads, 'a is still held');
  await f.read(db.counted, 'b');
  assert.equal(db.reads(), reads + 1, 'b was dropped: read again');
  clock += 60_001;
  await f.read(db.storage, 'a');
  assert.equal(f.held, 1, 'the others went idle');
  db.done();
});

test('requests arriving while an age-due refresh is in flight serve the copy instead of reading too; after a commit each reads', async () => {
  const db = await fresh();
  let clock = 1000;
  const f = new FollowedSet([P], 250, () => clock);
  await f.read(db.counted, 'c1');
  clock += 251;
  const before = db.reads();
  await Promise.all(Array.from({ length: 8 }, () => f.read(db.counted, 'c1')));
  assert.equal(db.reads() - before, 1, 'one read of the log for eight requests');

  await db.storage.create(`${P}new`, obj('new'));
  noteCommit('c1', `${P}new`);
  const seen = await Promise.all(Array.from({ length: 3 }, () => f.read(db.counted, 'c1')));
  assert.ok(seen.every((s) => s.objects.has(`${P}new`)), 'every request after the commit sees it');
  db.done();
});

test("a quiet prefix's next read starts where the last one ended, not at its last change", async () => {
  const db = await fresh();
  let clock = 1000;
  const f = new FollowedSet([P], 250, () => clock);
  await db.storage.create(`${P}admin`, obj('admin'));
  await f.read(db.counted, 'c1');
  for (let i = 0; i < 5; i++) await db.storage.create(`/registry/configmaps/ns/cm${i}`, obj(`cm${i}`, 'ns'));
  const logEnd = await db.storage.currentRev();
  clock += 251;
  await f.read(db.counted, 'c1');
  clock += 251;
  await f.read(db.counted, 'c1');
  assert.deepEqual(db.after.slice(-1), [logEnd], 'the second refresh reads after the log end the first saw');
  db.done();
});

test('a cluster deleted and made again under its name (keys purged without events) is loaded afresh', async () => {
  const db = await fresh();
  let clock = 1000;
  const f = new FollowedSet([P], 250, () => clock);
  await db.storage.create(`${P}admin`, obj('admin'));
  await db.storage.create(`${P}old-grant`, obj('old-grant'));
  assert.equal((await f.read(db.storage, 'c1')).objects.size, 2);
  await db.storage.purge(P);
  await db.storage.create(`${P}admin`, obj('admin'));
  clock += 251;
  const s = await f.read(db.storage, 'c1');
  assert.deepEqual([...s.objects.keys()], [`${P}admin`], "the old incarnation's objects are gone");
  db.done();
});

test("a commit noted while the copy's first load is in flight is seen by the next read", async () => {
  const db = await fresh();
  const clock = 1000; // no time passes: only the commit can make the copy be read again
  const f = new FollowedSet([P], 250, () => clock);
  let listed!: () => void;
  const gate = new Promise<void>((ok) => (listed = ok));
  const slow: Storage = { ...db.storage, list: async (...a) => { const r = await db.storage.list(...a); await gate; return r; } };
  const first = f.read(slow, 'c1'); // lists before the write below, answers after it
  await new Promise((ok) => setTimeout(ok, 20));
  await db.storage.create(`${P}granted`, obj('granted'));
  noteCommit('c1', `${P}granted`);
  listed();
  assert.equal((await first).objects.has(`${P}granted`), false, 'the load in flight listed before the commit');
  assert.equal((await f.read(db.storage, 'c1')).objects.has(`${P}granted`), true, 'the next read catches up');
  db.done();
});

test("a read whose refresh finds the commit already applied by a concurrent read still returns a snapshot with it", async () => {
  const db = await fresh();
  let clock = 1000;
  const f = new FollowedSet([P, Q], 250, () => clock);
  await f.read(db.storage, 'c1');
  // each changesAfter waits for its own gate, so the test orders the answers
  const gates: { prefix: string; open: () => void }[] = [];
  const gated: Storage = {
    ...db.storage,
    changesAfter: async (rev, prefix) => {
      const r = await db.storage.changesAfter(rev, prefix);
      await new Promise<void>((open) => gates.push({ prefix: prefix!, open }));
      return r;
    },
  };
  const opened = async (prefix: string, nth = 0) => {
    for (let i = 0; i < 100 && gates.filter((g) => g.prefix === prefix).length <= nth; i++) await new Promise((ok) => setTimeout(ok, 5));
    gates.filter((g) => g.prefix === prefix)[nth]!.open();
  };
  await db.storage.create(`${P}granted`, obj('granted'));
  noteCommit('c1', `${P}granted`);
  clock += 251; // Q is due by age: the first read claims its refresh, the second serves Q's copy
  const first = f.read(gated, 'c1'); // refreshes P (stale) and Q (due)
  const second = f.read(gated, 'c1'); // refreshes P (stale) only
  await opened(P, 0); // the first read applies the commit to the shared copy, then waits for Q
  await opened(P, 1); // the second finds it applied already: nothing changed for it
  assert.equal((await second).objects.has(`${P}granted`), true, 'the second read sees the commit');
  await opened(Q, 0);
  assert.equal((await first).objects.has(`${P}granted`), true);
  db.done();
});

test("with the request's waitUntil, a refresh due by age runs after the answer; past the bound, before it", { timeout: 20_000 }, async () => {
  const db = await fresh();
  let clock = 1000;
  const f = new FollowedSet([P], 250, () => clock);
  await f.read(db.counted, 'c1');
  await db.storage.create(`${P}edit`, obj('edit'));
  // the log's answer is held back: a read that waited for it would never return
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held: Storage = { ...db.counted, changesAfter: async (...a) => (await gate, db.counted.changesAfter(...a)) };
  const started: Promise<unknown>[] = [];
  const background = (p: Promise<unknown>) => void started.push(p);

  clock += 150;
  await f.read(held, 'c1', background);
  assert.equal(started.length, 0, 'under three quarters of the bound, nothing is read');
  clock += 50;
  const served = await f.read(held, 'c1', background);
  assert.equal(served.objects.has(`${P}edit`), false, 'the copy is served while its refresh is held');
  assert.equal(started.length, 1);
  await f.read(held, 'c1', background);
  assert.equal(started.length, 1, 'one refresh ahead at a time');
  release();
  await Promise.all(started);
  const fresh2 = await f.read(db.counted, 'c1', background);
  assert.equal(fresh2.objects.has(`${P}edit`), true, 'the next read sees what the refresh found');

  // nobody read it for longer than the bound: the answer waits for the log
  await db.storage.create(`${P}view`, obj('view'));
  clock += 300;
  const late = await f.read(db.counted, 'c1', background);
  assert.equal(late.objects.has(`${P}view`), true);
  assert.equal(started.length, 1);
  db.done();
});
