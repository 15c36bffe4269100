import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { inTenant, kubeconfigOf, rootOf, tenantServer } from './tenant-api.ts';

const conn = { server: 'https://127.0.0.1:6443', token: 'root-token', caPem: 'CA', insecure: false };

test("a tenant's server is the root's URL and /clusters/<name>, whatever the kubeconfig addressed", () => {
  assert.equal(tenantServer('https://h:1', 'alice'), 'https://h:1/clusters/alice');
  assert.equal(tenantServer('https://h:1/', 'alice'), 'https://h:1/clusters/alice');
  assert.equal(tenantServer('https://h:1/clusters/bob', 'alice'), 'https://h:1/clusters/alice');
  assert.equal(rootOf({ ...conn, server: 'https://h:1/clusters/bob' }).server, 'https://h:1');
  assert.equal(rootOf(conn).server, 'https://127.0.0.1:6443');
  assert.deepEqual(inTenant(conn, 'alice'), { ...conn, server: 'https://127.0.0.1:6443/clusters/alice' });
});

test('kubeconfigs: one context per entry in namespace default, users named per context when several', () => {
  const one = parse(kubeconfigOf(conn, [{ context: 'alice', server: 'https://h/clusters/alice', user: 'alice', token: 't' }]));
  assert.equal(one['current-context'], 'alice');
  assert.deepEqual(one.contexts, [{ name: 'alice', context: { cluster: 'alice', user: 'alice', namespace: 'default' } }]);
  assert.equal(Buffer.from(one.clusters[0].cluster['certificate-authority-data'], 'base64').toString(), 'CA');
  const two = parse(kubeconfigOf(conn, [
    { context: 'carol', server: 'https://h/clusters/k-carol', user: 'instructor', token: 'a' },
    { context: 'dave', server: 'https://h/clusters/k-dave', user: 'instructor', token: 'b' },
  ]));
  assert.deepEqual(two.users.map((u: { name: string }) => u.name), ['instructor@carol', 'instructor@dave']);
  assert.deepEqual(two.contexts.map((c: { context: { user: string } }) => c.context.user), ['instructor@carol', 'instructor@dave']);
});
