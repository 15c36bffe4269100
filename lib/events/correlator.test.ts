import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AGGREGATE_PREFIX, EventCorrelator, type CorrelatedEvent } from './correlator.ts';

let seq = 0;
function event(o: { reason?: string; message?: string; uid?: string; component?: string; fieldPath?: string } = {}): CorrelatedEvent {
  const t = '2026-01-01T00:00:00Z';
  return {
    metadata: { name: `web.${++seq}`, namespace: 'ns' },
    involvedObject: { kind: 'Pod', namespace: 'ns', name: 'web', uid: o.uid ?? 'u1', apiVersion: 'v1', fieldPath: o.fieldPath },
    reason: o.reason ?? 'Unhealthy',
    message: o.message ?? 'Readiness probe failed',
    source: { component: o.component ?? 'kubelet', host: 'node-1' },
    type: 'Warning',
    count: 1,
    firstTimestamp: t,
    lastTimestamp: t,
  };
}

/** Plays a recorder that writes whatever the correlator says and tells it the server's answer. */
function record(c: EventCorrelator, e: CorrelatedEvent) {
  const r = c.correlate(e);
  if (!r.skip) c.updateState(r.event);
  return r;
}

test('the same event again is a patch of the first one with a growing count', () => {
  const c = new EventCorrelator({ now: () => 0 });
  const first = record(c, event());
  assert.ok(!first.skip && !first.patch, 'the first is created');
  const second = record(c, event());
  assert.ok(!second.skip);
  assert.equal(second.event.metadata.name, !first.skip && first.event.metadata.name, 'the same Event');
  assert.deepEqual(second.patch, { count: 2, lastTimestamp: '2026-01-01T00:00:00Z', message: 'Readiness probe failed' });
});

test('an event storm from one pod: 25 writes, then one per 5 minutes, and the count stays true', () => {
  let now = 0;
  const c = new EventCorrelator({ now: () => now });
  const written = [];
  for (let i = 0; i < 1000; i++) {
    now += 100; // ten a second
    const r = record(c, event());
    if (!r.skip) written.push(r);
  }
  assert.equal(written.length, 25, 'the burst, then nothing for the 100 s that follow');
  assert.equal(written.filter((r) => !r.skip && !r.patch).length, 1, 'one Event, patched');
  now += 300_000;
  const later = record(c, event());
  assert.ok(!later.skip, 'a token is back after 5 minutes');
  assert.equal(later.patch?.count, 1001, 'the dropped occurrences are counted');
  assert.ok(record(c, event()).skip, 'and only one');
});

test('the spam filter is per source and object: another pod, or another component, has its own budget', () => {
  const c = new EventCorrelator({ now: () => 0 });
  for (let i = 0; i < 30; i++) record(c, event());
  assert.ok(record(c, event()).skip);
  assert.ok(!record(c, event({ uid: 'u2' })).skip);
  assert.ok(!record(c, event({ component: 'default-scheduler' })).skip);
});

test('ten distinct messages of one reason within 10 minutes become one combined event', () => {
  let now = 0;
  const c = new EventCorrelator({ now: () => now });
  const results = Array.from({ length: 14 }, (_, i) => ((now += 1000), record(c, event({ reason: 'SuccessfulCreate', message: `Created pod: web-${i}` }))));
  const created = results.filter((r) => !r.skip && !r.patch);
  assert.equal(created.length, 10, '9 apart, then the combined one');
  const combined = results.slice(9).map((r) => (r.skip ? undefined : r.event));
  assert.equal(combined[0]?.message, `${AGGREGATE_PREFIX}Created pod: web-9`);
  assert.deepEqual(
    combined.map((e) => e?.count),
    [1, 2, 3, 4, 5],
    'later ones patch the combined event',
  );
  assert.equal(new Set(combined.map((e) => e?.metadata.name)).size, 1);
  assert.equal(combined[4]?.message, `${AGGREGATE_PREFIX}Created pod: web-13`);
  // after 10 quiet minutes, a new message is an event of its own again
  now += 601_000;
  const fresh = record(c, event({ reason: 'SuccessfulCreate', message: 'Created pod: web-99' }));
  assert.ok(!fresh.skip && fresh.event.message === 'Created pod: web-99' && !fresh.patch);
});

test('the caches are bounded', () => {
  const c = new EventCorrelator({ now: () => 0, maxEntries: 10 });
  for (let i = 0; i < 100; i++) record(c, event({ uid: `u${i}` }));
  const first = record(c, event({ uid: 'u0' }));
  assert.ok(!first.skip && !first.patch, 'u0 was forgotten: a new Event');
});
