/** createObjects: each object built as createObject builds it, all stored in one transaction or none. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@libsql/client';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from '../storage/index.ts';
import { testDatabase } from '../storage/test-database.test-support.ts';
import { scopedStorage } from '../storage/scoped.ts';
import { byResource } from '../registry/index.ts';
import { createObject, getObject, type StoreContext } from './store.ts';
import { createObjects, NotBatchable } from './batch-create.ts';
import { noteCommit } from '../cache/followed.ts';

let client: Client;
let storage: Storage;
const commits: string[] = [];

let close = () => {};
before(async () => ({ client, storage, close } = await testDatabase('batch-create')));
after(() => close());

const ctxFor = (cluster: string): StoreContext => ({
  storage: scopedStorage(storage, cluster),
  cluster,
  user: { username: 'system:apiserver', groups: ['system:masters'] },
  manager: 'kube-apiserver',
  dryRun: false,
  now: () => new Date('2026-01-02T03:04:05Z'),
  afterCommit: (d, type, o) => commits.push(`${cluster} ${type} ${d.resource}/${o.metadata.namespace ?? ''}/${o.metadata.name}`),
});
const core = (r: string) => byResource('', 'v1', r)!;
const rbac = (r: string) => byResource('rbac.authorization.k8s.io', 'v1', r)!;
const ns = (name: string) => ({ desc: core('namespaces'), namespace: '', object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } as KubeObject });
const role = (name: string, namespace: string) => ({
  desc: rbac('roles'),
  namespace,
  object: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] } as KubeObject,
});
const svc = { desc: core('services'), namespace: 'app', object: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' }, spec: { ports: [{ port: 80 }], selector: { app: 'web' } } } as KubeObject };
const strip = (o: KubeObject) => {
  const { uid: _u, resourceVersion: _r, ...metadata } = o.metadata;
  return { ...o, metadata };
};

test('objects come out as one by one creates make them, in a namespace of the same batch, at consecutive revisions', async () => {
  commits.length = 0;
  const rev = await storage.currentRev();
  const made = await createObjects(ctxFor('a'), [ns('app'), role('reader', 'app'), svc]);
  assert.deepEqual(made.map((o) => Number(o.metadata.resourceVersion)), [rev + 1, rev + 2, rev + 3]);
  assert.deepEqual(commits, ['a ADDED namespaces//app', 'a ADDED roles/app/reader', 'a ADDED services/app/web'], 'afterCommit once per object, after the batch');

  // the same objects through createObject, in another cluster: identical but for uid and revision
  const b = ctxFor('b');
  const one = [await createObject(b, core('namespaces'), '', ns('app').object), await createObject(b, rbac('roles'), 'app', role('reader', 'app').object), await createObject(b, core('services'), 'app', svc.object)];
  const noIP = (o: KubeObject) => (o.kind === 'Service' ? { ...o, spec: { ...(o.spec as object), clusterIP: 'x', clusterIPs: ['x'] } } : o);
  assert.deepEqual(made.map(strip).map(noIP), one.map(strip).map(noIP));
  const [nsObj, roleObj, svcObj] = made;
  assert.match(nsObj.metadata.uid!, /^[0-9a-f-]{36}$/);
  assert.equal(nsObj.metadata.creationTimestamp, '2026-01-02T03:04:05Z');
  assert.deepEqual((nsObj.spec as { finalizers: string[] }).finalizers, ['kubernetes'], 'defaults applied');
  assert.equal(roleObj.metadata.managedFields?.[0].manager, 'kube-apiserver');
  assert.equal(roleObj.metadata.managedFields?.[0].operation, 'Update');
  assert.match((svcObj.spec as { clusterIP: string }).clusterIP, /^10\.\d+\.\d+\.\d+$/, 'admission allocated an address');
  assert.equal((await getObject(ctxFor('a'), rbac('roles'), 'app', 'reader')).metadata.uid, roleObj.metadata.uid);
});

test('an invalid object refuses the whole batch before anything is written', async () => {
  const rev = await storage.currentRev();
  await assert.rejects(createObjects(ctxFor('c'), [ns('app2'), ns('Not_Valid')]), (e: { code?: number; status?: { reason?: string; message?: string } }) => {
    assert.equal(e.code, 422);
    assert.equal(e.status?.reason, 'Invalid');
    assert.match(e.status!.message!, /^Namespace "Not_Valid" is invalid: metadata\.name: Invalid value/);
    return true;
  });
  assert.equal(await storage.currentRev(), rev);
});

test('a namespace neither stored nor in the batch is refused, as NamespaceLifecycle refuses it', async () => {
  await assert.rejects(createObjects(ctxFor('c'), [role('r', 'nowhere')]), { code: 404, message: 'namespaces "nowhere" not found' });
});

test('an existing key fails the whole batch with AlreadyExists; a duplicate within it too', async () => {
  const rev = await storage.currentRev();
  await assert.rejects(createObjects(ctxFor('a'), [ns('fresh'), role('reader', 'app')]), { code: 409, message: 'roles.rbac.authorization.k8s.io "reader" already exists' });
  await assert.rejects(createObjects(ctxFor('a'), [ns('twice'), ns('twice')]), { code: 409, message: 'namespaces "twice" already exists' });
  assert.equal(await storage.currentRev(), rev);
  assert.equal(await ctxFor('a').storage.get('/registry/namespaces/fresh'), undefined);
});

test('admission that would write (a quota charge) makes the batch NotBatchable, with nothing written', async () => {
  const a = ctxFor('q');
  await createObject(a, core('namespaces'), '', ns('app').object);
  const q = await createObject(a, core('resourcequotas'), 'app', { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' }, spec: { hard: { 'count/configmaps': '5' } } });
  // as the quota controller leaves it
  assert.ok((await a.storage.update('/registry/resourcequotas/app/q', { ...q, status: { hard: { 'count/configmaps': '5' }, used: { 'count/configmaps': '0' } } }, Number(q.metadata.resourceVersion))).ok);
  noteCommit('q', '/registry/resourcequotas/app/q');
  const rev = await storage.currentRev();
  const cm = { desc: core('configmaps'), namespace: 'app', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } as KubeObject };
  await assert.rejects(createObjects(a, [cm]), NotBatchable);
  assert.equal(await storage.currentRev(), rev);
});

test('dry run builds everything and writes nothing', async () => {
  const rev = await storage.currentRev();
  const made = await createObjects({ ...ctxFor('d'), dryRun: true }, [ns('x'), role('r', 'x')]);
  assert.equal(made.length, 2);
  assert.equal(await storage.currentRev(), rev);
});
