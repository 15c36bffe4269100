/**
 * Watch semantics as Kubernetes clients rely on them: resuming from a resourceVersion, selectors
 * turning relabels into ADDED/DELETED, the watch-list handshake (initial events then a BOOKMARK),
 * timeoutSeconds, 410 Expired from a compacted revision, and kubectl's informer-style waits.
 *
 * The cluster keeps no history window (compactionWindowSeconds 0): the cron trigger compacts up to
 * the latest write. The local cron also fires on its own 60 s after start, so the tests that read
 * history run first and this file stays well under a minute.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { useCluster, type WatchStream } from '../support/cluster.ts';

const cluster = useCluster({ compactionWindowSeconds: 0 });
const NS = 'veille';
const CMS = `/api/v1/namespaces/${NS}/configmaps`;

const cm = (name: string, labels: Record<string, string>, data: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels }, data });

async function create(name: string, labels: Record<string, string>, data: Record<string, string> = {}) {
  const r = await cluster.api('POST', CMS, { body: cm(name, labels, data) });
  assert.equal(r.status, 201, r.text);
  return r.json;
}

async function mergePatch(name: string, patch: unknown) {
  const r = await cluster.api('PATCH', `${CMS}/${name}`, { body: patch, contentType: 'application/merge-patch+json' });
  assert.equal(r.status, 200, r.text);
  return r.json;
}

async function remove(name: string) {
  const r = await cluster.api('DELETE', `${CMS}/${name}`);
  assert.equal(r.status, 200, r.text);
}

/** The events up to (excluding) the ADDED of `sentinel`: everything written before it has arrived. */
async function until(w: WatchStream, sentinel: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const i = w.events.findIndex((e) => e.type === 'ADDED' && e.object.metadata?.name === sentinel);
    if (i >= 0) return w.events.slice(0, i);
    assert.ok(Date.now() < deadline, `no ADDED ${sentinel}: ${JSON.stringify(w.events.map((e) => [e.type, e.object.metadata?.name]))}`);
    await w.waitFor(w.events.length + 1, deadline - Date.now()).catch(() => undefined);
  }
}

const summary = (events: any[]) => events.map((e) => [e.type, e.object.metadata.name]);
const rvs = (events: any[]) => events.map((e) => Number(e.object.metadata.resourceVersion));
const increasing = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]);

test('a namespace to watch in', async () => {
  const r = await cluster.api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } } });
  assert.equal(r.status, 201, r.text);
});

test('a watch resumed from a resourceVersion sees exactly the writes after it, in order', async () => {
  const serie = { serie: 'reprise' };
  const created: any[] = [];
  for (let i = 1; i <= 5; i++) created.push(await create(`r${i}`, serie, { n: String(i) }));
  const modified = await mergePatch('r1', { data: { n: 'un' } });
  await remove('r2');
  const from = created[1].metadata.resourceVersion;

  const w = await cluster.watch(`${CMS}?watch=true&labelSelector=serie%3Dreprise&resourceVersion=${from}`);
  try {
    const live = await create('r6', serie);
    const events = await w.waitFor(6);
    assert.deepEqual(summary(events), [
      ['ADDED', 'r3'],
      ['ADDED', 'r4'],
      ['ADDED', 'r5'],
      ['MODIFIED', 'r1'],
      ['DELETED', 'r2'],
      ['ADDED', 'r6'],
    ]);
    const got = rvs(events);
    assert.ok(increasing(got), `increasing resourceVersions: ${got}`);
    assert.deepEqual(got.slice(0, 4), [...created.slice(2).map((o) => Number(o.metadata.resourceVersion)), Number(modified.metadata.resourceVersion)]);
    assert.equal(got[5], Number(live.metadata.resourceVersion));
    // each event carries the object as that write left it
    assert.deepEqual(events[3].object.data, { n: 'un' });
    assert.deepEqual(events[4].object.data, { n: '2' });
    assert.ok(!events.some((e) => Number(e.object.metadata.resourceVersion) <= Number(from)), 'nothing at or before the resume point');
  } finally {
    w.close();
  }

  // resuming from the last event seen replays nothing and misses nothing
  const last = rvs(w.events).at(-1)!;
  const again = await cluster.watch(`${CMS}?watch=true&labelSelector=serie%3Dreprise&resourceVersion=${last}`);
  try {
    await create('r7', serie);
    assert.deepEqual(summary(await again.waitFor(1)), [['ADDED', 'r7']]);
  } finally {
    again.close();
  }
});

test('a label-selector watch: relabelled out of the selection is DELETED, back into it ADDED', async () => {
  const w = await cluster.watch(`${CMS}?watch=true&labelSelector=app%3Ddedans`);
  try {
    const added = await create('mobile', { app: 'dedans' }, { v: '1' });
    const changed = await mergePatch('mobile', { data: { v: '2' } });
    const out = await mergePatch('mobile', { metadata: { labels: { app: 'dehors' } } });
    await mergePatch('mobile', { data: { v: '3' } }); // outside the selection: not seen
    const back = await mergePatch('mobile', { metadata: { labels: { app: 'dedans' } } });
    await remove('mobile');
    await create('fin-selecteur', { app: 'dedans' });

    const events = await until(w, 'fin-selecteur');
    assert.deepEqual(summary(events), [
      ['ADDED', 'mobile'],
      ['MODIFIED', 'mobile'],
      ['DELETED', 'mobile'],
      ['ADDED', 'mobile'],
      ['DELETED', 'mobile'],
    ]);
    assert.ok(increasing(rvs(events)));
    assert.deepEqual(rvs(events).slice(0, 4), [added, changed, out, back].map((o) => Number(o.metadata.resourceVersion)));
    // as Kubernetes does, the DELETED of a relabel shows the object as the watcher last saw it
    // (still matching), at the revision of the relabel
    assert.deepEqual(events[2].object.metadata.labels, { app: 'dedans' });
    assert.deepEqual(events[2].object.data, { v: '2' });
    assert.deepEqual(events[3].object.metadata.labels, { app: 'dedans' });
    assert.deepEqual(events[3].object.data, { v: '3' });
  } finally {
    w.close();
  }
});

test('sendInitialEvents: ADDED for the current state, then a BOOKMARK marking the end of it', async () => {
  const objects: any[] = [];
  for (const name of ['i-b', 'i-a', 'i-c']) objects.push(await create(name, { serie: 'initiale' }));
  const list = await cluster.api('GET', `${CMS}?labelSelector=serie%3Dinitiale`);

  const w = await cluster.watch(`${CMS}?watch=true&labelSelector=serie%3Dinitiale&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`);
  try {
    const initial = await w.waitFor(4);
    assert.deepEqual(
      initial.map((e) => [e.type, e.object.metadata.name ?? null]),
      [
        ['ADDED', 'i-a'],
        ['ADDED', 'i-b'],
        ['ADDED', 'i-c'],
        ['BOOKMARK', null],
      ],
    );
    const bookmark = initial[3].object;
    assert.deepEqual({ kind: bookmark.kind, apiVersion: bookmark.apiVersion, annotations: bookmark.metadata.annotations }, { kind: 'ConfigMap', apiVersion: 'v1', annotations: { 'k8s.io/initial-events-end': 'true' } });
    assert.ok(Number(bookmark.metadata.resourceVersion) >= Number(list.json.metadata.resourceVersion), 'the bookmark is at (or after) the state listed');
    for (const e of initial.slice(0, 3)) {
      const o = objects.find((x) => x.metadata.name === e.object.metadata.name);
      assert.equal(e.object.metadata.resourceVersion, o.metadata.resourceVersion);
    }
    // then the changes after that state
    const changed = await mergePatch('i-a', { data: { apres: 'oui' } });
    const [, , , , next] = await w.waitFor(5);
    assert.deepEqual([next.type, next.object.metadata.name, next.object.metadata.resourceVersion], ['MODIFIED', 'i-a', changed.metadata.resourceVersion]);
    assert.ok(Number(changed.metadata.resourceVersion) > Number(bookmark.metadata.resourceVersion));
  } finally {
    w.close();
  }
});

test('many watches opened at once on one hub (shared chunks, one attach) each see every write once, in order', async () => {
  const serie = { serie: 'foule' };
  const from = (await create('f0', serie)).metadata.resourceVersion;
  await create('f1', serie);
  const query = `watch=true&labelSelector=serie%3Dfoule&resourceVersion=${from}`;
  const opened = await Promise.all([
    ...Array.from({ length: 24 }, () => cluster.watch(`${CMS}?${query}`)),
    cluster.watch(`/api/v1/configmaps?${query}`), // all namespaces: another view, its own chunks
    cluster.watch(`${CMS}?${query}`, { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' }),
  ]);
  try {
    await create('f2', serie);
    await mergePatch('f1', { data: { n: '1' } });
    await remove('f0');
    for (const w of opened) {
      const events = await w.waitFor(4);
      const names = events.map((e) => (e.object.kind === 'Table' ? e.object.rows[0].object.metadata.name : e.object.metadata.name));
      assert.deepEqual(events.map((e, i) => [e.type, names[i]]), [['ADDED', 'f1'], ['ADDED', 'f2'], ['MODIFIED', 'f1'], ['DELETED', 'f0']]);
    }
    const objects = opened.slice(0, 25).map((w) => JSON.stringify(w.events));
    assert.equal(new Set(objects).size, 1, 'the same events, byte for byte');
    assert.ok(increasing(rvs(opened[0].events)));
  } finally {
    for (const w of opened) w.close();
  }
});

test('timeoutSeconds=1 ends the stream after a second', async () => {
  const started = Date.now();
  const w = await cluster.watch(`${CMS}?watch=true&labelSelector=serie%3Daucune&timeoutSeconds=1`);
  const timer = new Promise((_, reject) => setTimeout(() => reject(new Error('the watch is still open after 10 s')), 10_000).unref());
  await Promise.race([w.ended, timer]);
  const elapsed = Date.now() - started;
  assert.ok(elapsed >= 900 && elapsed < 5000, `ended after ${elapsed} ms`);
  assert.deepEqual(w.events, []);
});

/** kubectl in the background, its output readable while it runs. */
function kubectlLive(args: string[]) {
  const child = spawn('kubectl', args, { env: { ...process.env, KUBECONFIG: cluster.cp.kubeconfigPath, KUBECACHEDIR: join(cluster.dir, 'kubecache'), HOME: cluster.dir } });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (out.stdout += d));
  child.stderr.on('data', (d) => (out.stderr += d));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const kill = setTimeout(() => child.kill(), 60_000);
  exited.finally(() => clearTimeout(kill));
  return {
    out,
    exited,
    /** waits until kubectl has its watch open: `-v=6` logs the watch request once it is answered */
    async watching(name: string) {
      const deadline = Date.now() + 30_000;
      const re = new RegExp(`GET https://\\S+/configmaps\\?\\S*fieldSelector=metadata\\.name%3D${name}\\S*watch=true\\S* 200 OK`);
      while (!re.test(out.stderr)) {
        assert.ok(Date.now() < deadline, `kubectl opened no watch on ${name}:\n${out.stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return re.exec(out.stderr)![0];
    },
  };
}

test('kubectl delete waits through its informer watch until the object is gone', async () => {
  const held = await create('retenue', { serie: 'kubectl' });
  // a finalizer keeps the object after the DELETE: kubectl must watch for the deletion
  await mergePatch('retenue', { metadata: { finalizers: ['example.com/retenue'] } });
  const k = kubectlLive(['-n', NS, 'delete', 'configmap', 'retenue', '-v=6']);
  const watchLine = await k.watching('retenue');
  assert.match(watchLine, /resourceVersion=\d+/);
  assert.match(watchLine, /allowWatchBookmarks=true/);
  assert.match(watchLine, /timeoutSeconds=\d+/);
  const marked = await cluster.api('GET', `${CMS}/retenue`);
  assert.ok(marked.json.metadata.deletionTimestamp, 'marked for deletion');
  assert.equal(marked.json.metadata.uid, held.metadata.uid);

  await mergePatch('retenue', { metadata: { finalizers: null } });
  assert.equal(await k.exited, 0, k.out.stderr);
  assert.equal(k.out.stdout.trim(), 'configmap "retenue" deleted');
  assert.equal((await cluster.api('GET', `${CMS}/retenue`)).status, 404);
});

test('kubectl wait --for=delete and --for=jsonpath return when the watch sees it', async () => {
  await create('attendue', { serie: 'kubectl' }, { etat: 'debut' });
  const byJsonpath = kubectlLive(['-n', NS, 'wait', '--for=jsonpath={.data.etat}=pret', 'configmap/attendue', '--timeout=45s', '-v=6']);
  await byJsonpath.watching('attendue');
  await mergePatch('attendue', { data: { etat: 'pret' } });
  assert.equal(await byJsonpath.exited, 0, byJsonpath.out.stderr);
  assert.equal(byJsonpath.out.stdout.trim(), 'configmap/attendue condition met');

  const byDelete = kubectlLive(['-n', NS, 'wait', '--for=delete', 'configmap/attendue', '--timeout=45s', '-v=6']);
  await byDelete.watching('attendue');
  await remove('attendue');
  assert.equal(await byDelete.exited, 0, byDelete.out.stderr);
  assert.equal(byDelete.out.stdout.trim(), 'configmap/attendue condition met');
});

test('a watch on a quiet resource outlives the compaction of other resources\' history', async () => {
  const w = await cluster.watch(`${CMS}?watch=true&labelSelector=serie%3Dcalme`);
  try {
    // only secrets change for a while: the log moves on, the configmaps' part of it does not
    for (let i = 0; i < 3; i++) {
      const r = await cluster.api('POST', `/api/v1/namespaces/${NS}/secrets`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: `bruit-${i}` } } });
      assert.equal(r.status, 201, r.text);
    }
    await new Promise((r) => setTimeout(r, 1500)); // the hub has looked at the log since
    await cluster.cp.triggerCron(); // compacts past every revision the configmaps' watchers knew
    const created = await create('reveillee', { serie: 'calme' });
    const [e] = await w.waitFor(1);
    assert.deepEqual([e.type, e.object.metadata.name, e.object.metadata.resourceVersion], ['ADDED', 'reveillee', created.metadata.resourceVersion]);
  } finally {
    w.close();
  }
});

test("a list's next page after its revision was compacted is 410 Expired in Kubernetes' words, though nothing listed changed", async () => {
  for (const name of ['page-1', 'page-2']) await create(name, { serie: 'pages' });
  const first = await cluster.api('GET', `${CMS}?labelSelector=serie%3Dpages&limit=1`);
  assert.equal(first.status, 200, first.text);
  const token = first.json.metadata.continue as string;
  assert.ok(token, first.text);
  const again = await cluster.api('GET', `${CMS}?labelSelector=serie%3Dpages&limit=1&continue=${encodeURIComponent(token)}`);
  assert.deepEqual(again.json.items.map((o: any) => o.metadata.name), ['page-2'], 'the next page, before the compaction');
  // the log moves on elsewhere, then is compacted past the token's revision
  assert.equal((await cluster.api('POST', `/api/v1/namespaces/${NS}/secrets`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'pages-noise' } } })).status, 201);
  await new Promise((r) => setTimeout(r, 20));
  await cluster.cp.triggerCron();
  const expired = await cluster.api('GET', `${CMS}?labelSelector=serie%3Dpages&limit=1&continue=${encodeURIComponent(token)}`);
  assert.equal(expired.status, 410, expired.text);
  assert.equal(expired.json.reason, 'Expired');
  assert.match(expired.json.message, /^The provided continue parameter is too old to display a consistent list result\. /);
});

test('a watch from a compacted resourceVersion gets one ERROR event, 410 Expired, and ends', async () => {
  const old = await create('ancienne', { serie: 'compactee' });
  await mergePatch('ancienne', { data: { v: '2' } });
  const latest = await mergePatch('ancienne', { data: { v: '3' } });
  await new Promise((r) => setTimeout(r, 20)); // the window is "older than now": let the clock move on
  await cluster.cp.triggerCron();
  const after = Number((await cluster.api('GET', CMS)).json.metadata.resourceVersion);

  const w = await cluster.watch(`${CMS}?watch=true&resourceVersion=${old.metadata.resourceVersion}`);
  const timer = new Promise((_, reject) => setTimeout(() => reject(new Error('the expired watch is still open after 10 s')), 10_000).unref());
  await Promise.race([w.ended, timer]);
  assert.equal(w.events.length, 1, JSON.stringify(w.events));
  const [event] = w.events;
  assert.equal(event.type, 'ERROR');
  const m = /^too old resource version: (\d+) \((\d+)\)$/.exec(event.object.message);
  assert.ok(m, event.object.message);
  assert.equal(m[1], old.metadata.resourceVersion);
  const compacted = Number(m[2]);
  assert.ok(compacted >= Number(latest.metadata.resourceVersion) && compacted <= after, `compacted at ${compacted}`);
  assert.deepEqual(event.object, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `too old resource version: ${old.metadata.resourceVersion} (${compacted})`,
    reason: 'Expired',
    code: 410,
  });

  // the compaction point itself is still readable: a watch from it is served
  const fromPoint = await cluster.watch(`${CMS}?watch=true&labelSelector=serie%3Dcompactee&resourceVersion=${compacted}`);
  try {
    const next = await mergePatch('ancienne', { data: { v: '4' } });
    const [e] = await fromPoint.waitFor(1);
    assert.deepEqual([e.type, e.object.metadata.resourceVersion], ['MODIFIED', next.metadata.resourceVersion]);
  } finally {
    fromPoint.close();
  }
});
