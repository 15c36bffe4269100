import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { createStorage, migrate } from '../storage/index.ts';
import { byResource, storagePrefix } from '../registry/index.ts';
import { noteCommit } from '../cache/followed.ts';
import { rbacAuthorizer } from './authorizer.ts';
import { RBAC_PREFIXES } from './policy.ts';
import { requestInfo } from '../request/info.ts';

test("the followed prefixes are the RBAC kinds' storage prefixes", () => {
  const prefix = (resource: string) => storagePrefix(byResource('rbac.authorization.k8s.io', 'v1', resource)!);
  assert.deepEqual(RBAC_PREFIXES, {
    roles: prefix('roles'),
    clusterRoles: prefix('clusterroles'),
    roleBindings: prefix('rolebindings'),
    clusterRoleBindings: prefix('clusterrolebindings'),
  });
});

test('a binding committed by this isolate takes effect on the next request; clusters are apart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'timonier-rbac-'));
  const client = createClient({ url: `file:${join(dir, 'db.sqlite')}` });
  try {
    await migrate(client);
    const storage = createStorage(client);
    let reads = 0;
    const counted = { ...storage, list: (...a: Parameters<typeof storage.list>) => (reads++, storage.list(...a)), events: (...a: Parameters<typeof storage.events>) => (reads++, storage.events(...a)) };
    const alice = { username: 'alice', groups: ['system:authenticated'] };
    const info = requestInfo('POST', new URL('https://x/apis/apps/v1/namespaces/alice/deployments'));
    const ctx = (cluster: string) => ({ storage: counted, query: new URLSearchParams(), cluster });
    await storage.create(`${RBAC_PREFIXES.clusterRoles}edit`, { metadata: { name: 'edit' }, rules: [{ verbs: ['create'], apiGroups: ['apps'], resources: ['deployments'] }] });
    assert.equal((await rbacAuthorizer(alice, info, ctx('default'))).allowed, false);

    const key = `${RBAC_PREFIXES.roleBindings}alice/alice-edit`;
    await storage.create(key, { metadata: { name: 'alice-edit', namespace: 'alice' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'edit' }, subjects: [{ kind: 'User', name: 'alice' }] });
    noteCommit('default', key);
    assert.equal((await rbacAuthorizer(alice, info, ctx('default'))).allowed, true);
    // another cluster reads its own objects (none here: the same database, but a separate cache entry)
    const before = reads;
    await rbacAuthorizer(alice, info, ctx('other'));
    assert.ok(reads > before, 'another cluster loads its own copy');
    // a fresh copy costs no query
    const settled = reads;
    for (let i = 0; i < 50; i++) await rbacAuthorizer(alice, info, ctx('default'));
    assert.ok(reads - settled <= 8, `${reads - settled} storage reads for 50 decisions`);
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
