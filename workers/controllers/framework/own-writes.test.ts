import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ApiClient } from '../../../lib/client/client.ts';
import { alreadyHandled, changeOf, markHandled, reportingWrites } from './own-writes.ts';

const pod = (rv: string, more: object = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', resourceVersion: rv, ...more } });

test("a create's change is ADDED, with whether it has owners, as the apiserver says it", () => {
  assert.deepEqual(changeOf('c', RESOURCES.pods, pod('7', { ownerReferences: [{ uid: 'u' }] }) as never), {
    cluster: 'c', rev: 7, group: '', resource: 'pods', namespace: 'ns', name: 'p', type: 'ADDED', deleting: false, ownersChanged: true, usesClaims: false,
  });
  const withClaim = pod('7', {}) as never as { spec: object };
  withClaim.spec = { volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] };
  assert.equal(changeOf('c', RESOURCES.pods, withClaim as never)?.usesClaims, true, "a pod's claims, as the apiserver says them");
  assert.equal(changeOf('c', RESOURCES.replicasets, { metadata: { name: 'r', namespace: 'ns', resourceVersion: '8' } })?.group, 'apps');
});

test('an update that made a new revision is MODIFIED; one answered with the revision it was given changed nothing', () => {
  assert.equal(changeOf('c', RESOURCES.pods, pod('9') as never, '8')?.type, 'MODIFIED');
  assert.equal(changeOf('c', RESOURCES.pods, pod('8') as never, '8'), undefined);
  assert.equal(changeOf('c', RESOURCES.pods, pod('9', { ownerReferences: [] }) as never, '8')?.ownersChanged, undefined, "an update's owners are unknown");
});

test('events, and answers without a name or a revision, make no change', () => {
  assert.equal(changeOf('c', RESOURCES.events, { metadata: { name: 'e', namespace: 'ns', resourceVersion: '3' } }), undefined);
  assert.equal(changeOf('c', RESOURCES.pods, { metadata: { name: 'p', namespace: 'ns' } }), undefined);
});

test("the queue's copy of a change handled here is recognized once, by cluster, object and revision", () => {
  const m = changeOf('own-writes-test', RESOURCES.pods, pod('11') as never)!;
  markHandled(m);
  assert.equal(alreadyHandled({ ...m, rev: 12 }), false, 'another revision');
  assert.equal(alreadyHandled({ ...m, cluster: 'other' }), false, 'another cluster');
  assert.equal(alreadyHandled({ ...m, type: 'ADDED', ownersChanged: false }), true, "the queue's copy (its facts may differ)");
  assert.equal(alreadyHandled(m), false, 'forgotten once recognized');
});

test('every write tells the kind it may change before it is sent (a patch, delete or post, the object too; a create or update, once it is answered); a raw request, an unknown kind', async () => {
  const touched: string[] = [];
  const sent: string[] = [];
  const api = {
    create: async (res: { resource: string }) => (sent.push(`create ${res.resource} after ${touched.length}`), { metadata: { name: 'x', namespace: 'ns', resourceVersion: '2' } }),
    update: async () => ({ metadata: { name: 'x', namespace: 'ns', resourceVersion: '3' } }),
    patch: async () => ({}),
    delete: async () => true,
    post: async () => ({}),
    request: async () => new Response('{}'),
  } as unknown as ApiClient;
  const reporting = reportingWrites(
    api,
    'c',
    (w) => void sent.push(`answer ${w.res.resource}`),
    (res, namespace, name) => {
      touched.push(res ? `${res.resource} ${namespace ?? '-'}${name ? ` ${name}` : ''}` : '?');
      // a create or an update: told when it is answered
      if (res && !name) return () => void sent.push(`settled ${res.resource}`);
    },
  );
  await reporting.create(RESOURCES.pods, 'ns', { metadata: { name: 'x' } });
  await reporting.update(RESOURCES.replicasets, { metadata: { name: 'x', resourceVersion: '2' } });
  await reporting.patch(RESOURCES.nodes, undefined, 'n', {});
  await reporting.delete(RESOURCES.services, 'ns', 's');
  await reporting.post(RESOURCES.pods, 'ns', 'p', 'binding', {});
  await reporting.request('GET', '/api/v1/pods');
  await reporting.request('DELETE', '/api/v1/namespaces/ns/pods');
  assert.deepEqual(sent, ['create pods after 1', 'answer pods', 'settled pods', 'answer replicasets', 'settled replicasets']);
  assert.deepEqual(touched, ['pods ns', 'replicasets -', 'nodes - n', 'services ns s', 'pods ns p', '?']);
});
