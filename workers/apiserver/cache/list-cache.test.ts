import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { createStorage, migrate } from '../storage/index.ts';
import type { Storage } from '../storage/types.ts';
import { cachedLists, forgetListCopies, GRANT_FROM_COPY_MS, podsOnNode, recentlyHeld } from './list-cache.ts';

const P = '/registry/pods/';
const pod = (ns: string, name: string, labels: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns, labels } });
const names = (items: KubeObject[]) => items.map((o) => `${o.metadata.namespace}/${o.metadata.name}`);

async function fresh() {
  const dir = mkdtempSync(join(tmpdir(), 'timonier-list-cache-'));
  const client = createClient({ url: `file:${join(dir, 'db.sqlite')}` });
  await migrate(client);
  const storage = createStorage(client);
  const calls = { list: 0, changes: 0 };
  const counted: Storage = { ...storage, list: (...a) => (calls.list++, storage.list(...a)), changesAfter: (...a) => (calls.changes++, storage.changesAfter(...a)) };
  forgetListCopies();
  return { storage, counted, calls, done: () => (client.close(), rmSync(dir, { recursive: true, force: true })) };
}

test('the first list loads the resource once; later lists read only the writes since, and see each of them', async () => {
  const db = await fresh();
  for (const n of ['b', 'a', 'c']) await db.storage.create(`${P}ns1/${n}`, pod('ns1', n));
  await db.storage.create(`${P}ns2/a`, pod('ns2', 'a'));
  const cached = cachedLists(db.counted, 'c1', P);
  const first = await cached.list(`${P}ns1/`);
  assert.deepEqual(names(first.items), ['ns1/a', 'ns1/b', 'ns1/c'], 'in key order, the namespace only');
  assert.equal(first.rev, await db.storage.currentRev());
  assert.deepEqual([db.calls.list, db.calls.changes], [1, 0]);

  const b = await db.storage.get(`${P}ns1/b`);
  await db.storage.delete(`${P}ns1/b`, Number(b!.metadata.resourceVersion));
  await db.storage.create(`${P}ns1/d`, pod('ns1', 'd', { app: 'x' }));
  await db.storage.create('/registry/configmaps/ns1/other', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other', namespace: 'ns1' } });
  const second = await cached.list(`${P}ns1/`);
  assert.deepEqual(names(second.items), ['ns1/a', 'ns1/c', 'ns1/d'], 'a delete and a create committed before the list are seen');
  assert.equal(second.rev, await db.storage.currentRev(), "the list's revision is the log's, other resources' writes included");
  assert.deepEqual([db.calls.list, db.calls.changes], [1, 1], 'one read of the recent log, no load');
  assert.deepEqual(names((await cached.list(P, { filter: (o) => o.metadata.labels?.app === 'x' })).items), ['ns1/d']);
  db.done();
});

test('pages: limit gives a continue key and, unfiltered, how many remain', async () => {
  const db = await fresh();
  for (const n of ['a', 'b', 'c', 'd']) await db.storage.create(`${P}ns/${n}`, pod('ns', n));
  const cached = cachedLists(db.counted, 'c1', P);
  const page = await cached.list(`${P}ns/`, { limit: 3 });
  assert.deepEqual([names(page.items), page.lastKey, page.remaining], [['ns/a', 'ns/b', 'ns/c'], `${P}ns/c`, 1]);
  const filtered = await cached.list(`${P}ns/`, { limit: 1, filter: (o) => o.metadata.name !== 'a' });
  assert.deepEqual([names(filtered.items), filtered.lastKey, filtered.remaining], [['ns/b'], `${P}ns/b`, undefined]);
  assert.deepEqual(names((await cached.list(`${P}ns/`, { after: `${P}ns/b` })).items), ['ns/c', 'ns/d'], 'from the copy, after a key');
  assert.deepEqual(names((await cached.list(`${P}ns/c`)).items), ['ns/c'], 'a prefix that is a key');
  db.done();
});

test("a list at an older revision comes from the copy only while nothing under the resource changed since; else it is the database's", async () => {
  const db = await fresh();
  for (const n of ['a', 'b', 'c', 'd']) await db.storage.create(`${P}ns/${n}`, pod('ns', n));
  const cached = cachedLists(db.counted, 'c1', P);
  const first = await cached.list(`${P}ns/`, { limit: 2 });
  await db.storage.create('/registry/configmaps/ns/other', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other', namespace: 'ns' } });
  const lists = db.calls.list;
  const next = await cached.list(`${P}ns/`, { rev: first.rev, after: first.lastKey });
  assert.deepEqual([names(next.items), next.rev], [['ns/c', 'ns/d'], first.rev], "the next page at the first page's revision");
  assert.equal(db.calls.list, lists, "from the copy: another resource's write changes nothing here");

  const c = await db.storage.get(`${P}ns/c`);
  await db.storage.delete(`${P}ns/c`, Number(c!.metadata.resourceVersion));
  await db.storage.create(`${P}ns/e`, pod('ns', 'e'));
  const after = await cached.list(`${P}ns/`, { rev: first.rev, after: first.lastKey });
  assert.deepEqual([names(after.items), after.rev], [['ns/c', 'ns/d'], first.rev], 'the revision asked for, not the copy');
  assert.equal(db.calls.list, lists + 1, 'changed since: read from the log at that revision');
  const latest = await cached.list(`${P}ns/`);
  assert.deepEqual(names(latest.items), ['ns/a', 'ns/b', 'ns/d', 'ns/e']);
  const exact = await cached.list(`${P}ns/`, { rev: latest.rev });
  assert.deepEqual([names(exact.items), db.calls.list], [['ns/a', 'ns/b', 'ns/d', 'ns/e'], lists + 1], 'the latest revision again: the copy');

  forgetListCopies(); // another isolate: no copy held, and none loaded for a page
  assert.deepEqual(names((await cached.list(`${P}ns/`, { rev: latest.rev, after: `${P}ns/b` })).items), ['ns/d', 'ns/e']);
  assert.equal(db.calls.list, lists + 2);
  assert.deepEqual(names((await cached.list(`${P}ns/`, { rev: latest.rev })).items), ['ns/a', 'ns/b', 'ns/d', 'ns/e']);
  assert.equal(db.calls.list, lists + 3, 'still no copy: each page is a read of the database');
  db.done();
});

test('a list at a compacted revision is 410 Expired even where the copy still holds it', async () => {
  const db = await fresh();
  await db.storage.create(`${P}ns/a`, pod('ns', 'a'));
  const cached = cachedLists(db.counted, 'c1', P);
  const first = await cached.list(P);
  await db.storage.create('/registry/configmaps/ns/other', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other', namespace: 'ns' } });
  assert.ok((await cached.list(P)).rev > first.rev, 'the copy follows the log past the first revision');
  await new Promise((r) => setTimeout(r, 5));
  await db.storage.compact(Date.now());
  const lists = db.calls.list;
  await assert.rejects(cached.list(P, { rev: first.rev }), (e: { code?: number }) => e.code === 410);
  assert.equal(db.calls.list, lists + 1, "the database's answer");
  db.done();
});

test('clusters have copies of their own; a copy compacted past is loaded again', async () => {
  const db = await fresh();
  await db.storage.create(`${P}ns/a`, pod('ns', 'a'));
  const one = cachedLists(db.counted, 'one', P);
  const two = cachedLists(db.counted, 'two', P);
  await one.list(P);
  await two.list(P);
  assert.equal(db.calls.list, 2, 'each cluster loads its own');
  await db.storage.create(`${P}ns/b`, pod('ns', 'b'));
  await new Promise((r) => setTimeout(r, 5));
  await db.storage.compact(Date.now());
  await db.storage.create(`${P}ns/c`, pod('ns', 'c'));
  assert.deepEqual(names((await one.list(P)).items), ['ns/a', 'ns/b', 'ns/c']);
  assert.equal(db.calls.list, 3, 'the history it needed is gone: loaded whole');
  db.done();
});

test('a copy far behind the log (other resources written since) is loaded again, not caught up by walking every row since', async () => {
  const db = await fresh();
  await db.storage.create(`${P}ns/a`, pod('ns', 'a'));
  const cached = cachedLists(db.counted, 'c1', P);
  await cached.list(P);
  const behind = await db.storage.currentRev();
  for (let i = 0; i < 2_100; i++) await db.storage.create(`/registry/configmaps/ns/cm${i}`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm${i}`, namespace: 'ns' } });
  await db.storage.create(`${P}ns/b`, pod('ns', 'b'));
  // the storage refuses such a walk when asked to, judged by the revisions it has seen
  await assert.rejects(db.storage.changesAfter(behind, P, { scanAtMost: 2_000 }), (e: { code?: number }) => e.code === 410);
  assert.equal((await db.storage.changesAfter(behind, P, { scanAtMost: 3_000 })).events.length, 1);
  assert.deepEqual(names((await cached.list(P)).items), ['ns/a', 'ns/b']);
  assert.deepEqual([db.calls.list, db.calls.changes], [2, 1], 'refused, then loaded whole');
  await db.storage.create(`${P}ns/c`, pod('ns', 'c'));
  assert.deepEqual(names((await cached.list(P)).items), ['ns/a', 'ns/b', 'ns/c']);
  assert.deepEqual([db.calls.list, db.calls.changes], [2, 2], 'close behind again: caught up');
  db.done();
});

test("a cluster made again under its name (another uid) does not see its predecessor's copy", async () => {
  const db = await fresh();
  await db.storage.create(`${P}team/old`, pod('team', 'old'));
  assert.deepEqual(names((await cachedLists(db.counted, 'a', P, 'uid-1').list(P)).items), ['team/old']);
  await db.storage.purge(P);
  await db.storage.create(`${P}default/new`, pod('default', 'new'));
  assert.deepEqual(names((await cachedLists(db.counted, 'a', P, 'uid-2').list(P)).items), ['default/new']);
  db.done();
});

test('concurrent lists each read the log, but only the first to apply the new writes decodes them', async () => {
  const db = await fresh();
  await db.storage.create(`${P}ns/a`, pod('ns', 'a'));
  let decoded = 0;
  const reads: number[] = [];
  const counting: Storage = {
    ...db.storage,
    changesAfter: async (...a) => {
      const r = await db.storage.changesAfter(...a);
      reads.push(r.events.length);
      // counts the objects read (the log decodes each when it is first read)
      const events = r.events.map((e) => ({ rev: e.rev, key: e.key, type: e.type, prevRev: e.prevRev, get object() { return decoded++, e.object; } }));
      return { ...r, events };
    },
  };
  const cached = cachedLists(counting, 'c1', P);
  await cached.list(P); // loads the copy
  for (const n of ['b', 'c', 'd']) await db.storage.create(`${P}ns/${n}`, pod('ns', n));
  const lists = await Promise.all([1, 2, 3, 4].map(() => cached.list(P)));
  for (const l of lists) assert.deepEqual(names(l.items), ['ns/a', 'ns/b', 'ns/c', 'ns/d'], 'each list sees every write committed before it');
  assert.deepEqual(reads, [3, 3, 3, 3], 'each list read the log');
  assert.equal(decoded, 3, 'the three new pods decoded once in all');
  db.done();
});

test("a node's pods come from an index kept with the copy: bound, moved by a new pod of the same name, unbound by a delete", async () => {
  const db = await fresh();
  const bound = (ns: string, name: string, node?: string): KubeObject => ({ ...pod(ns, name), spec: node ? { nodeName: node } : {} });
  await db.storage.create(`${P}ns1/a`, bound('ns1', 'a', 'n1'));
  await db.storage.create(`${P}ns1/b`, bound('ns1', 'b'));
  await db.storage.create(`${P}ns2/c`, bound('ns2', 'c', 'n1'));
  const on = async (node: string, ns?: string) => names(await podsOnNode(db.counted, 'c1', '', node, ns)).sort();
  assert.deepEqual(await on('n1'), ['ns1/a', 'ns2/c'], 'built from the copy, every namespace');
  assert.deepEqual(await on('n1', 'ns1'), ['ns1/a'], 'one namespace');

  // the scheduler binds b; a is deleted and made again on n2; c goes
  const b = await db.storage.get(`${P}ns1/b`);
  await db.storage.update(`${P}ns1/b`, bound('ns1', 'b', 'n1'), Number(b!.metadata.resourceVersion));
  const a = await db.storage.get(`${P}ns1/a`);
  await db.storage.delete(`${P}ns1/a`, Number(a!.metadata.resourceVersion));
  await db.storage.create(`${P}ns1/a`, bound('ns1', 'a', 'n2'));
  const c = await db.storage.get(`${P}ns2/c`);
  await db.storage.delete(`${P}ns2/c`, Number(c!.metadata.resourceVersion));
  const calls = { ...db.calls };
  assert.deepEqual([await on('n1'), await on('n2'), await on('n3')], [['ns1/b'], ['ns1/a'], []]);
  assert.equal(db.calls.list, calls.list, 'caught up from the log, not loaded again');
  // the same answer as a filter over a list
  const listed = await cachedLists(db.counted, 'c1', P).list(P, { filter: (o) => (o.spec as { nodeName?: string }).nodeName === 'n1' });
  assert.deepEqual(names(listed.items), await on('n1'));
  db.done();
});

test("the Node authorizer's yes, and what never changes, may come from a copy caught up less than a second ago; a no is asked of the log", async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  const db = await fresh();
  const bound = (name: string): KubeObject => ({ ...pod('ns', name), spec: { nodeName: 'n1' } });
  const uses = (name: string) => (pods: KubeObject[]) => pods.some((p) => p.metadata.name === name);
  const on = async (grants?: (pods: KubeObject[]) => boolean) => names(await podsOnNode(db.counted, 'c1', '', 'n1', 'ns', grants && { grants })).sort();
  await db.storage.create(`${P}ns/a`, bound('a'));
  assert.deepEqual(await on(uses('a')), ['ns/a']);
  assert.deepEqual([db.calls.list, db.calls.changes], [1, 0], 'loaded');

  assert.deepEqual(await on(uses('a')), ['ns/a']);
  assert.deepEqual([db.calls.list, db.calls.changes], [1, 0], 'granted from the copy, no read');
  await db.storage.create(`${P}ns/b`, bound('b'));
  assert.deepEqual(await on(uses('b')), ['ns/a', 'ns/b'], 'a pod bound since: the copy says no, the log yes');
  assert.deepEqual([db.calls.list, db.calls.changes], [1, 1]);
  assert.deepEqual(await on(), ['ns/a', 'ns/b']);
  assert.equal(db.calls.changes, 2, 'asked without an answer to look for: as up to date as a list');

  assert.equal(recentlyHeld('c1', '', P, `${P}ns/b`)?.metadata.name, 'b', 'held, from a copy caught up just now');
  assert.equal(recentlyHeld('c1', '', P, `${P}ns/z`), undefined);
  assert.equal(recentlyHeld('c1', 'another-incarnation', P, `${P}ns/b`), undefined);

  t.mock.timers.tick(GRANT_FROM_COPY_MS);
  assert.equal(recentlyHeld('c1', '', P, `${P}ns/b`), undefined, 'a copy caught up a second ago holds nothing to rely on');
  assert.deepEqual(await on(uses('a')), ['ns/a', 'ns/b']);
  assert.equal(db.calls.changes, 3, 'a copy caught up a second ago grants nothing unread');
  db.done();
});

test("past half its second, a yes from the copy starts one catch-up in the background, and the copy stays recent", async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  const db = await fresh();
  const bound = (name: string): KubeObject => ({ ...pod('ns', name), spec: { nodeName: 'n1' } });
  const uses = (name: string) => (pods: KubeObject[]) => pods.some((p) => p.metadata.name === name);
  const started: Promise<unknown>[] = [];
  const on = async (name: string, background: ((p: Promise<unknown>) => void) | undefined = (p) => started.push(p)) =>
    names(await podsOnNode(db.counted, 'c1', '', 'n1', 'ns', { grants: uses(name), background })).sort();
  await db.storage.create(`${P}ns/a`, bound('a'));
  await on('a');
  assert.deepEqual([db.calls.list, db.calls.changes, started.length], [1, 0, 0], 'loaded; a fresh copy needs no catch-up');

  t.mock.timers.tick(GRANT_FROM_COPY_MS / 2);
  await db.storage.create(`${P}ns/b`, bound('b'));
  assert.deepEqual(await on('a'), ['ns/a'], 'answered from the copy as it is');
  assert.deepEqual(await on('a'), ['ns/a']);
  assert.deepEqual([db.calls.changes, started.length], [1, 1], 'one catch-up started, in the background, for both requests');
  assert.deepEqual(await on('a', undefined), ['ns/a'], 'a request without a background starts none');
  assert.equal(db.calls.changes, 1);
  await Promise.all(started);

  t.mock.timers.tick(GRANT_FROM_COPY_MS / 2);
  assert.deepEqual(await on('b'), ['ns/a', 'ns/b'], 'the pod written before the catch-up, granted from the copy a second after its load');
  assert.deepEqual([db.calls.changes, started.length], [2, 2], 'the only read: the next catch-up ahead, in the background');
  db.done();
});

test('a catch-up ahead of need that never ends is not waited for past a second', async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  const db = await fresh();
  let calls = 0;
  // the first catch-up hangs, as one whose request was cancelled; the others answer
  const storage: Storage = { ...db.storage, changesAfter: (...a) => (++calls === 1 ? new Promise(() => {}) : db.storage.changesAfter(...a)) };
  const started: Promise<unknown>[] = [];
  const on = () => podsOnNode(storage, 'c1', '', 'n1', 'ns', { grants: (pods) => pods.length > 0, background: (p) => started.push(p) });
  await db.storage.create(`${P}ns/a`, { ...pod('ns', 'a'), spec: { nodeName: 'n1' } });
  await on();
  t.mock.timers.tick(600);
  await on();
  assert.equal(calls, 1, 'claimed');
  t.mock.timers.tick(300);
  await cachedLists(storage, 'c1', P).list(P); // a list catches the copy up meanwhile
  assert.equal(calls, 2);
  t.mock.timers.tick(600);
  await on();
  assert.equal(calls, 2, 'the claim is 900 ms old: still waited for');
  t.mock.timers.tick(150);
  await on();
  assert.equal(calls, 3, 'past a second, another request claims it');
  db.done();
});
