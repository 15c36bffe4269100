/**
 * `npx tsx bench/profile.ts [creates|gets|pods|statuses|deployments|webhooks] [--seconds N] [--keep] [--total] [--save] [--all]`: where workerd's CPU goes under
 * a load, from V8's sampling profiler through the workers' inspector (the Chrome DevTools
 * protocol). Prints, for each worker, the functions with the most self time and the files they
 * are in (`--total`: also with their callees' time; `--save`: each worker's .cpuprofile in the kept
 * directory; `--all`: miniflare's own workers too, e.g. the queue broker). `webhooks`: the creates go to a
 * namespace one validating webhook watches (bench/webhooks.ts' server, by `url` with its caBundle).
 * `statuses`: updates of 100 bound pods' status (PUT, unconditional), each a new condition message, as node agents write them. A tool for finding costs, not a benchmark: figures are printed, never judged.
 * The runtime runs in a process of its own (runtime-child.ts), apart from the load's clients.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { apiClient, expectStatus } from './client.ts';
import { runLoad } from './load.ts';
import { startRuntimeProcess } from './runtime-child.ts';
import { cmName, configMap, createNamespace, deployment } from './objects.ts';
import { configuration, webhookServer } from './webhooks.ts';

const INSPECTOR_PORT = 9239;
const load = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'creates';
const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 8;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** One CDP session on an inspector target. */
async function session(url: string) {
  const ws = new WebSocket(url.replaceAll("#", "%23"));
  await new Promise((ok, fail) => (ws.once('open', ok), ws.once('error', fail)));
  let id = 0;
  const pending = new Map<number, (r: unknown) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<any>((ok) => {
      pending.set(++id, ok);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => ws.close() };
}

/** Total (self + callees) time by function, counting each sample once per function on its stack. */
function totalTimes(nodes: ProfileNode[], samples: number[]): { name: string; share: number }[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber + 1}`;
  const hits = new Map<string, number>();
  for (const id of samples) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(key(byId.get(at)!));
    for (const k of seen) hits.set(k, (hits.get(k) ?? 0) + 1);
  }
  return [...hits].map(([name, h]) => ({ name, share: h / samples.length })).sort((a, b) => b.share - a.share);
}

/** Self time by function (name, file and line), largest first. */
function selfTimes(nodes: ProfileNode[], samples: number): { name: string; share: number }[] {
  const byName = new Map<string, number>();
  for (const n of nodes) {
    const f = n.callFrame;
    const file = f.url.split('/').pop() ?? '';
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    byName.set(key, (byName.get(key) ?? 0) + (n.hitCount ?? 0));
  }
  return [...byName].map(([name, hits]) => ({ name, share: hits / samples })).sort((a, b) => b.share - a.share);
}

const boundPod = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'profile' } }, spec: { nodeName: 'profile-node', containers: [{ name: 'web', image: 'nginx:1.30-alpine', ports: [{ containerPort: 80 }] }] } });

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'timonier-profile-'));
  const cp = await startRuntimeProcess({ dataDir: join(dir, 'data'), inspectorPort: INSPECTOR_PORT, apiserverSettings: { FAIR_SHARE_QPS: '0' } });
  const api = apiClient(cp);
  try {
    const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json`)).json()) as { title: string; webSocketDebuggerUrl: string }[];
    const wanted = targets.filter((t) => process.argv.includes('--all') || t.title.includes('core:user:'));
    // a target that refuses a session (some of miniflare's own) is left out, with its name
    const opened = await Promise.all(wanted.map(async (t) => ({ title: t.title, s: await session(t.webSocketDebuggerUrl).catch((e: Error) => void console.log(`${t.title}: ${e.message}`)) })));
    const sessions = opened.filter((o): o is { title: string; s: Awaited<ReturnType<typeof session>> } => o.s !== undefined);
    await createNamespace(api, 'profile');
    const hook = load === 'webhooks' ? await webhookServer(join(dir, 'webhook')) : undefined;
    if (hook) {
      expectStatus(await api.request('POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', configuration('Validating', '/validate', hook.port, hook.caBundle, 'profile')), 201);
      for (let i = 0; i < 50; i++) expectStatus(await api.request('POST', '/api/v1/namespaces/profile/configmaps', configMap(`warm-${i}`)), 201);
    }
    // what the GETs read
    if (load === 'gets') for (let i = 0; i < 100; i++) expectStatus(await api.request('POST', '/api/v1/namespaces/profile/configmaps', configMap(cmName(i))), 201);
    // what the status writes change: pods already on a node (no scheduler in the way)
    if (load === 'statuses') for (let i = 0; i < 100; i++) expectStatus(await api.request('POST', '/api/v1/namespaces/profile/pods', boundPod(`s${i}`)), 201);
    for (const { s } of sessions) {
      await s.call('Profiler.enable');
      await s.call('Profiler.setSamplingInterval', { interval: 200 });
      await s.call('Profiler.start');
    }
    const r = await runLoad({
      clients: 16,
      count: 1_000_000,
      maxSeconds: seconds,
      task: async (i) => {
        if (load === 'creates' || load === 'webhooks') expectStatus(await api.request('POST', '/api/v1/namespaces/profile/configmaps', configMap(cmName(i))), 201);
        else if (load === 'gets') expectStatus(await api.request('GET', `/api/v1/namespaces/profile/configmaps/${cmName(i % 100)}`), 200);
        else if (load === 'pods') expectStatus(await api.request('POST', '/api/v1/namespaces/profile/pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${i}` }, spec: { containers: [{ name: 'web', image: 'nginx:1.30-alpine' }] } }), 201);
        else if (load === 'statuses') expectStatus(await api.request('PUT', `/api/v1/namespaces/profile/pods/s${i % 100}/status`, { ...boundPod(`s${i % 100}`), status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'False', reason: 'Probe', message: `try ${i}` }] } }), 200);
        else if (load === 'deployments') expectStatus(await api.request('POST', '/apis/apps/v1/namespaces/profile/deployments', deployment(`d${i}`, 0)), 201);
        else throw new Error(`unknown load ${load}`);
      },
    });
    await hook?.close();
    console.log(`${load}: ${r.done} in ${r.seconds.toFixed(1)} s (${(r.done / r.seconds).toFixed(0)}/s)`);
    for (const { title, s } of sessions) {
      const { profile } = (await s.call('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[] } };
      const idle = profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').reduce((a, n) => a + (n.hitCount ?? 0), 0);
      const total = profile.samples.length;
      console.log(`\n${title}: ${total} samples, ${((100 * (total - idle)) / total).toFixed(0)}% busy`);
      for (const { name, share } of selfTimes(profile.nodes, total).slice(0, 30)) console.log(`  ${(100 * share).toFixed(1).padStart(5)}%  ${name}`);
      if (process.argv.includes('--total')) {
        console.log(`  total (self + callees):`);
        for (const { name, share } of totalTimes(profile.nodes, profile.samples).slice(0, 60)) console.log(`  ${(100 * share).toFixed(1).padStart(5)}%  ${name}`);
      }
      if (process.argv.includes('--save')) await writeFile(join(dir, `${title.split(':').pop()}.cpuprofile`), JSON.stringify(profile));
      s.close();
    }
  } finally {
    api.close();
    await cp.stop();
    if (process.argv.includes('--keep')) console.log(`\nkept ${dir} (the bundles the line numbers refer to are in data/build/)`);
    else await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
