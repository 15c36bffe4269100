/**
 * Starts a fresh local control plane in a child process (runtime-process.ts) on a temporary data
 * directory, and stops it by its pid: SIGTERM, then SIGKILL of it and of its workerd if it has
 * not exited within 15 s. The runtime's RSS and CPU are then those of `pid`'s process tree
 * (rss.ts, cpu.ts with `root`), apart from the benchmark's process and its clients.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ControlPlane } from '../local/runtime.ts';
import { descendants } from './rss.ts';
import type { RuntimeReady } from './runtime-process.ts';
import { API_PROCESSES_FLAG, apiProcessesArg } from './api-processes-arg.ts';

export interface RuntimeProcess extends Pick<ControlPlane, 'url' | 'token' | 'caPem'> {
  /** the child's pid: the root of the runtime's process tree */
  pid: number;
  /** stops the child (and its workerd) and removes its data directory; safe to call twice */
  stop(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./runtime-process.ts', import.meta.url));
const RUNNER = fileURLToPath(new URL('../local/run-bundled.mjs', import.meta.url));

/** `apiProcesses`: workerd processes serving the API, by default the benchmark's `--api-processes=N` */
export async function startRuntimeProcess(o: { apiserverSettings?: Record<string, string>; startTimeoutMs?: number; apiProcesses?: number } = {}): Promise<RuntimeProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'timonier-bench-runtime-'));
  const processes = o.apiProcesses ?? apiProcessesArg();
  const args = [join(dir, 'data'), ...(o.apiserverSettings ? [JSON.stringify(o.apiserverSettings)] : []), ...(processes > 1 ? [`${API_PROCESSES_FLAG}${processes}`] : [])];
  // run as `npm start` runs the runtime (package.json): bundled, with the same V8 flag and glibc setting
  const child = fork(RUNNER, [ENTRY, ...args], {
    execArgv: ['--max-semi-space-size=4'],
    env: { ...process.env, MALLOC_TRIM_THRESHOLD_: '131072' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
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
      await rm(dir, { recursive: true, force: true });
    })());
  try {
    const ready = await new Promise<RuntimeReady>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`the runtime process did not start within ${(o.startTimeoutMs ?? 120_000) / 1000} s`)), o.startTimeoutMs ?? 120_000);
      child.once('message', (m) => (clearTimeout(timer), ok(m as RuntimeReady)));
      child.once('exit', (code, signal) => (clearTimeout(timer), fail(new Error(`the runtime process exited (${signal ?? code}) before it was ready`))));
      child.once('error', (e) => (clearTimeout(timer), fail(e)));
    });
    return { url: ready.url, token: ready.token, caPem: ready.caPem, pid: child.pid!, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
