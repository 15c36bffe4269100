/**
 * Noisy neighbours: with small per-cluster limits set through the control plane's start options,
 * a tenant's 16-client write storm is refused with 429 TooManyRequests (Retry-After) and its
 * creates past the object limit with 403 Forbidden, each with a clear message, while another
 * tenant and the root cluster are served throughout.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useCluster, type Reply } from '../support/cluster.ts';
import { signToken } from '../../lib/auth/tokens.ts';

const MAX_OBJECTS = 180;
const QPS = 20;
const cluster = useCluster({
  // fair share off: the refusals seen are the cluster limits'
  apiserverSettings: { CLUSTER_MAX_OBJECTS: String(MAX_OBJECTS), CLUSTER_WRITE_QPS: String(QPS), CLUSTER_WRITE_BURST: String(QPS), FAIR_SHARE_QPS: '0' },
});
const CLUSTERS = '/apis/tenancy.timonier.dev/v1alpha1/clusters';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { n: name } });

/** A tenant cluster with a student who is cluster-admin there (not system:masters: no exemption). */
async function tenant(name: string): Promise<string> {
  const made = await cluster.api('POST', CLUSTERS, { body: { apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name } } });
  assert.equal(made.status, 201, made.text);
  const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'student' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'student' }] };
  const bound = await cluster.api('POST', `/clusters/${name}/apis/rbac.authorization.k8s.io/v1/clusterrolebindings`, { body: binding });
  assert.equal(bound.status, 201, bound.text);
  const key = (await readFile(join(cluster.cp.dataDir, 'token-signing-key'), 'utf8')).trim();
  return signToken(key, { sub: 'student', groups: ['system:authenticated'], cluster: name });
}

const create = (name: string, token: string | undefined, cmName: string) =>
  cluster.api('POST', `${name === 'default' ? '' : `/clusters/${name}`}/api/v1/namespaces/default/configmaps`, { body: cm(cmName), ...(token ? { token } : {}) });

/** A write that waits out the write rate (as client-go does with Retry-After). */
async function paced(write: () => Promise<Reply>): Promise<Reply> {
  for (;;) {
    const r = await write();
    if (r.status !== 429) return r;
    await sleep(1000 * Number(r.headers['retry-after'] ?? 1));
  }
}

test("a tenant's write storm is refused with 429 while another tenant and the root are served", async () => {
  const storm = await tenant('storm');
  const calm = await tenant('calm');
  const refusals: Reply[] = [];
  let created = 0;
  let stop = false;
  const client = async (c: number) => {
    for (let i = 0; !stop && i < 40; i++) {
      const r = await create('storm', storm, `s-${c}-${i}`);
      if (r.status === 201) created++;
      else refusals.push(r);
    }
  };
  const neighbours: number[] = [];
  const storming = Promise.all(Array.from({ length: 16 }, (_, c) => client(c)));
  for (let i = 0; i < 10; i++) {
    neighbours.push((await create('calm', calm, `c-${i}`)).status, (await create('default', undefined, `root-${i}`)).status);
    neighbours.push((await cluster.api('GET', '/clusters/calm/api/v1/namespaces/default/configmaps/c-0', { token: calm })).status);
  }
  await storming;
  stop = true;

  assert.ok(refusals.length > 0, 'the storm was throttled');
  const throttled = refusals.filter((r) => r.status === 429);
  assert.ok(throttled.length > 0, `429s among ${refusals.map((r) => r.status).join(',')}`);
  for (const r of throttled) {
    assert.equal(r.json.kind, 'Status');
    assert.equal(r.json.reason, 'TooManyRequests');
    assert.equal(r.json.message, `cluster "storm" has reached its limit of ${QPS} writes per second, please try again later`);
    assert.ok(Number(r.headers['retry-after']) >= 1, 'Retry-After');
  }
  assert.ok(created >= QPS, `the burst got through (${created})`);
  assert.ok(created < 16 * 40, 'not everything got through');
  assert.deepEqual([...new Set(neighbours)].sort(), [200, 201], 'the other tenant and the root were served throughout');
});

test("creates past the tenant's object limit are 403 with a quota-like message; deleting frees room; the root has no limit", async () => {
  const storm = await tenant('full');
  let refused: Reply | undefined;
  for (let i = 0; i < MAX_OBJECTS && !refused; i++) {
    const r = await paced(() => create('full', storm, `f-${i}`));
    if (r.status !== 201) refused = r;
  }
  assert.ok(refused, 'the limit was reached');
  assert.equal(refused.status, 403);
  assert.equal(refused.json.reason, 'Forbidden');
  assert.match(refused.json.message, new RegExp(`^configmaps "f-\\d+" is forbidden: cluster "full" has reached its limit of ${MAX_OBJECTS} objects$`));

  const victim = (await cluster.api('GET', '/clusters/full/api/v1/namespaces/default/configmaps', { token: storm })).json.items[0].metadata.name;
  // a delete is a write too: paced like the creates, whose pace drained the cluster's write budget
  assert.equal((await paced(() => cluster.api('DELETE', `/clusters/full/api/v1/namespaces/default/configmaps/${victim}`, { token: storm }))).status, 200);
  assert.equal((await paced(() => create('full', storm, 'after-delete'))).status, 201, 'a deletion frees a slot');
  assert.equal((await paced(() => create('full', storm, 'one-too-many'))).status, 403);

  for (let i = 0; i < 5; i++) assert.equal((await create('default', undefined, `root-more-${i}`)).status, 201);
  assert.equal((await create('calm', undefined, 'calm-still-fine')).status, 201, 'another tenant is not affected');
});
