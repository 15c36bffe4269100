/**
 * `npm start` / `timonier start`: runs the control plane in the foreground until SIGINT/SIGTERM.
 * Scripts rely on the output: a line beginning `export KUBECONFIG=` is printed once the API
 * answers, and a signal stops everything cleanly before exiting 0.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startControlPlane, type ControlPlane } from './runtime.ts';

const USAGE = `usage: timonier start [--data-dir DIR] [--port N] [--host H] [--compaction-window SECONDS] [--authentication-config FILE] [--node] [--verbose]
  --data-dir           where the cluster lives (default .timonier)
  --port               HTTPS port of the API (default 6443; 0 picks a free one)
  --host               address to listen on (default 127.0.0.1)
  --compaction-window  seconds of history kept for watches and paginated lists (default 300)
  --authentication-config  a Kubernetes AuthenticationConfiguration (JSON or YAML): OIDC issuers to accept
  --api-processes      workerd processes serving the API, for a machine with more cores (default 1; the
                       Durable Objects, the queue and the controllers stay in the first)
  --node               also run a node agent on this machine (containerd if usable, else simulated)
  --verbose            show the workers' logs`;

/** More would be a typo: each process is a workerd of its own (~90 MB at rest). */
const MAX_API_PROCESSES = 64;

/** A stop taking longer than this ends the process anyway (exit 1). */
const STOP_GRACE_MS = 15_000;

export interface ServeArgs {
  dataDir: string;
  port: number;
  host?: string;
  compactionWindowSeconds?: number;
  verbose: boolean;
  /** a Kubernetes AuthenticationConfiguration file */
  authenticationConfig?: string;
  /** also run a node agent here */
  node?: boolean;
  /** workerd processes serving the API worker (runtime.ts) */
  apiProcesses?: number;
}

export class UsageError extends Error {}

export function parseServeArgs(argv: string[]): ServeArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        'data-dir': { type: 'string', default: '.timonier' },
        port: { type: 'string', default: '6443' },
        host: { type: 'string' },
        'compaction-window': { type: 'string' },
        'authentication-config': { type: 'string' },
        'api-processes': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        node: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (parsed.help) return 'help';
  const window = parsed['compaction-window'];
  return {
    dataDir: resolve(parsed['data-dir']),
    port: integer('--port', parsed.port, 0, 65_535),
    host: parsed.host,
    compactionWindowSeconds: window === undefined ? undefined : integer('--compaction-window', window, 1, Number.MAX_SAFE_INTEGER),
    verbose: parsed.verbose,
    ...(parsed['authentication-config'] ? { authenticationConfig: resolve(parsed['authentication-config']) } : {}),
    ...(parsed.node ? { node: true } : {}),
    ...(parsed['api-processes'] === undefined ? {} : { apiProcesses: integer('--api-processes', parsed['api-processes'], 1, MAX_API_PROCESSES) }),
  };
}

function integer(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) throw new UsageError(`${flag} must be an integer from ${min} to ${max}, not "${text}"`);
  return n;
}

export async function serve(argv: string[]): Promise<void> {
  let args: ServeArgs | 'help';
  try {
    args = parseServeArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n${USAGE}`);
    process.exit(2);
  }
  if (args === 'help') {
    console.log(USAGE);
    return;
  }

  console.log(`timonier: starting the control plane in ${args.dataDir}`);
  let cp: ControlPlane;
  try {
    cp = await startControlPlane({
      dataDir: args.dataDir,
      port: args.port,
      host: args.host,
      compactionWindowSeconds: args.compactionWindowSeconds,
      authenticationConfig: args.authenticationConfig,
      apiProcesses: args.apiProcesses,
      quiet: !args.verbose,
    });
  } catch (e) {
    console.error(`timonier: could not start: ${(e as Error).message}`);
    process.exit(1);
  }

  let node: { stop(): Promise<void> } | undefined;
  let stopping = false;
  const shutdown = async () => {
    // Ctrl-C reaches us twice: from the terminal and relayed by npm
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error('timonier: stop timed out');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    console.log('timonier: stopping');
    await node?.stop();
    await cp.stop();
    process.exit(0);
  };
  // Miniflare's own signal hook kills workerd and exits 130 at once; we stop it in order instead.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }

  console.log(`timonier: API at ${cp.url} (Ctrl-C stops it)`);
  console.log(`export KUBECONFIG=${cp.kubeconfigPath}`);

  if (args.node) {
    try {
      const { startLocalNode } = await import('../node-agent/local.ts');
      node = await startLocalNode(cp, (line) => console.log(`node-agent: ${line}`));
    } catch (e) {
      console.error(`timonier: the local node agent did not start: ${(e as Error).message}`);
    }
  }
}
