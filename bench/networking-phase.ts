/**
 * Service networking on a real node (section `networking`): from inside a client pod's network
 * namespace (nsenter into its sandbox; the probe below is this file run again there), HTTP
 * requests with a new connection each to a busybox httpd through its Service's ClusterIP, next
 * to the same requests to the pod IP directly (latency p50/p99 and connections per second, one
 * at a time), and DNS lookups of the Service's name through the cluster DNS (10.96.0.10, the
 * agent's server behind the kube-dns rules), p50/p99. Then `kubectl apply` of a StatefulSet of 3
 * (headless Service, a volumeClaimTemplate provisioned on the node) until its 3 pods are Ready,
 * created in order. Only with containerd, as root.
 */
import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeProcess } from './runtime-child.ts';
import { runNode, type RunningNode } from '../node-agent/cli.ts';
import { query } from '../node-agent/dns/wire.ts';
import { CriRuntime } from '../node-agent/runtime/cri.ts';
import { LABELS } from '../node-agent/runtime/types.ts';
import { createJoinToken } from '../node-agent/tunnel/token-create.ts';
import { CONTAINERD_SOCKET, e2eSkip, HTTPD_COMMAND, removeNodePods } from '../test/e2e/agent-support.ts';
import { expectStatus, nowMs, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { percentile } from './stats.ts';

type Phase = <T extends { figures: Figure[] }>(title: string, seconds: number, run: () => Promise<T>) => Promise<T>;

// --- the probe, run inside the client pod's network namespace ---

function httpOnce(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const s = net.connect({ host, port }, () => s.write('GET / HTTP/1.0\r\n\r\n'));
    s.setTimeout(5000, () => s.destroy(new Error('timeout')));
    s.on('data', () => {});
    s.on('error', reject);
    s.on('close', (hadError) => !hadError && resolve(performance.now() - t0));
  });
}

function dnsOnce(sock: dgram.Socket, id: number, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timer = setTimeout(() => reject(new Error('dns timeout')), 3000);
    sock.once('message', () => (clearTimeout(timer), resolve(performance.now() - t0)));
    sock.send(query(id, name), 53, '10.96.0.10');
  });
}

async function probe(clusterIP: string, podIP: string, count: number) {
  const run = async (host: string, port: number) => {
    const t0 = performance.now();
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await httpOnce(host, port));
    return { times, perSecond: (count * 1000) / (performance.now() - t0) };
  };
  const service = await run(clusterIP, 80);
  const direct = await run(podIP, 8080);
  const sock = dgram.createSocket('udp4');
  const dns: number[] = [];
  for (let i = 0; i < count; i++) dns.push(await dnsOnce(sock, i + 1, 'bench-net-web.default.svc.cluster.local'));
  sock.close();
  process.stdout.write(JSON.stringify({ service, direct, dns }));
}

if (process.argv[2] === '--networking-probe') {
  await probe(process.argv[3], process.argv[4], Number(process.argv[5]));
  process.exit(0);
}

// --- the phase ---

const statefulSet = (name: string, nodeName: string) => `apiVersion: v1
kind: Service
metadata: {name: ${name}, namespace: default}
spec: {clusterIP: None, selector: {app: ${name}}, ports: [{port: 8080}]}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: ${name}, namespace: default}
spec:
  serviceName: ${name}
  replicas: 3
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      nodeSelector: {kubernetes.io/hostname: ${nodeName}}
      terminationGracePeriodSeconds: 1
      containers:
      - name: web
        image: localhost/busybox:1
        command: ${JSON.stringify(HTTPD_COMMAND)}
        readinessProbe: {tcpSocket: {port: 8080}, periodSeconds: 1}
        volumeMounts: [{name: data, mountPath: /data}]
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Mi}}}
`;

function kubectl(cp: RuntimeProcess, args: string[], input = ''): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile('kubectl', args, { env: { ...process.env, KUBECONFIG: cp.kubeconfigPath }, timeout: 120_000 }, (err, _out, stderr) => (err ? reject(new Error(`kubectl ${args.join(' ')}: ${stderr}`)) : resolve()));
    child.stdin?.end(input);
  });
}
const kubectlApply = (cp: RuntimeProcess, manifest: string) => kubectl(cp, ['apply', '-f', '-'], manifest);
const kubectlDelete = (cp: RuntimeProcess, name: string) =>
  kubectl(cp, ['delete', '-n', 'default', `statefulset/${name}`, `service/${name}`, '--wait=true']).then(() => kubectl(cp, ['delete', '-n', 'default', 'pvc', '-l', `app=${name}`, '--wait=false']));

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = nowMs() + ms;
  while (nowMs() < deadline) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function measureNetworking(o: { cp: RuntimeProcess; api: Api; phase: Phase; quick: boolean }): Promise<void> {
  const skip = await e2eSkip();
  if (skip) {
    console.log(`networking: skipped (${skip})`);
    return;
  }
  const count = o.quick ? 200 : 1000;
  const dir = await mkdtemp(join(tmpdir(), 'bench-net-'));
  const nodeName = `bench-net-${Math.random().toString(36).slice(2, 6)}`;
  const cri = new CriRuntime(`unix://${CONTAINERD_SOCKET}`);
  let node: RunningNode | undefined;
  const get = async (path: string) => {
    const r = await o.api.request('GET', path);
    return r.status === 200 ? (JSON.parse(r.body) as Record<string, any>) : undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  try {
    const token = await createJoinToken({ server: o.cp.url, token: o.cp.token, caPem: o.cp.caPem, insecure: false }, { ttlSeconds: 600 });
    node = await runNode({ server: o.cp.url, token, nodeName, runtime: 'cri', stateDir: join(dir, 'node'), caPem: o.cp.caPem, log: () => {} });
    const pod = (name: string, labels: Record<string, string>, command: string[]) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: 'default', labels },
      spec: { nodeName, terminationGracePeriodSeconds: 1, containers: [{ name: 'c', image: 'localhost/busybox:1', command, ports: [{ containerPort: 8080 }] }] },
    });
    expectStatus(await o.api.request('POST', '/api/v1/namespaces/default/pods', pod('bench-net-server', { app: 'bench-net-web' }, HTTPD_COMMAND)), 201);
    expectStatus(await o.api.request('POST', '/api/v1/namespaces/default/pods', pod('bench-net-client', {}, ['sleep', '3600'])), 201);
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'bench-net-web', namespace: 'default' }, spec: { selector: { app: 'bench-net-web' }, ports: [{ port: 80, targetPort: 8080 }] } };
    expectStatus(await o.api.request('POST', '/api/v1/namespaces/default/services', svc), 201);
    const clusterIP = (await get('/api/v1/namespaces/default/services/bench-net-web'))!.spec.clusterIP as string;
    const running = (name: string) => waitFor(`${name} running`, async () => {
      const p = await get(`/api/v1/namespaces/default/pods/${name}`);
      return p?.status?.containerStatuses?.[0]?.ready ? (p.status.podIP as string) : undefined;
    });
    const podIP = await running('bench-net-server');
    await running('bench-net-client');
    await waitFor('the server in the EndpointSlice', async () => {
      const l = await get('/apis/discovery.k8s.io/v1/namespaces/default/endpointslices?labelSelector=kubernetes.io/service-name=bench-net-web');
      return l?.items.some((s: { endpoints?: { addresses: string[]; conditions?: { ready?: boolean } }[] }) => s.endpoints?.some((e) => e.addresses[0] === podIP && e.conditions?.ready));
    });
    await node.agent.network?.sync();
    // the client's sandbox process: nsenter into its network namespace
    const [client] = await cri.listContainers({ [LABELS.node]: nodeName, [LABELS.podName]: 'bench-net-client' });
    const pid = (await cri.containerStatus(client.id))?.pid;
    if (!pid) throw new Error('no pid for the client container');

    await o.phase(`networking: ${count} HTTP requests (a connection each) through a ClusterIP and to the pod IP, ${count} DNS lookups, from a pod`, 120, async () => {
      const out = await new Promise<string>((resolve, reject) =>
        execFile('nsenter', ['-t', String(pid), '-n', '--', process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), '--networking-probe', clusterIP, podIP, String(count)], { cwd: process.cwd(), timeout: 300_000, maxBuffer: 16 * 2 ** 20 }, (err, stdout, stderr) =>
          err ? reject(new Error(`${err.message}: ${stderr}`)) : resolve(stdout),
        ),
      );
      const r = JSON.parse(out) as { service: { times: number[]; perSecond: number }; direct: { times: number[]; perSecond: number }; dns: number[] };
      const figures: Figure[] = [
        { name: 'pod → ClusterIP HTTP request (new connection), p50', value: percentile(r.service.times, 50), unit: 'ms', note: `p99 ${percentile(r.service.times, 99).toFixed(2)} ms` },
        { name: 'pod → pod IP HTTP request (new connection), p50', value: percentile(r.direct.times, 50), unit: 'ms', note: `p99 ${percentile(r.direct.times, 99).toFixed(2)} ms` },
        { name: 'pod → ClusterIP connections, one at a time', value: r.service.perSecond, unit: '/s', note: `to the pod IP: ${r.direct.perSecond.toFixed(0)}/s` },
        { name: 'pod → cluster DNS lookup (A, service name), p50', value: percentile(r.dns, 50), unit: 'ms', note: `p99 ${percentile(r.dns, 99).toFixed(2)} ms` },
      ];
      return { figures };
    });

    const runs = o.quick ? 1 : 3;
    await o.phase(`networking: kubectl apply of a StatefulSet of 3 with claims, until all Ready (${runs} runs)`, 60 * runs, async () => {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const name = `bench-sts-${i}`;
        const t0 = nowMs();
        await kubectlApply(o.cp, statefulSet(name, nodeName));
        await waitFor(`${name} ready`, async () => (await get(`/apis/apps/v1/namespaces/default/statefulsets/${name}`))?.status?.readyReplicas === 3, 180_000);
        ms.push(nowMs() - t0);
        await kubectlDelete(o.cp, name);
      }
      return { figures: [{ name: 'kubectl apply → StatefulSet of 3 Ready (containerd), p50', value: percentile(ms, 50), unit: 'ms', note: `${runs} run(s), max ${Math.max(...ms).toFixed(0)} ms; headless Service, a 1Mi claim each, OrderedReady` }] };
    });
  } catch (e) {
    console.log(`networking: failed: ${(e as Error).message}`);
  } finally {
    for (const name of ['bench-net-server', 'bench-net-client']) await o.api.request('DELETE', `/api/v1/namespaces/default/pods/${name}?gracePeriodSeconds=0`).catch(() => undefined);
    await o.api.request('DELETE', '/api/v1/namespaces/default/services/bench-net-web').catch(() => undefined);
    await node?.stop().catch(() => undefined);
    await removeNodePods(cri, nodeName).catch(() => undefined);
    cri.close();
    await o.api.request('DELETE', `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${nodeName}`).catch(() => undefined);
    await o.api.request('DELETE', `/api/v1/nodes/${nodeName}`).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}
