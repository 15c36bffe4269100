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
