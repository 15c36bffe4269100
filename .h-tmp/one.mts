import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startControlPlane } from '../local/runtime.ts';
import { apiClient } from '../bench/client.ts';
import { waitForQuiet } from '../bench/cpu.ts';
const dir = await mkdtemp(join(tmpdir(), 'timonier-bench-h1-'));
const cp = await startControlPlane({ dataDir: join(dir, 'data'), port: 0, quiet: true });
const api = apiClient(cp);
try {
  await new Promise((ok) => setTimeout(ok, 3000));
  for (let i = 0; i < 8; i++) {
    await waitForQuiet(60);
    const r = await api.request('POST', '/apis/tenancy.timonier.dev/v1alpha1/clusters', { apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name: `one${i}` } });
    const t = performance.now();
    const settled = await waitForQuiet(60);
    console.log(`create ${r.status} ${r.ms.toFixed(1)} ms (quiet start); controllers busy after: ${settled.toFixed(1)} s`);
  }
  for (let i = 0; i < 5; i++) {
    const r = await api.request('POST', '/apis/tenancy.timonier.dev/v1alpha1/clusters', { apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name: `two${i}` } });
    console.log(`back-to-back create ${r.status} ${r.ms.toFixed(1)} ms`);
  }
} finally { api.close(); await cp.stop(); await rm(dir, { recursive: true, force: true }); }
