/** A new cluster's system objects: one transaction, nothing left for the controllers or the per-isolate check to write. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@libsql/client';
import type { Storage } from './storage/index.ts';
import { testDatabase } from './storage/test-database.test-support.ts';
import { scopedStorage } from './storage/scoped.ts';
import type { ChangeMessage, Env } from './env.ts';
import { controllersAct } from '../controllers/interest.ts';
import { bootstrapNewCluster, ensureSystemObjects, SYSTEM_NAMESPACES, systemObjects } from './bootstrap.ts';

let client: Client;
let storage: Storage;
const sent: unknown[] = [];
const batches: unknown[][] = [];
const pokes: string[] = [];
const env = {
  CHANGES: { send: async (m: unknown) => void sent.push(...[m].flat()) /* the store sends changes as arrays */, sendBatch: async (ms: { body: unknown }[]) => void batches.push(ms.map((m) => m.body)) },
  WATCH_HUB: { idFromName: (n: string) => n, get: (n: string) => ({ poke: async () => void pokes.push(n) }) },
} as unknown as Env;
const ignore = () => undefined;

let close = () => {};
before(async () => ({ client, storage, close } = await testDatabase('bootstrap')));
after(() => close());

const logRows = async (cluster: string) => Number((await client.execute({ sql: "SELECT count(*) FROM log WHERE key >= ? AND key < ?", args: [`/clusters/${cluster}/`, `/clusters/${cluster}/\uffff`] })).rows[0][0]);

test('a new cluster: every system object in one batch at consecutive revisions, its namespaces announced (no CA known), then nothing to do', async () => {
  const alice = scopedStorage(storage, 'alice');
  const before = await storage.currentRev();
  await bootstrapNewCluster(env, alice, 'alice', ignore);
  const expected = systemObjects(env).length;
  assert.ok(expected > 100, `${expected} objects`);
  assert.equal(await logRows('alice'), expected, 'one ADDED row per object');
  assert.equal(await storage.currentRev(), before + expected, 'consecutive revisions');
  assert.deepEqual(sent, [], 'no message per object');
  assert.equal(batches.length, 1, 'one batch of messages for the controllers');
  const said = batches[0] as { cluster: string; resource: string; name: string; type: string; rev: number }[];
  assert.deepEqual(said.map((m) => `${m.cluster} ${m.type} ${m.resource}/${m.name}`), SYSTEM_NAMESPACES.map((n) => `alice ADDED namespaces/${n}`));
  assert.ok(said.every((m) => m.rev > before && m.rev <= before + expected));
  assert.deepEqual(pokes, [], 'no watch hub: nobody watches a cluster that did not exist');
  assert.deepEqual((await alice.list('/registry/namespaces/')).items.map((n) => n.metadata.name).sort(), [...SYSTEM_NAMESPACES].sort());
  const svc = await alice.get('/registry/services/default/kubernetes');
  assert.equal((svc?.spec as { clusterIP: string }).clusterIP, '10.96.0.1');
  assert.equal(svc?.metadata.managedFields?.[0].manager, 'kube-apiserver');
  for (const ns of SYSTEM_NAMESPACES) assert.ok(await alice.get(`/registry/serviceaccounts/${ns}/default`), `${ns}'s default ServiceAccount`);
  const admin = await alice.get('/registry/clusterroles.rbac.authorization.k8s.io/admin');
  const ruleCount = (o: unknown) => ((o as { rules?: unknown[] } | undefined)?.rules ?? []).length;
  const edit = await alice.get('/registry/clusterroles.rbac.authorization.k8s.io/edit');
  assert.ok(ruleCount(edit) > 10 && ruleCount(admin) > ruleCount(edit), 'the aggregated roles have their rules, admin with edit\'s (aggregated itself)');

  const rev = await storage.currentRev();
  await ensureSystemObjects(env, alice, 'alice', ignore);
  assert.equal(await storage.currentRev(), rev, 'the per-isolate check finds everything and writes nothing');
});

test('a cluster whose objects partly exist (another isolate got first) is completed one by one', async () => {
  const bob = scopedStorage(storage, 'bob');
  assert.ok((await bob.create('/registry/namespaces/default', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } })).ok);
  sent.length = 0;
  batches.length = 0;
  await bootstrapNewCluster(env, bob, 'bob', ignore);
  const controllersPart = SYSTEM_NAMESPACES.length; // the default ServiceAccounts: the slow path leaves them to their controller
  assert.equal(await logRows('bob'), systemObjects(env).length - controllersPart);
  const written = systemObjects(env).filter(({ desc, object }) => desc.resource !== 'serviceaccounts' && !(desc.resource === 'namespaces' && object.metadata.name === 'default'));
  const acted = written.filter(({ desc, namespace, object }) => controllersAct({ group: desc.group, resource: desc.resource, namespace: namespace || undefined, name: object.metadata.name!, type: 'ADDED', ownersChanged: !!object.metadata.ownerReferences?.length }));
  assert.ok(acted.length > 10 && acted.length < written.length);
  // (they tell of the tenant's activity too: no other write is sent for it within the minute, store-context.ts)
  assert.equal(sent.length, acted.length, 'the slow path: a change message per object it wrote that a controller acts on');
  assert.ok((sent as ChangeMessage[]).every(controllersAct));
  assert.deepEqual(batches, []);
});

test('a bootstrap that looked before a concurrent one created the kubernetes Service (the controllers\' first requests at start) succeeds', async () => {
  const racing = scopedStorage(storage, 'racing');
  await ensureSystemObjects(env, racing, 'racing', ignore);
  // the other bootstrap's create commits between this one's read and its create: that create is refused (address taken)
  let looked = false;
  const late = new Proxy(racing, {
    get: (target, prop) => (prop === 'get' ? async (key: string) => (key === '/registry/services/default/kubernetes' && !looked ? ((looked = true), undefined) : target.get(key)) : Reflect.get(target, prop)),
  });
  await ensureSystemObjects(env, late, 'racing', ignore);
  assert.ok(looked);
  const services = (await racing.list('/registry/services/')).items.map((s) => `${s.metadata.namespace}/${s.metadata.name} ${(s.spec as { clusterIP: string }).clusterIP}`);
  assert.deepEqual(services.sort(), ['default/kubernetes 10.96.0.1', 'kube-system/kube-dns 10.96.0.10']);
});

test('with the CA known, a new cluster has kube-root-ca.crt in every namespace and the controllers hear of nothing', async () => {
  const withCA = { ...env, CLUSTER_CA: '-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n' } as Env;
  const carol = scopedStorage(storage, 'carol');
  sent.length = 0;
  batches.length = 0;
  await bootstrapNewCluster(withCA, carol, 'carol', ignore);
  assert.equal(await logRows('carol'), systemObjects(withCA).length);
  assert.equal(systemObjects(withCA).length, systemObjects(env).length + SYSTEM_NAMESPACES.length);
  for (const ns of SYSTEM_NAMESPACES) assert.equal(((await carol.get(`/registry/configmaps/${ns}/kube-root-ca.crt`)) as { data?: Record<string, string> } | undefined)?.data?.['ca.crt'], withCA.CLUSTER_CA);
  assert.deepEqual([sent, batches], [[], []]);
});

test('new clusters are copies of one template: the same objects, each with its own uids and times', async () => {
  const [dave, erin] = [scopedStorage(storage, 'dave'), scopedStorage(storage, 'erin')];
  await bootstrapNewCluster(env, dave, 'dave', ignore);
  await new Promise((ok) => setTimeout(ok, 1_100)); // creationTimestamp has a second's precision
  await bootstrapNewCluster(env, erin, 'erin', ignore);
  const all = async (s: Storage) => (await s.list('/registry/')).items;
  const [ds, es] = [await all(dave), await all(erin)];
  assert.equal(ds.length, systemObjects(env).length);
  const uids = new Set([...ds, ...es].map((o) => o.metadata.uid));
  assert.equal(uids.size, ds.length * 2, 'no uid shared between objects or clusters');
  const timeless = (o: (typeof ds)[number]) => {
    const { uid: _u, creationTimestamp: _c, resourceVersion: _r, managedFields, ...meta } = o.metadata;
    return { ...o, metadata: { ...meta, managedFields: managedFields?.map(({ time: _t, ...f }) => f) } };
  };
  assert.deepEqual(es.map(timeless), ds.map(timeless));
  const stamp = (o: (typeof ds)[number]) => [o.metadata.creationTimestamp, ...(o.metadata.managedFields ?? []).map((f) => f.time)];
  for (const [d, e] of ds.map((o, i) => [o, es[i]])) {
    assert.equal(new Set(stamp(d)).size, 1, `${d.metadata.name}: made at one moment`);
    assert.ok(stamp(e)[0]! > stamp(d)[0]!, `${e.metadata.name} made after dave's`);
  }
});
