import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiClient } from '../../lib/client/client.ts';
import type { Node } from '../../lib/api/core/node.ts';
import { SimulatedRuntime } from '../runtime/simulated.ts';
import { Heartbeats, NODE_STATUS_REPORT_MS } from './heartbeat.ts';
import { hostAddresses, type MachineFacts } from './machine.ts';

const facts = (): MachineFacts => ({ hostname: 'n1', cpus: 4, memoryBytes: 8 * 2 ** 30, diskBytes: 0, addresses: hostAddresses(), kernelVersion: '6.1', osImage: 'test', operatingSystem: 'linux', architecture: 'amd64', machineID: '', systemUUID: '', bootID: '' });

/** An API that takes every write and records which. */
function api() {
  const writes: string[] = [];
  const client = {
    async get() {
      return undefined;
    },
    async create(_res: unknown, _ns: unknown, body: any) {
      writes.push(`create ${body.kind}`);
      return body;
    },
    async update(res: { resource: string }, body: any, sub?: string) {
      writes.push(`update ${res.resource}${sub ? `/${sub}` : ''}`);
      return body;
    },
  };
  return { client: client as unknown as ApiClient, writes };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((ok) => setImmediate(ok));
};

test('an unchanged node status is written every 5 minutes, the lease every 10 s', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const { client, writes } = api();
  const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', uid: 'u1' }, status: {} };
  const hb = new Heartbeats({ api: client, nodeName: 'n1', facts: facts(), runtime: new SimulatedRuntime() }, node);
  try {
    await hb.reportNow();
    await settle();
    const statusWrites = () => writes.filter((w) => w === 'update nodes/status').length;
    assert.equal(statusWrites(), 1);
    // 10 s at a time, up to just before 5 minutes: the lease is renewed, the status not written
    for (let t = 10_000; t < NODE_STATUS_REPORT_MS; t += 10_000) {
      mock.timers.tick(10_000);
      await settle();
    }
    assert.equal(statusWrites(), 1, 'nothing changed: no status write within 5 minutes');
    assert.equal(writes.filter((w) => w === 'update leases').length, NODE_STATUS_REPORT_MS / 10_000 - 1, 'a lease renewal every 10 s');
    mock.timers.tick(10_000);
    await settle();
    assert.equal(statusWrites(), 2, 'then the report is due');
    assert.equal(NODE_STATUS_REPORT_MS, 300_000, "the kubelet's nodeStatusReportFrequency");
  } finally {
    const stopped = hb.stop();
    mock.timers.tick(60_000);
    await stopped;
    mock.timers.reset();
  }
});

test("a runtime whose network is not ready makes the node NotReady, told once in the log; Ready again when it is", async () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
  const { client } = api();
  const written: Node[] = [];
  client.update = (async (_res: unknown, body: Node) => (written.push(body), body)) as ApiClient['update'];
  const runtime = new SimulatedRuntime();
  let network = false;
  const conditions = async () => [
    { type: 'RuntimeReady', status: true, reason: '', message: '' },
    { type: 'NetworkReady', status: network, reason: network ? '' : 'NetworkPluginNotReady', message: network ? '' : 'Network plugin returns error: cni plugin not initialized' },
  ];
  const logs: string[] = [];
  const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', uid: 'u1' }, status: {} };
  const hb = new Heartbeats({ api: client, nodeName: 'n1', facts: facts(), runtime: Object.assign(runtime, { conditions }), log: (l: string) => logs.push(l) }, node);
  const ready = () => written.filter((n) => n.status).at(-1)?.status?.conditions?.find((c) => c.type === 'Ready');
  try {
    await hb.reportNow();
    await settle();
    assert.equal(ready()?.status, 'False');
    assert.equal(ready()?.message, 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized');
    mock.timers.tick(10_000);
    await settle();
    assert.deepEqual(logs.filter((l) => l.startsWith('node')), [`node not ready: ${ready()?.message}`], 'told once, not at every check');
    network = true;
    mock.timers.tick(10_000);
    await settle();
    assert.equal(ready()?.status, 'True');
    assert.equal(logs.at(-1), 'node ready again');
  } finally {
    const stopped = hb.stop();
    mock.timers.tick(60_000);
    await stopped;
    mock.timers.reset();
  }
});
