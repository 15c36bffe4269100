import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Env } from '../env.ts';
import type { UserInfo } from '../auth/authn.ts';
import { requestInfo } from './info.ts';
import { admit, fairShareLimiter, fairShareLimits, isCounted, isExempt, REJECTION_TEXT, TokenBuckets, type FairShareLimits } from './fairshare.ts';

const student: UserInfo = { username: 'alice', groups: ['eleves', 'system:authenticated'] };
const info = (path: string, method = 'GET') => requestInfo(method, new URL(path, 'https://x'));
const limits: FairShareLimits = { qps: 2, burst: 3 };

function clock() {
  let ms = 1_000_000;
  return { now: () => ms, advance: (s: number) => (ms += s * 1000) };
}

test('an identity gets its burst, then waits for tokens at qps; Retry-After is the whole seconds to the next one', () => {
  const t = clock();
  const b = new TokenBuckets(t.now);
  assert.deepEqual([1, 2, 3].map(() => b.take('alice', limits)), [0, 0, 0]);
  assert.equal(b.take('alice', limits), 1, '0.5 s to the next token at 2/s: Retry-After 1');
  t.advance(0.5);
  assert.equal(b.take('alice', limits), 0, 'a token came back');
  assert.equal(b.take('alice', limits), 1);
  t.advance(10);
  assert.deepEqual([1, 2, 3, 4].map(() => b.take('alice', limits)), [0, 0, 0, 1], 'refilled up to the burst, not beyond');
  const slow = new TokenBuckets(t.now);
  slow.take('x', { qps: 0.1, burst: 1 });
  assert.equal(slow.take('x', { qps: 0.1, burst: 1 }), 10, 'at 0.1/s the next token is 10 s away');
});

test('refused requests cost nothing: a loop that ignores Retry-After still gets qps', () => {
  const t = clock();
  const b = new TokenBuckets(t.now);
  let admitted = 0;
  for (let i = 0; i < 1000; i++) {
    if (b.take('loop', limits) === 0) admitted++;
    t.advance(0.01); // 100 requests a second for 10 s
  }
  assert.ok(admitted >= 3 + 19 && admitted <= 3 + 21, `burst + ~20 at 2/s, got ${admitted}`);
});

test('identities and clusters have buckets of their own', () => {
  const t = clock();
  const b = new TokenBuckets(t.now);
  const s = (user: UserInfo, cluster = 'default') => ({ cluster, user, info: info('/api/v1/namespaces/a/pods') });
  for (let i = 0; i < 3; i++) admit(b, limits, s(student));
  assert.ok(admit(b, limits, s(student)) > 0, 'alice is over her share');
  assert.equal(admit(b, limits, s({ username: 'bob', groups: ['system:authenticated'] })), 0, 'bob is not');
  assert.equal(admit(b, limits, s(student, 'other')), 0, "alice in another cluster is someone else's bucket");
});

test('system components are exempt, as APF exempts or favours them', () => {
  const exempt = [
    { username: 'admin', groups: ['system:masters', 'system:authenticated'] },
    { username: 'system:node:n1', groups: ['system:nodes', 'system:authenticated'] },
    { username: 'system:kube-scheduler', groups: ['system:authenticated'] },
    { username: 'system:kube-controller-manager', groups: ['system:authenticated'] },
    { username: 'system:apiserver', groups: ['system:authenticated'] },
    { username: 'system:serviceaccount:kube-system:replicaset-controller', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] },
    { username: 'system:serviceaccount:kube-system:gc', groups: [] },
  ];
  for (const u of exempt) assert.equal(isExempt(u), true, u.username);
  const counted = [
    student,
    { username: 'system:anonymous', groups: ['system:unauthenticated'] },
    { username: 'system:serviceaccount:alice:default', groups: ['system:serviceaccounts', 'system:serviceaccounts:alice', 'system:authenticated'] },
    { username: 'system:serviceaccount:kube-systemx:x', groups: [] },
    { username: 'system:bootstrap:abcdef', groups: ['system:bootstrappers'] },
  ];
  for (const u of counted) assert.equal(isExempt(u), false, u.username);
  const b = new TokenBuckets(clock().now);
  for (let i = 0; i < 50; i++) assert.equal(admit(b, limits, { cluster: 'default', user: exempt[0], info: info('/api/v1/pods') }), 0);
  assert.equal(b.size, 0, 'exempt identities hold no bucket');
});

test('watches count once at their start; probes and other long-running requests do not count', () => {
  assert.equal(isCounted(info('/api/v1/namespaces/a/pods?watch=true')), true);
  assert.equal(isCounted(info('/api/v1/namespaces/a/pods')), true);
  assert.equal(isCounted(info('/api/v1/namespaces/a/pods', 'POST')), true);
  assert.equal(isCounted(info('/apis')), true, 'discovery counts');
  assert.equal(isCounted(info('/version')), true);
  for (const p of ['/healthz', '/livez', '/readyz', '/readyz/ping']) assert.equal(isCounted(info(p)), false, p);
  assert.equal(isCounted(info('/healthzz')), true);
  for (const s of ['log', 'exec', 'attach', 'portforward']) assert.equal(isCounted(info(`/api/v1/namespaces/a/pods/p/${s}`)), false, s);
  assert.equal(isCounted(info('/api/v1/namespaces/a/pods/p/status')), true);
});

test('memory stays bounded: idle buckets are dropped, and past maxKeys the least recently used go', () => {
  const t = clock();
  const b = new TokenBuckets(t.now, 100, 60_000);
  for (let i = 0; i < 50; i++) b.take(`u${i}`, limits);
  assert.equal(b.size, 50);
  t.advance(61); // every bucket is full again: the sweep forgets them all but the one asking
  b.take('u0', limits);
  assert.equal(b.size, 1);

  const busy = new TokenBuckets(t.now, 10, 60_000);
  for (let i = 0; i < 10; i++) busy.take(`u${i}`, limits);
  busy.take('u0', limits); // u0 is now the most recently used
  busy.take('new', limits);
  assert.equal(busy.size, 10, 'capped');
  // u1 was evicted (fresh burst), u0 kept its state: one token left of three after two takes
  assert.equal(busy.take('u0', limits), 0);
  assert.ok(busy.take('u0', limits) > 0, 'u0 kept its bucket');
});

test('limits come from FAIR_SHARE_QPS and FAIR_SHARE_BURST, with defaults for missing or bad values', () => {
  assert.deepEqual(fairShareLimits({}), { qps: 50, burst: 100 });
  assert.deepEqual(fairShareLimits({ FAIR_SHARE_QPS: '5', FAIR_SHARE_BURST: '20' }), { qps: 5, burst: 20 });
  assert.deepEqual(fairShareLimits({ FAIR_SHARE_QPS: 'lots', FAIR_SHARE_BURST: '-1' }), { qps: 50, burst: 100 });
  assert.deepEqual(fairShareLimits({ FAIR_SHARE_QPS: '0', FAIR_SHARE_BURST: '0' }), { qps: 0, burst: 1 });
  const b = new TokenBuckets(clock().now);
  for (let i = 0; i < 500; i++) assert.equal(admit(b, { qps: 0, burst: 1 }, { cluster: 'default', user: student, info: info('/api/v1/pods') }), 0, 'qps 0 turns the limit off');
});

test('the pipeline step answers as kube-apiserver does: 429, plain text, Retry-After', async () => {
  const t = clock();
  const step = fairShareLimiter(new TokenBuckets(t.now));
  const a = new Hono<AppEnv>();
  a.use('*', async (c, next) => {
    c.set('info', requestInfo(c.req.method, new URL(c.req.url)));
    c.set('cluster', 'default');
    c.set('user', c.req.header('X-User') === 'admin' ? { username: 'admin', groups: ['system:masters'] } : student);
    await next();
  });
  a.use('*', step);
  a.all('*', (c) => c.text('ok'));
  const env = { FAIR_SHARE_QPS: '1', FAIR_SHARE_BURST: '2' } as Env;
  const get = (user?: string) => a.request('/api/v1/namespaces/a/configmaps', { headers: user ? { 'X-User': user } : {} }, env);
  assert.equal((await get()).status, 200);
  assert.equal((await get()).status, 200);
  const refused = await get();
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get('Retry-After'), '1');
  assert.equal(refused.headers.get('Content-Type'), 'text/plain; charset=utf-8');
  assert.equal(await refused.text(), REJECTION_TEXT);
  assert.equal(REJECTION_TEXT, 'Too many requests, please try again later.\n');
  assert.equal((await get('admin')).status, 200, 'the admin is exempt');
  t.advance(1);
  assert.equal((await get()).status, 200, 'after Retry-After, alice is served again');
});
