import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API_CALLS_AT_ONCE, withApiGate } from './api-gate.ts';
import type { Env } from '../env.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

test("each run has its own gate: a run whose calls never end (cancelled) holds none of another run's slots", async () => {
  const hang = new Set<string>();
  let answered = 0;
  const env = {
    API: {
      fetch: (input: RequestInfo | URL) =>
        hang.has(String(input)) ? new Promise<Response>(() => undefined) : Promise.resolve((answered++, new Response('ok'))),
    },
  } as unknown as Env;
  hang.add('https://apiserver/hangs');
  const stuck = withApiGate(env);
  for (let i = 0; i < API_CALLS_AT_ONCE; i++) void stuck.API.fetch('https://apiserver/hangs');
  // the stuck run is full: its next call waits for a slot that never comes back
  let waited = false;
  void stuck.API.fetch('https://apiserver/answers').then(() => (waited = true));
  await tick();
  assert.equal(waited, false, 'a run never has more than API_CALLS_AT_ONCE calls in flight');
  assert.equal(answered, 0);
  // another run (the next batch, the cron) is not held by it
  const next = withApiGate(env);
  assert.equal(await (await next.API.fetch('https://apiserver/answers')).text(), 'ok');
  assert.equal(answered, 1);
});

test('the gated env keeps the rest of the bindings and calls the binding as itself', async () => {
  const binding = {
    seen: [] as unknown[],
    fetch(this: { seen: unknown[] }, input: RequestInfo | URL) {
      this.seen.push(input);
      return Promise.resolve(new Response('ok'));
    },
  };
  const env = { API: binding, TOKEN_SIGNING_KEY: 'k' } as unknown as Env;
  const gated = withApiGate(env);
  await gated.API.fetch('https://apiserver/api');
  assert.deepEqual(binding.seen, ['https://apiserver/api']);
  assert.equal(gated.TOKEN_SIGNING_KEY, 'k');
});
