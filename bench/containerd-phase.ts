/**
 * The benchmark's `kubectl apply` on a containerd node alone (bench/containerd.ts), on a fresh
 * control plane started as `npm run bench` starts it (in a process of its own, runtime-child.ts):
 * `npx tsx bench/containerd-phase.ts [--runs 10]`.
 * Prints the same figures, with their breakdown, and the load average before and after (the
 * machine may be shared). Needs root and containerd, as the e2e tests do.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { FAIR_SHARE_OUT_OF_REACH } from './authorization.ts';
import { apiClient } from './client.ts';
import { measureContainerd } from './containerd.ts';
import { waitForQuiet } from './cpu.ts';
import { announce, summaryTable } from './figures.ts';
import { startRuntimeProcess, type RuntimeProcess } from './runtime-child.ts';
import { fmt } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const load = () => `load average ${loadavg().map((l) => fmt(l, 2)).join(' ')}`;

async function main() {
  console.log(`kubectl apply on a containerd node, ${values.runs} runs; ${load()} at start`);
  let cp: RuntimeProcess | undefined;
  process.on('SIGINT', () => void (cp?.stop() ?? Promise.resolve()).finally(() => process.exit(130)));
  try {
    cp = await startRuntimeProcess({ apiserverSettings: FAIR_SHARE_OUT_OF_REACH });
    const api = apiClient(cp);
    await waitForQuiet(cp.pid, 10);
    const figures = await measureContainerd(cp, api, { runs: Number(values.runs), targetMs: 400 });
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
