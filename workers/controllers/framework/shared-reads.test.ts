import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiClient } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { SharedReads } from './shared-reads.ts';

/** An ApiClient that counts its reads; `fail` names the paths that answer 503 once. */
function countingApi(fail = new Set<string>()) {
  const calls: string[] = [];
  const api = {
    async get(_res: unknown, ns: string | undefined, name: string) {
      calls.push(`get ${ns}/${name}`);
      if (fail.delete(name)) throw new Error('503');
      return { metadata: { name, namespace: ns } };
    },
    async list(_res: unknown, opts: { namespace?: string; labelSelector?: string } = {}) {
      calls.push(`list ${opts.namespace} ${opts.labelSelector ?? ''}`);
      return { items: [], resourceVersion: '1' };
    },
  };
  return { api: api as unknown as ApiClient, calls };
}

test('within a batch, every controller shares one read of an object, and one list per selector', async () => {
  const { api: first, calls } = countingApi();
  const { api: second } = countingApi();
  const shared = new SharedReads();
  const [a, b] = [shared.through(first), shared.through(second)];
  const [x, y] = await Promise.all([a.get(RESOURCES.pods, 'ns', 'p'), b.get(RESOURCES.pods, 'ns', 'p')]);
  assert.equal(x, y, 'the same object, read once');
  await a.get(RESOURCES.pods, 'ns', 'q');
  await a.get(RESOURCES.replicasets, 'ns', 'p');
  await a.list(RESOURCES.pods, { namespace: 'ns' });
  await b.list(RESOURCES.pods, { namespace: 'ns' });
  await a.list(RESOURCES.pods, { namespace: 'ns', labelSelector: 'app=x' });
  assert.deepEqual(calls, ['get ns/p', 'get ns/q', 'get ns/p', 'list ns ', 'list ns app=x']);
});

test('a failed read is not kept: the next asker reads again', async () => {
  const { api, calls } = countingApi(new Set(['p']));
  const reads = new SharedReads().through(api);
  await assert.rejects(reads.get(RESOURCES.pods, 'ns', 'p'), /503/);
  assert.equal((await reads.get(RESOURCES.pods, 'ns', 'p'))?.metadata.name, 'p');
  assert.equal(calls.length, 2);
});

test('another batch reads again', async () => {
  const { api, calls } = countingApi();
  await new SharedReads().through(api).get(RESOURCES.pods, 'ns', 'p');
  await new SharedReads().through(api).get(RESOURCES.pods, 'ns', 'p');
  assert.equal(calls.length, 2);
});

const podChanges = (namespace: string, n: number, type = 'MODIFIED') => Array.from({ length: n }, () => ({ group: '', resource: 'pods', namespace, type }));

/** An API whose namespace `ns` holds `size` pods named p0, p1, ... */
function namespaceOf(size: number) {
  const calls: string[] = [];
  const items = Array.from({ length: size }, (_, i) => ({ metadata: { name: `p${i}`, namespace: 'ns' } }));
  const api = {
    async get(_res: unknown, ns: string, name: string) {
      calls.push(`get ${ns}/${name}`);
      return items.find((p) => p.metadata.name === name);
    },
    async list(_res: unknown, opts: { namespace?: string } = {}) {
      calls.push(`list ${opts.namespace}`);
      return { items, resourceVersion: '1' };
    },
  };
  return { api: api as unknown as ApiClient, calls };
}

test("a batch changing many pods of a namespace reads them with one list of it; a gone pod reads as gone", async () => {
  const { api, calls } = namespaceOf(40);
  const reads = new SharedReads(podChanges('ns', 20), 'many-changes-cluster').through(api);
  const got = await Promise.all(['p1', 'p2', 'p39', 'gone'].map((n) => reads.get(RESOURCES.pods, 'ns', n)));
  assert.deepEqual(got.map((p) => p?.metadata.name), ['p1', 'p2', 'p39', undefined]);
  await reads.list(RESOURCES.pods, { namespace: 'ns' });
  assert.deepEqual(calls, ['list ns'], 'one list, shared with the reconciles that list the namespace');
  assert.deepEqual(await new SharedReads(podChanges('ns', 20), 'many-changes-cluster').through(api).get(RESOURCES.replicasets, 'ns', 'p1').then(() => calls.at(-1)), 'get ns/p1', 'other kinds are read one by one');
});

test('few changes, deletions, or changes few against the size of the namespace are read one by one', async () => {
  const few = namespaceOf(40);
  await new SharedReads(podChanges('ns', 3), 'few-cluster').through(few.api).get(RESOURCES.pods, 'ns', 'p1');
  assert.deepEqual(few.calls, ['get ns/p1']);
  const deleted = namespaceOf(40);
  await new SharedReads(podChanges('ns', 30, 'DELETED'), 'deleted-cluster').through(deleted.api).get(RESOURCES.pods, 'ns', 'p1');
  assert.deepEqual(deleted.calls, ['get ns/p1']);
  // a namespace seen to hold 5 000 pods: 20 changes are not worth a list of it
  const big = namespaceOf(5_000);
  await new SharedReads(podChanges('ns', 20), 'big-cluster').through(big.api).get(RESOURCES.pods, 'ns', 'p1');
  await new SharedReads(podChanges('ns', 20), 'big-cluster').through(big.api).get(RESOURCES.pods, 'ns', 'p1');
  await new SharedReads(podChanges('ns', 100), 'big-cluster').through(big.api).get(RESOURCES.pods, 'ns', 'p1');
  assert.deepEqual(big.calls, ['list ns', 'get ns/p1', 'list ns']);
});

test("a wave's reads come from the batch's for the kinds no write of the batch touched; an object remembered here wins", async () => {
  const { api, calls } = countingApi();
  const batch = new SharedReads();
  await batch.through(api).list(RESOURCES.services, { namespace: 'ns' });
  await batch.through(api).get(RESOURCES.pods, 'ns', 'p');
  const touched = new Set(['/pods']);
  const wave = new SharedReads([], '', { reads: batch, shares: (res) => !touched.has(`${res.group}/${res.resource}`) });
  wave.remember(RESOURCES.configmaps, { metadata: { name: 'answer', namespace: 'ns', resourceVersion: '9' } });
  calls.length = 0;
  const reads = wave.through(api);
  await reads.list(RESOURCES.services, { namespace: 'ns' });
  assert.deepEqual(calls, [], "the batch's list of an untouched kind");
  await reads.get(RESOURCES.pods, 'ns', 'p');
  assert.deepEqual(calls, ['get ns/p'], 'a touched kind is read afresh');
  assert.equal((await reads.get(RESOURCES.configmaps, 'ns', 'answer'))?.metadata.resourceVersion, '9');
  assert.deepEqual(calls, ['get ns/p'], 'the remembered answer, not a read');
});

test("held: a copy the batch's reads or writes hold, however old, without a request", async () => {
  const { api, calls } = countingApi();
  const batch = new SharedReads();
  await batch.through(api).get(RESOURCES.deployments, 'ns', 'd');
  const written = { metadata: { name: 'w', namespace: 'ns', resourceVersion: '9' } };
  // a wave after a write of deployments: its gets of them read afresh, but what is held stays at hand
  const wave = new SharedReads([], '', { reads: batch, shares: () => false, written: (path) => (path.endsWith('/w') ? written : undefined) }).through(api);
  assert.equal((await wave.held?.(RESOURCES.deployments, 'ns', 'd'))?.metadata.name, 'd', "the batch's read");
  assert.equal(await wave.held?.(RESOURCES.deployments, 'ns', 'w'), written, "a write's answer");
  assert.equal(wave.held?.(RESOURCES.deployments, 'ns', 'other'), undefined, 'nothing held: no read made');
  assert.deepEqual(calls, ['get ns/d']);
});
