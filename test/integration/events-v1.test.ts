/**
 * core/v1 and events.k8s.io/v1 Events are one stored object served in two shapes: whatever one
 * API writes, the other reads, lists, watches and deletes, with the fields renamed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const NS = 'deux-formes';
const CORE = `/api/v1/namespaces/${NS}/events`;
const V1 = `/apis/events.k8s.io/v1/namespaces/${NS}/events`;

async function ok(method: string, path: string, body?: unknown, contentType?: string) {
  const r = await cluster.api(method, path, { body, contentType });
  assert.ok(r.status >= 200 && r.status < 300, `${method} ${path}: ${r.status} ${r.text}`);
  return r.json;
}

const coreEvent = (name: string) => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace: NS },
  involvedObject: { kind: 'Pod', name: 'web', namespace: NS, fieldPath: 'spec.containers{app}' },
  reason: 'Pulled',
  message: 'Successfully pulled image "nginx"',
  source: { component: 'kubelet', host: 'n1' },
  firstTimestamp: '2025-01-01T11:00:00Z',
  lastTimestamp: '2025-01-01T11:00:00Z',
  count: 1,
  type: 'Normal',
});

test('a namespace for the events', async () => {
  await ok('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } });
});

test('a core/v1 Event is got and listed through events.k8s.io/v1, fields renamed', async () => {
  const created = await ok('POST', CORE, coreEvent('pulled'));
  const got = await ok('GET', `${V1}/pulled`);
  assert.equal(got.apiVersion, 'events.k8s.io/v1');
  assert.equal(got.metadata.resourceVersion, created.metadata.resourceVersion);
  assert.equal(got.metadata.uid, created.metadata.uid);
  assert.equal(got.note, 'Successfully pulled image "nginx"');
  assert.deepEqual(got.regarding, { kind: 'Pod', name: 'web', namespace: NS, fieldPath: 'spec.containers{app}' });
  assert.deepEqual(got.deprecatedSource, { component: 'kubelet', host: 'n1' });
  assert.equal(got.deprecatedCount, 1);
  assert.equal(got.deprecatedFirstTimestamp, '2025-01-01T11:00:00Z');
  assert.equal(got.eventTime, null);
  assert.equal(got.message, undefined);
  assert.ok(got.metadata.managedFields?.length, 'managedFields pass through');

  const list = await ok('GET', `${V1}?fieldSelector=${encodeURIComponent('regarding.name=web,reason=Pulled')}`);
  assert.equal(list.kind, 'EventList');
  assert.equal(list.apiVersion, 'events.k8s.io/v1');
  assert.deepEqual(list.items.map((e: any) => [e.metadata.name, e.note]), [['pulled', 'Successfully pulled image "nginx"']]);
  const none = await ok('GET', `${V1}?fieldSelector=${encodeURIComponent('regarding.name=other')}`);
  assert.deepEqual(none.items, []);
  const all = await ok('GET', '/apis/events.k8s.io/v1/events');
  assert.ok(all.items.some((e: any) => e.metadata.name === 'pulled' && e.metadata.namespace === NS));
});

test('an events.k8s.io/v1 Event shows in `kubectl get events` and through core/v1', async () => {
  await ok('POST', V1, {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: { name: 'synced', namespace: NS },
    eventTime: '2025-01-01T11:00:00.000000Z',
    reportingController: 'example.com/ctl',
    reportingInstance: 'ctl-1',
    action: 'Sync',
    reason: 'Synced',
    regarding: { kind: 'Deployment', name: 'web', namespace: NS },
    note: 'all in sync',
    type: 'Normal',
  });
  const core = await ok('GET', `${CORE}/synced`);
  assert.equal(core.apiVersion, 'v1');
  assert.equal(core.message, 'all in sync');
  assert.equal(core.reportingComponent, 'example.com/ctl');
  assert.deepEqual(core.involvedObject, { kind: 'Deployment', name: 'web', namespace: NS });

  const r = await cluster.kubectl(['get', 'events', '-n', NS]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Synced\s+deployment\/web\s+all in sync/);
  assert.match(r.stdout, /Pulled\s+pod\/web/);
  const v1 = await cluster.kubectl(['get', 'events.v1.events.k8s.io', '-n', NS, '-o', 'name']);
  assert.equal(v1.code, 0, v1.stderr);
  assert.deepEqual(v1.stdout.trim().split('\n').sort(), ['event.events.k8s.io/pulled', 'event.events.k8s.io/synced']);
});

test('a patch through events.k8s.io/v1 changes what core/v1 reads', async () => {
  await ok('PATCH', `${V1}/synced`, { note: 'still in sync' }, 'application/merge-patch+json');
  assert.equal((await ok('GET', `${CORE}/synced`)).message, 'still in sync');
});

test('a watch on events.k8s.io/v1 sees core/v1 writes and deletes, converted', async () => {
  const rv = (await ok('GET', V1)).metadata.resourceVersion;
  const w = await cluster.watch(`${V1}?watch=true&resourceVersion=${rv}`);
  try {
    await ok('POST', CORE, coreEvent('started'));
    const [added] = await w.waitFor(1, 5000);
    assert.equal(added.type, 'ADDED');
    assert.equal(added.object.apiVersion, 'events.k8s.io/v1');
    assert.equal(added.object.metadata.name, 'started');
    assert.equal(added.object.note, 'Successfully pulled image "nginx"');
    await ok('DELETE', `${CORE}/started`);
    const events = await w.waitFor(2, 5000);
    assert.deepEqual([events[1].type, events[1].object.metadata.name, events[1].object.regarding.name], ['DELETED', 'started', 'web']);
  } finally {
    w.close();
  }
});

test('a delete through one API removes the event from the other', async () => {
  await ok('DELETE', `${V1}/pulled`);
  assert.equal((await cluster.api('GET', `${CORE}/pulled`)).status, 404);
  await ok('DELETE', `${CORE}/synced`);
  assert.equal((await cluster.api('GET', `${V1}/synced`)).status, 404);
  assert.deepEqual((await ok('GET', V1)).items, []);
  assert.deepEqual((await ok('GET', CORE)).items, []);
});

test('deletecollection through events.k8s.io/v1 with a field selector on the new names', async () => {
  await ok('POST', CORE, coreEvent('a'));
  await ok('POST', CORE, { ...coreEvent('b'), involvedObject: { kind: 'Pod', name: 'other', namespace: NS } });
  await ok('DELETE', `${V1}?fieldSelector=${encodeURIComponent('regarding.name=web')}`);
  assert.deepEqual((await ok('GET', CORE)).items.map((e: any) => e.metadata.name), ['b']);
});
