/**
 * Interactive streams with the real kubectl against a simulated node (node-agent with the
 * simulated runtime, whose processes echo their stdin): exec with stdin, exec -t without and
 * with a terminal (script(1) gives kubectl a pseudo-terminal), window sizes, attach, exit codes,
 * and port-forward with real HTTP requests through it — all through the agent's tunnel.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { useCluster } from '../support/cluster.ts';
import { createJoinToken } from '../../node-agent/tunnel/token-create.ts';
import { runNode, type RunningNode } from '../../node-agent/cli.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();
let node: RunningNode | undefined;
const children: ChildProcess[] = [];
after(async () => {
  for (const c of children) c.kill('SIGKILL');
  await node?.stop();
});

let setup: Promise<void> | undefined;
const ready = () => (setup ??= start());


async function start() {
  const { cp } = cluster;
  const token = await createJoinToken({ server: cp.url, token: cp.token, caPem: cp.caPem, insecure: false }, { ttlSeconds: 600 });
  node = await runNode({ server: cp.url, token, nodeName: 'sim-1', runtime: 'simulated', subnet: 7, stateDir: join(cluster.dir, 'sim-1'), caPem: cp.caPem, log: () => {} });
  await node.tunnel.ready;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'shell', labels: { app: 'shell' } },
    spec: { nodeName: 'sim-1', containers: [{ name: 'main', image: 'busybox', stdin: true, tty: true, ports: [{ name: 'http', containerPort: 8080 }] }] },
  };
  const r = await cluster.api('POST', '/api/v1/namespaces/default/pods', { body: pod });
  assert.equal(r.status, 201, r.text);
  await until('the pod running', async () => (await cluster.kubectl(['get', 'pod', 'shell', '-o', 'jsonpath={.status.phase}'])).stdout === 'Running');
}

test('kubectl exec -i: stdin reaches the process, its end ends the process', async () => {
  await ready();
  const r = await cluster.kubectl(['exec', '-i', 'shell', '--', 'sh'], { input: 'hello\nworld\n' });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'hello\nworld\n');
});

test('kubectl exec -it without a terminal falls back to -i and still works', async () => {
  await ready();
  const r = await cluster.kubectl(['exec', '-it', 'shell', '--', 'sh'], { input: 'one\nexit 0\n' });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /one\n/);
});

test('kubectl exec reports the exit code of the command', async () => {
  await ready();
  let r = await cluster.kubectl(['exec', 'shell', '--', 'echo', 'hi', 'there']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'hi there\n');
  r = await cluster.kubectl(['exec', 'shell', '--', 'sh', '-c', 'exit 3']);
  assert.equal(r.code, 3, r.stderr);
  r = await cluster.kubectl(['exec', '-i', 'shell', '--', 'sh'], { input: 'exit 5\n' });
  assert.equal(r.code, 5);
});

test('kubectl exec -it in a pseudo-terminal: keystrokes echo, the window size reaches the process', async () => {
  await ready();
  // script(1) runs kubectl in a pty of 100x30; the simulated shell answers `stty size`
  const env = { ...process.env, KUBECONFIG: cluster.cp.kubeconfigPath, HOME: cluster.dir };
  const child = spawn('script', ['-qfec', 'stty cols 100 rows 30; kubectl exec -it shell -- sh', '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  await until('kubectl connected', async () => {
    child.stdin.write('ping\r');
    await new Promise((r) => setTimeout(r, 300));
    return out.includes('ping');
  });
  child.stdin.write('stty size\r');
  await until('the window size', async () => out.includes('30 100'), 10_000).catch(() => assert.fail(`no size in ${JSON.stringify(out)}`));
  child.stdin.write('exit 0\r');
  const code = await new Promise<number | null>((r) => child.on('exit', r));
  assert.equal(code, 0, out);
});

test('kubectl attach -i: stdin to the container, its output back', async () => {
  await ready();
  const r = await cluster.kubectl(['attach', '-i', 'shell', '-c', 'main'], { input: 'attached\nexit 0\n' });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /attached\n/);
});

/** Starts `kubectl port-forward` and returns the local port it listens on. */
async function portForward(args: string[]): Promise<{ port: number; child: ChildProcess }> {
  const env = { ...process.env, KUBECONFIG: cluster.cp.kubeconfigPath, HOME: cluster.dir };
  const child = spawn('kubectl', ['port-forward', ...args], { env: process.env.PF_DEBUG ? { ...env, DEBUG: '1' } : env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const port = await until('port-forward listening', async () => Number(/Forwarding from 127\.0\.0\.1:(\d+)/.exec(out)?.[1]) || undefined, 15_000).catch(() => assert.fail(`kubectl port-forward said: ${out}`));
  return { port, child };
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

test('kubectl port-forward pod/P LOCAL:NAMED-PORT carries real HTTP requests', async () => {
  await ready();
  const { port, child } = await portForward(['pod/shell', ':http', ...(process.env.PF_DEBUG ? ['-v=8'] : [])]);
  if (process.env.PF_DEBUG) child.stderr!.on('data', (b: Buffer) => process.stderr.write(b));
  for (const path of ['/', '/one', '/two']) {
    const r = await get(port, path);
    assert.equal(r.status, 200);
    assert.equal(r.body, `simulated shell:8080 GET ${path}\n`);
  }
  // several connections at once
  const many = await Promise.all([1, 2, 3, 4, 5].map((i) => get(port, `/p${i}`)));
  assert.deepEqual(
    many.map((r) => r.body),
    [1, 2, 3, 4, 5].map((i) => `simulated shell:8080 GET /p${i}\n`),
  );
  const big = await get(port, '/bytes/1000000');
  assert.equal(big.body.length, 1_000_000);
  child.kill();
});

test('a plain SPDY request (old kubectl) is refused with a reason', async () => {
  await ready();
  const r = await cluster.api('POST', '/api/v1/namespaces/default/pods/shell/exec?command=sh&stdin=true', { headers: { Connection: 'Upgrade', Upgrade: 'SPDY/3.1' } });
  assert.equal(r.status, 400);
  assert.match(r.text, /WebSocket only/);
});
