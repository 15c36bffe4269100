import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChangeMessage } from '../../apiserver/env.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { ActivityClock, clustersToLook, nextStatus } from './status.ts';

const change = (cluster: string, resource: string, group = '', type: ChangeMessage['type'] = 'MODIFIED', name = 'x'): ChangeMessage => ({ cluster, rev: 1, group, resource, name, type });

test('a batch brings up tenants whose nodes or pods changed, and others once a minute; a new Cluster is not read (it has its status)', () => {
  const clock = new ActivityClock();
  const batch = [
    change('default', 'clusters', 'tenancy.timonier.dev', 'ADDED', 'carol'),
    change('default', 'clusters', 'tenancy.timonier.dev', 'MODIFIED', 'dave'),
    change('default', 'configmaps'),
    change('alice', 'pods'),
    change('alice', 'configmaps'),
    change('bob', 'configmaps'),
  ];
  assert.deepEqual(clustersToLook(batch, clock, 0).sort(), ['alice', 'bob']);
  // within the minute: bob's plain writes wait, alice's pods do not
  assert.deepEqual(clustersToLook([change('bob', 'secrets'), change('alice', 'nodes')], clock, 30_000), ['alice']);
  assert.deepEqual(clustersToLook([change('bob', 'secrets')], clock, 60_000), ['bob']);
  assert.deepEqual(clustersToLook([{ type: 'REQUEUE', cluster: 'default', controller: 'cluster-status-controller', key: 'erin' }, { type: 'RESYNC', cluster: 'bob' }], clock, 61_000), ['erin']);
});

const node = (ready: string): KubeObject => ({ metadata: { name: 'n' }, status: { conditions: [{ type: 'Ready', status: ready }] } });
const pod = (phase: string): KubeObject => ({ metadata: { name: 'p' }, status: { phase } });

test('status counts Ready nodes and Running pods; lastActivity moves at most once a minute', () => {
  const t0 = new Date('2026-01-01T10:00:00Z');
  const s = nextStatus({ phase: 'Active' }, [node('True'), node('Unknown')], [pod('Running'), pod('Pending'), pod('Running')], true, t0);
  assert.deepEqual(s, { phase: 'Active', nodes: { ready: 1, total: 2 }, pods: { running: 2, total: 3 }, lastActivity: '2026-01-01T10:00:00Z' });
  assert.equal(nextStatus(s, [], [], true, new Date(t0.getTime() + 59_000)).lastActivity, '2026-01-01T10:00:00Z');
  assert.equal(nextStatus(s, [], [], true, new Date(t0.getTime() + 60_000)).lastActivity, '2026-01-01T10:01:00Z');
  assert.equal(nextStatus(s, [], [], false, new Date(t0.getTime() + 600_000)).lastActivity, '2026-01-01T10:00:00Z', 'no write, no activity');
});
