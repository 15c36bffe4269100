import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { StatusError } from '../../../lib/errors.ts';
import services from '../registry/kinds/services.ts';
import type { KindDescriptor } from '../registry/types.ts';
import type { Storage } from '../storage/types.ts';
import { allocateClusterIP, kubernetesServiceIP, serviceRange } from './cluster-ip.ts';
import type { AdmissionContext } from './index.ts';

const desc = services as unknown as KindDescriptor;
const ctxWith = (existing: string[], range?: string): AdmissionContext => ({
  storage: { list: async () => ({ items: existing.map((ip) => ({ metadata: {}, spec: { clusterIP: ip } })), rev: 1 }) } as unknown as Storage,
  user: { username: 'admin', groups: [] },
  serviceClusterIPRange: range,
});
/** the plugin, as a promise (it may return synchronously) */
const allocate = async (...args: Parameters<typeof allocateClusterIP>) => allocateClusterIP(...args);
const svc = (spec: Record<string, unknown> = {}): KubeObject => ({ metadata: { name: 'web', namespace: 'default' }, spec: { ports: [{ port: 80 }], ...spec } });
const toInt = (ip: string) => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);

test('the default range is 10.96.0.0/12, with the kubernetes service at .1', () => {
  assert.deepEqual(serviceRange(), { cidr: '10.96.0.0/12', base: toInt('10.96.0.0'), size: 1 << 20 });
  assert.equal(kubernetesServiceIP(), '10.96.0.1');
  assert.equal(kubernetesServiceIP('172.20.0.0/16'), '172.20.0.1');
  assert.equal(serviceRange('172.20.5.7/16').cidr, '172.20.0.0/16'); // host bits dropped
});

test('a malformed or oversized range is refused loudly', () => {
  for (const bad of ['10.96.0.0', '10.96.0.0/8', '10.0.0.0/31', '300.1.1.1/16', 'fd00::/112']) assert.throws(() => serviceRange(bad), /SERVICE_CLUSTER_IP_RANGE/, bad);
});

test('allocated IPs come from the configured range, never the network, .1 or broadcast addresses', async () => {
  for (let i = 0; i < 50; i++) {
    const s = svc();
    await allocateClusterIP(ctxWith([], '192.168.7.0/29'), desc, s);
    const ip = (s.spec as { clusterIP: string }).clusterIP;
    const n = toInt(ip);
    assert.ok(n >= toInt('192.168.7.2') && n <= toInt('192.168.7.6'), ip);
    assert.deepEqual((s.spec as { clusterIPs: string[] }).clusterIPs, [ip]);
  }
});

test('a full range answers 500 "range is full"; the last free address is found', async () => {
  const taken = ['192.168.7.2', '192.168.7.3', '192.168.7.4', '192.168.7.5'];
  const s = svc();
  await allocateClusterIP(ctxWith(taken, '192.168.7.0/29'), desc, s);
  assert.equal((s.spec as { clusterIP: string }).clusterIP, '192.168.7.6');
  await assert.rejects(allocate(ctxWith([...taken, '192.168.7.6'], '192.168.7.0/29'), desc, svc()), (e: unknown) => {
    assert.ok(e instanceof StatusError);
    assert.equal(e.status.code, 500);
    assert.match(e.status.message!, /range is full/);
    return true;
  });
});

test('a requested IP outside the range is invalid, with Kubernetes message', async () => {
  await assert.rejects(allocate(ctxWith([], '10.0.0.0/24'), desc, svc({ clusterIP: '10.96.0.10' })), (e: unknown) => {
    assert.ok(e instanceof StatusError);
    assert.equal(e.status.code, 422);
    assert.equal(e.status.details?.causes?.[0].message, 'Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: the provided IP (10.96.0.10) is not in the valid range. The range of valid IPs is 10.0.0.0/24');
    return true;
  });
  const inside = svc({ clusterIP: '10.0.0.10' });
  await allocateClusterIP(ctxWith([], '10.0.0.0/24'), desc, inside);
  assert.equal((inside.spec as { clusterIP: string }).clusterIP, '10.0.0.10');
  await assert.rejects(allocate(ctxWith(['10.0.0.10'], '10.0.0.0/24'), desc, svc({ clusterIP: '10.0.0.10' })), /provided IP is already allocated/);
});
