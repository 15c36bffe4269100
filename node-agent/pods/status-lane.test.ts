import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { StatusLane } from './status-lane.ts';
import { PodWorker } from './worker.ts';
import { testPodContext } from './worker.test-support.ts';

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

test('the lane runs its writes one after the other, in order, a failure holding up none', async () => {
  const lane = new StatusLane();
  const log: string[] = [];
  const write = (name: string, ms: number, fail = false) =>
    lane.run(async () => {
      log.push(`${name} begins`);
      await sleep(ms);
      log.push(`${name} ends`);
      if (fail) throw new Error(name);
      return name;
    });
  const results = await Promise.allSettled([write('a', 30), write('b', 1, true), write('c', 1)]);
  assert.deepEqual(log, ['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
});

const pod = (name: string, readinessProbe?: object): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'ns', uid: `uid-${name}`, resourceVersion: '10' },
  spec: { nodeName: 'n1', containers: [{ name: 'web', image: 'nginx', ...(readinessProbe ? { readinessProbe } : {}) }] },
  status: { phase: 'Pending', qosClass: 'BestEffort', conditions: [{ type: 'PodScheduled', status: 'True' }] },
});

const isReady = (p: Pod) => !!p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');

/** The API's side of an agent's pods: status writes counted as they overlap, pod `a`'s held until `release`. */
function agentApi() {
  let release!: () => void;
  const held = new Promise<void>((ok) => (release = ok));
  let inFlight = 0;
  let most = 0;
  let rv = 10;
  const writes: { pod: string; phase?: string; ready: boolean }[] = [];
  const asked: string[] = [];
  const api = {
    async update(_res: unknown, body: Pod, sub?: string) {
      assert.equal(sub, 'status');
      asked.push(body.metadata.name!);
      most = Math.max(most, ++inFlight);
      try {
        await (body.metadata.name === 'a' ? held : sleep(5));
        writes.push({ pod: body.metadata.name!, phase: body.status?.phase, ready: isReady(body) });
        return { ...structuredClone(body), metadata: { ...body.metadata, resourceVersion: String(++rv) } };
      } finally {
        inFlight--;
      }
    },
  };
  return { api: api as unknown as ApiClient, writes, asked, release, most: () => most };
}

test("an agent's pods write their status one at a time, and a pod that waited its turn writes only its newest", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'status-lane-'));
  // b's container is Ready some 1 s after it starts (its second probe): Running first, then Ready
  const runtime = new SimulatedRuntime({ sandboxDelayMs: 1, startDelayMs: 1, readyDelayMs: 300, writeLogs: false });
  const probed = runtime.probe.bind(runtime);
  let bReady = false;
  runtime.probe = (id) => {
    const outcome = probed(id);
    if (outcome === 'success') bReady = true;
    return outcome;
  };
  const { api, writes, asked, release, most } = agentApi();
  const ctx = testPodContext(dir, api, runtime);
  const workers = [new PodWorker(pod('a'), ctx), new PodWorker(pod('b', { exec: { command: ['true'] }, periodSeconds: 1 }), ctx), new PodWorker(pod('c'), ctx)];
  try {
    // a first: its write takes the lane
    workers[0]!.update(workers[0]!.pod);
    for (let i = 0; i < 300 && !asked.length; i++) await sleep(10);
    assert.deepEqual(asked, ['a']);
    for (const w of workers.slice(1)) w.update(w.pod);
    // a's write holds the lane until b has been Running unready, then Ready
    for (let i = 0; i < 300 && !bReady; i++) await sleep(10);
    assert.ok(bReady, "b's probe succeeded");
    await sleep(100);
    assert.equal(writes.length, 0, 'nothing written while the first write is under way');
    release();
    const done = () => ['a', 'b', 'c'].every((name) => writes.some((w) => w.pod === name && w.ready));
    for (let i = 0; i < 300 && !done(); i++) await sleep(10);
    assert.ok(done(), `every pod written Ready: ${JSON.stringify(writes)}`);
    assert.equal(most(), 1, 'one status write in flight at a time');
    assert.deepEqual(
      writes.filter((w) => w.pod === 'b'),
      [{ pod: 'b', phase: 'Running', ready: true }],
      "b's Running-but-unready status, superseded while it waited, was never written",
    );
  } finally {
    for (const w of workers) w.close();
    runtime.close();
    await rm(dir, { recursive: true, force: true });
  }
});
