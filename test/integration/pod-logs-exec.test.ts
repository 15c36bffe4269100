/**
 * `kubectl logs` and `kubectl exec` through a node's tunnel: a small fake agent (the real
 * openTunnel, with handlers returning canned output) joins with a bootstrap token, and the real
 * kubectl talks to the API, which relays through the node's NodeTunnel Durable Object.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { joinCluster, openTunnel, type ExecRequest, type LogsRequest, type Tunnel } from '../../node-agent/tunnel/index.ts';
import { tunnelPath } from '../../lib/tunnel/protocol.ts';

const cluster = useCluster();
const seen = { logs: [] as LogsRequest[], exec: [] as ExecRequest[] };
let tunnel: Tunnel;
let tickerStopped: (() => void) | undefined;
let credential = '';
const text = (s: string) => new TextEncoder().encode(s);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class NotFound extends Error {
  code = 400;
}

/** The agent and the pods, once (node 20 runs top-level before hooks concurrently, so not in one). */
let setup: Promise<void> | undefined;
const ready = () => (setup ??= start());

async function start() {
  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  ({ credential } = await joinCluster({ server: cp.url, token, nodeName: 'n1', stateDir: join(cluster.dir, 'agent') }));
  tunnel = openTunnel({
    server: cp.url,
    credential,
    caPem: cp.caPem,
    nodeName: 'n1',
    handlers: {
      async logs(req, out, signal) {
        seen.logs.push(req);
        if (req.pod === 'ticker') {
          // a log that never ends: only the client leaving stops it
          const timer = setInterval(() => out.write(text('tick\n')).catch(() => undefined), 100);
          await new Promise<void>((r) => signal.addEventListener('abort', () => r()));
          clearInterval(timer);
          tickerStopped?.();
          return;
        }
        if (req.previous && req.container === 'side') throw new NotFound(`previous terminated container "side" in pod "${req.pod}" not found`);
        if (req.follow) {
          for (const line of ['first\n', 'second\n', 'third\n']) {
            await out.write(text(line));
            await sleep(150);
          }
          return;
        }
        await out.write(text(`log of ${req.container}${req.previous ? ' (previous)' : ''}${req.tailLines !== undefined ? ` tail=${req.tailLines}` : ''}\n`));
      },
      async exec(req) {
        seen.exec.push(req);
        if (req.command[0] === 'echo') return { stdout: text(`${req.command.slice(1).join(' ')}\n`), stderr: new Uint8Array(), exitCode: 0 };
        return { stdout: new Uint8Array(), stderr: text('boom\n'), exitCode: 3 };
      },
    },
  });
  await tunnel.ready;
  const pod = (name: string, node: string, containers: string[]) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, annotations: { 'kubectl.kubernetes.io/default-container': containers[0] } },
    spec: { nodeName: node, containers: containers.map((c) => ({ name: c, image: 'busybox' })) },
  });
  for (const p of [pod('solo', 'n1', ['main']), pod('duo', 'n1', ['app', 'side']), pod('far', 'n2', ['main']), pod('ticker', 'n1', ['main'])]) {
    const r = await cluster.api('POST', '/api/v1/namespaces/default/pods', { body: p });
    assert.equal(r.status, 201, r.text);
  }
}
after(() => tunnel?.close());

async function kubectl(args: string[]) {
  await ready();
  return cluster.kubectl(args);
}

test('kubectl logs reaches the node with the pod, namespace and container', async () => {
  const r = await kubectl(['logs', 'solo']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'log of main\n');
  assert.deepEqual(seen.logs.at(-1), { namespace: 'default', pod: 'solo', container: 'main', follow: false, previous: false, timestamps: false });
});

test('kubectl logs -c, --tail, --previous and --timestamps pass their parameters', async () => {
  let r = await kubectl(['logs', 'duo', '-c', 'side', '--tail', '2']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'log of side tail=2\n');
  assert.equal(seen.logs.at(-1)?.container, 'side');
  assert.equal(seen.logs.at(-1)?.tailLines, 2);

  r = await kubectl(['logs', 'duo', '--previous', '--timestamps']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'log of app (previous)\n');
  assert.equal(seen.logs.at(-1)?.previous, true);
  assert.equal(seen.logs.at(-1)?.timestamps, true);

  r = await kubectl(['logs', 'solo', '--since', '1h', '--limit-bytes', '500']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(seen.logs.at(-1)?.sinceSeconds, 3600);
  assert.equal(seen.logs.at(-1)?.limitBytes, 500);
});

test('kubectl logs -f streams until the node ends the log', async () => {
  const started = Date.now();
  const r = await kubectl(['logs', '-f', 'solo']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'first\nsecond\nthird\n');
  assert.equal(seen.logs.at(-1)?.follow, true);
  assert.ok(Date.now() - started >= 400, 'the stream lasted as long as the node wrote');
});

test('kubectl logs -f shows lines as they come; stopping kubectl stops the log on the node', async () => {
  await ready();
  const stopped = new Promise<void>((r) => (tickerStopped = r));
  const child = spawn('kubectl', ['logs', '-f', 'ticker'], { env: { ...process.env, KUBECONFIG: cluster.cp.kubeconfigPath, HOME: cluster.dir } });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  // lines arrive while the stream is open (nothing held back by a compressor or a buffer)
  const deadline = Date.now() + 10_000;
  while (out.split('tick').length < 4 && Date.now() < deadline) await sleep(100);
  assert.ok(out.split('tick').length >= 4, `got ${JSON.stringify(out)}`);
  child.kill('SIGINT');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the node kept following after kubectl left')), 10_000)));
  await Promise.race([stopped, timeout]).finally(() => clearTimeout(timer));
});

test("the node's errors and a missing tunnel reach kubectl as Kubernetes errors", async () => {
  let r = await kubectl(['logs', 'duo', '-c', 'side', '--previous']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /Error from server \(BadRequest\): previous terminated container "side" in pod "duo" not found/);

  r = await kubectl(['logs', 'far']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /Error from server \(ServiceUnavailable\): node "n2" has no tunnel open/);

  r = await kubectl(['logs', 'duo', '-c', 'nope']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /container nope is not valid for pod duo/);
});

test('kubectl exec prints the output of the command', async () => {
  const r = await kubectl(['exec', 'solo', '--', 'echo', 'hi']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'hi\n');
  assert.deepEqual(seen.exec.at(-1), { namespace: 'default', pod: 'solo', container: 'main', command: ['echo', 'hi'], stdin: false, tty: false });
});

test('a non-zero exit prints "command terminated with exit code 3" and kubectl exits 3', async () => {
  const r = await kubectl(['exec', 'duo', '-c', 'side', '--', 'sh', '-c', 'exit 3']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /boom/);
  assert.match(r.stderr, /command terminated with exit code 3/);
  assert.equal(seen.exec.at(-1)?.container, 'side');
});

test('a node whose agent serves no streams refuses interactive exec with a reason', async () => {
  // this fake agent has no stream handler (the real one does: streams.test.ts)
  const r = await kubectl(['exec', '-i', 'solo', '--', 'cat']);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /this node serves no interactive streams/);
});

test('a node may open only its own tunnel', async () => {
  await ready();
  const status = await new Promise<number>((resolve, reject) => {
    const url = new URL(tunnelPath('n2'), cluster.cp.url.replace('https:', 'wss:'));
    const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${credential}` }, ca: cluster.cp.caPem });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      ws.close();
      reject(new Error('n1 opened the tunnel of n2'));
    });
    ws.on('error', () => undefined);
  });
  assert.equal(status, 403);
});
