/**
 * Starts a fresh local control plane in a child process (runtime-process.ts) on a temporary data
 * directory, and stops it by its pid: SIGTERM, then SIGKILL of it and of its workerd if it has
 * not exited within 15 s. The runtime's RSS and CPU are then those of `pid`'s process tree
 * (rss.ts, cpu.ts with `root`), apart from the benchmark's process and its clients; and its
 * Hrana server and TLS front run on an event loop of their own, not the clients'.
 *
 * `settled()` and `triggerCron()` are `ControlPlane`'s, asked over IPC (runtime-process.ts).
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ControlPlane } from '../local/runtime.ts';
import { EVERY_MINUTE } from '../local/cron.ts';
import { descendants } from './rss.ts';
import type { LoopDelay } from './loop-delay.ts';
import type { RuntimeCall, RuntimeCalls, RuntimeMethod, RuntimeReady, RuntimeResult } from './runtime-process.ts';
import { API_PROCESSES_FLAG, apiProcessesArg } from './api-processes-arg.ts';

export interface RuntimeProcess extends Pick<ControlPlane, 'url' | 'token' | 'caPem' | 'kubeconfigPath' | 'dataDir' | 'settled' | 'triggerCron'> {
  /** the child's pid: the root of the runtime's process tree */
  pid: number;
  /** the runtime process's event-loop delay since the last call */
  eventLoopDelay(): Promise<LoopDelay>;
  /** the change messages waiting for the controllers */
  controllersBacklog(): Promise<number>;
  /** stops the child (and its workerd) and removes its data directory unless it was given; safe to call twice */
  stop(): Promise<void>;
}

export interface RuntimeProcessOptions {
  apiserverSettings?: Record<string, string>;
  startTimeoutMs?: number;
  /** workerd processes serving the API, by default the benchmark's `--api-processes=N` */
  apiProcesses?: number;
  /** the workers' V8 inspector port (profile.ts); by default a free one */
  inspectorPort?: number;
  /** the data directory, left in place at the stop; by default a temporary one, removed */
  dataDir?: string;
}

const ENTRY = fileURLToPath(new URL('./runtime-process.ts', import.meta.url));
const RUNNER = fileURLToPath(new URL('../local/run-bundled.mjs', import.meta.url));

export async function startRuntimeProcess(o: RuntimeProcessOptions = {}): Promise<RuntimeProcess> {
  const temporary = o.dataDir === undefined ? await mkdtemp(join(tmpdir(), 'timonier-bench-runtime-')) : undefined;
  const dataDir = o.dataDir ?? join(temporary!, 'data');
  const processes = o.apiProcesses ?? apiProcessesArg();
  const args = [dataDir, ...(o.apiserverSettings ? [JSON.stringify(o.apiserverSettings)] : []), ...(processes > 1 ? [`${API_PROCESSES_FLAG}${processes}`] : [])];
  // run as `npm start` runs the runtime (package.json): bundled, with the same V8 flag and glibc setting
  const child = fork(RUNNER, [ENTRY, ...args], {
    // TIMONIER_RUNTIME_CPU_PROF=dir: V8's profile of the runtime's node (Hrana server, TLS front), written there at its stop
    execArgv: ['--max-semi-space-size=4', ...(process.env.TIMONIER_RUNTIME_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.TIMONIER_RUNTIME_CPU_PROF}`] : [])],
    env: { ...process.env, MALLOC_TRIM_THRESHOLD_: '131072', ...(o.inspectorPort !== undefined ? { TIMONIER_INSPECTOR_PORT: String(o.inspectorPort) } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const calls = callsOver(child, exited);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const pid = child.pid;
      if (pid !== undefined && child.exitCode === null && child.signalCode === null) {
        const workerd = (await descendants(pid).catch(() => undefined))?.pids ?? [];
        child.kill('SIGTERM');
        const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((ok) => setTimeout(() => ok(false), 15_000).unref())]);
        if (!gone) {
          for (const p of workerd) {
            try {
              process.kill(p, 'SIGKILL');
            } catch {
              // already gone
            }
          }
          child.kill('SIGKILL');
          await exited;
        }
      }
      if (temporary) await rm(temporary, { recursive: true, force: true });
    })());
  try {
    const ready = await new Promise<RuntimeReady>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`the runtime process did not start within ${(o.startTimeoutMs ?? 120_000) / 1000} s`)), o.startTimeoutMs ?? 120_000);
      child.on('message', (m: RuntimeReady | RuntimeResult) => m?.type === 'ready' && (clearTimeout(timer), ok(m)));
      child.once('exit', (code, signal) => (clearTimeout(timer), fail(new Error(`the runtime process exited (${signal ?? code}) before it was ready`))));
      child.once('error', (e) => (clearTimeout(timer), fail(e)));
    });
    return {
      url: ready.url,
      token: ready.token,
      caPem: ready.caPem,
      kubeconfigPath: ready.kubeconfigPath,
      dataDir: ready.dataDir,
      pid: child.pid!,
      settled: () => calls('settled'),
      // absent arguments stay absent (IPC would turn `undefined` into `null`)
      triggerCron: (cron?: string, scheduledTime?: number) =>
        scheduledTime !== undefined ? calls('triggerCron', cron ?? EVERY_MINUTE, scheduledTime) : cron !== undefined ? calls('triggerCron', cron) : calls('triggerCron'),
      eventLoopDelay: () => calls('eventLoopDelay'),
      controllersBacklog: () => calls('controllersBacklog'),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Requests to the runtime process, each answered by the result with its id; all fail if it exits. */
function callsOver(child: ReturnType<typeof fork>, exited: Promise<void>) {
  let next = 0;
  const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  child.on('message', (m: RuntimeReady | RuntimeResult) => {
    if (m?.type !== 'result') return;
    const waiting = pending.get(m.id);
    pending.delete(m.id);
    if (m.ok) waiting?.ok(m.value);
    else waiting?.fail(new Error(`the runtime process: ${m.error}`));
  });
  void exited.then(() => {
    for (const { fail } of pending.values()) fail(new Error('the runtime process exited before it answered'));
    pending.clear();
  });
  return <M extends RuntimeMethod>(method: M, ...args: RuntimeCalls[M]['args']): Promise<RuntimeCalls[M]['result']> =>
    new Promise((ok, fail) => {
      if (child.exitCode !== null || child.signalCode !== null || !child.connected) return fail(new Error(`the runtime process is gone: ${method}() not asked`));
      const id = ++next;
      pending.set(id, { ok: ok as (v: unknown) => void, fail });
      child.send({ type: 'call', id, method, args } satisfies RuntimeCall<M>, (e) => {
        if (!e) return;
        pending.delete(id);
        fail(e);
      });
    });
}
