/**
 * The benchmark's agents phase alone, on a fresh control plane in a process of its own:
 * `npx tsx bench/agents-phase.ts [--agents 100] [--pods 1000] [--steady 60] [--profile | --profile-steady]` (the issue's
 * scale points: 100 agents + 1 000 pods, 200 + 2 000). Prints the same figures as `npm run bench`,
 * with the load average before and after (the machine may be shared). `--profile`: also where
 * workerd's CPU goes while the pods start (V8's profiler on each worker, `inspector.ts`);
 * `--profile-steady`: the same over the steady state, every pod up.
 * `--allocations`: with either, also where the workers allocate. `--save DIR`: with either, each
 * worker's .cpuprofile in DIR, beside the runtime's data (`DIR/data/build/`: the bundles the lines
 * refer to).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { issueTargets, measureAgents } from './agents.ts';
import { apiClient } from './client.ts';
import { waitForQuiet } from './cpu.ts';
import { announce, summaryTable } from './figures.ts';
import { startProfiling } from './inspector.ts';
import { createNamespace } from './objects.ts';
import { startRuntimeProcess, type RuntimeProcess } from './runtime-child.ts';
import { fmt } from './stats.ts';

const { values } = parseArgs({ options: { agents: { type: 'string', default: '100' }, pods: { type: 'string', default: '1000' }, steady: { type: 'string', default: '60' }, profile: { type: 'boolean', default: false }, 'profile-steady': { type: 'boolean', default: false }, save: { type: 'string' }, allocations: { type: 'boolean', default: false } } });
const INSPECTOR_PORT = 9240;
const load = () => `load average ${loadavg().map((l) => fmt(l, 2)).join(' ')}`;

async function main() {
  console.log(`agents phase: ${values.agents} agents, ${values.pods} pods; ${load()} at start`);
  let cp: RuntimeProcess | undefined;
  // `on`, not `once`: tsx relays a Ctrl-C a second time when we are slow to answer it
  process.on('SIGINT', () => void (cp?.stop() ?? Promise.resolve()).finally(() => process.exit(130)));
  try {
    cp = await startRuntimeProcess(values.profile || values['profile-steady'] ? { inspectorPort: INSPECTOR_PORT, ...(values.save ? { dataDir: join(values.save, 'data') } : {}) } : {});
    const api = apiClient(cp);
    await createNamespace(api, 'bench-agents');
    await waitForQuiet(cp.pid, 10);
    const agents = Number(values.agents);
    let profiling: Awaited<ReturnType<typeof startProfiling>> | undefined;
    const profileWindow = { begin: async () => void (profiling = await startProfiling(INSPECTOR_PORT, false, values.allocations)), end: async () => profiling?.stopAndReport({ total: true, saveDir: values.save }) };
    const figures = await measureAgents(cp, api, {
      namespace: 'bench-agents',
      agents,
      pods: Number(values.pods),
      deployments: 10,
      steadySeconds: Number(values.steady),
      maxSeconds: 300,
      ...issueTargets(agents),
      progress: (line) => console.log(`${line} (${load()})`),
      ...(values.profile ? { podsStarting: profileWindow } : {}),
      ...(values['profile-steady'] ? { steadyState: profileWindow } : {}),
    });
    figures.forEach(announce);
    console.log(`${load()} at the end\n`);
    console.log(summaryTable(figures));
    api.close();
  } finally {
    await cp?.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
