import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resyncDue } from './resync.ts';

const minutes = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.parse('2026-01-01T00:00:30Z') + i * 60_000));

test('a controller is resynced once in each of its periods, on minutes of its own', () => {
  const gc = { name: 'generic-garbage-collector', resyncMinutes: 10 };
  const due = minutes(60).filter((m) => resyncDue(gc, m));
  assert.equal(due.length, 6, 'once every 10 minutes');
  assert.ok(due.every((m, i) => i === 0 || m.getTime() - due[i - 1].getTime() === 600_000));
  assert.equal(minutes(5).filter((m) => resyncDue({ name: 'scheduler' }, m)).length, 5, 'by default, every minute');
  const rs = minutes(10).filter((m) => resyncDue({ name: 'replicaset-controller', resyncMinutes: 5 }, m));
  const ns = minutes(10).filter((m) => resyncDue({ name: 'namespace-controller', resyncMinutes: 5 }, m));
  assert.equal(rs.length, 2);
  assert.notDeepEqual(rs, ns, 'spread over different minutes');
});
