import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ResourceQuota } from '../../../lib/api/core/resourcequota.ts';
import { desiredStatus, targetsOf, usageOf } from './usage.ts';

const rq = (hard: Record<string, string>, status?: ResourceQuota['status']): ResourceQuota => ({ metadata: { name: 'q', namespace: 'ns' }, spec: { hard }, status });
const pod = (name: string, memory?: string, phase?: string): KubeObject => ({
  metadata: { name, namespace: 'ns' },
  spec: { containers: [{ name: 'c', image: 'x', resources: memory ? { requests: { memory } } : {} }] },
  status: { phase },
});

test('what a quota makes the controller list', () => {
  assert.deepEqual(targetsOf(['pods', 'requests.memory', 'services.nodeports', 'secrets', 'count/deployments.apps', 'count/pods']), [
    { group: '', resource: 'pods' },
    { group: '', resource: 'services' },
    { group: '', resource: 'secrets' },
    { group: 'apps', resource: 'deployments' },
  ]);
});

test('used sums the live pods; terminal ones count only as objects', () => {
  const q = rq({ pods: '5', 'requests.memory': '1Gi', 'count/pods': '10' });
  const used = usageOf(q, { group: '', resource: 'pods' }, [pod('a', '128Mi'), pod('b', '64Mi'), pod('c', '1Gi', 'Succeeded')], Date.now());
  assert.deepEqual(desiredStatus(q, [used]), { hard: { 'count/pods': '10', pods: '5', 'requests.memory': '1Gi' }, used: { 'count/pods': '3', pods: '2', 'requests.memory': '192Mi' } });
  assert.deepEqual(usageOf(q, { group: '', resource: 'pods' }, [], Date.now()), {
    'count/pods': { nano: 0n, format: 'DecimalSI' },
    pods: { nano: 0n, format: 'DecimalSI' },
    'requests.memory': { nano: 0n, format: 'DecimalSI' },
  });
});

test('nothing is written when the status is already right', () => {
  const q = rq({ pods: '2' }, { hard: { pods: '2' }, used: { pods: '1' } });
  assert.equal(desiredStatus(q, [usageOf(q, { group: '', resource: 'pods' }, [pod('a')], Date.now())]), undefined);
  assert.deepEqual(desiredStatus(q, [usageOf(q, { group: '', resource: 'pods' }, [], Date.now())]), { hard: { pods: '2' }, used: { pods: '0' } });
});
