/** The watch hub's fan-out in Node, on a real log: shared chunks, shared attach reads, no waiting on clients. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@libsql/client';
import type { Storage } from '../workers/apiserver/storage/index.ts';
import { testDatabase } from '../workers/apiserver/storage/test-database.test-support.ts';
import { byResource, storageKey } from '../workers/apiserver/registry/index.ts';
import { WatchFanout, type WatchSpec } from './watch-fanout.ts';

let client: Client;
let storage: Storage;
const configmaps = byResource('', 'v1', 'configmaps')!;

let close = () => {};
before(async () => ({ client, storage, close } = await testDatabase('watch-fanout')));
after(() => close());

async function put(namespace: string, name: string, labels: Record<string, string> = {}): Promise<number> {
  const r = await storage.create(storageKey(configmaps, namespace, name), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, labels } });
  assert.ok(r.ok);
  return r.rev;
}

const spec = (namespace: string, more: Partial<WatchSpec> = {}): WatchSpec => ({ cluster: 'root', group: '', version: 'v1', resource: 'configmaps', namespace, ...more });

/** A stream's reader that keeps the chunks (as objects, to compare identity) and their lines. */
function reading(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  const lines = () => chunks.flatMap((c) => new TextDecoder().decode(c).split('\n').filter(Boolean).map((l) => JSON.parse(l)));
  const next = async () => {
    const { value, done } = await Promise.race([reader.read(), new Promise<never>((_, fail) => setTimeout(() => fail(new Error('no chunk within 5 s')), 5000))]);
    assert.ok(!done && value);
    chunks.push(value);
    return value;
  };
  return { chunks, lines, next, cancel: () => reader.cancel() };
}

/** Counts the reads a fan-out makes of the log. */
function counting(s: Storage) {
  const calls: Record<string, number> = {};
  const count = <K extends keyof Storage>(k: K) =>
    ((...args: unknown[]) => {
      calls[k] = (calls[k] ?? 0) + 1;
      return (s[k] as (...a: unknown[]) => unknown)(...args);
    }) as Storage[K];
  return { calls, store: { ...s, currentRev: count('currentRev'), compactedRev: count('compactedRev'), events: count('events'), list: count('list'), changesAfter: count('changesAfter') } };
}

test('watchers with the same view get the same bytes, built once; a selector gets its own', { timeout: 30_000 }, async () => {
  const fanout = new WatchFanout(() => ({ storage, cluster: 'c' }));
  try {
    const start = String(await put('same', 'before'));
    const plain = [0, 1, 2].map(() => reading(fanout.open(spec('same', { resourceVersion: start }), configmaps)));
    const selected = reading(fanout.open(spec('same', { resourceVersion: start, labelSelector: 'pick=yes' }), configmaps));
    await fanout.poke(); // attached (nothing to catch up), then a pump with nothing new
    await put('same', 'a', { pick: 'yes' });
    await put('same', 'b');
    await put('other', 'c');
    await fanout.poke();
    const [first, ...rest] = await Promise.all(plain.map((r) => r.next()));
    for (const chunk of rest) assert.equal(chunk, first, 'the very same bytes');
    assert.deepEqual(plain[0].lines().map((e) => [e.type, e.object.metadata.name]), [['ADDED', 'a'], ['ADDED', 'b']]);
    await selected.next();
    assert.notEqual(selected.chunks[0], first);
    assert.deepEqual(selected.lines().map((e) => e.object.metadata.name), ['a']);
  } finally {
    fanout.shutdown();
  }
});

test('watchers that arrive together share the reads of their attach, and each catches up exactly', { timeout: 30_000 }, async () => {
  const { calls, store } = counting(storage);
  const fanout = new WatchFanout(() => ({ storage: store, cluster: 'c' }));
  try {
    const from = String(await put('burst', 'x0'));
    await put('burst', 'x1');
    await put('burst', 'x2');
    const watchers = Array.from({ length: 20 }, () => reading(fanout.open(spec('burst', { resourceVersion: from }), configmaps)));
    await Promise.all(watchers.map((w) => w.next()));
    for (const w of watchers) assert.deepEqual(w.lines().map((e) => e.object.metadata.name), ['x1', 'x2']);
    assert.equal(calls.compactedRev, 1, 'one look at the compaction point for the whole burst');
    assert.equal(calls.events, 1, 'one catch-up read for the whole burst');
    assert.equal(calls.currentRev, 1, "one read of the log's revision");
  } finally {
    fanout.shutdown();
  }
});

test('a stream its client does not read holds neither the pump nor the other streams', { timeout: 30_000 }, async () => {
  const fanout = new WatchFanout(() => ({ storage, cluster: 'c' }));
  try {
    const start = String(await put('slow', 'before'));
    const stuck = fanout.open(spec('slow', { resourceVersion: start }), configmaps); // never read
    const live = reading(fanout.open(spec('slow', { resourceVersion: start }), configmaps));
    for (const name of ['s1', 's2', 's3']) {
      await put('slow', name);
      await fanout.poke(); // would wait for `stuck` forever if the pump waited for its clients
      await live.next();
    }
    assert.deepEqual(live.lines().map((e) => e.object.metadata.name), ['s1', 's2', 's3']);
    assert.equal(fanout.size, 2);
    void stuck;
  } finally {
    fanout.shutdown();
  }
});

test('a new watcher after the last one left starts from the log as it is now, not from where the hub stopped', { timeout: 30_000 }, async () => {
  const { calls, store } = counting(storage);
  const fanout = new WatchFanout(() => ({ storage: store, cluster: 'c' }));
  try {
    const first = reading(fanout.open(spec('again'), configmaps));
    await put('again', 'one');
    await fanout.poke();
    await first.next();
    fanout.shutdown();
    assert.equal(fanout.size, 0);
    for (let i = 0; i < 3; i++) await put('elsewhere', `e${i}`);
    const from = String(await put('again', 'two'));
    await put('again', 'three');
    const second = reading(fanout.open(spec('again', { resourceVersion: from }), configmaps));
    await fanout.poke();
    await second.next();
    assert.deepEqual(second.lines().map((e) => e.object.metadata.name), ['three']);
    assert.equal(calls.currentRev, 2, 'each first attach reads where the log is');
  } finally {
    fanout.shutdown();
  }
});

test('a poke that comes while a watcher is being attached is not lost: the pump after the attach delivers it', { timeout: 30_000 }, async () => {
  let release!: () => void;
  const held = new Promise<void>((ok) => (release = ok));
  let reached!: () => void;
  const waiting = new Promise<void>((ok) => (reached = ok));
  // the attach stops after reading the log's revision, until the test lets it go; no polling to catch up a lost poke
  const store: Storage = { ...storage, compactedRev: async () => (reached(), await held, storage.compactedRev()) };
  const fanout = new WatchFanout(() => ({ storage: store, cluster: 'c' }), { pollMs: 60_000 });
  try {
    const from = String(await put('limbo', 'before'));
    const w = reading(fanout.open(spec('limbo', { resourceVersion: from }), configmaps));
    await waiting; // the hub's cursor is read: a write now is past what the attach catches up
    await put('limbo', 'during');
    const poked = fanout.poke();
    release();
    assert.equal(await poked, 1, 'the watcher being attached counts');
    await w.next();
    await new Promise((ok) => setTimeout(ok, 50));
    assert.deepEqual(w.lines().map((e) => e.object.metadata.name), ['during']);
  } finally {
    fanout.shutdown();
  }
});

test('a write that takes an object out of a selection is a DELETED to its watcher, in the catch-up and in the pump; plain watchers read no previous objects', { timeout: 30_000 }, async () => {
  const seen: (boolean | undefined)[] = [];
  const store: Storage = {
    ...storage,
    events: (rev, prefix, opts) => (seen.push(opts?.previous), storage.events(rev, prefix, opts)),
    changesAfter: (rev, prefix, opts) => (seen.push(opts?.previous), storage.changesAfter(rev, prefix, opts)),
  };
  const relabel = async (name: string, pick: string) => {
    const key = storageKey(configmaps, 'leave', name);
    const cur = (await storage.get(key))!;
    const r = await storage.update(key, { ...cur, metadata: { ...cur.metadata, labels: { pick } } }, Number(cur.metadata.resourceVersion));
    assert.ok(r.ok);
  };
  const fanout = new WatchFanout(() => ({ storage: store, cluster: 'c' }));
  try {
    const from = String(await put('leave', 'p', { pick: 'yes' }));
    const plain = reading(fanout.open(spec('leave', { resourceVersion: from }), configmaps));
    await put('leave', 'q', { pick: 'yes' });
    await fanout.poke();
    await plain.next();
    await relabel('p', 'no'); // p leaves the selection before the selective watcher attaches: its catch-up
    await fanout.poke();
    await plain.next();
    assert.deepEqual(plain.lines().map((e) => [e.type, e.object.metadata.name]), [['ADDED', 'q'], ['MODIFIED', 'p']]);
    assert.ok(seen.length > 0 && seen.every((p) => !p), 'no previous objects read for a watcher without a selector');

    const selected = reading(fanout.open(spec('leave', { resourceVersion: from, labelSelector: 'pick=yes' }), configmaps));
    await selected.next();
    assert.deepEqual(selected.lines().map((e) => [e.type, e.object.metadata.name]), [['ADDED', 'q'], ['DELETED', 'p']]);
    await relabel('q', 'no'); // q leaves it while attached: the pump
    await relabel('p', 'yes'); // p comes back
    await fanout.poke();
    await selected.next();
    assert.deepEqual(selected.lines().slice(2).map((e) => [e.type, e.object.metadata.name]), [['DELETED', 'q'], ['ADDED', 'p']]);
    assert.equal(seen.at(-1), true, 'the pump reads previous objects once a watcher has a selector');
  } finally {
    fanout.shutdown();
  }
});

test('watchers of two versions of one resource each get their own version, from one read of the log', { timeout: 30_000 }, async () => {
  // autoscaling/v1 is stored as v2: both versions' watchers share the resource's hub
  const v2 = byResource('autoscaling', 'v2', 'horizontalpodautoscalers')!;
  const v1 = byResource('autoscaling', 'v1', 'horizontalpodautoscalers')!;
  const { calls, store } = counting(storage);
  const fanout = new WatchFanout(() => ({ storage: store, cluster: 'c' }));
  const hpaSpec = (version: string): WatchSpec => ({ cluster: 'root', group: 'autoscaling', version, resource: 'horizontalpodautoscalers', namespace: 'hpa', resourceVersion: start });
  const start = String(await storage.currentRev());
  try {
    const [seenV1, seenV2] = [reading(fanout.open(hpaSpec('v1'), v1)), reading(fanout.open(hpaSpec('v2'), v2))];
    await fanout.poke();
    const hpa = {
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'web', namespace: 'hpa' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 4, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } }] },
    };
    assert.ok((await storage.create(storageKey(v2, 'hpa', 'web'), hpa)).ok);
    const before = calls.changesAfter ?? 0;
    await fanout.poke();
    await Promise.all([seenV1.next(), seenV2.next()]);
    assert.equal((calls.changesAfter ?? 0) - before, 1, 'one read of the log for both versions');
    const [one] = seenV1.lines();
    const [two] = seenV2.lines();
    assert.equal(one.object.apiVersion, 'autoscaling/v1');
    assert.equal(one.object.spec.targetCPUUtilizationPercentage, 60);
    assert.equal(one.object.spec.metrics, undefined);
    assert.equal(two.object.apiVersion, 'autoscaling/v2');
    assert.equal(two.object.spec.metrics[0].resource.target.averageUtilization, 60);
  } finally {
    fanout.shutdown();
  }
});
