/**
 * `--api-processes N`: the stateless API worker in N workerd processes, so that a machine with
 * more cores serves more requests. workerd runs each process on one thread; the Durable Objects,
 * the queue and the controllers stay in exactly one place, the first process, as on Cloudflare,
 * where any number of isolates reach one instance of each object.
 *
 * The other N-1 processes (replicas) run the same bundle, unchanged, under another name, and
 * reach the first process's objects through miniflare's dev registry: a binding to a Durable
 * Object of a worker that another Miniflare instance runs becomes a proxy object that forwards
 * each call (fetch, RPC, WebSocket upgrades, streamed bodies) over workerd's debug port, a
 * Cap'n Proto connection between the processes, with the same object ids. The queue producer
 * has no such path, so a replica's CHANGES is a service binding to a small worker in the first
 * process (QUEUE_RELAY) whose `send`/`sendBatch` are the queue's: the only two methods the API
 * worker calls on it. WEBHOOK_CALLER is Node's Unix socket, which every process can reach.
 *
 * Per-isolate state stays per isolate, as on Cloudflare: the followed copies and list caches
 * (each read catches up from the log), max-in-flight and the fair share (each process has its
 * budget, as each of Cloudflare's isolates has).
 */
import type { WorkerOptions } from 'miniflare';
import type { Readable } from 'node:stream';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Miniflare, type Log } from './miniflare.ts';
import type { WranglerConfig } from './wrangler-config.ts';

/** the relay's worker name in the first process */
export const QUEUE_RELAY = 'timonier-queue-relay';

/** The relay: an entrypoint whose two methods are the queue producer's. */
const RELAY_SCRIPT = `
import { WorkerEntrypoint } from 'cloudflare:workers';
export class QueueRelay extends WorkerEntrypoint {
  // nothing returned: the API worker reads no result, and an RPC result not disposed of is a warning
  async send(body, options) { await this.env.QUEUE.send(body, options); }
  async sendBatch(messages, options) { await this.env.QUEUE.sendBatch(messages, options); }
}
export default { fetch: () => new Response('queue relay', { status: 404 }) };
`;

/** The first process's relay worker, producing to the API worker's queue (its one producer). */
export function queueRelayWorker(api: WranglerConfig): WorkerOptions {
  const [producer] = api.queues.producers;
  if (!producer || api.queues.producers.length > 1) throw new Error(`--api-processes relays exactly one queue producer; ${api.name} has ${api.queues.producers.length}`);
  return {
    name: QUEUE_RELAY,
    modules: [{ type: 'ESModule', path: 'relay.mjs', contents: RELAY_SCRIPT }],
    compatibilityDate: api.compatibility_date,
    queueProducers: { QUEUE: { queueName: producer.queue } },
  };
}

/**
 * A replica's options from the API worker's: its own name (a binding to a Durable Object of
 * another name is what miniflare sends through the dev registry), the objects of `api.name`,
 * the queue through the relay.
 */
export function replicaWorker(apiOptions: WorkerOptions, api: WranglerConfig, index: number): WorkerOptions {
  const objects = (apiOptions.durableObjects ?? {}) as Record<string, { className: string; useSQLite?: boolean }>;
  const [producer] = api.queues.producers;
  const services = (apiOptions.serviceBindings ?? {}) as Record<string, unknown>;
  return {
    ...apiOptions,
    name: `${api.name}-${index}`,
    durableObjects: Object.fromEntries(Object.entries(objects).map(([binding, o]) => [binding, { ...o, scriptName: api.name }])),
    queueProducers: {},
    serviceBindings: { ...services, ...(producer ? { [producer.binding]: { name: QUEUE_RELAY, entrypoint: 'QueueRelay' } } : {}) } as WorkerOptions['serviceBindings'],
  };
}

/**
 * The dev registry's directory (each process's workers and debug port): `registry/` in the data
 * directory, emptied at start (a killed runtime's entries name dead ports) and removed by `remove`.
 * Not in /tmp: a runtime stopped by a signal that miniflare's own exit hook handles would leave it there.
 */
export async function devRegistryDir(dataDir: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = join(dataDir, 'registry');
  const remove = () => rm(path, { recursive: true, force: true });
  await remove();
  await mkdir(path, { mode: 0o700 });
  return { path, remove };
}

export interface ReplicaOptions {
  /** the API worker's options as the first process runs them (bindings, vars, direct socket) */
  apiOptions: WorkerOptions;
  api: WranglerConfig;
  /** replicas to start: N-1 for N processes */
  count: number;
  registryPath: string;
  /** miniflare's shared options the first process was given (log, stdio handling) */
  shared: { log: Log; handleRuntimeStdio?: (stdout: Readable, stderr: Readable) => void };
}

export interface Replicas {
  /** each replica's plain-HTTP socket, for the TLS front */
  sockets: { host: string; port: number }[];
  /** each replica's worker name and Miniflare instance (its inspector, for the idle collector) */
  instances: { worker: string; mf: Miniflare }[];
  dispose(): Promise<void>;
}

/** Starts the replicas, each a Miniflare instance of its own (one workerd process), together. */
export async function startApiReplicas(o: ReplicaOptions): Promise<Replicas> {
  const workers = Array.from({ length: o.count }, (_, i) => replicaWorker(o.apiOptions, o.api, i + 2));
  // inspectorPort 0: a free port, for the idle collector (runtime.ts)
  const started = workers.map((worker) => new Miniflare({ host: '127.0.0.1', port: 0, cf: false, ...o.shared, inspectorPort: 0, unsafeDevRegistryPath: o.registryPath, workers: [worker] }));
  const dispose = async () => {
    await Promise.allSettled(started.map((mf) => mf.dispose()));
  };
  try {
    const urls = await Promise.all(started.map((mf, i) => mf.unsafeGetDirectURL(workers[i]!.name)));
    return { sockets: urls.map((u) => ({ host: u.hostname, port: Number(u.port) })), instances: started.map((mf, i) => ({ worker: workers[i]!.name!, mf })), dispose };
  } catch (e) {
    await dispose();
    throw e;
  }
}
