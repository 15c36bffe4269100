/**
 * `--api-processes 2`: the API worker in two workerd processes, the Durable Objects, the queue and
 * the controllers in the first. The TLS front hands each new connection to the next process in
 * turn, so two connections opened one after the other (nothing else opens any here) are served
 * by the two processes: each step below is done on two consecutive connections and must work on
 * both. A replica's own objects or queue would fail the last three tests: the controllers would
 * not hear of its writes until the cron's resync, /metrics would count half of the requests, and
 * a tunnel opened through one process would be unknown to the other. (The watches would work even
 * on a second WatchHub, which reads the same log every second; they check the streams through a
 * replica.)
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:https';
import { join } from 'node:path';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { joinCluster, openTunnel, type Tunnel } from '../../node-agent/tunnel/index.ts';

const cluster = useCluster({ apiProcesses: 2 });
const tunnels: Tunnel[] = [];
after(() => tunnels.forEach((t) => t.close()));

const configmap = (name: string) => ({ metadata: { name }, data: { k: name } });

/** A request on a connection of its own (no keep-alive agent): the next process in turn serves it. */
function fresh(method: string, path: string, body?: unknown, accept = 'application/json'): Promise<{ status: number; text: string }> {
  const { cp } = cluster;
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers: Record<string, string> = { Accept: accept, Authorization: `Bearer ${cp.token}`, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {}) };
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, cp.url), { method, headers, ca: cp.caPem, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.end(payload);
  });
}

test('watches opened on either process see the creates made through both', async () => {
  const watches = [await cluster.watch('/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=0'), await cluster.watch('/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=0')];
  try {
    for (const name of ['a1', 'a2', 'a3', 'a4']) {
      const r = await fresh('POST', '/api/v1/namespaces/default/configmaps', configmap(name));
      assert.equal(r.status, 201, r.text);
    }
    for (const w of watches) {
      const events = await w.waitFor(5, 15_000);
      const names = events.filter((e) => e.type === 'ADDED').map((e) => e.object.metadata.name);
      for (const name of ['a1', 'a2', 'a3', 'a4']) assert.ok(names.includes(name), `${name} in ${names.join(',')}`);
    }
  } finally {
    watches.forEach((w) => w.close());
  }
});

test('the controllers get the changes made through both processes (the queue)', async () => {
  for (const name of ['m1', 'm2']) {
    assert.equal((await fresh('POST', '/api/v1/namespaces', { metadata: { name } })).status, 201);
  }
  // the namespace controller makes each namespace's default service account on the change message
  for (const name of ['m1', 'm2']) {
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await fresh('GET', `/api/v1/namespaces/${name}/serviceaccounts/default`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200, `the default service account of ${name}`);
  }
});

test("both processes' requests are counted in /metrics (the one Metrics object)", async () => {
  const counted = async () => {
    const metrics = (await fresh('GET', '/metrics')).text;
    const line = metrics.split('\n').find((l) => l.startsWith('apiserver_request_total{') && l.includes('resource="limitranges"') && l.includes('verb="POST"') && l.includes('code="201"'));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  // nothing else makes LimitRanges (in m1: a limit in default would refuse the pods below): two creates, on two connections, one through each process
  for (const name of ['l1', 'l2']) {
    const r = await fresh('POST', '/api/v1/namespaces/m1/limitranges', { metadata: { name }, spec: { limits: [{ type: 'Container', max: { cpu: '2' } }] } });
    assert.equal(r.status, 201, r.text);
  }
  // each isolate sends its samples within 500 ms (metrics/recorder.ts)
  let n = await counted();
  for (let i = 0; i < 50 && n < 2; i++) {
    await new Promise((r) => setTimeout(r, 100));
    n = await counted();
  }
  assert.equal(n, 2);
});

test("nodes' tunnels (WebSocket upgrades) opened through either process carry logs requests", async () => {
  const { cp } = cluster;
  const nodes = ['w1', 'w2'];
  const credentials: string[] = [];
  for (const node of nodes) {
    const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
    credentials.push((await joinCluster({ server: cp.url, token, nodeName: node, stateDir: join(cluster.dir, `agent-${node}`) })).credential);
  }
  const logs = (node: string) => ({
    async logs(req: { pod: string }, out: { write(b: Uint8Array): Promise<unknown> }) {
      await out.write(new TextEncoder().encode(`log of ${req.pod} on ${node}\n`));
    },
    async exec() {
      return { stdout: new Uint8Array(), stderr: new Uint8Array(), exitCode: 0 };
    },
  });
  // one tunnel after the other: two consecutive connections, one to each process
  for (const [i, node] of nodes.entries()) {
    const t = openTunnel({ server: cp.url, credential: credentials[i]!, caPem: cp.caPem, nodeName: node, handlers: logs(node) });
    tunnels.push(t);
    await t.ready;
  }
  for (const node of nodes) {
    const r = await fresh('POST', '/api/v1/namespaces/default/pods', { metadata: { name: `p-${node}` }, spec: { nodeName: node, containers: [{ name: 'c', image: 'busybox' }] } });
    assert.equal(r.status, 201, r.text);
  }
  // each pod's log asked twice, on two connections: through both processes
  for (const node of nodes) {
    for (let i = 0; i < 2; i++) {
      const r = await fresh('GET', `/api/v1/namespaces/default/pods/p-${node}/log`, undefined, '*/*');
      assert.equal(r.status, 200, r.text);
      assert.equal(r.text, `log of p-${node} on ${node}\n`);
    }
  }
});
