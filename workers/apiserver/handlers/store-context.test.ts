import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ChangeMessage } from '../env.ts';
import { worthSending, writeFacts } from './store-context.ts';

const ref = { apiVersion: 'v1', kind: 'Node', name: 'n1', uid: 'u1' };
const lease = (renewTime: string, extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'n1', namespace: 'kube-node-lease', ownerReferences: [ref], ...extra }, spec: { renewTime } } as KubeObject);

test("the change message says whether the owner references changed and whether the object is being deleted", () => {
  assert.deepEqual(writeFacts('MODIFIED', lease('b'), lease('a')), { ownersChanged: false, deleting: false }, 'a lease renewal');
  assert.deepEqual(writeFacts('MODIFIED', lease('a', { ownerReferences: [] }), lease('a')), { ownersChanged: true, deleting: false });
  assert.deepEqual(writeFacts('MODIFIED', lease('a', { deletionTimestamp: '2026-01-01T00:00:00Z' }), lease('a')), { ownersChanged: false, deleting: true });
  assert.deepEqual(writeFacts('ADDED', lease('a')), { ownersChanged: true, deleting: false }, 'a new dependent');
  assert.deepEqual(writeFacts('ADDED', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }), { ownersChanged: false, deleting: false });
  assert.deepEqual(writeFacts('MODIFIED', lease('a')), {}, 'without the previous revision: unknown');
  assert.deepEqual(writeFacts('DELETED', lease('a'), lease('a')), {});
});

const pod = (status: Record<string, unknown>, cpu = '100m', extra: Partial<KubeObject['metadata']> = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', ...extra }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] }, status }) as KubeObject;

test("a pod's update says whether it may change the pod's quota charge", () => {
  const pending = pod({ phase: 'Pending' });
  assert.equal(writeFacts('MODIFIED', pod({ phase: 'Running' }), pending).chargeMayChange, false, 'running now');
  assert.equal(writeFacts('MODIFIED', pod({ phase: 'Succeeded' }), pod({ phase: 'Running' })).chargeMayChange, true, 'finished: its slot is free');
  assert.equal(writeFacts('MODIFIED', pod({ phase: 'Pending' }, '200m'), pending).chargeMayChange, true, 'resized');
  const past = { deletionTimestamp: '2020-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 };
  assert.equal(writeFacts('MODIFIED', pod({ phase: 'Running' }, '100m', past), pod({ phase: 'Running' })).chargeMayChange, true, 'past its deletion grace');
  assert.equal(writeFacts('ADDED', pending).chargeMayChange, undefined);
  assert.equal(writeFacts('MODIFIED', pending).chargeMayChange, undefined, 'without the previous revision: unknown');
  assert.equal(writeFacts('MODIFIED', lease('b'), lease('a')).chargeMayChange, undefined, 'not a pod');
});

test('a change goes to the controllers when one acts on it, and a tenant\'s other changes once a minute (its lastActivity)', () => {
  const change = (cluster: string, resource: string, more: Partial<ChangeMessage> = {}): ChangeMessage => ({ cluster, rev: 1, group: '', resource, namespace: 'ns', name: 'x', type: 'ADDED', ownersChanged: false, ...more });
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  assert.equal(worthSending(change('default', 'pods'), t0), true);
  assert.equal(worthSending(change('default', 'configmaps'), t0), false, 'no controller acts on it');
  assert.equal(worthSending(change('default', 'configmaps', { ownersChanged: true }), t0), true, 'the garbage collector does');
  assert.equal(worthSending(change('default', 'events'), t0), false);
  assert.equal(worthSending(change('default', 'configmaps', { type: 'DELETED' }), t0), true);
  // a tenant: its first write of the minute goes whatever it is, then only what controllers act on
  assert.equal(worthSending(change('t-a', 'configmaps'), t0), true);
  assert.equal(worthSending(change('t-a', 'events'), t0 + 1_000), false);
  assert.equal(worthSending(change('t-a', 'configmaps'), t0 + 59_000), false);
  assert.equal(worthSending(change('t-a', 'configmaps'), t0 + 60_000), true);
  assert.equal(worthSending(change('t-b', 'pods'), t0), true);
  assert.equal(worthSending(change('t-b', 'configmaps'), t0 + 30_000), false, 'its pod counted as activity');
});

test("a pod's every write, its deletion too, says whether its volumes name a claim", () => {
  const withClaim = { ...pod({ phase: 'Pending' }), spec: { containers: [], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] } } as KubeObject;
  const ephemeral = { ...pod({ phase: 'Pending' }), spec: { containers: [], volumes: [{ name: 'e', ephemeral: { volumeClaimTemplate: { spec: {} } } }] } } as KubeObject;
  const plain = pod({ phase: 'Pending' });
  assert.equal(writeFacts('ADDED', withClaim).usesClaims, true);
  assert.equal(writeFacts('ADDED', ephemeral).usesClaims, true);
  assert.equal(writeFacts('MODIFIED', plain, plain).usesClaims, false);
  assert.equal(writeFacts('MODIFIED', plain).usesClaims, false, 'known without the previous revision');
  assert.equal(writeFacts('DELETED', withClaim).usesClaims, true, 'a pod gone frees its claims');
  assert.equal(writeFacts('ADDED', lease('a')).usesClaims, undefined, 'not a pod');
});
