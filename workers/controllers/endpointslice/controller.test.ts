import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Endpoints } from '../../../lib/api/core/endpoints.ts';
import type { EndpointSlice } from '../../../lib/api/discovery.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { Controller, ControllerContext } from '../framework/controller.ts';
import { FakeApi } from '../gc/fake-api.ts';
import { endpointsController, endpointSliceController } from './controller.ts';
import { pod, service } from './fixtures.ts';

const { services, pods, endpointslices, endpoints } = RESOURCES;

function setup() {
  const api = new FakeApi();
  const ctx = (): ControllerContext => ({
    api: api.client(),
    shared: api.client(),
    events: { normal: async () => {}, warning: async () => {}, flush: async () => {} },
    requeue: async () => {},
    settings: { nodeMonitorGraceSeconds: 50 },
    now: () => new Date(),
  });
  /** one batch: keys of the changes, then their reconciles */
  const run = async (c: Controller, changes: ChangeMessage[]) => {
    const batch = ctx();
    const keys = new Set<string>();
    for (const ch of changes) for (const k of await c.keysFor(ch, batch)) keys.add(k);
    for (const k of keys) await c.reconcile(k, batch);
    return [...keys];
  };
  return { api, run };
}
const change = (resource: string, name: string, type: ChangeMessage['type'] = 'MODIFIED', group = ''): ChangeMessage => ({ cluster: 'default', rev: 0, group, resource, namespace: 'ns', name, type });
const slicesOf = (api: FakeApi) => [...api.objects.entries()].filter(([k]) => k.startsWith('discovery.k8s.io/endpointslices/')).map(([, o]) => o as EndpointSlice);
const readyIPs = (s: EndpointSlice) => (s.endpoints ?? []).filter((e) => e.conditions?.ready).map((e) => e.addresses[0]);

test('a service gets one slice with its ready pods, updated in place as they change', async () => {
  const { api, run } = setup();
  api.add(services, 'Service', service('web'));
  api.add(pods, 'Pod', pod('other', { ip: '10.244.0.9', labels: { app: 'other' } }));
  assert.deepEqual(await run(endpointSliceController, [change('services', 'web', 'ADDED')]), ['ns/web']);
  const [placeholder] = slicesOf(api);
  assert.equal(placeholder.endpoints, null);
  assert.equal(placeholder.metadata.generateName, 'web-');

  api.add(pods, 'Pod', pod('a', { ip: '10.244.0.2' }));
  api.add(pods, 'Pod', pod('b', { ip: '10.244.0.3' }));
  assert.deepEqual(await run(endpointSliceController, [change('pods', 'a'), change('pods', 'b'), change('pods', 'other')]), ['ns/web']);
  let slices = slicesOf(api);
  assert.equal(slices.length, 1);
  assert.equal(slices[0].metadata.name, placeholder.metadata.name);
  assert.deepEqual(readyIPs(slices[0]), ['10.244.0.2', '10.244.0.3']);
  assert.deepEqual(slices[0].ports, [{ name: '', protocol: 'TCP', port: 8080 }]);

  // b stops being ready, then a goes away: both found although a can no longer be read
  api.add(pods, 'Pod', pod('b', { ip: '10.244.0.3', ready: false }));
  await run(endpointSliceController, [change('pods', 'b')]);
  assert.deepEqual(readyIPs(slicesOf(api)[0]), ['10.244.0.2']);
  api.objects.delete('/pods/ns/a');
  assert.deepEqual(await run(endpointSliceController, [change('pods', 'a', 'DELETED')]), ['ns/web']);
  slices = slicesOf(api);
  assert.deepEqual(slices[0].endpoints?.map((e) => e.targetRef?.name), ['b']);

  // converged: nothing more is written
  const writes = api.writes.length;
  await run(endpointSliceController, [change('services', 'web')]);
  assert.equal(api.writes.length, writes);
});

test('pods of a namespace without selector services cost no reads of the pod', async () => {
  const { api, run } = setup();
  api.add(services, 'Service', service('manual', { selector: undefined }));
  let gets = 0;
  const realGet = api.get.bind(api);
  api.get = async (...args) => (gets++, realGet(...args));
  assert.deepEqual(await run(endpointSliceController, [change('pods', 'x')]), []);
  assert.equal(gets, 0);
  // and selector-less services get no slices (their endpoints are their users')
  await run(endpointSliceController, [change('services', 'manual', 'ADDED')]);
  assert.deepEqual(slicesOf(api), []);
});

test("a pod's creation costs no read: it has no IP yet, so it is in no endpoints", async () => {
  const { api, run } = setup();
  api.add(services, 'Service', service('web'));
  api.add(pods, 'Pod', pod('a'));
  let reads = 0;
  const [get, list] = [api.get.bind(api), api.list.bind(api)];
  api.get = async (...args) => (reads++, get(...args));
  api.list = async (...args) => (reads++, list(...args));
  for (const c of [endpointSliceController, endpointsController]) assert.deepEqual(await run(c, [change('pods', 'a', 'ADDED')]), []);
  assert.equal(reads, 0);
  // its first status with an IP is news to both
  api.add(pods, 'Pod', pod('a', { ip: '10.244.0.2' }));
  for (const c of [endpointSliceController, endpointsController]) assert.deepEqual(await run(c, [change('pods', 'a')]), ['ns/web']);
});

test('a slice deleted by someone comes back; a stray managed slice goes', async () => {
  const { api, run } = setup();
  api.add(services, 'Service', service('web'));
  await run(endpointSliceController, [change('services', 'web', 'ADDED')]);
  const [first] = slicesOf(api);
  api.objects.delete(`discovery.k8s.io/endpointslices/ns/${first.metadata.name}`);
  assert.deepEqual(await run(endpointSliceController, [change('endpointslices', first.metadata.name!, 'DELETED', 'discovery.k8s.io')]), ['ns/web']);
  assert.equal(slicesOf(api).length, 1);
  api.add(endpointslices, 'EndpointSlice', { ...slicesOf(api)[0], metadata: { ...slicesOf(api)[0].metadata, name: 'web-extra', uid: undefined } });
  await run(endpointSliceController, [change('endpointslices', 'web-extra', 'ADDED', 'discovery.k8s.io')]);
  assert.equal(slicesOf(api).length, 1);
});

test('Endpoints: created with the service, ready vs not ready, deleted with it', async () => {
  const { api, run } = setup();
  api.add(services, 'Service', service('web'));
  api.add(pods, 'Pod', pod('a', { ip: '10.244.0.2' }));
  api.add(pods, 'Pod', pod('b', { ip: '10.244.0.3', ready: false }));
  await run(endpointsController, [change('services', 'web', 'ADDED')]);
  const ep = api.find(endpoints, 'ns', 'web') as Endpoints;
  assert.deepEqual(ep.subsets?.map((s) => [s.addresses?.map((a) => a.ip), s.notReadyAddresses?.map((a) => a.ip)]), [[['10.244.0.2'], ['10.244.0.3']]]);
  // an Endpoints of no service written by a user is not taken for a leftover
  api.add(endpoints, 'Endpoints', { metadata: { name: 'mine', namespace: 'ns' } });
  assert.deepEqual(await run(endpointsController, [change('endpoints', 'mine', 'ADDED')]), []);
  api.objects.delete('/services/ns/web');
  await run(endpointsController, [change('services', 'web', 'DELETED')]);
  assert.equal(api.find(endpoints, 'ns', 'web'), undefined);
  assert.ok(api.find(endpoints, 'ns', 'mine'));
});
