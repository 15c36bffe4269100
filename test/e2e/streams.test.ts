/**
 * Interactive streams on a real node (containerd), as the pods chapter uses them: `kubectl exec
 * -it P -- sh` driven through stdin (CI has no terminal: kubectl falls back to -i) and through a
 * pseudo-terminal (script(1)), `kubectl attach`, `kubectl cp` both ways (exec of tar), and
 * `kubectl port-forward` with real HTTP requests to a busybox httpd — through the agent's tunnel
 * and containerd's streaming server.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eSkip, HTTPD_COMMAND, kubectlOk, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();

describe('interactive streams on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('streams');
  const kubectl = (args: string[], input?: string) => env.cluster.kubectl(args, { input });
  const children: ChildProcess[] = [];
  let started: Promise<void> | undefined;
  const ready = () =>
    (started ??= (async () => {
      await kubectlOk(env.cluster, ['apply', '-f', '-'], {
        input: `
apiVersion: v1
kind: Pod
metadata: { name: signalements }
spec:
  nodeName: ${env.nodeName}
  terminationGracePeriodSeconds: 1
  containers:
    - name: web
      image: localhost/busybox:1
      command: ${JSON.stringify(HTTPD_COMMAND)}
      ports: [{ name: http, containerPort: 8080 }]
    - name: tty
      image: localhost/busybox:1
      command: [sh]
      stdin: true
      tty: true
`,
      });
      await until('the pod running', async () => (await kubectl(['get', 'pod', 'signalements', '-o', 'jsonpath={.status.containerStatuses[*].ready}'])).stdout === 'true true', 90_000);
    })());

  test('kubectl exec -i: a shell reads its commands from stdin and exits with its code', { timeout: 60_000 }, async () => {
    await ready();
    let r = await kubectl(['exec', '-i', 'signalements', '-c', 'web', '--', 'sh'], 'echo "in $(hostname)"\nexit 0\n');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'in signalements\n');
    // stdin closing ends a command that reads to end-of-file
    r = await kubectl(['exec', '-i', 'signalements', '-c', 'web', '--', 'wc', '-c'], 'x'.repeat(100_000));
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), '100000');
    r = await kubectl(['exec', '-i', 'signalements', '-c', 'web', '--', 'sh', '-c', 'cat >/dev/null; exit 7'], 'bye\n');
    assert.equal(r.code, 7);
  });

  test('kubectl exec -it without a terminal falls back to -i', { timeout: 60_000 }, async () => {
    await ready();
    const r = await kubectl(['exec', '-it', 'signalements', '-c', 'web', '--', 'sh'], 'echo ok-$((40+2))\nexit\n');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /ok-42/);
  });

  test('kubectl exec -it in a pseudo-terminal: a real shell with its window size', { timeout: 60_000 }, async () => {
    await ready();
    const child = spawn('script', ['-qfec', `stty cols 111 rows 33; kubectl exec -it signalements -c web -- sh`, '/dev/null'], {
      env: { ...process.env, KUBECONFIG: env.cluster.cp.kubeconfigPath, HOME: env.stateDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    await until('a prompt', async () => out.includes('#'), 20_000);
    child.stdin.write('stty size; tty\r');
    await until('the terminal size', async () => out.includes('33 111'), 10_000).catch(() => assert.fail(JSON.stringify(out)));
    assert.match(out, /\/dev\/pts\/\d+/);
    child.stdin.write('exit 0\r');
    assert.equal(await new Promise((r) => child.on('exit', r)), 0, out);
  });

  test('kubectl attach -it (in a pseudo-terminal) to a container started with stdin and a terminal', { timeout: 60_000 }, async () => {
    await ready();
    const child = spawn('script', ['-qfec', 'kubectl attach -it signalements -c tty', '/dev/null'], {
      env: { ...process.env, KUBECONFIG: env.cluster.cp.kubeconfigPath, HOME: env.stateDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    await until('attached', async () => out.includes('If you don'), 20_000);
    child.stdin.write('echo attached-$((1+1))\r');
    await until('the shell answering', async () => out.includes('attached-2'), 10_000).catch(() => assert.fail(JSON.stringify(out)));
    child.kill();
  });

  test('kubectl cp copies a file into the pod and back out', { timeout: 60_000 }, async () => {
    await ready();
    const dir = await mkdtemp(join(tmpdir(), 'cp-'));
    const content = `line ${'x'.repeat(50)}\n`.repeat(2000);
    await writeFile(join(dir, 'in.txt'), content);
    let r = await kubectl(['cp', join(dir, 'in.txt'), 'signalements:/tmp/in.txt', '-c', 'web']);
    assert.equal(r.code, 0, r.stderr);
    r = await kubectl(['exec', 'signalements', '-c', 'web', '--', 'wc', '-c', '/tmp/in.txt']);
    assert.equal(r.stdout.trim().split(/\s+/)[0], String(content.length));
    r = await kubectl(['cp', 'signalements:/tmp/in.txt', join(dir, 'out.txt'), '-c', 'web']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(await readFile(join(dir, 'out.txt'), 'utf8'), content);
  });

  test('kubectl port-forward pod/P :http carries HTTP requests to the pod', { timeout: 60_000 }, async () => {
    await ready();
    const child = spawn('kubectl', ['port-forward', 'pod/signalements', ':http'], { env: { ...process.env, KUBECONFIG: env.cluster.cp.kubeconfigPath, HOME: env.stateDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const port = await until('port-forward listening', async () => Number(/Forwarding from 127\.0\.0\.1:(\d+)/.exec(out)?.[1]) || undefined, 20_000);
    for (let i = 0; i < 3; i++) {
      const body = await new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 10_000 }, (res) => {
            let b = '';
            res.on('data', (c: Buffer) => (b += c.toString()));
            res.on('end', () => resolve(b));
          })
          .on('error', reject);
      });
      assert.equal(body, 'hello from signalements\n');
    }
    child.kill();
  });

  test('cleanup', () => {
    for (const c of children) c.kill('SIGKILL');
  });
});
