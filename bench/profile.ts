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
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, expectStatus } from './client.ts';
import { startProfiling } from './inspector.ts';
import { runLoad } from './load.ts';
import { startRuntimeProcess } from './runtime-child.ts';
import { cmName, configMap, createNamespace, deployment } from './objects.ts';
import { configuration, webhookServer } from './webhooks.ts';

const INSPECTOR_PORT = 9239;
const load = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'creates';
const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 8;

const boundPod = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'profile' } }, spec: { nodeName: 'profile-node', containers: [{ name: 'web', image: 'nginx:1.30-alpine', ports: [{ containerPort: 80 }] }] } });

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'timonier-profile-'));
  const cp = await startRuntimeProcess({ dataDir: join(dir, 'data'), inspectorPort: INSPECTOR_PORT, apiserverSettings: { FAIR_SHARE_QPS: '0' } });
  const api = apiClient(cp);
  try {
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
    const profiling = await startProfiling(INSPECTOR_PORT, process.argv.includes('--all'));
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
    await profiling.stopAndReport({ total: process.argv.includes('--total'), saveDir: process.argv.includes('--save') ? dir : undefined });
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
