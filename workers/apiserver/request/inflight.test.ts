import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { requestInfo } from './info.ts';
import { budgetOf, inflightLimiter } from './inflight.ts';
import type { UserInfo } from '../auth/authn.ts';
import { toStatusError } from '../../../lib/errors.ts';

const USERS: Record<string, UserInfo> = {
  student: { username: 'alice', groups: ['system:authenticated'] },
  node: { username: 'system:node:n1', groups: ['system:nodes', 'system:authenticated'] },
  scheduler: { username: 'system:kube-scheduler', groups: ['system:authenticated'] },
  controller: { username: 'system:serviceaccount:kube-system:replicaset-controller', groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] },
  admin: { username: 'admin', groups: ['system:masters', 'system:authenticated'] },
};

function app(hold: Promise<void>, queue = { queueLength: 0, maxWaitMs: 0 }) {
  const a = new Hono<AppEnv>();
  a.use('*', async (c, next) => {
    c.set('info', requestInfo(c.req.method, new URL(c.req.url)));
    const as = c.req.header('X-As');
    if (as) c.set('user', USERS[as]);
    await next();
  });
  a.use('*', inflightLimiter({ readonly: 1, mutating: 1, ...queue }));
  a.all('*', async (c) => {
    await hold;
    return c.text('ok');
  });
  a.onError((e, c) => {
    const s = toStatusError(e);
    return c.json(s.status, s.code as 429, { 'Retry-After': String(s.status.details?.retryAfterSeconds ?? '') });
  });
  return a;
}

test('past the limit a request gets 429 TooManyRequests with Retry-After: 1, reads and writes counted apart', async () => {
  let release!: () => void;
  const a = app(new Promise<void>((r) => (release = r)));
  const first = a.request('/api/v1/namespaces/a/configmaps');
  const second = await a.request('/api/v1/namespaces/a/configmaps');
  assert.equal(second.status, 429);
  assert.equal(second.headers.get('Retry-After'), '1');
  assert.deepEqual(((await second.json()) as { reason: string }).reason, 'TooManyRequests');
  const write = a.request('/api/v1/namespaces/a/configmaps', { method: 'POST' });
  const watch = a.request('/api/v1/namespaces/a/configmaps?watch=true');
  release();
  assert.equal((await first).status, 200);
  assert.equal((await write).status, 200, 'a write is not held back by reads');
  assert.equal((await watch).status, 200, 'watches are not counted');
  assert.equal((await a.request('/api/v1/namespaces/a/configmaps')).status, 200, 'the slot is freed');
});

test("nodes and the control plane have budgets of their own; system:masters is exempt", async () => {
  let release!: () => void;
  const a = app(new Promise<void>((r) => (release = r)));
  const post = (as: string) => a.request('/api/v1/namespaces/a/pods', { method: 'POST', headers: { 'X-As': as } });
  const held = [post('student'), post('node')];
  assert.equal((await post('student')).status, 429, "the students' budget is full");
  assert.equal((await post('node')).status, 429, "so is the nodes'");
  const through = [post('scheduler'), post('admin'), post('admin')];
  assert.equal((await post('controller')).status, 429, 'the scheduler and the controllers share the control plane budget');
  release();
  for (const r of [...held, ...through]) assert.equal((await r).status, 200);
  assert.deepEqual(Object.keys(USERS).map((k) => budgetOf(USERS[k])), ['workload', 'nodes', 'system', 'system', 'exempt']);
});

test('with a queue, a request past the limit waits for its turn instead of a 429', async () => {
  let release!: () => void;
  const a = app(new Promise<void>((r) => (release = r)), { queueLength: 5, maxWaitMs: 30_000 });
  const first = a.request('/api/v1/namespaces/a/configmaps');
  let secondStatus: number | undefined;
  const second = Promise.resolve(a.request('/api/v1/namespaces/a/configmaps')).then((r) => (secondStatus = r.status));
  await new Promise((ok) => setTimeout(ok, 30));
  assert.equal(secondStatus, undefined, 'the second waits while the first holds the only seat');
  release();
  assert.equal((await first).status, 200);
  assert.equal(await second, 200);
});
