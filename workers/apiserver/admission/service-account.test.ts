import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { StatusError } from '../../../lib/errors.ts';
import { byResource } from '../registry/index.ts';
import { testDatabase } from '../storage/test-database.test-support.ts';
import type { Storage } from '../storage/types.ts';
import type { AdmissionContext } from './index.ts';
import { serviceAccount } from './service-account.ts';

const pods = byResource('', 'v1', 'pods')!;
const pod = (spec: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } });

test('a pod runs as its service account, read from the isolate\'s copy rather than the database for every pod', async () => {
  const db = await testDatabase('sa-admission');
  const gets: string[] = [];
  const storage = new Proxy(db.storage, { get: (s, p) => (p === 'get' ? (key: string) => (gets.push(key), s.get(key)) : Reflect.get(s, p)) }) as Storage;
  await storage.create('/registry/serviceaccounts/ns/default', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'ns', uid: 'u1' } });
  await storage.create('/registry/serviceaccounts/ns/quiet', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'quiet', namespace: 'ns', uid: 'u2' }, automountServiceAccountToken: false, imagePullSecrets: [{ name: 'reg' }] } as KubeObject);
  const ctx = { storage, cluster: 'sa-admission' } as AdmissionContext;

  for (let i = 0; i < 3; i++) {
    const p = pod();
    await serviceAccount(ctx, pods, p);
    const spec = p.spec as { serviceAccountName: string; volumes: { name: string }[] };
    assert.equal(spec.serviceAccountName, 'default');
    assert.match(spec.volumes[0].name, /^kube-api-access-/);
  }
  assert.deepEqual(gets, [], 'no read of the account per pod');

  const quiet = pod({ serviceAccountName: 'quiet' });
  await serviceAccount(ctx, pods, quiet);
  assert.deepEqual((quiet.spec as { volumes?: unknown; imagePullSecrets?: unknown }).volumes, undefined, "the account's automountServiceAccountToken: false");
  assert.deepEqual((quiet.spec as { imagePullSecrets?: unknown }).imagePullSecrets, [{ name: 'reg' }]);

  // an account the copy does not have yet (another isolate made it) is read from the database
  await db.storage.create('/registry/serviceaccounts/ns/fresh', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'fresh', namespace: 'ns', uid: 'u3' } });
  await serviceAccount(ctx, pods, pod({ serviceAccountName: 'fresh' }));
  assert.deepEqual(gets, ['/registry/serviceaccounts/ns/fresh']);

  await assert.rejects(async () => serviceAccount(ctx, pods, pod({ serviceAccountName: 'nobody' })), (e: unknown) => e instanceof StatusError && e.status.code === 403 && e.status.message === 'pods "p" is forbidden: error looking up service account ns/nobody: serviceaccount "nobody" not found');
  db.close();
});
