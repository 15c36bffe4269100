import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import type { KubeObject, OwnerReference } from '../../../lib/api/meta.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { forgetWideScans, garbageCollector as gc } from './controller.ts';
import { FakeApi } from './fake-api.ts';
import { forgetDiscovery } from './resources.ts';

const { deployments, replicasets, pods, configmaps, nodes } = RESOURCES;

function setup() {
  const api = new FakeApi();
  const requeued: [string, number][] = [];
  const ctx: ControllerContext = {
    api: api.client(),
    shared: api.client(),
    events: { normal: async () => {}, warning: async () => {}, flush: async () => {} },
    requeue: async (key, s) => void requeued.push([key, s]),
    settings: { nodeMonitorGraceSeconds: 50 },
    now: () => new Date(),
  };
  // what discovery will show: every kind the tests use, plus events (which the collector ignores)
  api.add(RESOURCES.events, 'Event', { metadata: { name: 'e', namespace: 'ns', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'gone', uid: 'gone' }] } });
  api.add(nodes, 'Node', { metadata: { name: 'n1' } });
  return { api, ctx, requeued };
}

const owned = (o: KubeObject, block = true): OwnerReference => ({ apiVersion: o.apiVersion!, kind: o.kind!, name: o.metadata.name!, uid: o.metadata.uid!, controller: true, blockOwnerDeletion: block });

/** deploy → rs → two pods, as the controllers build them. */
function chain(api: FakeApi) {
  const d = api.add(deployments, 'Deployment', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'vitrine', namespace: 'ns' } });
  const rs = api.add(replicasets, 'ReplicaSet', { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'vitrine-abc', namespace: 'ns', ownerReferences: [owned(d)] } });
  for (const n of ['vitrine-abc-1', 'vitrine-abc-2']) api.add(pods, 'Pod', { apiVersion: 'v1', kind: 'Pod', metadata: { name: n, namespace: 'ns', ownerReferences: [owned(rs)] } });
  return { d, rs };
}

/** Runs the collector on changes until it writes nothing more (what the queue would do). */
async function settle(api: FakeApi, ctx: ControllerContext, changes: ChangeMessage[]) {
  for (let round = 0; round < 10 && changes.length; round++) {
    const before = new Map([...api.objects].map(([k, o]) => [k, o.metadata.resourceVersion]));
    const keys = new Set<string>();
    for (const c of changes) for (const k of await gc.keysFor(c, ctx)) keys.add(k);
    for (const k of keys) await gc.reconcile(k, ctx);
    changes = [];
    for (const [k, rv] of before) {
      const [group, resource, namespace, name] = k.split('/');
      const now = api.objects.get(k);
      if (!now) changes.push(change(group, resource, namespace, name, 'DELETED'));
      else if (now.metadata.resourceVersion !== rv) changes.push(change(group, resource, namespace, name, 'MODIFIED'));
    }
  }
}
const change = (group: string, resource: string, namespace: string, name: string, type: ChangeMessage['type']): ChangeMessage => ({ cluster: 'default', rev: 0, group, resource, namespace: namespace || undefined, name, type });
const names = (api: FakeApi) => [...api.objects.keys()].filter((k) => !k.startsWith('/events') && !k.startsWith('/nodes')).sort();

beforeEach(() => {
  forgetDiscovery();
  forgetWideScans();
});

test('keys: writes name the object, deletions scan the namespace, events are ignored', async () => {
  const { ctx } = setup();
  assert.deepEqual(await gc.keysFor(change('apps', 'replicasets', 'ns', 'a', 'MODIFIED'), ctx), ['obj/apps/replicasets/ns/a']);
  assert.deepEqual(await gc.keysFor(change('', 'pods', 'ns', 'a', 'DELETED'), ctx), ['scan/ns']);
  assert.deepEqual(await gc.keysFor(change('', 'nodes', '', 'n1', 'DELETED'), ctx), ['scan/*']);
  assert.deepEqual(await gc.keysFor(change('', 'namespaces', '', 'ns', 'DELETED'), ctx), []);
  assert.deepEqual(await gc.keysFor(change('', 'events', 'ns', 'e', 'DELETED'), ctx), []);
  assert.deepEqual(await gc.keysFor(change('events.k8s.io', 'events', 'ns', 'e', 'ADDED'), ctx), []);
});

test('a burst of cluster-scoped deletions scans everything once at once, then once per second for the rest', async () => {
  const { ctx, requeued } = setup();
  let now = 1_000_000;
  const at = { ...ctx, now: () => new Date(now) };
  assert.deepEqual(await gc.keysFor(change('', 'nodes', '', 'n1', 'DELETED'), at), ['scan/*'], 'a lone deletion: at once');
  now += 300;
  assert.deepEqual(await gc.keysFor(change('tenancy.timonier.dev', 'clusters', '', 'c1', 'DELETED'), at), []);
  now += 200;
  assert.deepEqual(await gc.keysFor(change('tenancy.timonier.dev', 'clusters', '', 'c2', 'DELETED'), at), []);
  assert.deepEqual(requeued, [['scan/*', 0.7], ['scan/*', 0.5]], 'the later ones: a scan at the end of the second (the queue keeps one)');
  assert.deepEqual(await gc.keysFor({ ...change('', 'nodes', '', 'n2', 'DELETED'), cluster: 'other' }, at), ['scan/*'], "another cluster's window is its own");
  now += 500;
  assert.deepEqual(await gc.keysFor(change('', 'nodes', '', 'n3', 'DELETED'), at), ['scan/*'], 'a second later: at once again');
  assert.deepEqual(await gc.keysFor(change('', 'pods', 'ns', 'p', 'DELETED'), at), ['scan/ns'], 'namespaced deletions are not held back');
});

test('a wide scan that took long widens the window to four times its duration; one from the queue counts as one', async () => {
  const { ctx, requeued } = setup();
  let now = 2_000_000;
  let took = 2_500; // the scan's first list: the scan's whole duration
  const client = ctx.shared;
  const shared = Object.assign(Object.create(client) as typeof client, {
    list: (...args: Parameters<typeof client.list>) => ((now += took), (took = 0), client.list(...args)),
  });
  const at: ControllerContext = { ...ctx, shared, now: () => new Date(now) };
  await gc.reconcile('scan/*', at); // as the cron's resync, or a requeue, brings it
  now += 1_000;
  assert.deepEqual(await gc.keysFor(change('tenancy.timonier.dev', 'clusters', '', 'c1', 'DELETED'), at), [], 'within 4 × 2.5 s of the scan');
  assert.deepEqual(requeued, [['scan/*', 6.5]], 'at the end of the 10 s window');
  now = 2_010_000;
  assert.deepEqual(await gc.keysFor(change('tenancy.timonier.dev', 'clusters', '', 'c2', 'DELETED'), at), ['scan/*'], 'the window over');

  // a quick scan from the queue: the window is a second again, from its start
  await gc.reconcile('scan/*', at);
  now += 300;
  assert.deepEqual(await gc.keysFor(change('tenancy.timonier.dev', 'clusters', '', 'c3', 'DELETED'), at), []);
  assert.deepEqual(requeued.at(-1), ['scan/*', 0.7]);
});

test('a write that neither changes owner references nor deletes costs the collector nothing', async () => {
  const { api, ctx } = setup();
  let reads = 0;
  const client = ctx.api;
  const counting = new Proxy(client, { get: (t, k) => (typeof (t as any)[k] === 'function' ? (...a: unknown[]) => (reads++, (t as any)[k](...a)) : (t as any)[k]) });
  const c = { ...ctx, api: counting, shared: counting };
  const renewed = { ...change('coordination.k8s.io', 'leases', 'kube-node-lease', 'n1', 'MODIFIED'), ownersChanged: false };
  assert.deepEqual(await gc.keysFor(renewed, c), [], 'a lease renewal');
  assert.deepEqual(await gc.keysFor({ ...change('', 'configmaps', 'ns', 'a', 'ADDED'), ownersChanged: false }, c), [], 'a new object without owners');
  assert.equal(reads, 0);
  // what can concern it still names the object: new owners, a deletion in progress, facts unknown
  assert.deepEqual(await gc.keysFor({ ...change('', 'pods', 'ns', 'p', 'MODIFIED'), ownersChanged: true }, c), ['obj//pods/ns/p']);
  assert.deepEqual(await gc.keysFor({ ...change('', 'pods', 'ns', 'p', 'MODIFIED'), ownersChanged: false, deleting: true }, c), ['obj//pods/ns/p']);
  assert.deepEqual(await gc.keysFor(change('', 'pods', 'ns', 'p', 'MODIFIED'), c), ['obj//pods/ns/p']);
  void api;
});

test('background: the owner gone, its dependents go, level by level', async () => {
  const { api, ctx } = setup();
  const { d } = chain(api);
  api.objects.delete(`apps/deployments/ns/${d.metadata.name}`);
  await settle(api, ctx, [change('apps', 'deployments', 'ns', 'vitrine', 'DELETED')]);
  assert.deepEqual(names(api), []);
  const deletes = api.writes.filter((w) => w.verb === 'delete');
  assert.deepEqual(deletes.map((w) => [w.name, (w.body as { propagationPolicy: string }).propagationPolicy]), [['vitrine-abc', 'Background'], ['vitrine-abc-1', 'Background'], ['vitrine-abc-2', 'Background']]);
  // each delete is conditional on what was read
  assert.ok(deletes.every((w) => (w.body as { preconditions: { uid?: string; resourceVersion?: string } }).preconditions.uid));
});

test('foreground: dependents first (those with dependents in the foreground too), then the owner', async () => {
  const { api, ctx } = setup();
  chain(api);
  // a pod that holds on (a finalizer of its own) keeps its owners waiting
  const held = api.find(pods, 'ns', 'vitrine-abc-1')!;
  held.metadata.finalizers = ['example.com/hold'];
  await api.delete(deployments, 'ns', 'vitrine', { propagationPolicy: 'Foreground' });
  await settle(api, ctx, [change('apps', 'deployments', 'ns', 'vitrine', 'MODIFIED')]);
  assert.deepEqual(names(api), ['/pods/ns/vitrine-abc-1', 'apps/deployments/ns/vitrine', 'apps/replicasets/ns/vitrine-abc']);
  assert.deepEqual(api.find(replicasets, 'ns', 'vitrine-abc')!.metadata.finalizers, ['foregroundDeletion']);
  assert.ok(api.find(deployments, 'ns', 'vitrine')!.metadata.deletionTimestamp);
  // the last blocking dependent goes: everything follows
  await api.patch(pods, 'ns', 'vitrine-abc-1', { metadata: { finalizers: null } });
  await settle(api, ctx, [change('', 'pods', 'ns', 'vitrine-abc-1', 'DELETED')]);
  assert.deepEqual(names(api), []);
});

test('foreground: dependents that do not block are deleted but not waited for', async () => {
  const { api, ctx } = setup();
  const cm = api.add(configmaps, 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace: 'ns' } });
  api.add(configmaps, 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dep', namespace: 'ns', finalizers: ['example.com/hold'], ownerReferences: [owned(cm, false)] } });
  await api.delete(configmaps, 'ns', 'owner', { propagationPolicy: 'Foreground' });
  await settle(api, ctx, [change('', 'configmaps', 'ns', 'owner', 'MODIFIED')]);
  assert.deepEqual(names(api), ['/configmaps/ns/dep']);
  assert.ok(api.find(configmaps, 'ns', 'dep')!.metadata.deletionTimestamp);
});

test('orphan: dependents lose the reference, the owner goes, nothing else is deleted', async () => {
  const { api, ctx } = setup();
  chain(api);
  await api.delete(deployments, 'ns', 'vitrine', { propagationPolicy: 'Orphan' });
  await settle(api, ctx, [change('apps', 'deployments', 'ns', 'vitrine', 'MODIFIED')]);
  assert.deepEqual(names(api), ['/pods/ns/vitrine-abc-1', '/pods/ns/vitrine-abc-2', 'apps/replicasets/ns/vitrine-abc']);
  assert.equal(api.find(replicasets, 'ns', 'vitrine-abc')!.metadata.ownerReferences, undefined);
  assert.equal(api.find(pods, 'ns', 'vitrine-abc-1')!.metadata.ownerReferences?.[0].name, 'vitrine-abc');
});

test('a new object whose owner does not exist (or was recreated) is deleted; one with a live owner is kept', async () => {
  const { api, ctx } = setup();
  const cm = api.add(configmaps, 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace: 'ns' } });
  api.add(configmaps, 'ConfigMap', { metadata: { name: 'kept', namespace: 'ns', ownerReferences: [owned(cm)] } });
  api.add(configmaps, 'ConfigMap', { metadata: { name: 'stale', namespace: 'ns', ownerReferences: [{ ...owned(cm), uid: 'old-uid' }] } });
  api.add(configmaps, 'ConfigMap', { metadata: { name: 'unknown-kind', namespace: 'ns', ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Thing', name: 't', uid: 'u' }] } });
  await settle(api, ctx, ['kept', 'stale', 'unknown-kind'].map((n) => change('', 'configmaps', 'ns', n, 'ADDED')));
  assert.deepEqual(names(api), ['/configmaps/ns/kept', '/configmaps/ns/owner', '/configmaps/ns/unknown-kind']);
});

test('an object with one owner left only loses its reference to the one gone', async () => {
  const { api, ctx } = setup();
  const a = api.add(configmaps, 'ConfigMap', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'ns' } });
  api.add(configmaps, 'ConfigMap', { metadata: { name: 'dep', namespace: 'ns', ownerReferences: [owned(a), { apiVersion: 'v1', kind: 'ConfigMap', name: 'b', uid: 'b-uid' }] } });
  await settle(api, ctx, [change('', 'configmaps', 'ns', 'b', 'DELETED')]);
  assert.deepEqual(api.find(configmaps, 'ns', 'dep')!.metadata.ownerReferences, [owned(a)]);
});

test('cluster-scoped owners: their namespaced dependents go when they do', async () => {
  const { api, ctx } = setup();
  const node = api.find(nodes, undefined, 'n1')!;
  api.add(configmaps, 'ConfigMap', { metadata: { name: 'per-node', namespace: 'ns', ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: node.metadata.uid! }] } });
  api.objects.delete('/nodes//n1');
  await settle(api, ctx, [change('', 'nodes', '', 'n1', 'DELETED')]);
  assert.equal(api.find(configmaps, 'ns', 'per-node'), undefined);
});

test('a decision on a stale read fails with a conflict (the runner reads again)', async () => {
  const { api, ctx } = setup();
  api.add(configmaps, 'ConfigMap', { metadata: { name: 'dep', namespace: 'ns', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'gone', uid: 'g' }] } });
  const realGet = api.get.bind(api);
  // the object moves on between the collector's read and its delete
  api.get = async (res, ns, name) => {
    const o = await realGet(res, ns, name);
    if (name === 'dep') api.find(configmaps, 'ns', 'dep')!.metadata.resourceVersion = '999';
    return o as never;
  };
  await assert.rejects(gc.reconcile('obj//configmaps/ns/dep', ctx), /409/);
  assert.ok(api.find(configmaps, 'ns', 'dep'));
});

test('a cluster-scoped owner waiting for dependents is looked at again (their deletions scan namespaces, not it)', async () => {
  const { api, ctx, requeued } = setup();
  const node = api.find(nodes, undefined, 'n1')!;
  api.add(configmaps, 'ConfigMap', { metadata: { name: 'per-node', namespace: 'ns', finalizers: ['example.com/hold'], ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'n1', uid: node.metadata.uid!, blockOwnerDeletion: true }] } });
  await api.delete(nodes, undefined, 'n1', { propagationPolicy: 'Foreground' });
  await gc.reconcile('obj//nodes//n1', ctx);
  assert.ok(api.find(configmaps, 'ns', 'per-node')!.metadata.deletionTimestamp);
  assert.deepEqual(requeued, [['obj//nodes//n1', 5]]);
  await api.patch(configmaps, 'ns', 'per-node', { metadata: { finalizers: null } });
  await gc.reconcile('obj//nodes//n1', ctx);
  assert.equal(api.find(nodes, undefined, 'n1'), undefined);
});

test("an owner the batch holds a copy of settles a new dependent's owner without a read", async () => {
  const { api, ctx } = setup();
  const { rs } = chain(api);
  let gets = 0;
  const client = api.client();
  const shared = Object.assign(Object.create(client), {
    get: (...a: Parameters<typeof client.get>) => (gets++, client.get(...a)),
    held: (_res: unknown, _ns: string | undefined, name: string) => (name === rs.metadata.name ? Promise.resolve(rs) : undefined),
  });
  await gc.reconcile('obj//pods/ns/vitrine-abc-1', { ...ctx, shared });
  assert.equal(gets, 1, 'the pod itself; its ReplicaSet was held');
  assert.ok(api.objects.has('/pods/ns/vitrine-abc-1'), 'kept');
});
