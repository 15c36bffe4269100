import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiClient } from '../../lib/client/client.ts';
import type { KubeObject, WatchEvent } from '../../lib/api/meta.ts';
import { RESOURCES } from '../../lib/client/resources.ts';
import { cachedLookup } from './lookup.ts';
import { WatchedObjects } from './watched-objects.ts';

/** An API with one ConfigMap per name; each watch can be fed events and ended. */
function fakeApi(objects: Record<string, KubeObject | undefined>) {
  const lists: string[] = [];
  const watches: { selector: string; rv?: string; send(e: WatchEvent<KubeObject>): void; end(error?: Error): void; signal?: AbortSignal }[] = [];
  const api = {
    async list(_res: unknown, o: { namespace: string; fieldSelector: string }) {
      lists.push(`${o.namespace}/${o.fieldSelector}`);
      const name = o.fieldSelector.replace('metadata.name=', '');
      return { items: objects[name] ? [objects[name]] : [], resourceVersion: '100' };
    },
    watch(_res: unknown, o: { fieldSelector: string; resourceVersion?: string; signal?: AbortSignal }, onEvent: (e: WatchEvent<KubeObject>) => unknown) {
      return new Promise<void>((resolve, reject) => {
        const w = { selector: o.fieldSelector, rv: o.resourceVersion, signal: o.signal, send: (e: WatchEvent<KubeObject>) => void onEvent(e), end: (error?: Error) => (error ? reject(error) : resolve()) };
        o.signal?.addEventListener('abort', () => resolve());
        watches.push(w);
      });
    },
  };
  return { api: api as unknown as ApiClient, lists, watches };
}

const cm = (data: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt', namespace: 'ns' }, data: { 'ca.crt': data } });
const tick = () => new Promise((ok) => setImmediate(ok));

test('the configmap is read once for many pods, then watched from the list', async () => {
  const { api, lists, watches } = fakeApi({ 'kube-root-ca.crt': cm('A') });
  const ac = new AbortController();
  const lookup = cachedLookup(api, Date.now, { signal: ac.signal });
  // 50 pods starting together, then each refreshing its volumes
  const first = await Promise.all(Array.from({ length: 50 }, () => lookup.configMap('ns', 'kube-root-ca.crt')));
  for (let i = 0; i < 50; i++) await lookup.configMap('ns', 'kube-root-ca.crt');
  assert.ok(first.every((c) => c?.data?.['ca.crt'] === 'A'));
  assert.deepEqual(lists, ['ns/metadata.name=kube-root-ca.crt'], 'one list for all the reads');
  assert.equal(watches.length, 1);
  assert.equal(watches[0].rv, '100', 'watched from the list');
  ac.abort();
  assert.equal(watches[0].signal?.aborted, true, "the agent's stop ends the watch");
});

test('an edit arrives through the watch; a deleted or missing object reads as missing', async () => {
  const { api, lists, watches } = fakeApi({});
  const objects = new WatchedObjects(api);
  assert.equal(await objects.get(RESOURCES.configmaps, 'ns', 'kube-root-ca.crt'), undefined, 'not there yet');
  watches[0].send({ type: 'ADDED', object: cm('A') });
  assert.equal((await objects.get<KubeObject & { data: Record<string, string> }>(RESOURCES.configmaps, 'ns', 'kube-root-ca.crt'))?.data['ca.crt'], 'A', 'created meanwhile: seen at once');
  watches[0].send({ type: 'MODIFIED', object: cm('B') });
  assert.equal((await objects.get<KubeObject & { data: Record<string, string> }>(RESOURCES.configmaps, 'ns', 'kube-root-ca.crt'))?.data['ca.crt'], 'B');
  watches[0].send({ type: 'DELETED', object: cm('B') });
  assert.equal(await objects.get(RESOURCES.configmaps, 'ns', 'kube-root-ca.crt'), undefined);
  assert.equal(lists.length, 1, 'all from the watch');
  objects.close();
});

test('a watch that ends or fails makes the next read list again', async () => {
  const { api, lists, watches } = fakeApi({ 'kube-root-ca.crt': cm('A') });
  const objects = new WatchedObjects(api);
  await objects.get(RESOURCES.configmaps, 'ns', 'kube-root-ca.crt');
  watches[0].end();
  await tick();
  await objects.get(RESOURCES.configmaps, 'ns', 'kube-root-ca.crt');
  assert.equal(lists.length, 2);
  watches[1].end(new Error('403 no relationship found'));
  await tick();
  await objects.get(RESOURCES.configmaps, 'ns', 'kube-root-ca.crt');
  assert.equal(lists.length, 3);
  objects.close();
});

test('a watch nobody reads through is stopped; a failed list is not kept', async () => {
  let now = 0;
  const { api, lists, watches } = fakeApi({ a: cm('A'), b: cm('B') });
  const objects = new WatchedObjects(api, { idleMs: 60_000, now: () => now });
  await objects.get(RESOURCES.configmaps, 'ns', 'a');
  await objects.get(RESOURCES.configmaps, 'ns', 'b');
  now = 50_000;
  await objects.get(RESOURCES.configmaps, 'ns', 'b');
  now = 70_000;
  objects.sweepIdle();
  assert.equal(watches[0].signal?.aborted, true, 'a: idle for 70 s');
  assert.equal(watches[1].signal?.aborted, false, 'b: read 20 s ago');
  assert.equal(objects.size, 1);

  const failing = { ...api, list: async () => Promise.reject(new Error('boom')) } as unknown as ApiClient;
  const broken = new WatchedObjects(failing);
  await assert.rejects(broken.get(RESOURCES.configmaps, 'ns', 'a'), /boom/);
  assert.equal(broken.size, 0);
  assert.equal(lists.length, 2);
  objects.close();
  broken.close();
});
