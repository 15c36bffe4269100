import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MachineFacts } from './machine.ts';
import { KUBELET_VERSION, newNode, nodeStatus, runtimeProblems, statusChanged } from './object.ts';

const facts: MachineFacts = {
  hostname: 'laptop',
  cpus: 8,
  memoryBytes: 16 * 1024 ** 3,
  diskBytes: 100 * 1024 ** 3,
  addresses: ['192.168.1.20', 'fd00::1'],
  kernelVersion: '6.1.0-18-amd64',
  osImage: 'Debian GNU/Linux 12 (bookworm)',
  operatingSystem: 'linux',
  architecture: 'amd64',
  machineID: 'm',
  systemUUID: 's',
  bootID: 'b',
};
const version = { runtimeName: 'containerd', runtimeVersion: '1.6.20~ds1', runtimeApiVersion: 'v1' };
const T0 = new Date('2026-01-01T00:00:00Z');
const T1 = new Date('2026-01-01T00:01:00Z');

test('capacity, allocatable, addresses and nodeInfo come from the machine and the runtime', () => {
  const s = nodeStatus(undefined, 'laptop', facts, version, { problems: [] }, T0);
  assert.deepEqual(s.capacity, { cpu: '8', memory: '16777216Ki', pods: '110', 'ephemeral-storage': '104857600Ki' });
  assert.deepEqual(s.allocatable, s.capacity);
  assert.deepEqual(s.addresses, [{ type: 'InternalIP', address: '192.168.1.20' }, { type: 'Hostname', address: 'laptop' }]);
  assert.equal(s.nodeInfo?.containerRuntimeVersion, 'containerd://1.6.20~ds1');
  assert.equal(s.nodeInfo?.kubeletVersion, KUBELET_VERSION);
  assert.equal(s.nodeInfo?.osImage, 'Debian GNU/Linux 12 (bookworm)');
  assert.deepEqual(s.conditions?.map((c) => `${c.type}=${c.status}`), ['MemoryPressure=False', 'DiskPressure=False', 'PIDPressure=False', 'Ready=True']);
  assert.equal(s.conditions?.[3].reason, 'KubeletReady');
});

test('a runtime that does not answer makes the node NotReady, with the reason', () => {
  const s = nodeStatus(undefined, 'laptop', facts, undefined, { problems: ['container runtime is down: connection refused'] }, T0);
  const ready = s.conditions?.find((c) => c.type === 'Ready');
  assert.equal(ready?.status, 'False');
  assert.equal(ready?.reason, 'KubeletNotReady');
  assert.match(ready?.message ?? '', /connection refused/);
});

test("the runtime's conditions, read as the kubelet reads them: NetworkReady=false makes the node NotReady", () => {
  const ok = { type: 'RuntimeReady', status: true, reason: '', message: '' };
  const noCni = { type: 'NetworkReady', status: false, reason: 'NetworkPluginNotReady', message: 'Network plugin returns error: cni plugin not initialized' };
  assert.deepEqual(runtimeProblems([ok, { ...noCni, status: true }]), []);
  const problems = runtimeProblems([ok, noCni]);
  assert.deepEqual(problems, ['container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized']);
  const ready = nodeStatus(undefined, 'laptop', facts, version, { problems }, T0).conditions?.find((c) => c.type === 'Ready');
  assert.deepEqual([ready?.status, ready?.reason, ready?.message], ['False', 'KubeletNotReady', problems[0]]);
  // a condition the runtime does not report counts as not ready; two problems print as Go aggregates them
  const both = runtimeProblems([]);
  assert.deepEqual(both, ['container runtime not ready: <nil>', 'container runtime network not ready: <nil>']);
  assert.equal(nodeStatus(undefined, 'laptop', facts, version, { problems: both }, T0).conditions?.find((c) => c.type === 'Ready')?.message, '[container runtime not ready: <nil>, container runtime network not ready: <nil>]');
});

test('heartbeats alone are not a change; a condition flip is, and keeps transition times otherwise', () => {
  const a = nodeStatus(undefined, 'laptop', facts, version, { problems: [] }, T0);
  const b = nodeStatus(a, 'laptop', facts, version, { problems: [] }, T1);
  assert.equal(statusChanged(a, b), false);
  assert.equal(b.conditions?.[3].lastHeartbeatTime, '2026-01-01T00:01:00Z');
  assert.equal(b.conditions?.[3].lastTransitionTime, '2026-01-01T00:00:00Z');
  const c = nodeStatus(b, 'laptop', facts, version, { problems: ['container runtime is down: not answering'] }, T1);
  assert.equal(statusChanged(b, c), true);
});

test('the well-known labels and capacity overrides', () => {
  const n = newNode('sim-1', facts, { labels: { 'type': 'simulated' } });
  assert.equal(n.metadata.labels?.['kubernetes.io/hostname'], 'sim-1');
  assert.equal(n.metadata.labels?.['kubernetes.io/os'], 'linux');
  assert.equal(n.metadata.labels?.type, 'simulated');
  const s = nodeStatus(undefined, 'sim-1', facts, version, { problems: [] }, T0, { capacity: { pods: '500' } });
  assert.equal(s.capacity?.pods, '500');
});
