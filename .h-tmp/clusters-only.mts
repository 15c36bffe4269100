import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startControlPlane } from '../local/runtime.ts';
import { apiClient } from '../bench/client.ts';
import { cpuMeter, waitForQuiet } from '../bench/cpu.ts';
import { announce, summaryTable, type Figure } from '../bench/figures.ts';
import { FAIR_SHARE_OUT_OF_REACH } from '../bench/authorization.ts';
import { measureClusters } from '../bench/clusters.ts';
const quick = process.argv.includes('--quick');
const dir = await mkdtemp(join(tmpdir(), 'timonier-bench-h-'));
const cp = await startControlPlane({ dataDir: join(dir, 'data'), port: 0, quiet: true, apiserverSettings: FAIR_SHARE_OUT_OF_REACH });
const api = apiClient(cp);
const figures: Figure[] = [];
try {
  await new Promise((ok) => setTimeout(ok, 3000));
  await measureClusters({ cp, api, quick, phase: async (title, _s, run) => { console.log(title); await waitForQuiet(); const cpu = await cpuMeter(); const out = await run(); out.figures.forEach((f) => (figures.push(f), announce(f))); console.log(`  (${(await cpu.end()).text})`); return out; } });
  console.log(summaryTable(figures));
} finally { api.close(); await cp.stop(); await rm(dir, { recursive: true, force: true }); }
