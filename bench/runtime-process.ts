/**
 * The benchmark's local control plane in a process of its own: started by `runtime-child.ts`
 * (`node local/run-bundled.mjs bench/runtime-process.ts <dataDir>`, as `npm start` runs), it calls
 * `startControlPlane` and sends `{ url, token, caPem, … }` back over IPC. The figures then count
 * exactly this process and the workerd it starts, not the benchmark's clients or another runtime,
 * and the runtime's Hrana server and TLS front do not share an event loop with the clients.
 *
 * What the benchmark calls on the runtime besides HTTP (`settled()`, `triggerCron()`, …) comes as
 * `call` messages with an id, answered by a `result` with the same id.
 *
 * It stops (miniflare, the Hrana server, the cron) on SIGTERM or SIGINT, and when its parent goes
 * away (the IPC channel closes), so a killed benchmark leaves nothing running.
 */
import { startControlPlane, type ControlPlane } from '../local/runtime.ts';
import { workerRequest } from '../local/miniflare.ts';
import { API_PROCESSES_FLAG, apiProcessesArg } from './api-processes-arg.ts';
import { loopDelayMonitor, type LoopDelay } from './loop-delay.ts';

export interface RuntimeReady {
  type: 'ready';
  url: string;
  token: string;
  caPem: string;
  kubeconfigPath: string;
  dataDir: string;
}

/** What the parent may ask, by method: the arguments and the answer. */
export interface RuntimeCalls {
  settled: { args: []; result: void };
  triggerCron: { args: [cron?: string, scheduledTime?: number]; result: void };
  /** this process's event-loop delay since the last call (what its Hrana server and TLS front waited) */
  eventLoopDelay: { args: []; result: LoopDelay };
  /** the change messages not yet consumed by the controllers (their worker's GET /backlog) */
  controllersBacklog: { args: []; result: number };
}
export type RuntimeMethod = keyof RuntimeCalls;
export interface RuntimeCall<M extends RuntimeMethod = RuntimeMethod> {
  type: 'call';
  id: number;
  method: M;
  args: RuntimeCalls[M]['args'];
}
export type RuntimeResult = { type: 'result'; id: number } & ({ ok: true; value: unknown } | { ok: false; error: string });

const [dataDir, settings] = process.argv.slice(2).filter((a) => !a.startsWith(API_PROCESSES_FLAG));
if (!dataDir || !process.send) {
  console.error('usage: started by bench/runtime-child.ts with an IPC channel: runtime-process.ts <dataDir> [apiserverSettings JSON] [--api-processes=N]');
  process.exit(2);
}
const send = (m: RuntimeReady | RuntimeResult) => process.send?.(m);

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

const loop = loopDelayMonitor();
const handlers: { [M in RuntimeMethod]: (cp: ControlPlane, ...args: RuntimeCalls[M]['args']) => Promise<RuntimeCalls[M]['result']> } = {
  settled: (cp) => cp.settled(),
  triggerCron: (cp, cron, scheduledTime) => cp.triggerCron(cron, scheduledTime),
  eventLoopDelay: async () => loop.take(),
  controllersBacklog: async (cp) => ((await (await workerRequest(cp.mf, cp.workers.controllers, '/backlog')).json()) as { backlogCount: number }).backlogCount,
};

const cp = await starting;
if (!cp) await stop(1);
else if (!stopping) {
  process.on('message', (m: RuntimeCall) => {
    if (m?.type !== 'call') return;
    const handler = handlers[m.method] as ((cp: ControlPlane, ...args: unknown[]) => Promise<unknown>) | undefined;
    const answer = handler ? handler(cp, ...m.args) : Promise.reject(new Error(`unknown method ${String(m.method)}`));
    answer.then(
      (value) => send({ type: 'result', id: m.id, ok: true, value }),
      (e: unknown) => send({ type: 'result', id: m.id, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
  });
  send({ type: 'ready', url: cp.url, token: cp.token, caPem: cp.caPem, kubeconfigPath: cp.kubeconfigPath, dataDir: cp.dataDir });
}
