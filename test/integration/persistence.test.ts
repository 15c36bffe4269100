/**
 * What survives a restart of the local runtime (`cluster.restart()`: miniflare and the database
 * server stopped, then started again on the same data directory): the objects as they were, their
 * resourceVersions, the cluster's revision, the history a watch resumes from, and kubectl's
 * current namespace.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const NS = 'memoire';
const CMS = `/api/v1/namespaces/${NS}/configmaps`;

async function ok(args: string[]) {
  const r = await cluster.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}:\n${r.stderr}`);
  return r.stdout;
}

async function create(name: string, data: Record<string, string>) {
  const r = await cluster.api('POST', CMS, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { serie: 'memoire' } }, data } });
  assert.equal(r.status, 201, r.text);
  return r.json;
}

/** The cluster's current revision, once nothing else is writing. */
async function quietRevision(): Promise<number> {
  const deadline = Date.now() + 20_000;
  let last = -1;
  for (;;) {
    const rev = Number((await cluster.api('GET', CMS)).json.metadata.resourceVersion);
    if (rev === last) return rev;
    assert.ok(Date.now() < deadline, 'the cluster never stopped writing');
    last = rev;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: durable
spec:
  replicas: 2
  selector:
    matchLabels:
      app: durable
  template:
    metadata:
      labels:
        app: durable
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

test('objects, resourceVersions, the revision, history and kubectl\'s namespace survive a restart', async () => {
  assert.match(await ok(['create', 'namespace', NS]), /namespace\/memoire created/);
  await ok(['config', 'set-context', '--current', `--namespace=${NS}`]);
  const file = join(cluster.dir, 'durable.yaml');
  await writeFile(file, deployment);
  assert.match(await ok(['apply', '-f', file]), /deployment.apps\/durable created/);

  const before: any[] = [];
  for (let i = 1; i <= 3; i++) before.push(await create(`c${i}`, { n: String(i) }));
  const resumeFrom = before[1].metadata.resourceVersion;
  // writes after the resume point, before the restart: a watch from it must replay them
  const patched = await cluster.api('PATCH', `${CMS}/c1`, { body: { data: { n: 'un' } }, contentType: 'application/merge-patch+json' });
  assert.equal(patched.status, 200, patched.text);
  const deleted = await cluster.api('DELETE', `${CMS}/c2`);
  assert.equal(deleted.status, 200, deleted.text);

  const revisionBefore = await quietRevision();
  const objectsBefore = (await cluster.api('GET', `${CMS}?labelSelector=serie%3Dmemoire`)).json.items;
  const deployBefore = (await cluster.api('GET', `/apis/apps/v1/namespaces/${NS}/deployments/durable`)).json;
  const open = await cluster.watch(`${CMS}?watch=true&labelSelector=serie%3Dmemoire`);
  const urlBefore = cluster.cp.url;

  await cluster.restart();

  // a stream open across the stop ends rather than hangs
  const timer = new Promise((_, reject) => setTimeout(() => reject(new Error('the watch opened before the restart is still open')), 10_000).unref());
  await Promise.race([open.ended, timer]);
  assert.notEqual(cluster.cp.url, urlBefore, 'a new port (port 0), so nothing is served from the old process');

  // the same objects, byte for byte: uid, resourceVersion, managedFields, timestamps
  const objectsAfter = (await cluster.api('GET', `${CMS}?labelSelector=serie%3Dmemoire`)).json.items;
  assert.deepEqual(objectsAfter, objectsBefore);
  assert.deepEqual(objectsAfter.map((o: any) => [o.metadata.name, o.data.n]), [['c1', 'un'], ['c3', '3']]);
  // the deployment too (its status and annotations are the controllers' to change meanwhile)
  const deployAfter = await cluster.api('GET', `/apis/apps/v1/namespaces/${NS}/deployments/durable`);
  assert.equal(deployAfter.status, 200, deployAfter.text);
  const identity = (d: any) => ({ uid: d.metadata.uid, created: d.metadata.creationTimestamp, generation: d.metadata.generation, spec: d.spec });
  assert.deepEqual(identity(deployAfter.json), identity(deployBefore));

  // the revision did not go back (controllers may have written since), and writes continue after it
  const revisionAfter = await quietRevision();
  assert.ok(revisionAfter >= revisionBefore, `${revisionAfter} >= ${revisionBefore}`);
  const next = await create('c4', { n: '4' });
  assert.ok(Number(next.metadata.resourceVersion) > revisionAfter, `${next.metadata.resourceVersion} > ${revisionAfter}`);

  // optimistic concurrency across the restart: the version read before it still works, once
  const c3 = objectsBefore.find((o: any) => o.metadata.name === 'c3');
  const put = await cluster.api('PUT', `${CMS}/c3`, { body: { ...c3, data: { n: 'trois' } } });
  assert.equal(put.status, 200, put.text);
  const stale = await cluster.api('PUT', `${CMS}/c3`, { body: { ...c3, data: { n: 'perdu' } } });
  assert.equal(stale.status, 409, stale.text);
  assert.equal(stale.json.reason, 'Conflict');

  // a watch from a pre-restart revision replays the history after it, then goes on live
  const w = await cluster.watch(`${CMS}?watch=true&labelSelector=serie%3Dmemoire&resourceVersion=${resumeFrom}`);
  try {
    const events = await w.waitFor(5);
    assert.deepEqual(
      events.map((e) => [e.type, e.object.metadata.name, e.object.data.n]),
      [
        ['ADDED', 'c3', '3'],
        ['MODIFIED', 'c1', 'un'],
        ['DELETED', 'c2', '2'],
        ['ADDED', 'c4', '4'],
        ['MODIFIED', 'c3', 'trois'],
      ],
    );
    const rvs = events.map((e) => Number(e.object.metadata.resourceVersion));
    assert.ok(rvs.every((x, i) => i === 0 || x > rvs[i - 1]), `increasing: ${rvs}`);
    assert.equal(events[1].object.metadata.resourceVersion, patched.json.metadata.resourceVersion);
    const live = await create('c5', { n: '5' });
    const [, , , , , e6] = await w.waitFor(6);
    assert.deepEqual([e6.type, e6.object.metadata.resourceVersion], ['ADDED', live.metadata.resourceVersion]);
  } finally {
    w.close();
  }

  // kubectl still talks to the cluster (new port, same CA and token) in the namespace it was set to
  assert.equal(await ok(['config', 'view', '--minify', '-o', 'jsonpath={.contexts[0].context.namespace}']), NS);
  const table = await ok(['get', 'configmaps', '-l', 'serie=memoire']);
  assert.match(table, /^NAME\s+DATA\s+AGE$/m);
  assert.deepEqual(
    table.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[0]),
    ['c1', 'c3', 'c4', 'c5'],
  );
  assert.match(await ok(['get', 'deployment', 'durable', '-o', 'name']), /^deployment.apps\/durable$/m);
});
