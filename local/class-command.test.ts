import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Cluster } from '../lib/api/tenancy.ts';
import { statusTable } from './class-command.ts';

const now = Date.parse('2026-01-01T12:00:00Z');
const student = (name: string, status: Cluster['status'], deleting = false): Cluster => ({
  metadata: { name: `k-${name}`, ...(deleting ? { deletionTimestamp: '2026-01-01T11:59:00Z' } : {}) },
  spec: { admins: [name] },
  status,
});

test('class status: one row per student, sorted, with nodes Ready, pods Running and how long ago', () => {
  const table = statusTable(
    [
      student('dave', { phase: 'Active' }),
      student('carol', { nodes: { ready: 1, total: 2 }, pods: { running: 3, total: 4 }, lastActivity: '2026-01-01T11:59:30Z' }),
      student('erin', { lastActivity: '2026-01-01T09:00:00Z' }, true),
    ],
    now,
  );
  assert.equal(
    table,
    [
      'STUDENT              NODES-READY   PODS   LAST-ACTIVITY',
      'carol                1/2           3/4    30s ago',
      'dave                 0/0           0/0    never',
      'erin (Terminating)   0/0           0/0    3h ago',
      '',
    ].join('\n'),
  );
});
