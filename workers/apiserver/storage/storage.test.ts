/**
 * One storage suite, run against every backend: the node client on a file, and the web client
 * (what the workers use) over HTTP against the local Hrana server.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createClient, type Client } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { startHranaServer } from '../../../local/hrana-server.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { StatusError } from '../../../lib/errors.ts';
import { backend } from './backend.ts';
import { COMPACT_POINT, sqlDialect, type DialectOptions } from './dialect.ts';
import { hranaCalls } from './hrana-pipeline.ts';
import { createStorage, migrate } from './index.ts';
import { eventLog } from './log.ts';
import type { Storage } from './types.ts';

interface Db {
  client: Client;
  options?: DialectOptions;
  close(): Promise<void>;
}

const dir = mkdtempSync(join(tmpdir(), 'timonier-storage-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshFile = () => join(dir, `db${++files}.sqlite`);

const backends: Record<string, () => Promise<Db>> = {
  'node client on a file': async () => {
    const client = createClient({ url: `file:${freshFile()}` });
    return { client, close: async () => client.close() };
  },
  'web client over the Hrana server': async () => {
    const server = await startHranaServer({ file: freshFile(), authToken: 'secret' });
    const client = createWebClient({ url: server.url, authToken: 'secret' });
    return {
      client,
      close: async () => {
        client.close();
        await server.close();
      },
    };
  },
  // what the workers use (connect.ts): the client, and its writes, gets, lists and log reads as pipelines of their own
  'web client and the storage pipelines over the Hrana server': async () => {
    const server = await startHranaServer({ file: freshFile(), authToken: 'secret' });
    const client = createWebClient({ url: server.url, authToken: 'secret' });
    return {
      client,
      options: hranaCalls(server.url, 'secret'),
      close: async () => {
        client.close();
        await server.close();
      },
    };
  },
};

const PREFIX = '/registry/configmaps/ns/';
const key = (name: string) => PREFIX + name;
const cm = (name: string, data: Record<string, string> = {}, labels?: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns', ...(labels ? { labels } : {}) },
  data,
});
const names = (items: KubeObject[]) => items.map((o) => o.metadata.name);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function mustCreate(s: Storage, name: string, data: Record<string, string> = {}, labels?: Record<string, string>) {
  const res = await s.create(key(name), cm(name, data, labels));
  assert.ok(res.ok, `create ${name}`);
  return res.rev;
}

async function rejectsWith(p: Promise<unknown>, code: number, message: RegExp) {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof StatusError);
    assert.equal(err.code, code);
    assert.match(err.message, message);
    return true;
  });
}

for (const [name, open] of Object.entries(backends)) {
  describe(`storage: ${name}`, () => {
    let db: Db;
    let s: Storage;
    // a fresh database per test: revisions are predictable
    const fresh = async () => {
      await db?.close();
      db = await open();
      await migrate(db.client);
      s = createStorage(db.client, db.options);
    };
    after(() => db?.close());

    it('migrate is idempotent, also when two run at once', async () => {
      db = await open();
      const [a, b] = await Promise.all([migrate(db.client), migrate(db.client)]);
      assert.equal(a.length + b.length, 2, 'each migration applied exactly once');
      assert.deepEqual(await migrate(db.client), []);
      s = createStorage(db.client, db.options);
      assert.equal(await s.currentRev(), 0);
      assert.equal(await s.compactedRev(), 0);
    });

    it('createMany writes every object at consecutive revisions, or none when one exists', async () => {
      await fresh();
      const made = await s.createMany([key('m1'), key('m2'), key('m3')].map((k, i) => ({ key: k, object: cm(`m${i + 1}`) })));
      assert.ok(made.ok);
      assert.deepEqual(made.objects.map((o) => o.metadata.resourceVersion), ['1', '2', '3']);
      assert.equal(made.rev, 3);
      const refused = await s.createMany([{ key: key('m4'), object: cm('m4') }, { key: key('m2'), object: cm('m2') }]);
      assert.deepEqual(refused, { ok: false, reason: 'exists', key: key('m2') });
      assert.equal(await s.get(key('m4')), undefined, 'the row before the refusal was rolled back');
      assert.equal(await s.currentRev(), 3);
    });

    it('purge removes every object and log row under a prefix, and says how many objects; usage counts what a prefix holds', async () => {
      await fresh();
      const other = '/clusters/b/registry/configmaps/ns/';
      for (const p of [PREFIX, other]) for (const n of ['a', 'b']) assert.ok((await s.create(p + n, cm(n, { x: n }))).ok);
      assert.ok((await s.update(key('a'), cm('a', { x: 'again' }), 1)).ok);
      const before = await s.usage(PREFIX);
      assert.equal(before.objects, 2);
      assert.ok(before.bytes > 0);
      assert.equal(await s.purge(PREFIX), 2);
      assert.deepEqual(await s.usage(PREFIX), { objects: 0, bytes: 0 });
      assert.deepEqual(await s.events(0, PREFIX), [], 'no log row is left');
      assert.equal((await s.list(other)).items.length, 2, 'another prefix is untouched');
      assert.equal((await s.events(0, other)).length, 2);
    });

    it('create, get, update, delete carry revisions', async () => {
      await fresh();
      const created = await s.create(key('a'), { ...cm('a', { x: '1' }), metadata: { name: 'a', resourceVersion: '999' } });
      assert.ok(created.ok);
      assert.equal(created.rev, 1);
      assert.equal(created.object.metadata.resourceVersion, '1');
      assert.equal((await s.get(key('a')))?.metadata.resourceVersion, '1', 'a stored resourceVersion is never read back');

      const updated = await s.update(key('a'), cm('a', { x: '2' }), 1);
      assert.ok(updated.ok);
      assert.equal(updated.rev, 2);
      const got = await s.get(key('a'));
      assert.deepEqual(got?.data, { x: '2' });
      assert.equal(got?.metadata.resourceVersion, '2');

      const deleted = await s.delete(key('a'), 2);
      assert.ok(deleted.ok);
      assert.equal(deleted.rev, 3);
      assert.deepEqual(deleted.object.data, { x: '2' }, 'a delete returns the last state');
      assert.equal(deleted.object.metadata.resourceVersion, '3');
      assert.equal(await s.get(key('a')), undefined);
      assert.equal(await s.currentRev(), 3);

      const again = await s.create(key('a'), cm('a'));
      assert.ok(again.ok && again.rev === 4, 'a deleted key can be created again');
    });

    it('failed preconditions are results that write nothing', async () => {
      await fresh();
      await mustCreate(s, 'a', { x: '1' });

      const exists = await s.create(key('a'), cm('a'));
      assert.deepEqual({ ...exists, current: undefined }, { ok: false, reason: 'exists', current: undefined });
      assert.equal(!exists.ok && exists.current?.metadata.resourceVersion, '1');

      const conflict = await s.update(key('a'), cm('a'), 7);
      assert.ok(!conflict.ok && conflict.reason === 'conflict');
      assert.deepEqual(conflict.current?.data, { x: '1' });

      const delConflict = await s.delete(key('a'), 7);
      assert.ok(!delConflict.ok && delConflict.reason === 'conflict');

      const missing = await s.update(key('b'), cm('b'), 1);
      assert.deepEqual(missing, { ok: false, reason: 'not-found' });
      assert.deepEqual(await s.delete(key('b'), 1), { ok: false, reason: 'not-found' });

      assert.equal(await s.currentRev(), 1, 'no revision was used by a refused write');
      assert.equal((await s.events(0, PREFIX)).length, 1);
      await assert.rejects(s.update(key('a'), cm('a'), 0), /needs the revision/);
    });

    it('of concurrent writes with the same expected revision exactly one wins', async () => {
      await fresh();
      await mustCreate(s, 'a');
      const updates = await Promise.all(Array.from({ length: 16 }, (_, i) => s.update(key('a'), cm('a', { i: String(i) }), 1)));
      assert.equal(updates.filter((r) => r.ok).length, 1);
      assert.ok(updates.every((r) => r.ok || r.reason === 'conflict'));
      const creates = await Promise.all(Array.from({ length: 8 }, () => s.create(key('b'), cm('b'))));
      assert.equal(creates.filter((r) => r.ok).length, 1);
      assert.equal(await s.currentRev(), 3);
    });

    it('lists at the current revision and at a past one', async () => {
      await fresh();
      await mustCreate(s, 'a', { v: '1' });
      await mustCreate(s, 'b');
      const r = await mustCreate(s, 'c');
      await mustCreate(s, 'a-other-prefix-sibling'); // rev 4, sorts between a and b
      assert.ok((await s.delete(key('b'), 2)).ok);
      assert.ok((await s.update(key('a'), cm('a', { v: '2' }), 1)).ok);
      await s.create('/registry/configmaps/ns2/x', cm('x')); // outside the prefix

      const now = await s.list(PREFIX);
      assert.equal(now.rev, 7);
      assert.deepEqual(names(now.items), ['a', 'a-other-prefix-sibling', 'c']);
      assert.deepEqual(now.items[0].data, { v: '2' });
      assert.equal(now.items[0].metadata.resourceVersion, '6');
      assert.equal(now.lastKey, undefined);

      const past = await s.list(PREFIX, { rev: r });
      assert.equal(past.rev, r);
      assert.deepEqual(names(past.items), ['a', 'b', 'c'], 'created later: invisible; deleted later: visible');
      assert.deepEqual(past.items[0].data, { v: '1' });
      assert.deepEqual(past.items.map((o) => o.metadata.resourceVersion), ['1', '2', '3']);

      assert.deepEqual(names((await s.list(PREFIX, { rev: 1 })).items), ['a']);
      assert.deepEqual(names((await s.list(PREFIX, { rev: 7 })).items), names(now.items), 'rev = current reads the same');
      assert.deepEqual(names((await s.list(PREFIX, { rev: 0 })).items), names(now.items), 'rev 0 means the latest');
      await rejectsWith(s.list(PREFIX, { rev: 8 }), 504, /Too large resource version: 8, current: 7/);
    });

    it('pages with after and limit see no object twice while writes happen between pages', async () => {
      await fresh();
      for (let i = 0; i < 10; i++) await mustCreate(s, `cm${i}`);
      const first = await s.list(PREFIX, { limit: 4 });
      assert.deepEqual(names(first.items), ['cm0', 'cm1', 'cm2', 'cm3']);
      assert.equal(first.lastKey, key('cm3'));
      assert.equal(first.remaining, 6);

      // writes between pages: a new key inside the rest of the range, a deletion, an update
      await mustCreate(s, 'cm45');
      assert.ok((await s.delete(key('cm5'), 6)).ok);
      assert.ok((await s.update(key('cm6'), cm('cm6', { changed: 'yes' }), 7)).ok);
      assert.ok((await s.update(key('cm1'), cm('cm1', { changed: 'yes' }), 2)).ok);

      const seen = [...names(first.items)];
      let page = first;
      const remainders: (number | undefined)[] = [first.remaining];
      while (page.lastKey) {
        page = await s.list(PREFIX, { rev: first.rev, after: page.lastKey, limit: 4 });
        assert.equal(page.rev, first.rev);
        seen.push(...names(page.items));
        remainders.push(page.remaining);
        for (const o of page.items) assert.equal(o.data && Object.keys(o.data).length, 0, 'the state at the first page');
      }
      assert.deepEqual(seen, Array.from({ length: 10 }, (_, i) => `cm${i}`));
      assert.deepEqual(remainders, [6, 2, undefined]);

      const latest = await s.list(PREFIX, { after: key('cm3'), limit: 100 });
      assert.deepEqual(names(latest.items), ['cm4', 'cm45', 'cm6', 'cm7', 'cm8', 'cm9']);
      assert.equal(latest.lastKey, undefined);
    });

    it('applies the filter before the limit, reading in chunks at one revision', async () => {
      await fresh();
      for (let i = 0; i < 12; i++) await mustCreate(s, `cm${String(i).padStart(2, '0')}`, {}, { even: String(i % 2 === 0) });
      const even = (o: KubeObject) => o.metadata.labels?.even === 'true';
      const chunked = backend(eventLog(sqlDialect(db.client, db.options)), { filterChunk: 3 });

      for (const store of [s, chunked]) {
        const first = await store.list(PREFIX, { filter: even, limit: 2 });
        assert.deepEqual(names(first.items), ['cm00', 'cm02']);
        assert.equal(first.remaining, undefined, 'no remaining count with a filter');
        assert.ok(first.lastKey);
        await mustCreate(store, 'cm03a', {}, { even: 'true' }); // after the revision of the first page

        const seen = names(first.items);
        let page = first;
        while (page.lastKey) {
          page = await store.list(PREFIX, { filter: even, limit: 2, after: page.lastKey, rev: first.rev });
          seen.push(...names(page.items));
        }
        assert.deepEqual(seen, ['cm00', 'cm02', 'cm04', 'cm06', 'cm08', 'cm10']);
        assert.ok((await store.delete(key('cm03a'), (await store.currentRev()))).ok);
      }

      const all = await chunked.list(PREFIX, { filter: even });
      assert.equal(all.items.length, 6);
      assert.equal(all.lastKey, undefined);
      const none = await chunked.list(PREFIX, { filter: () => false, limit: 1 });
      assert.deepEqual(none.items, []);
      assert.equal(none.lastKey, undefined);
    });

    it('events after a revision come in order, with the previous object when asked for', async () => {
      await fresh();
      await mustCreate(s, 'a', { v: '1' });
      await s.create('/registry/secrets/ns/a', cm('a'));
      assert.ok((await s.update(key('a'), cm('a', { v: '2' }), 1)).ok);
      assert.ok((await s.delete(key('a'), 3)).ok);

      const events = await s.events(0, PREFIX, { previous: true });
      assert.deepEqual(events.map((e) => [e.rev, e.type, e.prevRev]), [[1, 'ADDED', 0], [3, 'MODIFIED', 1], [4, 'DELETED', 3]]);
      assert.equal(events[0].prevObject, undefined);
      assert.deepEqual(events[1].prevObject?.data, { v: '1' });
      assert.equal(events[1].prevObject?.metadata.resourceVersion, '1');
      assert.deepEqual(events[1].object.data, { v: '2' });
      assert.equal(events[2].object.metadata.resourceVersion, '4');
      assert.deepEqual(events[2].object.data, { v: '2' }, 'a deletion records the last state');

      const plain = await s.events(0, PREFIX);
      assert.deepEqual(plain.map((e) => [e.rev, e.prevObject]), [[1, undefined], [3, undefined], [4, undefined]], 'no previous objects unless asked for');
      assert.deepEqual(plain.map((e) => e.object), events.map((e) => e.object));

      assert.deepEqual((await s.events(1, PREFIX, { limit: 1 })).map((e) => e.rev), [3]);

      // an event's objects are decoded when first read, once
      const parse = JSON.parse;
      let decoded = 0;
      JSON.parse = (text: string, ...rest: never[]) => (text.startsWith('{"apiVersion"') && decoded++, parse(text, ...rest));
      try {
        const lazy = await s.events(0, PREFIX, { previous: true });
        assert.equal(decoded, 0, 'nothing decoded by the read');
        assert.deepEqual([lazy[1].object.data, lazy[1].object.data, lazy[1].prevObject?.data], [{ v: '2' }, { v: '2' }, { v: '1' }]);
        assert.equal(decoded, 2);
      } finally {
        JSON.parse = parse;
      }
      assert.deepEqual((await s.events(0, '/registry/')).map((e) => e.rev), [1, 2, 3, 4]);
      assert.deepEqual(await s.events(4, PREFIX), []);
    });

    for (const step of [undefined, 2]) it(`compaction keeps reads at or after the compacted revision exact and expires older ones${step ? ', in steps of 2 revisions' : ''}`, async () => {
      await fresh();
      if (step) s = createStorage(db.client, { ...db.options, step });
      await mustCreate(s, 'a', { v: '1' }); // 1
      await mustCreate(s, 'b'); // 2
      assert.ok((await s.update(key('a'), cm('a', { v: '2' }), 1)).ok); // 3
      await mustCreate(s, 'gone'); // 4
      assert.ok((await s.delete(key('gone'), 4)).ok); // 5
      await mustCreate(s, 'c'); // 6
      const c = 6;
      const atC = await s.list(PREFIX, { rev: c });
      await sleep(5);
      const cutoff = Date.now();
      await sleep(5);
      assert.ok((await s.update(key('a'), cm('a', { v: '3' }), 3)).ok); // 7
      assert.ok((await s.delete(key('b'), 2)).ok); // 8
      const eventsAfterC = await s.events(c, PREFIX);

      assert.equal(await s.compact(cutoff), c);
      assert.equal(await s.compactedRev(), c);
      assert.deepEqual(await s.list(PREFIX, { rev: c }), atC);
      assert.deepEqual(names((await s.list(PREFIX, { rev: 7 })).items), ['a', 'b', 'c']);
      assert.deepEqual(names((await s.list(PREFIX)).items), ['a', 'c']);
      assert.deepEqual(await s.events(c, PREFIX), eventsAfterC);
      await rejectsWith(s.list(PREFIX, { rev: c - 1 }), 410, /^The resourceVersion for the provided list is too old\.$/);
      await rejectsWith(s.events(c - 1, PREFIX), 410, new RegExp(`^too old resource version: ${c - 1} \\(${c}\\)$`));

      // only the latest row of each key at C is left at or below C, and no deletion
      const rows = await db.client.execute({ sql: 'SELECT rev FROM log WHERE rev <= ? ORDER BY rev', args: [c] });
      assert.deepEqual(rows.rows.map((r) => Number(r[0])), [2, 3, 6]);
      assert.equal(await s.compact(cutoff), c, 'compacting again at the same point changes nothing');
    });

    it('tells the segments written after a revision, with their writes and creates, walked in steps or at once', async () => {
      await fresh();
      const at = (segment: string, name: string) => `/seg/${segment}/${name}`;
      assert.ok((await s.create(at('alice', 'a'), cm('a'))).ok); // 1
      assert.ok((await s.create(at('alice', 'b'), cm('b'))).ok); // 2
      assert.ok((await s.update(at('alice', 'b'), cm('b', { v: '2' }), 2)).ok); // 3
      assert.ok((await s.create(at('bob', 'a'), cm('a'))).ok); // 4
      assert.ok((await s.create('/other/x', cm('x'))).ok); // 5
      for (const store of [s, createStorage(db.client, { ...db.options, step: 2 })]) {
        const { current, segments } = await store.segmentsWrittenAfter(1, '/seg/');
        assert.equal(current, 5);
        assert.deepEqual(segments.sort((x, y) => x.name.localeCompare(y.name)), [
          { name: 'alice', writes: 2, creates: 1 },
          { name: 'bob', writes: 1, creates: 1 },
        ]);
        assert.deepEqual((await store.segmentsWrittenAfter(5, '/seg/')).segments, []);
      }
    });

    it('the compaction point is searched from the last one by revision, a step at most, not scanned back from the newest row', async () => {
      const plan = await db.client.execute({ sql: `EXPLAIN QUERY PLAN ${COMPACT_POINT}`, args: [0, 10] });
      const details = plan.rows.map((r) => String(r[r.length - 1]));
      assert.ok(details.includes('SEARCH log USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)'), details.join('\n'));
      assert.ok(!details.some((d) => d.startsWith('SCAN log')), details.join('\n'));
    });

    it('the current revision survives compaction of the newest rows', async () => {
      await fresh();
      await mustCreate(s, 'a');
      assert.ok((await s.delete(key('a'), 1)).ok);
      await sleep(2);
      assert.equal(await s.compact(Date.now() + 1), 2);
      const rows = await db.client.execute('SELECT count(*) FROM log');
      assert.equal(Number(rows.rows[0][0]), 0);
      assert.equal(await s.currentRev(), 2);
      assert.deepEqual(await s.list(PREFIX), { items: [], rev: 2 });
      assert.equal(await mustCreate(s, 'a'), 3, 'a revision is never reused');
    });
  });
}

describe('storage: a fresh, unmigrated database', () => {
  let db: Db;
  before(async () => {
    db = await backends['node client on a file']();
  });
  after(() => db.close());
  it('fails loudly rather than answering from nothing', async () => {
    await assert.rejects(createStorage(db.client).get(key('a')), /no such table/);
  });
});
