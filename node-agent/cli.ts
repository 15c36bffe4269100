/**
 * `timonier node-agent join --server URL --token T [--name N] [--runtime cri|simulated]
 * [--state-dir D] [--cri-endpoint E] [--ca-file F]`: joins this machine to the cluster and runs
 * its pods until SIGINT/SIGTERM. Says what it does, one line per step. A restart with the same
 * state directory needs no token (the credential is kept there).
 *
 * `runNode` is the same thing as a function, for `npm start -- --node` (local/serve.ts).
 *
 * `timonier node-agent leave [--state-dir D]`: drains the node, deletes it, cleans the machine
 * (leave.ts).
 */
import { access, constants, readFile } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startAgent, type Agent, type AgentOptions } from './agent.ts';
import { CriRuntime, DEFAULT_CRI_ENDPOINT } from './runtime/cri.ts';
import { Code, CriError } from './cri/errors.ts';
import { SimulatedRuntime } from './runtime/simulated.ts';
import type { Runtime } from './runtime/types.ts';
import { joinCluster, openTunnel, type Tunnel } from './tunnel/index.ts';

const USAGE = `usage: timonier node-agent join --server URL [--token TOKEN] [flags]
       timonier node-agent leave [--state-dir DIR] (see leave --help)
  --server        the API's URL, e.g. https://203.0.113.7:6443, or a tenant cluster's, https://203.0.113.7:6443/clusters/alice
  --token         a join token (timonier token create); not needed again once joined
  --name          the node's name (default: this machine's host name)
  --runtime       cri (containerd, the default) or simulated (no containers)
  --state-dir     where the credential and pod volumes live (default /var/lib/timonier-node as root, ~/.timonier-node otherwise)
  --cri-endpoint  the CRI socket (default ${DEFAULT_CRI_ENDPOINT})
  --ca-file       the cluster CA (default: fetched and checked with the token)`;

export type RuntimeChoice = 'cri' | 'simulated' | 'auto';

export interface NodeOptions {
  server: string;
  token?: string;
  nodeName: string;
  runtime: RuntimeChoice;
  stateDir: string;
  criEndpoint?: string;
  caPem?: string;
  log: (line: string) => void;
  /** finer settings of the agent (tests shorten its periods) */
  agent?: Partial<Omit<AgentOptions, 'server' | 'credential' | 'caPem' | 'nodeName' | 'runtime' | 'stateDir' | 'log'>>;
  /** the simulated runtime's IP range (one per node on a machine) */
  subnet?: number;
}

export interface RunningNode {
  agent: Agent;
  tunnel: Tunnel;
  runtime: Runtime;
  stop(): Promise<void>;
}

const socketPath = (endpoint: string) => endpoint.replace(/^unix:\/\//, '');

/** Whether a CRI socket is there and usable by this process (root, usually). */
export async function criAvailable(endpoint = DEFAULT_CRI_ENDPOINT): Promise<boolean> {
  try {
    await access(socketPath(endpoint), constants.R_OK | constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * containerd as Docker installs it has its CRI plugin off (`disabled_plugins = ["cri"]`): the
 * socket answers, but no CRI service is served. Says what to change.
 */
function criDisabledHint(e: unknown): string {
  return e instanceof CriError && e.code === Code.UNIMPLEMENTED
    ? ' (containerd serves no CRI: remove "cri" from disabled_plugins in /etc/containerd/config.toml, as Docker installs it, then restart containerd)'
    : '';
}

/** The runtime to use, and a sentence saying which and why. */
export async function chooseRuntime(choice: RuntimeChoice, endpoint = DEFAULT_CRI_ENDPOINT, subnet = 0): Promise<{ runtime: Runtime; description: string }> {
  const simulated = (why: string) => ({ runtime: new SimulatedRuntime({ subnet }), description: `simulated runtime (${why}): pods get IPs and go Ready, but no container runs` });
  if (choice === 'simulated') return simulated('asked for');
  const present = await criAvailable(endpoint);
  if (choice === 'auto' && !present) return simulated(`no usable containerd socket at ${socketPath(endpoint)}`);
  if (!present) throw new Error(`no usable CRI socket at ${socketPath(endpoint)}: install and start containerd (as root), or use --runtime simulated`);
  const runtime = new CriRuntime(endpoint);
  try {
    const v = await runtime.version();
    const cgroups = await runtime.cgroupDriver();
    return { runtime, description: `${v.runtimeName} ${v.runtimeVersion} over CRI at ${endpoint}, cgroup driver ${cgroups.driver} (from ${cgroups.from})` };
  } catch (e) {
    runtime.close();
    const why = `${(e as Error).message}${criDisabledHint(e)}`;
    if (choice === 'auto') return simulated(`containerd does not answer at ${endpoint}: ${why}`);
    throw new Error(`the CRI runtime at ${endpoint} does not answer: ${why}`);
  }
}

export async function runNode(o: NodeOptions): Promise<RunningNode> {
  const { runtime, description } = await chooseRuntime(o.runtime, o.criEndpoint, o.subnet);
  o.log(`runtime: ${description}`);
  o.log(`joining ${o.server} as node "${o.nodeName}" (state in ${o.stateDir})`);
  const { credential, caPem } = await joinCluster({ server: o.server, token: o.token ?? '', nodeName: o.nodeName, stateDir: o.stateDir, caPem: o.caPem });
  o.log(`authenticated as system:node:${o.nodeName}`);
  const agent = await startAgent({ ...o.agent, server: o.server, credential, caPem, nodeName: o.nodeName, runtime, stateDir: o.stateDir, log: o.log });
  const tunnel = openTunnel({ server: o.server, credential, caPem, nodeName: o.nodeName, handlers: agent.handlers, log: o.log });
  o.log('watching for pods bound to this node; logs and exec through the tunnel (the agent only dials out)');
  let stopping: Promise<void> | undefined;
  return {
    agent,
    tunnel,
    runtime,
    stop: () =>
      (stopping ??= (async () => {
        tunnel.close();
        await agent.stop();
        runtime.close();
      })()),
  };
}

function defaultStateDir(): string {
  return process.getuid?.() === 0 ? '/var/lib/timonier-node' : join(os.homedir(), '.timonier-node');
}

const LEAVE_USAGE = `usage: timonier node-agent leave [--state-dir DIR] [flags]
  drains this node (cordon, evict its pods, each with its grace period), deletes its Node, removes
  its containers and sandboxes from the runtime and its credential from the state directory.
  Stop the node's agent first.
  --state-dir     the agent's state directory (default /var/lib/timonier-node as root, ~/.timonier-node otherwise)
  --timeout       seconds the pods get to stop before they are deleted at once (default 120)
  --runtime       cri, simulated, or auto (the default: cri when containerd answers)
  --cri-endpoint  the CRI socket (default ${DEFAULT_CRI_ENDPOINT})
  --server        the API's URL (default: the one the node joined)`;

async function leaveCommand(args: string[]): Promise<void> {
  let v;
  try {
    v = parseArgs({
      args,
      options: {
        'state-dir': { type: 'string' },
        timeout: { type: 'string', default: '120' },
        runtime: { type: 'string', default: 'auto' },
        'cri-endpoint': { type: 'string', default: DEFAULT_CRI_ENDPOINT },
        server: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
    if (v.help) return console.log(LEAVE_USAGE);
    if (!['cri', 'simulated', 'auto'].includes(v.runtime!)) throw new Error(`--runtime must be cri, simulated or auto, not "${v.runtime}"`);
    if (!/^\d+$/.test(v.timeout!)) throw new Error(`--timeout must be a number of seconds, not "${v.timeout}"`);
  } catch (e) {
    console.error(`${(e as Error).message}\n${LEAVE_USAGE}`);
    process.exit(2);
  }
  const log = (line: string) => console.log(`node-agent: ${line}`);
  const { leaveCluster } = await import('./leave.ts');
  try {
    await leaveCluster({ stateDir: resolve(v['state-dir'] ?? defaultStateDir()), timeoutMs: Number(v.timeout) * 1000, runtime: v.runtime as RuntimeChoice, criEndpoint: v['cri-endpoint'], server: v.server, log });
  } catch (e) {
    console.error(`node-agent: ${(e as Error).message}`);
    process.exit(1);
  }
  process.exit(0);
}

export async function nodeAgentCommand(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === 'leave') return leaveCommand(rest);
  if (sub !== 'join') {
    console.error(sub ? `timonier node-agent: unknown subcommand "${sub}"\n${USAGE}` : USAGE);
    process.exit(sub ? 2 : 0);
  }
  let v;
  try {
    v = parseArgs({
      args: rest,
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        name: { type: 'string' },
        runtime: { type: 'string', default: 'cri' },
        'state-dir': { type: 'string' },
        'cri-endpoint': { type: 'string', default: DEFAULT_CRI_ENDPOINT },
        'ca-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
    if (v.help) return console.log(USAGE);
    if (!v.server) throw new Error('--server is required');
    if (v.runtime !== 'cri' && v.runtime !== 'simulated') throw new Error(`--runtime must be cri or simulated, not "${v.runtime}"`);
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const log = (line: string) => console.log(`node-agent: ${line}`);
  let node: RunningNode;
  try {
    node = await runNode({
      server: v.server,
      token: v.token,
      nodeName: (v.name ?? os.hostname()).toLowerCase(),
      runtime: v.runtime as RuntimeChoice,
      stateDir: resolve(v['state-dir'] ?? defaultStateDir()),
      criEndpoint: v['cri-endpoint'],
      caPem: v['ca-file'] ? await readFile(v['ca-file'], 'utf8') : undefined,
      log,
    });
  } catch (e) {
    console.error(`node-agent: ${(e as Error).message}`);
    process.exit(1);
  }
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      log('stopping (containers keep running; a restart picks them up)');
      setTimeout(() => process.exit(1), 15_000).unref();
      await node.stop();
      process.exit(0);
    });
  }
}
