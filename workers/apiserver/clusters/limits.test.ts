/** Per-cluster limits: objects, bytes, write rate; the root exempt; Kubernetes-style Status errors. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createClient, type Client } from '@libsql/client';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { toStatusError, type StatusError } from '../../../lib/errors.ts';
import { createStorage, migrate, type Storage } from '../storage/index.ts';
import { scopedStorage } from '../storage/scoped.ts';
import type { AppEnv } from '../context.ts';
import type { Env } from '../env.ts';
import { TokenBuckets } from '../request/fairshare.ts';
import { clusterLimits, clusterWriteLimiter, DEFAULT_CLUSTER_LIMITS, limitedStorage, UsageEstimates, type ClusterLimits } from './limits.ts';

const dir = mkdtempSync(join(tmpdir(), 'timonier-limits-'));
let client: Client;
let raw: Storage;
let reads = 0;

before(async () => {
  client = createClient({ url: `file:${join(dir, 'db.sqlite')}` });
  await migrate(client);
  const s = createStorage(client);
  raw = { ...s, usage: (p) => (reads++, s.usage(p)) };
});
after(() => {
  client?.close();
  rmSync(dir, { recursive: true, force: true });
});

const cm = (name: string, size = 10): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data: { v: 'x'.repeat(size) } });
const key = (name: string) => `/registry/configmaps/ns/${name}`;
const limits = (l: Partial<ClusterLimits>): ClusterLimits => ({ ...DEFAULT_CLUSTER_LIMITS, ...l });
const refused = async (p: Promise<unknown>): Promise<StatusError> => {
  try {
    await p;
  } catch (e) {
    return toStatusError(e);
  }
  assert.fail('expected a refusal');
};

test('the limits from env: defaults, overrides, 0 turns one off, nonsense falls back', () => {
  assert.deepEqual(clusterLimits({}), { maxObjects: 5000, maxBytes: 64 * 1024 * 1024, writeQps: 20, writeBurst: 100 });
  assert.deepEqual(clusterLimits({ CLUSTER_MAX_OBJECTS: '10', CLUSTER_MAX_BYTES: '0', CLUSTER_WRITE_QPS: '5', CLUSTER_WRITE_BURST: 'lots' }), { maxObjects: 10, maxBytes: 0, writeQps: 5, writeBurst: 100 });
});

test('objects: creates up to the limit pass, the next is 403 with a quota-like message; a delete frees a slot', async () => {
  let t = 0;
  const usage = new UsageEstimates(() => t);
  const alice = limitedStorage(scopedStorage(raw, 'alice'), 'alice', limits({ maxObjects: 3 }), usage);
  assert.ok((await scopedStorage(raw, 'alice').create(key('pre'), cm('pre'))).ok, 'one object before the limits saw it');
  reads = 0;
  assert.ok((await alice.create(key('a'), cm('a'))).ok);
  assert.ok((await alice.create(key('b'), cm('b'))).ok);
  const err = await refused(alice.create(key('c'), cm('c')));
  assert.equal(err.code, 403);
  assert.equal(err.status.reason, 'Forbidden');
  assert.equal(err.status.message, 'configmaps "c" is forbidden: cluster "alice" has reached its limit of 3 objects');
  assert.deepEqual(err.status.details, { name: 'c', kind: 'configmaps' });
  assert.equal(await scopedStorage(raw, 'alice').get(key('c')), undefined, 'nothing written');
  assert.equal(reads, 1, 'one count for all of these creates: no query per write');

  const b = (await alice.get(key('b')))!;
  assert.ok((await alice.delete(key('b'), Number(b.metadata.resourceVersion))).ok);
  assert.ok((await alice.create(key('c'), cm('c'))).ok, 'the deletion freed one');
  assert.equal(reads, 1);
  assert.equal((await refused(alice.create(key('d'), cm('d')))).code, 403);
});

test("another isolate's creates are seen at the next refresh; an idle cluster is never read", async () => {
  let t = 0;
  const usage = new UsageEstimates(() => t, 2000);
  const bob = limitedStorage(scopedStorage(raw, 'bob'), 'bob', limits({ maxObjects: 2 }), usage);
  reads = 0;
  assert.ok((await bob.create(key('a'), cm('a'))).ok);
  assert.ok((await scopedStorage(raw, 'bob').create(key('elsewhere'), cm('elsewhere'))).ok, 'written by another isolate');
  t += 2500;
  assert.equal((await refused(bob.create(key('b'), cm('b')))).code, 403);
  assert.equal(reads, 2);
  t += 60_000;
  assert.equal(reads, 2, 'no write, no read');
  assert.equal(usage.size, 1, 'one estimate per cluster that wrote');
});

test('bytes: a create that would pass the byte limit is 403 and says how much', async () => {
  const usage = new UsageEstimates(() => 0);
  const carol = limitedStorage(scopedStorage(raw, 'carol'), 'carol', limits({ maxBytes: 1000 }), usage);
  assert.ok((await carol.create(key('small'), cm('small', 100))).ok);
  const err = await refused(carol.create(key('big'), cm('big', 900)));
  assert.equal(err.code, 403);
  assert.match(err.status.message!, /^configmaps "big" is forbidden: cluster "carol" has reached its limit of 1000 bytes of objects \(using \d+, this object needs \d+\)$/);
});

test('the root cluster has no limit; a batch create (system objects) is never refused but is counted', async () => {
  const usage = new UsageEstimates(() => 0);
  const root = limitedStorage(raw, 'default', limits({ maxObjects: 1 }), usage);
  assert.equal(root, raw);
  const dave = limitedStorage(scopedStorage(raw, 'dave'), 'dave', limits({ maxObjects: 2 }), usage);
  assert.ok((await dave.create(key('first'), cm('first'))).ok);
  assert.ok((await dave.createMany([{ key: key('s1'), object: cm('s1') }, { key: key('s2'), object: cm('s2') }])).ok);
  assert.equal((await refused(dave.create(key('x'), cm('x')))).code, 403);
  assert.equal(limitedStorage(scopedStorage(raw, 'dave'), 'dave', limits({ maxObjects: 2 }), usage), dave, 'one wrapper per view');
});

function appWith(buckets: TokenBuckets, env: Partial<Env>) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('cluster', c.req.header('x-cluster') ?? 'default');
    c.set('user', c.req.header('x-user') === 'masters' ? { username: 'admin', groups: ['system:masters'] } : { username: 'alice', groups: ['system:authenticated'] });
    const write = c.req.method !== 'GET';
    c.set('info', { isResourceRequest: true, verb: write ? 'create' : 'get', path: c.req.path } as never);
    await next();
  });
  app.use('*', clusterWriteLimiter(buckets));
  app.all('*', (c) => c.text('ok'));
  app.onError((e, c) => {
    const s = toStatusError(e);
    return c.json(s.status, s.code as 429, s.status.details?.retryAfterSeconds ? { 'Retry-After': String(s.status.details.retryAfterSeconds) } : {});
  });
  return (method: string, cluster: string, user = 'alice') => app.request('/api/v1/namespaces/ns/configmaps', { method, headers: { 'x-cluster': cluster, 'x-user': user } }, env as Env);
}

test('write rate: a burst, then 429 TooManyRequests with Retry-After; reads, the root, other clusters and components go on', async () => {
  let t = 0;
  const send = appWith(new TokenBuckets(() => t), { CLUSTER_WRITE_QPS: '2', CLUSTER_WRITE_BURST: '3' });
  for (let i = 0; i < 3; i++) assert.equal((await send('POST', 'alice')).status, 200);
  const r = await send('POST', 'alice');
  assert.equal(r.status, 429);
  assert.equal(r.headers.get('Retry-After'), '1');
  const body = (await r.json()) as { reason: string; message: string; code: number };
  assert.equal(body.reason, 'TooManyRequests');
  assert.equal(body.code, 429);
  assert.equal(body.message, 'cluster "alice" has reached its limit of 2 writes per second, please try again later');
  assert.equal((await send('GET', 'alice')).status, 200, 'reads are not writes');
  assert.equal((await send('POST', 'bob')).status, 200, 'another cluster has its own bucket');
  for (let i = 0; i < 10; i++) assert.equal((await send('POST', 'default')).status, 200, 'the root has no limit');
  assert.equal((await send('POST', 'alice', 'masters')).status, 200, 'exempt identities (APF exempt)');
  t += 500;
  assert.equal((await send('POST', 'alice')).status, 200, 'refilled at 2/s');
  assert.equal((await send('POST', 'alice')).status, 429);
});
