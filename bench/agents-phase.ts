/**
 * The benchmark's agents phase alone, on a fresh control plane: `npx tsx bench/agents-phase.ts
 * [--agents 100] [--pods 1000] [--steady 60]`. Prints the same figures as `npm run bench`, with
 * the load average before and after (the machine may be shared).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startControlPlane, type ControlPlane } from '../local/runtime.ts';
import { measureAgents } from './agents.ts';
import { apiClient } from './client.ts';
import { waitForQuiet } from './cpu.ts';
import { announce, summaryTable } from './figures.ts';
import { createNamespace } from './objects.ts';
import { fmt } from './stats.ts';

const { values } = parseArgs({ options: { agents: { type: 'string', default: '100' }, pods: { type: 'string', default: '1000' }, steady: { type: 'string', default: '60' } } });
const load = () => `load average ${loadavg().map((l) => fmt(l, 2)).join(' ')}`;

async function main() {
  console.log(`agents phase: ${values.agents} agents, ${values.pods} pods; ${load()} at start`);
  const dir = await mkdtemp(join(tmpdir(), 'timonier-agents-phase-'));
  let cp: ControlPlane | undefined;
  try {
    cp = await startControlPlane({ dataDir: join(dir, 'data'), port: 0, quiet: true });
    const api = apiClient(cp);
    await createNamespace(api, 'bench-agents');
    await waitForQuiet(10);
    const figures = await measureAgents(cp, api, {
      namespace: 'bench-agents',
      agents: Number(values.agents),
      pods: Number(values.pods),
      deployments: 10,
      steadySeconds: Number(values.steady),
      maxSeconds: 300,
      targetP99Ms: 1_000,
      targetSteadyCpu: 25,
      targetPeakRssMb: 1_200,
      progress: (line) => console.log(`${line} (${load()})`),
    });
    figures.forEach(announce);
    console.log(`${load()} at the end\n`);
    console.log(summaryTable(figures));
    api.close();
  } finally {
    await cp?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
