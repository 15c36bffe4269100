/** The converting adapter over a real backend: events.k8s.io/v1 reads and writes of core events. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { KubeObject } from '../../../lib/api/meta.ts';
import coreEvents from '../registry/kinds/events.ts';
import eventsV1 from '../registry/kinds/events-k8s-io.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { storageKey, storagePrefix } from '../registry/index.ts';
import { convertingStorage } from './converting.ts';
import type { Storage } from './types.ts';
import { testDatabase, type TestDatabase } from './test-database.test-support.ts';

let db: TestDatabase;
let raw: Storage;
let v1: Storage;
const desc = eventsV1 as KindDescriptor;

before(async () => {
  db = await testDatabase('converting');
  raw = db.storage;
  v1 = convertingStorage(raw, desc, { storage: raw, cluster: 'c' });
});
after(() => db.close());

const coreEvent = (name: string, reason: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace: 'default' },
  involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
  reason,
  message: `${reason} happened`,
  source: { component: 'kubelet' },
  count: 1,
});

test('a kind without storedAs gets the storage itself', () => {
  assert.equal(convertingStorage(raw, coreEvents as KindDescriptor, { storage: raw, cluster: 'c' }), raw);
});

test('reads convert: get, list (selectors on the converted shape), events', async () => {
  const from = await raw.currentRev();
  const a = await raw.create(storageKey(coreEvents as KindDescriptor, 'default', 'a'), coreEvent('a', 'Pulled'));
  await raw.create(storageKey(coreEvents as KindDescriptor, 'default', 'b'), coreEvent('b', 'Started'));
  assert.ok(a.ok);

  const got = await v1.get(storageKey(desc, 'default', 'a'));
  assert.equal(got?.apiVersion, 'events.k8s.io/v1');
  assert.equal(got?.note, 'Pulled happened');
  assert.deepEqual(got?.regarding, { kind: 'Pod', name: 'web', namespace: 'default' });
  assert.equal(got?.metadata.resourceVersion, String(a.rev), 'resourceVersion passes through');

  const list = await v1.list(storagePrefix(desc, 'default'), { filter: (o) => desc.fieldSelectors!['reason'](o) === 'Started' && o.note === 'Started happened' });
  assert.deepEqual(list.items.map((o) => [o.metadata.name, o.apiVersion]), [['b', 'events.k8s.io/v1']]);

  const events = await v1.events(from, storagePrefix(desc));
  assert.deepEqual(events.map((e) => [e.type, e.object.metadata.name, e.object.note]), [['ADDED', 'a', 'Pulled happened'], ['ADDED', 'b', 'Started happened']]);
});

test('writes convert to the stored shape; results come back converted', async () => {
  const key = storageKey(desc, 'default', 'c');
  const created = await v1.create(key, { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'c', namespace: 'default' }, eventTime: '2025-01-01T11:00:00.000000Z', reportingController: 'example.com/ctl', reportingInstance: 'i', action: 'Sync', reason: 'Synced', regarding: { kind: 'Deployment', name: 'web' }, note: 'ok', type: 'Normal' });
  assert.ok(created.ok);
  assert.equal(created.object.reportingController, 'example.com/ctl');
  const stored = await raw.get(key);
  assert.equal(stored?.apiVersion, 'v1');
  assert.equal(stored?.reportingComponent, 'example.com/ctl');
  assert.equal(stored?.message, 'ok');
  assert.equal('note' in stored!, false);

  const updated = await v1.update(key, { ...created.object, note: 'again' }, created.rev);
  assert.ok(updated.ok);
  assert.equal((await raw.get(key))?.message, 'again');
  const conflict = await v1.update(key, { ...created.object, note: 'stale' }, created.rev);
  assert.equal(conflict.ok, false);
  assert.equal(!conflict.ok && conflict.current?.note, 'again', 'the current object of a failed write is converted too');

  const deleted = await v1.delete(key, updated.rev);
  assert.ok(deleted.ok);
  assert.equal(deleted.object.note, 'again');
  assert.equal(await raw.get(key), undefined);
  const [ev] = await v1.events(deleted.rev - 1, storagePrefix(desc));
  assert.equal(ev.type, 'DELETED');
  assert.equal(ev.object.apiVersion, 'events.k8s.io/v1');
});
