import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PodContainer as Container } from '../pods/view.ts';
import { ProbeManager } from './manager.ts';
import type { ProbeKind } from './state.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function harness(outcomes: Partial<Record<ProbeKind, () => boolean>>) {
  const calls: ProbeKind[] = [];
  const failures: string[] = [];
  let changes = 0;
  const m = new ProbeManager({
    async run(kind) {
      calls.push(kind);
      return { ok: outcomes[kind]?.() ?? true, output: `${kind} said no` };
    },
    changed: () => changes++,
    failed: (kind, name, output) => failures.push(`${kind}/${name}: ${output}`),
  });
  return { m, calls, failures, changes: () => changes };
}

// periods are whole seconds in the API; tests use the smallest and few ticks
const fast = { periodSeconds: 1, timeoutSeconds: 1 };

test('readiness: not ready until the probe succeeds; a container without probes is ready at once', async () => {
  const h = harness({ readiness: () => true });
  const withProbe: Container = { name: 'a', readinessProbe: { ...fast, exec: { command: ['true'] } } };
  const without: Container = { name: 'b' };
  h.m.track(withProbe, { id: 'a1', startedAt: Date.now() });
  h.m.track(without, { id: 'b1', startedAt: Date.now() });
  assert.deepEqual(h.m.state(withProbe), { started: true, ready: false, unhealthy: undefined });
  assert.equal(h.m.state(without).ready, true);
  await wait(50);
  assert.equal(h.m.state(withProbe).ready, true);
  assert.ok(h.changes() >= 1);
  h.m.stopAll();
});

test('liveness: failureThreshold failures make the container unhealthy, with one report per failure', async () => {
  const h = harness({ liveness: () => false });
  const c: Container = { name: 'a', livenessProbe: { ...fast, failureThreshold: 1, exec: { command: ['false'] } } };
  h.m.track(c, { id: 'a1', startedAt: Date.now() });
  await wait(50);
  assert.equal(h.m.state(c).unhealthy, 'liveness');
  assert.equal(h.m.state(c).ready, false);
  assert.deepEqual(h.failures, ['liveness/a: liveness said no']);
  // a new instance starts over
  h.m.track(c, { id: 'a2', startedAt: Date.now() + 60_000 });
  assert.equal(h.m.state(c).unhealthy, undefined);
  h.m.stopAll();
});

test('the startup probe runs alone until it succeeds, then readiness starts', async () => {
  let startupOk = false;
  const h = harness({ startup: () => startupOk, readiness: () => true });
  const c: Container = { name: 'a', startupProbe: { ...fast, failureThreshold: 30, exec: { command: ['x'] } }, readinessProbe: { ...fast, exec: { command: ['y'] } } };
  h.m.track(c, { id: 'a1', startedAt: Date.now() });
  await wait(50);
  assert.deepEqual(h.calls, ['startup']);
  assert.equal(h.m.state(c).started, false);
  startupOk = true;
  await wait(1100);
  assert.equal(h.m.state(c).started, true);
  assert.ok(h.calls.includes('readiness'), String(h.calls));
  assert.equal(h.m.state(c).ready, true);
  h.m.stopAll();
});

test('a stopped container is neither started nor ready, and its probes stop', async () => {
  const h = harness({});
  const c: Container = { name: 'a', readinessProbe: { ...fast, exec: { command: ['y'] } } };
  h.m.track(c, { id: 'a1', startedAt: Date.now() + 10_000 }); // first probe far away
  h.m.track(c, undefined);
  assert.deepEqual(h.m.state(c), { started: false, ready: false });
  await wait(30);
  assert.deepEqual(h.calls, []);
});

test('a container just started is probed at once, and firstResults waits for that first answer only', async () => {
  let answer = () => {};
  const calls: string[] = [];
  const m = new ProbeManager({
    run: (kind) => {
      calls.push(kind);
      return new Promise((ok) => (answer = () => ok({ ok: true, output: '' })));
    },
    changed: () => {},
    failed: () => {},
  });
  // a 10 s period: only the immediate first probe can run within this test
  const c: Container = { name: 'a', readinessProbe: { periodSeconds: 10, httpGet: { port: 80 } } };
  m.track(c, { id: 'a1', startedAt: Date.now() });
  let settled = false;
  const first = m.firstResults(5_000).then(() => (settled = true));
  await wait(20);
  assert.deepEqual(calls, ['readiness'], 'probed without waiting a period');
  assert.equal(settled, false, 'waits while the first probe runs');
  answer();
  await first;
  assert.equal(m.state(c).ready, true, 'the answer is in once firstResults settles');
  // nothing left to wait for: at once
  const t0 = Date.now();
  await m.firstResults(5_000);
  assert.ok(Date.now() - t0 < 1_000, 'not the 5 s bound');
  m.stopAll();
});

test('firstResults does not wait for a probe with an initial delay, nor past its bound', async () => {
  const m = new ProbeManager({ run: () => new Promise(() => {}), changed: () => {}, failed: () => {} });
  const delayed: Container = { name: 'a', readinessProbe: { initialDelaySeconds: 30, httpGet: { port: 80 } } };
  m.track(delayed, { id: 'a1', startedAt: Date.now() });
  let t0 = Date.now();
  await m.firstResults(5_000);
  assert.ok(Date.now() - t0 < 1_000, 'the delayed probe is not due: nothing to wait for (not the 5 s bound)');
  const hanging: Container = { name: 'b', readinessProbe: { httpGet: { port: 80 } } };
  m.track(hanging, { id: 'b1', startedAt: Date.now() });
  t0 = Date.now();
  await m.firstResults(60);
  const took = Date.now() - t0;
  assert.ok(took >= 50 && took < 1000, `bounded: ${took} ms`);
  m.stopAll();
});

test('firstResults waits for the quick retries of a first readiness probe that failed, within its bound', async () => {
  let runs = 0;
  const m = new ProbeManager({ run: async () => ({ ok: ++runs >= 3, output: 'connection refused' }), changed: () => {}, failed: () => {} });
  const c: Container = { name: 'a', readinessProbe: { periodSeconds: 10, httpGet: { port: 80 } } };
  try {
    m.track(c, { id: 'a1', startedAt: Date.now() });
    await m.firstResults(1_000);
    assert.equal(runs, 3, 'failed, retried 10 ms later, failed, retried 20 ms later');
    assert.equal(m.state(c).ready, true, 'the retry that succeeded is in once firstResults settles');
  } finally {
    m.stopAll();
  }

  // a server that does not come up: the wait ends at its bound, not at the probe's period
  let failed = 0;
  const never = new ProbeManager({ run: async () => (failed++, { ok: false, output: 'connection refused' }), changed: () => {}, failed: () => {} });
  try {
    never.track(c, { id: 'a2', startedAt: Date.now() });
    const t0 = Date.now();
    await never.firstResults(100);
    const took = Date.now() - t0;
    assert.ok(failed >= 2, `waited for a retry: ${failed} runs`);
    assert.ok(took < 5_000, `bounded, not waiting for the 10 s period: ${took} ms`);
    assert.equal(never.state(c).ready, false);
  } finally {
    never.stopAll();
  }
});

test('a readiness probe that never succeeded is retried sooner than its period, silently, until its first success', async () => {
  let ok = false;
  const times: number[] = [];
  const failures: string[] = [];
  let changes = 0;
  const m = new ProbeManager({
    async run() {
      times.push(Date.now());
      return { ok, output: 'connection refused' };
    },
    changed: () => changes++,
    failed: (_k, _n, output) => failures.push(output),
  });
  const c: Container = { name: 'a', readinessProbe: { periodSeconds: 10, successThreshold: 2, httpGet: { port: 80 } } };
  const t0 = Date.now();
  m.track(c, { id: 'a1', startedAt: t0 });
  await wait(120);
  assert.ok(times.length >= 2, `retried within the 10 s period: ${times.length} runs`);
  assert.deepEqual(failures, ['connection refused'], 'only the scheduled run reports its failure');
  ok = true;
  await wait(500);
  const runs = times.length;
  assert.equal(m.state(c).ready, false, 'successThreshold 2: one success is not enough');
  await wait(300);
  assert.equal(times.length, runs, 'after a success, the probe keeps to its period');
  m.stopAll();
});
