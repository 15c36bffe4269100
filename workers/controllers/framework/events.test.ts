import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiClient } from '../../../lib/client/client.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { eventRecorder } from './events.ts';
import { EventOutbox } from './event-outbox.ts';

/** An API whose event creations wait until released; `failing` makes them fail. */
function slowApi(failing = false) {
  const created: any[] = [];
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let most = 0;
  const api = {
    async create(_res: unknown, _ns: string, body: any) {
      most = Math.max(most, ++inFlight);
      await new Promise<void>((r) => waiting.push(r));
      inFlight--;
      if (failing) throw new Error('503');
      created.push(body);
      return body;
    },
  };
  const releaseAll = async () => {
    while (waiting.length || inFlight) {
      waiting.splice(0).forEach((r) => r());
      await new Promise((r) => setTimeout(r, 1));
    }
  };
  return { api: api as unknown as ApiClient, created, releaseAll, most: () => most };
}

let uid = 0;
const obj = (): KubeObject => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'ns', uid: `u${++uid}`, resourceVersion: '7' } });

test('recording does not wait for the write; flush does, and writes go at most 8 at a time', async () => {
  const { api, created, releaseAll, most } = slowApi();
  const events = eventRecorder(api, 'replicaset-controller', () => new Date('2026-01-01T00:00:00Z'));
  for (let i = 0; i < 20; i++) await events.normal(obj(), 'SuccessfulCreate', `Created pod: p${i}`);
  assert.equal(created.length, 0, 'nothing written yet, and the caller went on');
  let flushed = false;
  const flushing = events.flush().then(() => (flushed = true));
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(flushed, false, 'flush waits for the writes');
  await releaseAll();
  await flushing;
  assert.equal(created.length, 20);
  assert.equal(most(), 8);
  assert.deepEqual(
    created.slice(0, 8).map((e) => e.message),
    Array.from({ length: 8 }, (_, i) => `Created pod: p${i}`),
    'sent in the order recorded',
  );
});

test('an event says what the object and the time were when it was recorded', async () => {
  const { api, created, releaseAll } = slowApi();
  let now = new Date('2026-01-01T00:00:00Z');
  const events = eventRecorder(api, 'deployment-controller', () => now);
  const d = obj();
  await events.normal(d, 'ScalingReplicaSet', 'Scaled up replica set rs from 0 to 2');
  d.metadata.resourceVersion = '8';
  now = new Date('2026-01-01T00:01:00Z');
  await releaseAll();
  await events.flush();
  assert.equal(created[0].involvedObject.resourceVersion, '7');
  assert.equal(created[0].firstTimestamp, '2026-01-01T00:00:00Z');
});

test('a failed write never fails the caller nor the flush', async () => {
  const { api, created, releaseAll } = slowApi(true);
  const events = eventRecorder(api, 'default-scheduler', () => new Date());
  const errors: unknown[] = [];
  const log = console.error;
  console.error = (...a: unknown[]) => void errors.push(a);
  try {
    await events.warning(obj(), 'FailedScheduling', '0/1 nodes are available');
    const flushing = events.flush();
    await releaseAll();
    await flushing;
  } finally {
    console.error = log;
  }
  assert.equal(created.length, 0);
  assert.equal(errors.length, 1, 'the failure is logged');
});

test("a controller's events about one object are counted, combined and rate-limited as client-go's", async () => {
  const { api, created, releaseAll } = slowApi();
  const patched: any[] = [];
  (api as any).patch = async (_res: unknown, _ns: string, name: string, patch: any) => {
    patched.push(patch);
    const e = created.find((x) => x.metadata.name === name);
    Object.assign(e, patch);
    return e;
  };
  const events = eventRecorder(api, 'default-scheduler', () => new Date('2026-01-01T00:00:00Z'));
  const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', uid: 'storm', resourceVersion: '1' } };
  // one at a time, as a pod failing to schedule again and again would
  for (let i = 0; i < 100; i++) {
    await events.warning(pod, 'FailedScheduling', '0/3 nodes are available: 3 Insufficient cpu.');
    await releaseAll();
    await events.flush();
  }
  assert.equal(created.length, 1, 'one Event');
  assert.equal(patched.length, 24, 'the burst of 25 writes, then none for 5 minutes');
  assert.equal(created[0].count, 25);
});

test("one object's events are written one at a time (they may patch the same Event); other objects' alongside", async () => {
  const { api, created, releaseAll } = slowApi();
  let patching = 0;
  let most = 0;
  (api as any).patch = async (_res: unknown, _ns: string, name: string, patch: any) => {
    most = Math.max(most, ++patching);
    await new Promise((r) => setTimeout(r, 2));
    patching--;
    return Object.assign(created.find((x) => x.metadata.name === name), patch);
  };
  const events = eventRecorder(api, 'replicaset-controller', () => new Date('2026-01-01T00:00:00Z'));
  const rs: KubeObject = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'ns', uid: 'lanes', resourceVersion: '1' } };
  for (let i = 0; i < 20; i++) await events.normal(rs, 'SuccessfulCreate', `Created pod: rs-${i}`);
  const flushing = events.flush();
  await releaseAll();
  await flushing;
  assert.equal(most, 1, 'never two writes of one object at once');
  const combined = created.find((e) => e.message.startsWith('(combined from similar events)'));
  assert.equal(combined?.count, 11, '9 events apart, then one combined event counting the 11 others');
});

test('recorders sharing an outbox share its limit, and one flush waits for all their events', async () => {
  const { api, created, releaseAll, most } = slowApi();
  const outbox = new EventOutbox(1);
  const deployments = eventRecorder(api, 'deployment-controller', () => new Date(), undefined, outbox);
  const replicaSets = eventRecorder(api, 'replicaset-controller', () => new Date(), undefined, outbox);
  await deployments.normal(obj(), 'ScalingReplicaSet', 'Scaled up replica set rs from 0 to 1');
  await replicaSets.normal(obj(), 'SuccessfulCreate', 'Created pod: p');
  await deployments.normal(obj(), 'ScalingReplicaSet', 'Scaled up replica set rs from 1 to 2');
  let flushed = false;
  const flushing = replicaSets.flush().then(() => (flushed = true));
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(flushed, false, 'the flush waits for the deployment controller\'s events too');
  await releaseAll();
  await flushing;
  assert.equal(most(), 1, 'one write at a time, both recorders together');
  assert.deepEqual(created.map((e) => `${e.source.component} ${e.reason}`), ['deployment-controller ScalingReplicaSet', 'replicaset-controller SuccessfulCreate', 'deployment-controller ScalingReplicaSet']);
});

test("an event of another component is sent once the events recorded before it are written (their causal order commits); one component's run goes at once", async () => {
  const { api, created, releaseAll } = slowApi();
  let sent = 0;
  const counting = { create: (...a: Parameters<ApiClient['create']>) => (sent++, api.create(...a)) } as unknown as ApiClient;
  const outbox = new EventOutbox(16);
  const replicaSets = eventRecorder(counting, 'replicaset-controller', () => new Date(), undefined, outbox);
  const scheduler = eventRecorder(counting, 'default-scheduler', () => new Date(), undefined, outbox);
  await replicaSets.normal(obj(), 'SuccessfulCreate', 'Created pod: a');
  await replicaSets.normal(obj(), 'SuccessfulCreate', 'Created pod: b');
  await scheduler.normal(obj(), 'Scheduled', 'Successfully assigned ns/a to n1');
  await scheduler.normal(obj(), 'Scheduled', 'Successfully assigned ns/b to n1');
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(sent, 2, "the ReplicaSet controller's two events at once; the scheduler's wait for them");
  const flushing = outbox.flush();
  await releaseAll();
  await flushing;
  assert.equal(sent, 4);
  assert.deepEqual(created.map((e) => e.reason), ['SuccessfulCreate', 'SuccessfulCreate', 'Scheduled', 'Scheduled']);
});

test("a held outbox (a batch's) sends nothing until flushed, then everything in the order recorded", async () => {
  const { api, created, releaseAll } = slowApi();
  let sent = 0;
  const counting = { create: (...a: Parameters<ApiClient['create']>) => (sent++, api.create(...a)) } as unknown as ApiClient;
  const outbox = new EventOutbox(16, true);
  const deployments = eventRecorder(counting, 'deployment-controller', () => new Date(), undefined, outbox);
  const replicaSets = eventRecorder(counting, 'replicaset-controller', () => new Date(), undefined, outbox);
  await deployments.normal(obj(), 'ScalingReplicaSet', 'Scaled up replica set rs from 0 to 2');
  await replicaSets.normal(obj(), 'SuccessfulCreate', 'Created pod: a');
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(sent, 0, 'nothing sent while the batch reconciles');
  const flushing = replicaSets.flush();
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(sent, 1, "released: the deployment controller's event first, the ReplicaSet's waits for it");
  await releaseAll();
  await flushing;
  assert.deepEqual(created.map((e) => e.reason), ['ScalingReplicaSet', 'SuccessfulCreate']);
});
