import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EndpointSlice } from '../../../lib/api/discovery.ts';
import { findPort } from './pods.ts';
import { desiredSlices, newSlice, plan, podEndpoint, updatedSlice } from './slices.ts';
import { pod, service } from './fixtures.ts';

const web = service('web');

test('conditions: ready needs Ready and not terminating; serving ignores termination', () => {
  const cond = (s: Parameters<typeof pod>[1]) => podEndpoint(pod('p', { ip: '10.244.0.5', ...s }), web, 'IPv4')!.conditions;
  assert.deepEqual(cond({}), { ready: true, serving: true, terminating: false });
  assert.deepEqual(cond({ ready: false }), { ready: false, serving: false, terminating: false });
  assert.deepEqual(cond({ terminating: true }), { ready: false, serving: true, terminating: true });
  assert.deepEqual(podEndpoint(pod('p', { ip: '10.244.0.5', ready: false, terminating: true }), service('web', { publishNotReadyAddresses: true }), 'IPv4')!.conditions, { ready: true, serving: false, terminating: true });
});

test('an endpoint names its pod and node', () => {
  assert.deepEqual(podEndpoint(pod('p', { ip: '10.244.0.5', node: 'n2' }), web, 'IPv4'), {
    addresses: ['10.244.0.5'],
    conditions: { ready: true, serving: true, terminating: false },
    targetRef: { kind: 'Pod', namespace: 'ns', name: 'p', uid: 'uid-p' },
    nodeName: 'n2',
  });
  assert.equal(podEndpoint(pod('p', { ip: 'fd00::5' }), web, 'IPv4'), undefined);
});

test('targetPort by number, or by container port name and protocol', () => {
  const p = pod('p', { ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }, { name: 'dns', containerPort: 53, protocol: 'UDP' }] });
  assert.equal(findPort(p, { port: 80, targetPort: 9090 }), 9090);
  assert.equal(findPort(p, { port: 80, targetPort: 'http' }), 8080);
  assert.equal(findPort(p, { port: 53, targetPort: 'dns', protocol: 'UDP' }), 53);
  assert.equal(findPort(p, { port: 53, targetPort: 'dns', protocol: 'TCP' }), undefined);
  assert.equal(findPort(p, { port: 80 }), 80);
});

test('pods without IP, finished, or not matching the named port are grouped or left out', () => {
  const svc = service('web', { ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] });
  const pods = [
    pod('a', { ip: '10.244.0.2' }),
    pod('b', { ip: '10.244.0.3', ports: [{ name: 'http', containerPort: 9000 }] }),
    pod('c'), // no IP yet
    pod('d', { ip: '10.244.0.4', phase: 'Succeeded' }),
    pod('e', { ip: '10.244.0.5', ports: [] }), // serves none of the ports: a slice without ports
  ];
  const slices = desiredSlices(svc, pods);
  assert.deepEqual(
    slices.map((s) => [s.ports?.map((p) => p.port) ?? null, s.endpoints?.map((e) => e.targetRef?.name)]),
    [
      [[], ['e']],
      [[8080], ['a']],
      [[9000], ['b']],
    ],
  );
  assert.deepEqual(slices[1].ports, [{ name: 'http', protocol: 'TCP', port: 8080 }]);
});

test('no endpoints: one placeholder; many: slices of at most 100', () => {
  assert.deepEqual(desiredSlices(web, []), [{ addressType: 'IPv4', ports: null, endpoints: null }]);
  const many = Array.from({ length: 230 }, (_, i) => pod(`p${String(i).padStart(3, '0')}`, { ip: `10.244.${i >> 8}.${i & 255}` }));
  assert.deepEqual(desiredSlices(web, many).map((s) => s.endpoints!.length), [100, 100, 30]);
});

test('a new slice: generateName, labels, and the service as controlling owner', () => {
  const s = newSlice(service('web', { clusterIP: 'None' }, { tier: 'front', 'kubernetes.io/service-name': 'spoof' }), { addressType: 'IPv4', ports: null, endpoints: null });
  assert.deepEqual(s.metadata, {
    generateName: 'web-',
    namespace: 'ns',
    labels: { tier: 'front', 'service.kubernetes.io/headless': '', 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' },
    ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: 'uid-web', controller: true, blockOwnerDeletion: true }],
  });
});

test('existing slices are reused: the placeholder becomes the first real one; nothing changes twice', () => {
  const placeholder = { ...newSlice(web, { addressType: 'IPv4', ports: null, endpoints: null }), metadata: { ...newSlice(web, { addressType: 'IPv4', ports: null, endpoints: null }).metadata, name: 'web-abcde' } } as EndpointSlice;
  const wanted = desiredSlices(web, [pod('a', { ip: '10.244.0.2' })]);
  const { writes, extra } = plan(web, [placeholder], wanted);
  assert.equal(writes[0].current?.metadata.name, 'web-abcde');
  assert.deepEqual(extra, []);
  const next = updatedSlice(web, placeholder, wanted[0])!;
  assert.deepEqual(next.endpoints?.map((e) => e.addresses[0]), ['10.244.0.2']);
  assert.equal(updatedSlice(web, next, wanted[0]), undefined);
  // a slice no longer needed is left over, to delete
  assert.deepEqual(plan(web, [next, { ...next, metadata: { ...next.metadata, name: 'web-zzzzz' } }], wanted).extra.map((s) => s.metadata.name), ['web-zzzzz']);
});
