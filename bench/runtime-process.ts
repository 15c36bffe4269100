/**
 * A local control plane in a process of its own, for the agents phase: started by
 * `runtime-child.ts` (`node local/run-bundled.mjs bench/runtime-process.ts <dataDir>`, as `npm start` runs), it calls
 * `startControlPlane` and sends `{ url, token, caPem }` back over IPC. The figures then count
 * exactly this process and the workerd it starts, not the benchmark's clients or another runtime.
 *
 * It stops (miniflare, the Hrana server, the cron) on SIGTERM or SIGINT, and when its parent goes
 * away (the IPC channel closes), so a killed benchmark leaves nothing running.
 */
import { startControlPlane, type ControlPlane } from '../local/runtime.ts';
import { API_PROCESSES_FLAG, apiProcessesArg } from './api-processes-arg.ts';

export interface RuntimeReady {
  type: 'ready';
  url: string;
  token: string;
  caPem: string;
}

const [dataDir, settings] = process.argv.slice(2).filter((a) => !a.startsWith(API_PROCESSES_FLAG));
if (!dataDir || !process.send) {
  console.error('usage: started by bench/runtime-child.ts with an IPC channel: runtime-process.ts <dataDir> [apiserverSettings JSON] [--api-processes=N]');
  process.exit(2);
}

const starting: Promise<ControlPlane | undefined> = startControlPlane({
  dataDir,
  port: 0,
  quiet: true,
  apiProcesses: apiProcessesArg(),
  ...(settings ? { apiserverSettings: JSON.parse(settings) as Record<string, string> } : {}),
}).catch((e) => {
  console.error(e);
  process.exitCode = 1;
  return undefined;
});
let stopping = false;
// a stop asked for during the start waits for it, so no workerd is left behind
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await (await starting)?.stop().catch(() => undefined);
  process.exit(process.exitCode || code);
};
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(130));
process.on('disconnect', () => void stop(0));

const cp = await starting;
if (!cp) await stop(1);
else if (!stopping) process.send({ type: 'ready', url: cp.url, token: cp.token, caPem: cp.caPem } satisfies RuntimeReady);
