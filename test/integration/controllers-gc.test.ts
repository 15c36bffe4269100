/**
 * The garbage collector against the running control plane, with real kubectl: `kubectl delete
 * deployment` cascades (Background), `--cascade=foreground` keeps the Deployment visible until its
 * dependents are gone, `--cascade=orphan` leaves them without owner. Also event expiry by cron.
 * The Deployment → ReplicaSet → Pod chain is made by the Deployment and ReplicaSet controllers.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { KubeObject } from '../../lib/api/meta.ts';
import { ApiClient } from '../../lib/client/client.ts';
import { RESOURCES } from '../../lib/client/resources.ts';
import { useCluster } from '../support/cluster.ts';
import { fakeNodes, type FakeNodes } from '../support/fake-nodes.ts';
import { httpsFetch } from '../../node-agent/http.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
let nodes: FakeNodes;
let api: ApiClient;
// root-level before hooks run concurrently with the cluster's (Node 20): each test awaits this
let ready: Promise<void> | undefined;
const setup = () =>
  (ready ??= (async () => {
    api = new ApiClient({ baseUrl: cluster.cp.url, fetch: httpsFetch(cluster.cp.caPem), token: cluster.cp.token, fieldManager: 'test' });
    nodes = fakeNodes(cluster);
    await nodes.add('node-1');
  })());
after(() => nodes?.close());

const HOLD = 'timonier.test/hold';

/** Polls `check` until it returns a value (not undefined/false), or fails with what it last saw. */

async function kubectl(...args: string[]): Promise<string> {
  const r = await cluster.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const ownedBy = (o: KubeObject, owner: KubeObject) => (o.metadata.ownerReferences ?? []).some((r) => r.uid === owner.metadata.uid);
const ref = (o: KubeObject) => ({ apiVersion: o.apiVersion!, kind: o.kind!, name: o.metadata.name!, uid: o.metadata.uid!, controller: true, blockOwnerDeletion: true });
const list = async (res: (typeof RESOURCES)[keyof typeof RESOURCES], namespace: string) => (await api.list<KubeObject>(res, { namespace })).items;

/** `vitrine` with 2 replicas in a fresh namespace: the Deployment, its ReplicaSet, its pods. */
async function vitrine(ns: string) {
  await setup();
  await kubectl('create', 'namespace', ns);
  await kubectl('create', 'deployment', 'vitrine', '--image=nginx:1.30-alpine', '--replicas=2', '-n', ns);
  const deploy = (await api.get(RESOURCES.deployments, ns, 'vitrine'))!;
  const rs = await until('the ReplicaSet', async () => (await list(RESOURCES.replicasets, ns)).find((r) => ownedBy(r, deploy)));
  const pods = await until('2 pods', async () => {
    const ps = (await list(RESOURCES.pods, ns)).filter((p) => ownedBy(p, rs));
    return ps.length === 2 && ps;
  });
  return { deploy, rs, pods };
}

describe('garbage collector', () => {
  test('kubectl delete deployment cascades to its ReplicaSets and pods (Background)', async () => {
    const ns = 'gc-background';
    const { rs, pods } = await vitrine(ns);
    await kubectl('delete', 'deployment', 'vitrine', '-n', ns);
    await until('the ReplicaSet and pods gone', async () => {
      const [rss, ps] = await Promise.all([list(RESOURCES.replicasets, ns), list(RESOURCES.pods, ns)]);
      return !rss.some((r) => r.metadata.uid === rs.metadata.uid) && !ps.some((p) => pods.some((q) => q.metadata.uid === p.metadata.uid));
    });
    // nothing comes back: the Deployment is gone, so nobody recreates them
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(await list(RESOURCES.replicasets, ns), []);
    assert.deepEqual((await list(RESOURCES.pods, ns)).map((p) => p.metadata.name), []);
  });

  test('--cascade=foreground: the Deployment stays, deleting, until its dependents are gone', async () => {
    const ns = 'gc-foreground';
    const { rs, pods } = await vitrine(ns);
    // one pod holds on (as a slow kubelet would), so the intermediate state can be seen
    const held = pods[0];
    await api.patch(RESOURCES.pods, ns, held.metadata.name!, { metadata: { finalizers: [HOLD] } });
    await kubectl('delete', 'deployment', 'vitrine', '-n', ns, '--cascade=foreground', '--wait=false');

    await until('the other pod gone, the held one deleting', async () => {
      const ps = await list(RESOURCES.pods, ns);
      return ps.length === 1 && ps[0].metadata.name === held.metadata.name && !!ps[0].metadata.deletionTimestamp;
    });
    const shown = JSON.parse(await kubectl('get', 'deployment', 'vitrine', '-n', ns, '-o', 'json')) as KubeObject;
    assert.ok(shown.metadata.deletionTimestamp, 'the Deployment shows its deletionTimestamp');
    assert.deepEqual(shown.metadata.finalizers, ['foregroundDeletion']);
    const rsNow = (await api.get(RESOURCES.replicasets, ns, rs.metadata.name!))!;
    assert.ok(rsNow.metadata.deletionTimestamp, 'the ReplicaSet, which has dependents, is deleted in the foreground too');
    assert.deepEqual(rsNow.metadata.finalizers, ['foregroundDeletion']);

    await api.patch(RESOURCES.pods, ns, held.metadata.name!, { metadata: { finalizers: null } });
    await until('everything gone', async () => {
      const [d, rss, ps] = await Promise.all([api.get(RESOURCES.deployments, ns, 'vitrine'), list(RESOURCES.replicasets, ns), list(RESOURCES.pods, ns)]);
      return !d && !rss.length && !ps.length;
    });
  });

  test('--cascade=orphan: the ReplicaSet stays, without owner; its pods too, once it is orphan-deleted', async () => {
    const ns = 'gc-orphan';
    const { rs, pods } = await vitrine(ns);
    await kubectl('delete', 'deployment', 'vitrine', '-n', ns, '--cascade=orphan');
    assert.equal(await api.get(RESOURCES.deployments, ns, 'vitrine'), undefined, 'kubectl waited for the Deployment to go');
    const left = (await api.get(RESOURCES.replicasets, ns, rs.metadata.name!))!;
    assert.equal(left.metadata.uid, rs.metadata.uid);
    assert.equal(left.metadata.ownerReferences, undefined);
    assert.ok(!left.metadata.deletionTimestamp);

    await kubectl('delete', 'replicaset', rs.metadata.name!, '-n', ns, '--cascade=orphan');
    const podsLeft = await list(RESOURCES.pods, ns);
    assert.deepEqual(podsLeft.map((p) => p.metadata.uid).sort(), pods.map((p) => p.metadata.uid).sort());
    for (const p of podsLeft) assert.equal(p.metadata.ownerReferences, undefined, `${p.metadata.name} has no owner`);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await list(RESOURCES.pods, ns)).length, 2, 'orphans are not collected');
  });

  test('an object created with an owner that does not exist is collected; one whose owner lives stays', async () => {
    const ns = 'gc-dangling';
    await setup();
    await kubectl('create', 'namespace', ns);
    const owner = await api.create(RESOURCES.configmaps, ns, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner' } });
    await api.create(RESOURCES.configmaps, ns, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kept', ownerReferences: [ref(owner)] } });
    await api.create(RESOURCES.configmaps, ns, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dangling', ownerReferences: [{ ...ref(owner), uid: '00000000-0000-0000-0000-000000000000' }] } });
    await until('the dangling one collected', async () => !(await api.get(RESOURCES.configmaps, ns, 'dangling')));
    assert.ok(await api.get(RESOURCES.configmaps, ns, 'kept'));
    // a ConfigMap owning another: deleting it takes the dependent along
    await kubectl('delete', 'configmap', 'owner', '-n', ns);
    await until('the dependent collected', async () => !(await api.get(RESOURCES.configmaps, ns, 'kept')));
  });
});

describe('event expiry', () => {
  const ns = 'events-ttl';
  const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const event = (name: string, fields: Record<string, unknown>) => ({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: ns },
    involvedObject: { kind: 'Pod', namespace: ns, name: 'p', apiVersion: 'v1' },
    reason: 'Started',
    message: 'Started container nginx',
    source: { component: 'kubelet' },
    type: 'Normal',
    ...fields,
  });

  test('events whose last occurrence is older than the TTL (1 h) disappear at the next cron; recent ones stay', async () => {
    await setup();
    await kubectl('create', 'namespace', ns);
    await api.create(RESOURCES.events, ns, event('old', { firstTimestamp: ago(7300), lastTimestamp: ago(7200), count: 1 }));
    await api.create(RESOURCES.events, ns, event('repeated', { firstTimestamp: ago(7300), lastTimestamp: ago(30), count: 4 }));
    await api.create(RESOURCES.events, ns, event('recent', { firstTimestamp: ago(10), lastTimestamp: ago(10), count: 1 }));
    const eventsV1 = { group: 'events.k8s.io', version: 'v1', resource: 'events', namespaced: true };
    await api.create(eventsV1, ns, {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'old-v1', namespace: ns },
      eventTime: new Date(Date.now() - 3700_000).toISOString().replace('Z', '000Z'),
      reportingController: 'example.com/ctl',
      reportingInstance: 'ctl-1',
      action: 'Sync',
      reason: 'Synced',
      regarding: { kind: 'Pod', namespace: ns, name: 'p' },
      type: 'Normal',
    });
    const watch = await cluster.watch(`/api/v1/namespaces/${ns}/events?watch=true&resourceVersion=${(await api.list(RESOURCES.events, { namespace: ns })).resourceVersion}`);
    try {
      await cluster.cp.triggerCron();
      const names = async () => (await api.list(RESOURCES.events, { namespace: ns })).items.map((e) => e.metadata.name).sort();
      assert.deepEqual(await names(), ['recent', 'repeated']);
      assert.deepEqual((await api.list(eventsV1, { namespace: ns })).items.filter((e) => e.metadata.name === 'old-v1'), []);
      // watchers see the expiry, as they see an etcd lease run out
      const seen = await watch.waitFor(1);
      assert.ok(seen.some((e) => e.type === 'DELETED' && e.object.metadata.name === 'old'), JSON.stringify(seen.map((e) => [e.type, e.object.metadata.name])));
      const shown = await kubectl('get', 'events', '-n', ns);
      assert.match(shown, /Started/);
      assert.equal(shown.trim().split('\n').length, 3, shown);
    } finally {
      watch.close();
    }
  });
});
