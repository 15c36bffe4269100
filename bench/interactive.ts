/**
 * Interactive streams through the node's tunnel (kubectl → apiserver → NodeTunnel → agent →
 * runtime): the keystroke → echo round trip of `kubectl exec -i P -- cat` (one byte written to
 * kubectl's stdin, timed until it comes back on its stdout), and through `kubectl port-forward`
 * the latency of small HTTP requests (one keep-alive connection) and the throughput of a large
 * download, next to the same requests made to the pod IP directly. On containerd (root) with a
 * busybox httpd; elsewhere on a simulated node (its pods answer HTTP in the agent's process,
 * there is no pod IP to compare with).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeProcess } from './runtime-child.ts';
import { runNode, type RunningNode } from '../node-agent/cli.ts';
import { createJoinToken } from '../node-agent/tunnel/token-create.ts';
import { e2eSkip, HTTPD_COMMAND, removeNodePods } from '../test/e2e/agent-support.ts';
import { CriRuntime } from '../node-agent/runtime/cri.ts';
import { expectStatus, nowMs, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { fmt, percentile } from './stats.ts';

type Phase = <T extends { figures: Figure[] }>(title: string, seconds: number, run: () => Promise<T>) => Promise<T>;

const BIG_MB = 32;

export async function measureInteractive(o: { cp: RuntimeProcess; api: Api; phase: Phase; quick: boolean }): Promise<void> {
  const keystrokes = o.quick ? 100 : 500;
  const requests = o.quick ? 100 : 500;
  const cri = !(await e2eSkip());
  const dir = await mkdtemp(join(tmpdir(), 'bench-interactive-'));
  const nodeName = `bench-tty-${Math.random().toString(36).slice(2, 6)}`;
  const children: ChildProcess[] = [];
  let node: RunningNode | undefined;
  const env = { ...process.env, KUBECONFIG: o.cp.kubeconfigPath, HOME: dir };
  try {
    const token = await createJoinToken({ server: o.cp.url, token: o.cp.token, caPem: o.cp.caPem, insecure: false }, { ttlSeconds: 600 });
    node = await runNode({ server: o.cp.url, token, nodeName, runtime: cri ? 'cri' : 'simulated', subnet: 120, stateDir: join(dir, 'node'), caPem: o.cp.caPem, log: () => {} });
    await node.tunnel.ready;
    const image = cri ? 'localhost/busybox:1' : 'busybox';
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'tty', namespace: 'default' },
      spec: { nodeName, terminationGracePeriodSeconds: 1, containers: [{ name: 'web', image, command: HTTPD_COMMAND, ports: [{ containerPort: 8080 }] }] },
    };
    expectStatus(await o.api.request('POST', '/api/v1/namespaces/default/pods', pod), 201);
    const podIP = await waitRunning(o.api);
    if (cri) await kubectl(env, ['exec', 'tty', '--', 'sh', '-c', `dd if=/dev/zero of=/www/big bs=1M count=${BIG_MB} 2>/dev/null`]);

    await o.phase(`interactive: ${keystrokes} keystrokes through kubectl exec -i (${cri ? 'containerd' : 'simulated'})`, 60, async () => {
      const rtts = await keystrokeRtts(env, keystrokes, children);
      return {
        figures: [
          { name: 'exec -i keystroke → echo p50', value: percentile(rtts, 50), unit: 'ms', note: cri ? 'containerd, through the tunnel' : 'simulated node' },
          { name: 'exec -i keystroke → echo p99', value: percentile(rtts, 99), unit: 'ms' },
        ],
      };
    });

    await o.phase(`interactive: port-forward, ${requests} requests and a ${BIG_MB} MB download`, 90, async () => {
      const pf = await portForward(env, children);
      const path = cri ? '/big' : `/bytes/${BIG_MB << 20}`;
      const figures: Figure[] = [];
      const through = await httpFigures('127.0.0.1', pf, requests, path);
      figures.push(
        { name: 'port-forward request p50', value: through.p50, unit: 'ms', note: 'keep-alive GET through the tunnel' },
        { name: 'port-forward request p99', value: through.p99, unit: 'ms' },
        { name: 'port-forward download', value: through.mbps, unit: 'MB/s' },
      );
      if (cri && podIP) {
        const direct = await httpFigures(podIP, 8080, requests, path);
        figures.push(
          { name: 'pod IP direct request p50', value: direct.p50, unit: 'ms', note: 'the same GET to the pod IP' },
          { name: 'pod IP direct request p99', value: direct.p99, unit: 'ms' },
          { name: 'pod IP direct download', value: direct.mbps, unit: 'MB/s' },
        );
      }
      return { figures };
    });
  } catch (e) {
    console.log(`  interactive: skipped (${(e as Error).message})`);
  } finally {
    for (const c of children) c.kill('SIGKILL');
    await o.api.request('DELETE', '/api/v1/namespaces/default/pods/tty?gracePeriodSeconds=0').catch(() => undefined);
    await node?.stop();
    if (cri) {
      const c = new CriRuntime();
      await removeNodePods(c, nodeName).catch(() => undefined);
      c.close();
    }
    await rm(dir, { recursive: true, force: true });
  }
}

async function waitRunning(api: Api): Promise<string> {
  const deadline = nowMs() + 90_000;
  while (nowMs() < deadline) {
    const r = await api.request('GET', '/api/v1/namespaces/default/pods/tty');
    const p = JSON.parse(r.body) as { status?: { phase?: string; podIP?: string; containerStatuses?: { ready?: boolean }[] } };
    if (p.status?.containerStatuses?.[0]?.ready) return p.status.podIP ?? '';
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error('the pod did not start');
}

function kubectl(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = spawn('kubectl', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    c.stdout.on('data', (b: Buffer) => (out += b.toString()));
    c.stderr.on('data', (b: Buffer) => (out += b.toString()));
    c.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`kubectl ${args.join(' ')}: ${out}`))));
  });
}

/** Round trips of one byte through `kubectl exec -i tty -- cat`. */
async function keystrokeRtts(env: NodeJS.ProcessEnv, n: number, children: ChildProcess[]): Promise<number[]> {
  const c = spawn('kubectl', ['exec', '-i', 'tty', '--', 'cat'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(c);
  let waiter: (() => void) | undefined;
  let got = 0;
  c.stdout.on('data', (b: Buffer) => {
    got += b.byteLength;
    waiter?.();
  });
  const echo = async (): Promise<number> => {
    const want = got + 1;
    const t0 = nowMs();
    const arrived = new Promise<void>((res) => (waiter = () => got >= want && res()));
    c.stdin.write('k');
    await Promise.race([arrived, new Promise((_, rej) => setTimeout(() => rej(new Error('no echo within 10 s')), 10_000))]);
    return nowMs() - t0;
  };
  for (let i = 0; i < 5; i++) await echo(); // warm up: the connection is open and the process reads
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await echo());
  c.stdin.end();
  return out;
}

async function portForward(env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<number> {
  const c = spawn('kubectl', ['port-forward', 'pod/tty', ':8080'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(c);
  let out = '';
  c.stdout.on('data', (b: Buffer) => (out += b.toString()));
  c.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const deadline = nowMs() + 20_000;
  while (nowMs() < deadline) {
    const m = /Forwarding from 127\.0\.0\.1:(\d+)/.exec(out);
    if (m) return Number(m[1]);
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`port-forward did not start: ${out}`);
}

async function httpFigures(host: string, port: number, n: number, bigPath: string): Promise<{ p50: number; p99: number; mbps: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host, port, path, agent, timeout: 60_000 }, (res) => {
          let bytes = 0;
          res.on('data', (b: Buffer) => (bytes += b.byteLength));
          res.on('end', () => resolve(bytes));
        })
        .on('error', reject);
    });
  await get('/');
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = nowMs();
    await get('/');
    times.push(nowMs() - t0);
  }
  const t0 = nowMs();
  const bytes = await get(bigPath);
  const seconds = (nowMs() - t0) / 1000;
  agent.destroy();
  const mbps = bytes / (1 << 20) / seconds;
  console.log(`  ${host}:${port} ${fmt(bytes / (1 << 20))} MB in ${fmt(seconds, 2)} s`);
  return { p50: percentile(times, 50), p99: percentile(times, 99), mbps };
}
