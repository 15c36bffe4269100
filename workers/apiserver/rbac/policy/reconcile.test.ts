import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import type { KubeObject } from '../../../../lib/api/meta.ts';
import type { ClusterRole, RoleBinding } from '../../../../lib/api/rbac.ts';
import { createStorage, migrate, type Storage } from '../../storage/index.ts';
import { byResource } from '../../registry/index.ts';
import { createObject, getObject, updateObject, type StoreContext } from '../../rest/store.ts';
import { reconcileDefaultPolicy } from './reconcile.ts';
import { defaultClusterRoleBindings, defaultClusterRoles, defaultRoleBindings, defaultRoles } from './defaults.ts';

const dir = mkdtempSync(join(tmpdir(), 'timonier-rbac-policy-'));
let client: Client;
let storage: Storage;
let ctx: StoreContext;
const commits: string[] = [];

before(async () => {
  client = createClient({ url: `file:${join(dir, 'db.sqlite')}` });
  await migrate(client);
  storage = createStorage(client);
  ctx = {
    storage,
    cluster: 'default',
    user: { username: 'system:apiserver', groups: ['system:masters'] },
    manager: 'kube-apiserver',
    dryRun: false,
    now: () => new Date(),
    afterCommit: (d, type, o) => commits.push(`${type} ${d.resource}/${o.metadata.namespace ?? ''}/${o.metadata.name}`),
  } as StoreContext;
  const namespaces = byResource('', 'v1', 'namespaces')!;
  for (const name of ['kube-system', 'kube-public']) await createObject(ctx, namespaces, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
});
after(() => {
  client?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rbac = (resource: string) => byResource('rbac.authorization.k8s.io', 'v1', resource)!;
const get = <T extends KubeObject>(resource: string, name: string, ns = '') => getObject(ctx, rbac(resource), ns, name) as Promise<T>;
async function edit<T extends KubeObject>(resource: string, name: string, change: (o: T) => void, ns = '') {
  const current = await get<T>(resource, name, ns);
  const next = structuredClone(current);
  change(next);
  await updateObject(ctx, rbac(resource), current, next);
}

test('the default policy: every object valid, labelled and annotated', () => {
  const all = [...defaultClusterRoles(), ...defaultClusterRoleBindings(), ...defaultRoles(), ...defaultRoleBindings()];
  for (const o of all) {
    assert.equal(o.metadata.labels?.['kubernetes.io/bootstrapping'], 'rbac-defaults', o.metadata.name!);
    assert.equal(o.metadata.annotations?.['rbac.authorization.kubernetes.io/autoupdate'], 'true', o.metadata.name!);
  }
  const byName = new Map(defaultClusterRoles().map((r) => [r.metadata.name, r]));
  assert.deepEqual(byName.get('view')!.aggregationRule, { clusterRoleSelectors: [{ matchLabels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' } }] });
  assert.equal(byName.get('view')!.metadata.labels!['rbac.authorization.k8s.io/aggregate-to-edit'], 'true');
  assert.equal(byName.get('edit')!.metadata.labels!['rbac.authorization.k8s.io/aggregate-to-admin'], 'true');
  assert.equal(byName.get('system:aggregate-to-view')!.metadata.labels!['rbac.authorization.k8s.io/aggregate-to-view'], 'true');
  assert.ok(byName.has('system:controller:clusterrole-aggregation-controller'));
  const crbs = new Map(defaultClusterRoleBindings().map((b) => [b.metadata.name, b]));
  assert.deepEqual(crbs.get('system:controller:namespace-controller')!.subjects, [{ kind: 'ServiceAccount', name: 'namespace-controller', namespace: 'kube-system' }]);
  assert.deepEqual(crbs.get('cluster-admin')!.subjects, [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'system:masters' }]);
});

test('first run creates everything; a second run writes nothing', async () => {
  const first = await reconcileDefaultPolicy(ctx);
  const total = defaultClusterRoles().length + defaultClusterRoleBindings().length + defaultRoles().length + defaultRoleBindings().length;
  assert.equal(first.created.length, total);
  assert.ok(first.created.includes('clusterroles//cluster-admin'));
  assert.ok(first.created.includes('rolebindings/kube-system/system::leader-locking-kube-scheduler'));
  const admin = await get<ClusterRole>('clusterroles', 'admin');
  assert.equal(admin.metadata.managedFields?.[0]?.manager, 'kube-apiserver');
  // created with its aggregated rules (admin ⊇ edit ⊇ view), usable before the aggregation controller runs
  const grants = (r: ClusterRole, verb: string, resource: string) => (r.rules ?? []).some((p) => p.verbs.includes(verb) && p.resources?.includes(resource));
  assert.ok(grants(admin, 'create', 'deployments') && grants(admin, 'create', 'rolebindings'), JSON.stringify(admin.rules));
  assert.ok(grants(await get<ClusterRole>('clusterroles', 'view'), 'list', 'pods'));
  const rev = await storage.currentRev();
  commits.length = 0;
  assert.deepEqual(await reconcileDefaultPolicy(ctx), { created: [], updated: [], recreated: [] });
  assert.equal(await storage.currentRev(), rev);
  assert.deepEqual(commits, []);
});

test('missing rules, selectors, subjects and labels are added; extra ones kept', async () => {
  await edit<ClusterRole>('clusterroles', 'system:basic-user', (r) => {
    r.rules = [{ verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews'] }, { verbs: ['get'], apiGroups: [''], resources: ['pods'] }];
    delete r.metadata.labels;
  });
  await edit<ClusterRole>('clusterroles', 'admin', (r) => {
    r.aggregationRule = { clusterRoleSelectors: [{ matchLabels: { 'example.com/extra': 'true' } }] };
  });
  await edit<RoleBinding>('clusterrolebindings', 'system:discovery', (b) => {
    b.subjects = [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'extra' }];
  });
  const report = await reconcileDefaultPolicy(ctx);
  assert.deepEqual([...report.updated].sort(), ['clusterrolebindings//system:discovery', 'clusterroles//admin', 'clusterroles//system:basic-user']);
  const basic = await get<ClusterRole>('clusterroles', 'system:basic-user');
  assert.equal(basic.metadata.labels?.['kubernetes.io/bootstrapping'], 'rbac-defaults');
  assert.deepEqual(basic.rules, [
    { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews'] },
    { verbs: ['get'], apiGroups: [''], resources: ['pods'] },
    { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectrulesreviews'] },
    { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
  ]);
  const admin = await get<ClusterRole>('clusterroles', 'admin');
  assert.deepEqual(admin.aggregationRule!.clusterRoleSelectors, [{ matchLabels: { 'example.com/extra': 'true' } }, { matchLabels: { 'rbac.authorization.k8s.io/aggregate-to-admin': 'true' } }]);
  const discovery = await get<RoleBinding>('clusterrolebindings', 'system:discovery');
  assert.deepEqual(discovery.subjects!.map((s) => s.name), ['extra', 'system:authenticated']);
  assert.deepEqual(await reconcileDefaultPolicy(ctx), { created: [], updated: [], recreated: [] }, 'idempotent');
});

test('autoupdate "false" is respected; a deleted default is recreated; a changed roleRef is recreated', async () => {
  await edit<ClusterRole>('clusterroles', 'view', (r) => {
    r.metadata.annotations = { 'rbac.authorization.kubernetes.io/autoupdate': 'false' };
    delete r.aggregationRule;
    r.rules = [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }];
  });
  await edit<RoleBinding>('clusterrolebindings', 'cluster-admin', (b) => {
    b.metadata.annotations = { 'rbac.authorization.kubernetes.io/autoupdate': 'false' };
    b.subjects = [];
  });
  const crb = rbac('clusterrolebindings');
  const { deleteObject } = await import('../../rest/store.ts');
  await deleteObject(ctx, crb, '', 'system:monitoring', {});
  await deleteObject(ctx, crb, '', 'system:basic-user', {});
  await createObject(ctx, crb, '', { metadata: { name: 'system:basic-user' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' } } as KubeObject);

  const report = await reconcileDefaultPolicy(ctx);
  assert.deepEqual(report, { created: ['clusterrolebindings//system:monitoring'], updated: [], recreated: ['clusterrolebindings//system:basic-user'] });
  const view = await get<ClusterRole>('clusterroles', 'view');
  assert.deepEqual(view.rules, [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]);
  assert.equal(view.aggregationRule, undefined);
  assert.deepEqual((await get<RoleBinding>('clusterrolebindings', 'cluster-admin')).subjects ?? [], []);
  assert.equal((await get<RoleBinding>('clusterrolebindings', 'system:basic-user')).roleRef.name, 'system:basic-user');
});
