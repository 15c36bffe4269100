import assert from 'node:assert/strict';
import { test } from 'node:test';
import { desiredEndpoints, desiredSubsets } from './legacy.ts';
import { pod, service } from './fixtures.ts';

test('ready pods are addresses, unready ones notReadyAddresses, terminating ones left out', () => {
  const pods = [pod('b', { ip: '10.244.0.10' }), pod('a', { ip: '10.244.0.9' }), pod('c', { ip: '10.244.0.11', ready: false }), pod('d', { ip: '10.244.0.12', terminating: true }), pod('e')];
  assert.deepEqual(desiredSubsets(service('web'), pods), [
    {
      addresses: [
        { ip: '10.244.0.9', nodeName: 'n1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'a', uid: 'uid-a' } },
        { ip: '10.244.0.10', nodeName: 'n1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'b', uid: 'uid-b' } },
      ],
      notReadyAddresses: [{ ip: '10.244.0.11', nodeName: 'n1', targetRef: { kind: 'Pod', namespace: 'ns', name: 'c', uid: 'uid-c' } }],
      ports: [{ port: 8080, protocol: 'TCP' }],
    },
  ]);
});

test('publishNotReadyAddresses: every pod with an IP is an address, terminating ones included', () => {
  const subsets = desiredSubsets(service('web', { publishNotReadyAddresses: true }), [pod('c', { ip: '10.244.0.11', ready: false }), pod('d', { ip: '10.244.0.12', terminating: true })]);
  assert.deepEqual(subsets.map((s) => [s.addresses?.map((a) => a.ip), s.notReadyAddresses]), [[['10.244.0.11', '10.244.0.12'], undefined]]);
});

test('named ports keep their name; a pod serving other ports is in another subset', () => {
  const svc = service('web', { ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }] });
  const subsets = desiredSubsets(svc, [pod('a', { ip: '10.244.0.2' }), pod('b', { ip: '10.244.0.3', ports: [{ name: 'http', containerPort: 9000, protocol: 'TCP' }] })]);
  assert.deepEqual(subsets.map((s) => [s.ports, s.addresses?.map((a) => a.ip)]), [
    [[{ name: 'http', port: 8080, protocol: 'TCP' }], ['10.244.0.2']],
    [[{ name: 'http', port: 9000, protocol: 'TCP' }], ['10.244.0.3']],
  ]);
});

test('the Endpoints object: created with the service labels, rewritten only on change, emptied by dropping subsets', () => {
  const svc = service('web', {}, { tier: 'front' });
  const created = desiredEndpoints(svc, [], undefined)!;
  assert.deepEqual(created, { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web', namespace: 'ns', labels: { tier: 'front' } } });
  const stored = { ...created, metadata: { ...created.metadata, resourceVersion: '5', annotations: { keep: 'me' } } };
  assert.equal(desiredEndpoints(svc, [], stored), undefined);
  const filled = desiredEndpoints(svc, [pod('a', { ip: '10.244.0.2' })], stored)!;
  assert.equal(filled.metadata.resourceVersion, '5');
  assert.deepEqual(filled.metadata.annotations, { keep: 'me' });
  assert.equal(filled.subsets?.[0].addresses?.[0].ip, '10.244.0.2');
  assert.equal(desiredEndpoints(svc, [pod('a', { ip: '10.244.0.2' })], filled), undefined);
  assert.equal('subsets' in desiredEndpoints(svc, [], filled)!, false);
});
