/** The idle collector: after work then quiet, one collection per grown worker isolate; none at rest. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { idleCollector } from './idle-gc.ts';

/** A fake workerd inspector: two worker isolates, a queue's, and an internal one, each with a heap size. */
const heap = new Map([
  ['core:user:api', 100 << 20],
  ['core:user:controllers', 20 << 20],
  ['queues:queue', 30 << 20],
  ['core:internal', 50 << 20],
]);
const calls: string[] = [];
const nudged: string[] = [];
/** like workerd, a collection is answered once the isolate runs again (a nudge) */
const waiting = new Map<string, () => void>();
/** every isolate but workerd's own, each run by a nudge of its own */
const nudgeFor = (isolate: string) =>
  isolate === 'core:internal'
    ? undefined
    : async () => {
        nudged.push(isolate);
        waiting.get(isolate)?.();
      };
let server: Server;
let inspector: URL;

before(async () => {
  server = createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    res.end(JSON.stringify([...heap.keys()].map((id) => ({ id, webSocketDebuggerUrl: `ws://127.0.0.1:${port}/${id}` }))));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws, req) => {
    const id = req.url!.slice(1);
    ws.on('message', (data) => {
      const { id: n, method } = JSON.parse(String(data)) as { id: number; method: string };
      calls.push(`${id} ${method}`);
      const reply = () => ws.send(JSON.stringify({ id: n, result: method === 'Runtime.getHeapUsage' ? { usedSize: 1, totalSize: heap.get(id) } : {} }));
      waiting.set(id, () => (method === 'HeapProfiler.collectGarbage' && heap.set(id, 10 << 20), reply()));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  inspector = new URL(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
after(() => server.close());

const until = async (what: string, ok: () => boolean, ms = 3_000) => {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 10))) if (Date.now() > end) assert.fail(`timed out: ${what}`);
};

const looked = (id: string) => calls.filter((x) => x === `${id} Runtime.getHeapUsage`).length;

test('quiet after work: every grown isolate is collected once, then nothing until work again; onQuiet runs at each quiet moment', async () => {
  let activity = 0;
  let nodeCollections = 0;
  let quiets = 0;
  const c = idleCollector({ activity: () => activity, inspector, nudgeFor, collectNode: () => nodeCollections++, onQuiet: () => quiets++, quietMs: 100, everyMs: 20 });
  try {
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(calls.length, 0, 'no work yet: nothing to give back');
    assert.equal(quiets, 0);

    activity++;
    await until('a collection', () => c.collections.size === 3 && nodeCollections === 1);
    assert.deepEqual([...c.collections].sort(), [['core:user:api', 1], ['core:user:controllers', 1], ['queues:queue', 1]]);
    assert.ok(!calls.some((x) => x.startsWith('core:internal')), 'an isolate with no nudge is left alone');
    assert.deepEqual([...new Set(nudged)].sort(), ['core:user:api', 'core:user:controllers', 'queues:queue'], 'each isolate is run for its commands to happen');

    // more work, but no heap grew: sizes are read, nothing collected
    calls.length = 0;
    activity++;
    await until('a second look', () => looked('core:user:api') === 1 && looked('core:user:controllers') === 1 && looked('queues:queue') === 1);
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(calls.every((x) => x.endsWith('Runtime.getHeapUsage')), calls.join(', '));
    assert.equal(nodeCollections, 1, "Node's heap did not grow either");
    assert.equal(quiets, 2, 'the database caches are given back after each burst of work, heaps grown or not');

    // one heap grew again
    heap.set('core:user:api', 80 << 20);
    activity++;
    await until('a third look', () => c.collections.get('core:user:api') === 2);
    assert.equal(c.collections.get('core:user:controllers'), 1);
  } finally {
    c.stop();
  }
});

test('work that goes on postpones the collection', async () => {
  let activity = 0;
  heap.set('core:user:api', 90 << 20);
  const c = idleCollector({ activity: () => activity, inspector, nudgeFor, quietMs: 1_000, everyMs: 20 });
  const busy = setInterval(() => activity++, 20);
  try {
    await new Promise((r) => setTimeout(r, 1_500));
    assert.equal(c.collections.size, 0, 'never quiet for 1 s');
    clearInterval(busy);
    await until('a collection once quiet', () => c.collections.get('core:user:api') === 1);
  } finally {
    clearInterval(busy);
    c.stop();
  }
});

test('settled: resolves once the collection after the last work is done', async () => {
  let activity = 0;
  heap.set('core:user:controllers', 70 << 20);
  const c = idleCollector({ activity: () => activity, inspector, nudgeFor, quietMs: 150, everyMs: 20 });
  try {
    const before = c.collections.get('core:user:controllers') ?? 0;
    activity++;
    await c.settled(3_000);
    assert.equal(c.collections.get('core:user:controllers'), before + 1, 'collected before it resolved');
  } finally {
    c.stop();
  }
});

test('an isolate with no nudge (a replica process\'s other isolates, which no request reaches) is never looked at', async () => {
  let activity = 0;
  heap.set('core:user:api', 90 << 20);
  heap.set('core:user:controllers', 90 << 20);
  calls.length = 0;
  const onlyApi = (isolate: string) => (isolate === 'core:user:api' ? nudgeFor(isolate) : undefined);
  const c = idleCollector({ activity: () => activity, inspector, nudgeFor: onlyApi, quietMs: 50, everyMs: 20 });
  try {
    activity++;
    await until('a collection', () => c.collections.get('core:user:api') === 1);
    assert.ok(!calls.some((x) => x.startsWith('core:user:controllers')), calls.join(', '));
    assert.equal(c.collections.has('core:user:controllers'), false);
  } finally {
    c.stop();
  }
});
