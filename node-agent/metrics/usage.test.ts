import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NodeUsage, parseProc, SIMULATED_SYSTEM } from './usage.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { LABELS, type ContainerStats, type Runtime } from '../runtime/types.ts';

test('/proc: non-idle CPU ticks in core-nanoseconds, memory total minus available', () => {
  const stat = 'cpu  100 5 50 9000 40 3 2 1 0 0\ncpu0 1 2 3\n';
  const meminfo = 'MemTotal:       2048 kB\nMemFree:         100 kB\nMemAvailable:    1024 kB\n';
  assert.deepEqual(parseProc(stat, meminfo), { cpuCoreNanoSeconds: 161 * 1e7, memoryBytes: 1024 * 1024 });
});

test('container rates are grouped by pod, and only the owner’s containers are asked for', async () => {
  let at = 1_000;
  let cpu = 0;
  const asked: unknown[] = [];
  const labels = { [LABELS.podNamespace]: 'ns', [LABELS.podName]: 'web', [LABELS.containerName]: 'app' };
  const runtime = {
    kind: 'cri',
    containerStats: async (l?: Record<string, string>): Promise<ContainerStats[]> => {
      asked.push(l);
      return [{ id: 'c1', labels, at, cpuCoreNanoSeconds: cpu, memoryWorkingSetBytes: 4096 }];
    },
  } as unknown as Runtime;
  let nodeCpu = 0;
  const usage = new NodeUsage({ runtime, owner: { o: '1' }, readNode: async () => ({ at, cpuCoreNanoSeconds: nodeCpu, memoryBytes: 99 }) });
  assert.deepEqual(await usage.stats(), { pods: [] });
  at += 10_000;
  cpu += 2.5e9; // a quarter of a core for 10 s
  nodeCpu += 1e10;
  const s = await usage.stats();
  assert.deepEqual(s.pods, [{ namespace: 'ns', name: 'web', timestamp: new Date(at).toISOString(), windowSeconds: 10, containers: [{ name: 'app', cpuNanoCores: 250e6, memoryBytes: 4096 }] }]);
  assert.deepEqual(s.node, { timestamp: new Date(at).toISOString(), windowSeconds: 10, cpuNanoCores: 1e9, memoryBytes: 99 });
  assert.deepEqual(asked[0], { o: '1' });
});

test('a simulated container uses what its pod’s annotation says; the node adds its system share', async () => {
  const rt = new SimulatedRuntime({ sandboxDelayMs: 0, startDelayMs: 0, writeLogs: false });
  const sandbox = { name: 'p', namespace: 'ns', uid: 'u', attempt: 0, hostname: 'p', logDirectory: '/tmp', cgroupParent: '', hostNetwork: false, portMappings: [], labels: { [LABELS.podUid]: 'u' }, annotations: { 'simulated.timonier.dev/cpu': '300m', 'simulated.timonier.dev/memory': '64Mi' } };
  const sb = await rt.runSandbox(sandbox);
  const labels = { [LABELS.podNamespace]: 'ns', [LABELS.podName]: 'p', [LABELS.containerName]: 'app', [LABELS.podUid]: 'u' };
  const c = await rt.createContainer(sb, { name: 'app', attempt: 0, image: 'i', userImage: 'i', command: [], args: [], env: [], mounts: [], logPath: 'app/0.log', tty: false, stdin: false, stdinOnce: false, privileged: false, labels, annotations: {} }, sandbox);
  await rt.startContainer(c);
  const usage = new NodeUsage({ runtime: rt, owner: {}, minWindowMs: 20 });
  await usage.stats();
  await new Promise((r) => setTimeout(r, 60));
  const s = await usage.stats();
  const app = s.pods[0]?.containers[0];
  assert.ok(app, 'the pod has a rate');
  assert.ok(Math.abs(app.cpuNanoCores - 300e6) < 1e6, `about 300m: ${app.cpuNanoCores}`);
  assert.equal(app.memoryBytes, 64 * 2 ** 20);
  assert.equal(s.node?.cpuNanoCores, SIMULATED_SYSTEM.cpuNanoCores + app.cpuNanoCores);
  rt.close();
});

test('a background sample that fails is logged once, and so is its recovery', async (t) => {
  t.mock.timers.enable({ apis: ['setInterval'] });
  let failure: string | undefined = 'ListContainerStats: failed to decode container metrics';
  const runtime = {
    kind: 'cri',
    containerStats: async (): Promise<ContainerStats[]> => {
      if (failure) throw new Error(failure);
      return [];
    },
  } as unknown as Runtime;
  const lines: string[] = [];
  const usage = new NodeUsage({ runtime, owner: {}, readNode: async () => undefined, log: (l) => lines.push(l) });
  const settle = () => new Promise((ok) => setImmediate(ok));
  usage.start(1000);
  await settle();
  t.mock.timers.tick(1000);
  await settle();
  assert.deepEqual(lines, ["metrics: sampling failed, kubectl top will miss this node's pods until it works: ListContainerStats: failed to decode container metrics"]);
  failure = undefined;
  t.mock.timers.tick(1000);
  await settle();
  t.mock.timers.tick(1000);
  await settle();
  assert.deepEqual(lines.slice(1), ['metrics: sampling works again']);
  usage.stop();
});
