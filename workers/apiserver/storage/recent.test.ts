/** An update conditioned on a revision the isolate holds starts from it without a read, and the log still refuses it when the key moved on. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@libsql/client';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { byResource } from '../registry/index.ts';
import { StatusError } from '../../../lib/errors.ts';
import { getObjectAt, updateObject, type StoreContext } from '../rest/store.ts';
import { createStorage } from './index.ts';
import { RecentObjects } from './recent.ts';
import { ROOT_CLUSTER } from './scoped.ts';
import { testDatabase } from './test-database.test-support.ts';

let client: Client;
let close = () => {};
before(async () => ({ client, close } = await testDatabase('recent')));
after(() => close());

const v = (o?: KubeObject) => (o?.data as Record<string, string> | undefined)?.v;

/** An isolate of its own over the shared database, counting the reads by key it sends. */
function isolate() {
  const reads: string[] = [];
  const counted = new Proxy(client, {
    get(target, p) {
      const v = Reflect.get(target, p, target);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { sql?: string }).sql;
        if (p === 'execute' && sql?.includes('FROM objects WHERE key = ?')) reads.push(sql);
        return v.apply(target, args);
      };
    },
  });
  const storage = createStorage(counted);
  const ctx: StoreContext = {
    storage,
    cluster: ROOT_CLUSTER,
    user: { username: 'system:apiserver', groups: ['system:masters'] },
    manager: 'test',
    dryRun: false,
    now: () => new Date('2026-01-02T03:04:05Z'),
    afterCommit: () => {},
  };
  return { storage, ctx, reads };
}

test('the recent objects answer only for the revision they hold, and keep the newest keys', () => {
  const recent = new RecentObjects(2);
  recent.remember('/a', 5, 'a5');
  assert.equal(recent.at('/a', 5), 'a5');
  assert.equal(recent.at('/a', 4), undefined);
  recent.remember('/b', 6, 'b6');
  recent.remember('/a', 7, 'a7'); // /a is the newest again
  recent.remember('/c', 8, 'c8'); // past 2 keys: /b, the oldest, goes
  assert.deepEqual([recent.at('/a', 7), recent.at('/b', 6), recent.at('/c', 8)], ['a7', undefined, 'c8']);
  recent.forget('/a');
  assert.equal(recent.at('/a', 7), undefined);
});

test('storage: the revision an isolate wrote is read from its memory; another isolate having written since, the write is refused', async () => {
  const a = isolate();
  const b = isolate();
  const key = '/registry/configmaps/ns/held';
  const created = await a.storage.create(key, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'held', namespace: 'ns' }, data: { v: '1' } } as KubeObject);
  assert.ok(created.ok);
  const r1 = created.rev;
  const held = await a.storage.getAt(key, r1);
  assert.deepEqual(a.reads, [], 'no read: the isolate wrote that revision');
  assert.equal(v(held), '1');
  assert.equal(held?.metadata.resourceVersion, String(r1));

  const moved = await b.storage.update(key, { ...held!, data: { v: '2' } }, r1);
  assert.ok(moved.ok);
  // a's memory still answers for r1 (that revision's object never changes), and the log refuses a write on it
  assert.equal(v(await a.storage.getAt(key, r1)), '1');
  const refused = await a.storage.update(key, { ...held!, data: { v: '3' } }, r1);
  assert.equal(refused.ok, false);
  assert.equal(!refused.ok && refused.reason, 'conflict');
  // a revision it does not hold is read
  assert.equal(v(await a.storage.getAt(key, moved.rev)), '2');
  assert.equal(a.reads.length, 1, 'the refusal read the live object (for its message), which a then held');

  // deleted: forgotten, so a later getAt reads (and finds nothing)
  const deleted = await a.storage.delete(key, moved.rev);
  assert.ok(deleted.ok);
  assert.equal(await a.storage.getAt(key, moved.rev), undefined);
});

test('an update pinned to a revision starts from the isolate’s copy; stale, it is a conflict, even when it changes nothing', async () => {
  const a = isolate();
  const b = isolate();
  const desc = byResource('', 'v1', 'configmaps')!;
  const made = await a.storage.create('/registry/configmaps/ns/pinned', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'pinned', namespace: 'ns', uid: 'u1' }, data: { v: '1' } } as KubeObject);
  assert.ok(made.ok);
  const seen = made.object;
  const put = async (ctx: StoreContext, body: KubeObject) => updateObject(ctx, desc, await getObjectAt(ctx, desc, 'ns', 'pinned', body.metadata.resourceVersion!), body, { unconfirmed: true });

  const reads = a.reads.length;
  const v2 = await put(a.ctx, { ...seen, data: { v: '2' } });
  assert.equal(v(v2), '2');
  assert.equal(a.reads.length, reads, 'the version the client sent was the one a wrote: no read before the write');

  // b writes; a still holds v2 and is asked for it
  await put(b.ctx, { ...v2, data: { v: '3' } });
  const conflict = (e: unknown) => e instanceof StatusError && e.status.code === 409 && e.status.reason === 'Conflict';
  await assert.rejects(put(a.ctx, v2), conflict, 'a PUT of the stale version that changes nothing is a conflict, not the old object');
  await assert.rejects(put(a.ctx, { ...v2, data: { v: '4' } }), conflict, 'a PUT of the stale version is a conflict');
});
