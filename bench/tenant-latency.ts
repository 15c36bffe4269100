/**
 * `npx tsx bench/tenant-latency.ts [rounds]`: does a tenant cluster (`/clusters/<name>/...`, keys
 * under its prefix) cost more per request than the root? Sequential GETs and creates of
 * ConfigMaps, alternating root and tenant request by request so both see the same machine state.
 * Prints p50/p99 of each; never asserts. The runtime runs in a process of its own (runtime-child.ts):
 * its Hrana server and TLS front do not share this process's event loop.
 */
import { apiClient } from './client.ts';
import { startRuntimeProcess } from './runtime-child.ts';
import { fmt, percentile } from './stats.ts';

const rounds = Number(process.argv[2] ?? 500);

async function main() {
  const cp = await startRuntimeProcess();
  const api = apiClient(cp, 4);
  try {
    const made = await api.request('POST', '/apis/tenancy.timonier.dev/v1alpha1/clusters', { apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name: 'bench' } });
    if (made.status !== 201) throw new Error(`cluster: ${made.status} ${made.body}`);
    const bases = { root: '', tenant: '/clusters/bench' };
    const ms: Record<string, Record<'create' | 'get', number[]>> = { root: { create: [], get: [] }, tenant: { create: [], get: [] } };
    const cm = (i: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` }, data: { i: String(i) } });
    // warm-up: first requests pay the isolate's bootstrap and caches
    for (const base of Object.values(bases)) for (let i = 0; i < 20; i++) await api.request('GET', `${base}/api/v1/namespaces/default`);
    for (let i = 0; i < rounds; i++)
      for (const [which, base] of Object.entries(bases)) {
        const r = await api.request('POST', `${base}/api/v1/namespaces/default/configmaps`, cm(i));
        if (r.status !== 201) throw new Error(`${which} create: ${r.status} ${r.body}`);
        ms[which].create.push(r.ms);
      }
    for (let i = 0; i < rounds; i++)
      for (const [which, base] of Object.entries(bases)) {
        const r = await api.request('GET', `${base}/api/v1/namespaces/default/configmaps/cm-${(i * 7919) % rounds}`);
        if (r.status !== 200) throw new Error(`${which} get: ${r.status} ${r.body}`);
        ms[which].get.push(r.ms);
      }
    console.log(`${rounds} sequential requests of each kind, root and tenant alternating`);
    for (const op of ['get', 'create'] as const)
      for (const which of ['root', 'tenant'])
        console.log(`${op.padEnd(6)} ${which.padEnd(6)} p50 ${fmt(percentile(ms[which][op], 50), 2)} ms  p99 ${fmt(percentile(ms[which][op], 99), 2)} ms`);
  } finally {
    api.close();
    await cp.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
