/**
 * `npm run bench -- --api-processes=N`: the runtimes the benchmark starts serve the API from N
 * workerd processes (local/api-processes.ts; default 1). Read from the benchmark's command line,
 * and passed on to a runtime in a process of its own (runtime-child.ts) on its command line.
 */
export const API_PROCESSES_FLAG = '--api-processes=';

export function apiProcessesArg(argv: readonly string[] = process.argv): number {
  const arg = argv.find((a) => a.startsWith(API_PROCESSES_FLAG));
  if (arg === undefined) return 1;
  const text = arg.slice(API_PROCESSES_FLAG.length);
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) throw new Error(`${API_PROCESSES_FLAG}N needs an integer of at least 1, not "${text}"`);
  return n;
}
