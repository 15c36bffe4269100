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
