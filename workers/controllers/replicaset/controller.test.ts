import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { Pod } from '../../../lib/api/core/pod.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { replicaSetController as c } from './controller.ts';
import { FakeApi, fakeContext } from '../framework/fake-api.test-support.ts';
import { SharedReads, type Reads } from '../framework/shared-reads.ts';
import type { ChangeMessage } from '../../apiserver/env.ts';

const NS = 'ch15';

function world(replicas = 3) {
  const api = new FakeApi();
  const ctx = fakeContext(api);
  const rs = api.put<ReplicaSet>('replicasets', {
    metadata: { name: 'vitrine-577cf576cf', namespace: NS, labels: { app: 'vitrine' } },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'vitrine', 'pod-template-hash': '577cf576cf' } },
      template: { metadata: { labels: { app: 'vitrine', 'pod-template-hash': '577cf576cf' }, annotations: { note: 'x' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.30-alpine' }] } },
    },
    status: { replicas: 0 },
  });
  const pods = () => api.all<Pod>('pods');
  const sync = () => c.reconcile(`${NS}/vitrine-577cf576cf`, ctx);
  const current = () => api.one<ReplicaSet>('replicasets', NS, rs.metadata.name!)!;
  return { api, ctx, rs, pods, sync, current };
}

const podOf = (o: { name: string; labels?: Record<string, string>; owner?: ReplicaSet; node?: string; ready?: boolean }): Pod => ({
  metadata: {
    name: o.name,
    namespace: NS,
    labels: o.labels ?? { app: 'vitrine', 'pod-template-hash': '577cf576cf' },
    ownerReferences: o.owner ? [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: o.owner.metadata.name!, uid: o.owner.metadata.uid!, controller: true, blockOwnerDeletion: true }] : undefined,
  },
  spec: { nodeName: o.node, containers: [{ name: 'nginx', image: 'nginx:1.30-alpine' }] },
  status: o.ready ? { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] } : { phase: 'Pending' },
});

test('creates the missing pods from the template, owned by the ReplicaSet, one event each', async () => {
  const { api, ctx, rs, pods, sync, current } = world();
  await sync();
  const created = pods();
  assert.equal(created.length, 3);
  for (const p of created) {
    assert.match(p.metadata.name!, /^vitrine-577cf576cf-\w{5}$/);
    assert.equal(p.metadata.generateName, 'vitrine-577cf576cf-');
    assert.deepEqual(p.metadata.labels, { app: 'vitrine', 'pod-template-hash': '577cf576cf' });
    assert.deepEqual(p.metadata.annotations, { note: 'x' });
    assert.deepEqual(p.metadata.ownerReferences, [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'vitrine-577cf576cf', uid: rs.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    assert.equal(p.spec?.containers?.[0].image, 'nginx:1.30-alpine');
  }
  assert.deepEqual(ctx.recorded, created.map((p) => `Normal SuccessfulCreate ReplicaSet/vitrine-577cf576cf: Created pod: ${p.metadata.name}`));
  // the status counts what existed before this sync's creations; the pods' own changes bring the next count
  assert.equal(current().status?.replicas, 0);
  assert.equal(current().status?.observedGeneration, 1);
  await sync();
  assert.equal(current().status?.replicas, 3);
  const writes = api.writes.length;
  await sync();
  assert.equal(api.writes.length, writes, 'a settled ReplicaSet writes nothing');
});

test('counts labels, not content: adopts a matching orphan, releases a pod that stops matching', async () => {
  const { api, ctx, rs, pods, sync } = world(2);
  api.put('pods', podOf({ name: 'mine', owner: rs, ready: true }));
  api.put('pods', podOf({ name: 'orphan', ready: true }));
  api.put('pods', podOf({ name: 'stranger', labels: { app: 'other' } }));
  await sync();
  assert.deepEqual(pods().map((p) => [p.metadata.name, p.metadata.ownerReferences?.[0]?.uid]).sort(), [['mine', rs.metadata.uid], ['orphan', rs.metadata.uid], ['stranger', undefined]]);
  assert.deepEqual(ctx.recorded, [], 'two pods for two replicas: nothing to create');

  const relabelled = api.one<Pod>('pods', NS, 'mine')!;
  api.put('pods', { ...relabelled, metadata: { ...relabelled.metadata, labels: { app: 'orphelin' } } });
  await sync();
  const after = pods();
  assert.equal(after.find((p) => p.metadata.name === 'mine')?.metadata.ownerReferences, undefined, 'released');
  assert.equal(after.filter((p) => p.metadata.ownerReferences?.[0]?.uid === rs.metadata.uid).length, 2, 'and replaced');
  assert.match(ctx.recorded.at(-1)!, /^Normal SuccessfulCreate ReplicaSet\/vitrine-577cf576cf: Created pod: vitrine-577cf576cf-\w{5}$/);
});

test('leaves alone the pods of another controller, and does not count terminating or finished pods', async () => {
  const { api, pods, sync } = world(1);
  const other = api.put<ReplicaSet>('replicasets', { metadata: { name: 'other', namespace: NS }, spec: { selector: { matchLabels: { app: 'vitrine' } } } });
  api.put('pods', podOf({ name: 'theirs', owner: other, ready: true }));
  api.put('pods', { ...podOf({ name: 'leaving', ready: true }), metadata: { ...podOf({ name: 'leaving' }).metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } });
  api.put('pods', { ...podOf({ name: 'done' }), status: { phase: 'Succeeded' } });
  await sync();
  const all = pods();
  assert.equal(all.length, 4, 'one pod created');
  assert.equal(all.find((p) => p.metadata.name === 'theirs')?.metadata.ownerReferences?.[0].uid, other.metadata.uid);
  assert.equal(all.find((p) => p.metadata.name === 'leaving')?.metadata.ownerReferences, undefined, 'a terminating orphan is not adopted');
});

test('deletes the surplus, unscheduled and not ready first, with SuccessfulDelete events', async () => {
  const { api, ctx, rs, pods, sync, current } = world(1);
  api.put('pods', podOf({ name: 'running', owner: rs, node: 'n1', ready: true }));
  api.put('pods', podOf({ name: 'starting', owner: rs, node: 'n1' }));
  api.put('pods', podOf({ name: 'unscheduled', owner: rs }));
  await sync();
  assert.deepEqual(pods().map((p) => p.metadata.name), ['running']);
  assert.deepEqual(ctx.recorded.sort(), ['Normal SuccessfulDelete ReplicaSet/vitrine-577cf576cf: Deleted pod: starting', 'Normal SuccessfulDelete ReplicaSet/vitrine-577cf576cf: Deleted pod: unscheduled']);
  assert.equal(current().status?.replicas, 3, 'counted before the deletions');
  await sync();
  assert.deepEqual(current().status, { replicas: 1, fullyLabeledReplicas: 1, readyReplicas: 1, availableReplicas: 1, observedGeneration: 1 });
});

test('a refused creation stops the slow start, with FailedCreate and a ReplicaFailure condition', async () => {
  const { api, ctx, pods, sync, current } = world(20);
  const message = 'pods "vitrine-577cf576cf-" is forbidden: exceeded quota: compute';
  api.failCreate = { resource: 'pods', error: new ApiError(403, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 403, reason: 'Forbidden', message }, message) };
  await sync();
  assert.equal(pods().length, 0);
  assert.deepEqual(ctx.recorded, [`Warning FailedCreate ReplicaSet/vitrine-577cf576cf: Error creating: ${message}`], 'one attempt, not twenty');
  assert.deepEqual(current().status?.conditions?.map((c) => [c.type, c.status, c.reason, c.message]), [['ReplicaFailure', 'True', 'FailedCreate', message]]);
  api.failCreate = undefined;
  await sync();
  assert.equal(pods().length, 20);
  assert.equal(ctx.recorded.filter((e) => e.includes('SuccessfulCreate')).length, 20);
  assert.equal(current().status?.conditions, undefined, 'cleared once creations succeed');
});

test('keysFor: a pod maps to its controller, an orphan to the ReplicaSets that would adopt it, a deleted pod to those that may have counted it', async () => {
  const { api, ctx, rs } = world();
  api.put('replicasets', { metadata: { name: 'settled', namespace: NS }, spec: { replicas: 0, selector: { matchLabels: { app: 'vitrine' } } }, status: { replicas: 0 } });
  api.put('pods', podOf({ name: 'owned', owner: rs }));
  api.put('pods', podOf({ name: 'orphan', labels: { app: 'vitrine' } }));
  const change = (resource: string, name: string, type: 'ADDED' | 'MODIFIED' | 'DELETED' = 'MODIFIED', group = '') => ({ cluster: 'default', rev: 1, group, resource, namespace: NS, name, type });
  assert.deepEqual(await c.keysFor(change('pods', 'owned'), ctx), [`${NS}/vitrine-577cf576cf`]);
  assert.deepEqual(await c.keysFor(change('pods', 'orphan'), ctx), [`${NS}/settled`]);
  assert.deepEqual(await c.keysFor(change('pods', 'gone', 'DELETED'), ctx), [`${NS}/vitrine-577cf576cf`]);
  assert.deepEqual(await c.keysFor(change('replicasets', 'x', 'ADDED', 'apps'), ctx), [`${NS}/x`]);
  assert.deepEqual(await c.keysFor(change('services', 'x'), ctx), []);
});

test('a batch of ReplicaSet changes and pod deletions reads the namespace\'s ReplicaSets once', async () => {
  const { api, ctx } = world();
  const lists: string[] = [];
  const counting = {
    get: api.get.bind(api),
    list: (res: Parameters<typeof api.list>[0], opts?: Parameters<typeof api.list>[1]) => (lists.push(res.resource), api.list(res, opts)),
  } as unknown as Reads;
  const batch = { ...ctx, shared: new SharedReads().through(counting) };
  const change = (resource: string, name: string, type: ChangeMessage['type']): ChangeMessage => ({ cluster: 'default', rev: 1, group: resource === 'pods' ? '' : 'apps', resource, namespace: NS, name, type });
  const keys = await Promise.all([
    c.keysFor(change('replicasets', 'vitrine-577cf576cf', 'MODIFIED'), batch),
    c.keysFor(change('pods', 'gone-1', 'DELETED'), batch),
    c.keysFor(change('replicasets', 'vitrine-577cf576cf', 'MODIFIED'), batch),
    c.keysFor(change('pods', 'gone-2', 'DELETED'), batch),
  ]);
  assert.deepEqual(keys, [[`${NS}/vitrine-577cf576cf`], [`${NS}/vitrine-577cf576cf`], [`${NS}/vitrine-577cf576cf`], [`${NS}/vitrine-577cf576cf`]]);
  assert.deepEqual(lists, ['replicasets']);
});
