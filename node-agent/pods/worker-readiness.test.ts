import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container, Pod, PodStatus } from '../../lib/api/core/pod.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { PodWorker } from './worker.ts';
import { podApi, testPodContext } from './worker.test-support.ts';

const isReady = (s: PodStatus | undefined) => !!s?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');

/**
 * A pod whose container has an exec readiness probe, run by a worker on a simulated runtime
 * whose ExecSync answers after `answerMs` with the exit code `exitCode()` (the worker then probes
 * as with CRI). Counts the runtime's container lists, and notes it at each status write.
 */
async function harness(periodSeconds: number, answerMs: number, exitCode: () => number, container: Partial<Container> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'worker-readiness-'));
  const runtime = new SimulatedRuntime({ sandboxDelayMs: 1, startDelayMs: 1, writeLogs: false });
  Object.defineProperty(runtime, 'probe', { value: undefined });
  let lists = 0;
  const list = runtime.listContainers.bind(runtime);
  runtime.listContainers = (labels) => (lists++, list(labels));
  const answers: { ok: boolean; lists: number }[] = [];
  // a slow runtime (set by a test): a sync takes its time before it lists the containers
  const slow = { sandboxStatusMs: 0 };
  const sandboxStatus = runtime.sandboxStatus.bind(runtime);
  runtime.sandboxStatus = async (id) => (slow.sandboxStatusMs && (await new Promise((ok) => setTimeout(ok, slow.sandboxStatusMs))), sandboxStatus(id));
  runtime.execSync = async () => {
    await new Promise((ok) => setTimeout(ok, answerMs));
    const code = exitCode();
    answers.push({ ok: code === 0, lists });
    return { stdout: new Uint8Array(), stderr: new Uint8Array(), exitCode: code };
  };
  const pod: Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'ns', uid: 'u1', resourceVersion: '10' },
    spec: { nodeName: 'n1', containers: [{ name: 'web', image: 'nginx:1', readinessProbe: { periodSeconds, exec: { command: ['true'] } }, ...container }] },
    status: { phase: 'Pending', qosClass: 'BestEffort', conditions: [{ type: 'PodScheduled', status: 'True' }] },
  };
  const writes: { status: PodStatus; lists: number }[] = [];
  const { api } = podApi(pod, (status) => writes.push({ status, lists }));
  const ctx = testPodContext(dir, api, runtime);
  const worker = new PodWorker(pod, ctx);
  return {
    worker,
    slow,
    writes,
    answers,
    async until(what: string, holds: () => boolean, ms = 5_000) {
      for (const end = Date.now() + ms; !holds() && Date.now() < end; ) await new Promise((ok) => setTimeout(ok, 10));
      assert.ok(holds(), what);
    },
    async close() {
      worker.close();
      runtime.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

test('a container whose first readiness probe answers at once is Running and Ready in one status write', async () => {
  // a 10 s period: only the probe run at the start can make it Ready within the test
  const h = await harness(10, 30, () => 0);
  try {
    h.worker.update(h.worker.pod);
    await h.until('Ready', () => isReady(h.writes.at(-1)?.status));
    assert.equal(h.answers.length, 1, 'one probe: the one run as the container started');
    const runningNotReady = h.writes.filter((w) => w.status.phase === 'Running' && !isReady(w.status));
    assert.deepEqual(runningNotReady, [], 'no "Running, not ready" write before the Ready one');
  } finally {
    await h.close();
  }
});

test('a first readiness probe that fails while the server comes up still makes one status write, Running and Ready', async () => {
  // the first run finds nothing listening yet; its quick retry, 10 ms later, an answer
  let runs = 0;
  const h = await harness(10, 1, () => (++runs === 1 ? 1 : 0));
  try {
    h.worker.update(h.worker.pod);
    await h.until('Ready', () => isReady(h.writes.at(-1)?.status));
    assert.deepEqual(
      h.answers.map((a) => a.ok),
      [false, true],
    );
    const running = h.writes.filter((w) => w.status.phase === 'Running');
    assert.equal(running.length, 1, `one write once the container runs, not "not ready" then "ready": ${running.length}`);
  } finally {
    await h.close();
  }
});

test('a readiness result is written at once, without waiting for a sync to list the containers', async () => {
  let exitCode = 1;
  const h = await harness(1, 1, () => exitCode);
  try {
    h.worker.update(h.worker.pod);
    await h.until('Running, not ready', () => h.writes.some((w) => w.status.phase === 'Running' && !isReady(w.status)));
    h.slow.sandboxStatusMs = 300;
    exitCode = 0;
    await h.until('Ready', () => isReady(h.writes.at(-1)?.status), 5_000);
    const answer = h.answers.find((a) => a.ok)!;
    const write = h.writes.find((w) => isReady(w.status))!;
    assert.equal(write.lists, answer.lists, 'no container list between the probe answer and the status write');
  } finally {
    await h.close();
  }
});

test("the probe run as the container starts finds the container's named port", async () => {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  const h = await harness(10, 0, () => 0, { ports: [{ name: 'http', containerPort: port }], readinessProbe: { periodSeconds: 10, httpGet: { host: '127.0.0.1', port: 'http', path: '/' } } });
  try {
    h.worker.update(h.worker.pod);
    // with a 10 s period, Ready within 5 s means the first probe, run at the start, succeeded
    await h.until('Ready', () => isReady(h.writes.at(-1)?.status));
  } finally {
    await h.close();
    server.close();
  }
});
