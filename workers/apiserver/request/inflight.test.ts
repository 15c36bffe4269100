import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { requestInfo } from './info.ts';
import { inflightLimiter } from './inflight.ts';
import { toStatusError } from '../../../lib/errors.ts';

function app(hold: Promise<void>) {
  const a = new Hono<AppEnv>();
  a.use('*', async (c, next) => {
    c.set('info', requestInfo(c.req.method, new URL(c.req.url)));
    await next();
  });
  a.use('*', inflightLimiter({ readonly: 1, mutating: 1 }));
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
