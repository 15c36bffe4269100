import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubeObject } from '../../lib/api/meta.ts';
import type { ChangeMessage, Env } from './env.ts';
import { expireEvents, lastSeen } from './events-ttl.ts';
import { testDatabase } from './storage/test-database.test-support.ts';


const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const event = (name: string, fields: Record<string, unknown>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace: 'ns', creationTimestamp: ago(10) },
  involvedObject: { kind: 'Pod', namespace: 'ns', name: 'p' },
  reason: 'Scheduled',
  ...fields,
});

function fakeEnv(ttl?: string) {
  const sent: ChangeMessage[] = [];
  const pokes: string[] = [];
  const env = {
    EVENT_TTL_SECONDS: ttl,
    WATCH_HUB: { idFromName: (n: string) => n, get: (n: string) => ({ poke: async () => void pokes.push(n) }) },
    CHANGES: { send: async (m: ChangeMessage | ChangeMessage[]) => void sent.push(...[m].flat()) }, // the store sends changes as arrays
  } as unknown as Env;
  return { env, sent, pokes };
}

test('lastSeen: series, then lastTimestamp, then eventTime, then creation', () => {
  const e = (f: Record<string, unknown>) => event('x', f) as never;
  assert.equal(lastSeen(e({ series: { lastObservedTime: '2026-01-01T00:00:03.000000Z' }, lastTimestamp: '2026-01-01T00:00:02Z' })), Date.parse('2026-01-01T00:00:03Z'));
  assert.equal(lastSeen(e({ lastTimestamp: '2026-01-01T00:00:02Z', eventTime: '2026-01-01T00:00:01.000000Z' })), Date.parse('2026-01-01T00:00:02Z'));
  assert.equal(lastSeen(e({ eventTime: '2026-01-01T00:00:01.000000Z' })), Date.parse('2026-01-01T00:00:01Z'));
  assert.equal(lastSeen({ metadata: { creationTimestamp: '2026-01-01T00:00:00Z' } } as never), Date.parse('2026-01-01T00:00:00Z'));
});

test('events older than the TTL are deleted through the store (watchers hear of it; no controller acts on Events)', async () => {
  const db = await testDatabase('events-ttl');
  const { storage } = db;
  await storage.create('/registry/events/ns/old', event('old', { lastTimestamp: ago(2 * 3600), count: 3 }));
  await storage.create('/registry/events/ns/old-but-repeated', event('old-but-repeated', { firstTimestamp: ago(3 * 3600), lastTimestamp: ago(60) }));
  await storage.create('/registry/events/ns/new-api', event('new-api', { eventTime: ago(3601), series: { count: 2, lastObservedTime: ago(3700) } }));
  await storage.create('/registry/events/ns/recent', event('recent', { lastTimestamp: ago(5) }));
  await storage.create('/registry/configmaps/ns/old', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old', namespace: 'ns', creationTimestamp: ago(9999) } });

  const { env, sent, pokes } = fakeEnv();
  assert.equal(await expireEvents(env, storage, 'default', () => {}), 2);
  const left = (await storage.list('/registry/events/')).items.map((e) => e.metadata.name);
  assert.deepEqual(left, ['old-but-repeated', 'recent']);
  assert.ok(await storage.get('/registry/configmaps/ns/old'));
  assert.ok(pokes.length >= 2, 'the events\' watch hubs are told of each deletion');
  assert.deepEqual(sent, []);

  // a shorter TTL takes the others too
  assert.equal(await expireEvents(fakeEnv('30').env, storage, 'default', () => {}), 1);
  assert.deepEqual((await storage.list('/registry/events/')).items.map((e) => e.metadata.name), ['recent']);
  db.close();
});
