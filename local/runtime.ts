/**
 * The local control plane: the real workers in miniflare (workerd), an embedded libSQL file behind
 * a Hrana server, HTTPS with a CA of its own (terminated by Node in front of the API worker's own
 * socket, tls-front.ts), a kubeconfig, and the cron miniflare never fires.
 * `npm start` and the integration tests both start it through `startControlPlane`.
 *
 * Everything lasting lives in the data directory, so a second start on it keeps every object:
 *   pki/          CA and server certificate (certs.ts)
 *   admin-token   the admin user's bearer token
 *   token-signing-key  the key of the tokens the control plane issues to its components
 *   kubeconfig    for kubectl (kubeconfig.ts)
 *   cluster.db    the event log and current state
 *   do/           Durable Object storage
 *   registry/     with --api-processes N > 1, where the workerd processes find each other (api-processes.ts)
 *   build/        the worker bundles, rebuilt at every start
 */
import { createClient } from '@libsql/client/web';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { isIPv6 } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../workers/apiserver/storage/migrate.ts';
import { Log, LogLevel, Miniflare, workerRequest } from './miniflare.ts';
import { ensureSecret } from './secrets.ts';
import { bundleWorkers } from './build.ts';
import { checkCrons, cronTrigger, everyMinute } from './cron.ts';
import { ensureCertificates, serverNames } from './certs.ts';
import { startHranaServer } from './hrana-server.ts';
import { startTlsFront } from './tls-front.ts';
import { writeKubeconfig } from './kubeconfig.ts';
import { readAuthenticationConfig } from './authentication-config.ts';
import { outboundTrusting } from './outbound.ts';
import { startWebhookCaller } from './webhook-caller.ts';
import { workerOptions } from './miniflare-workers.ts';
import { errorsOnly } from './quiet-logs.ts';
import { waitUntilServing } from './wait-ready.ts';
import { collectGarbage } from './collect-garbage.ts';
import { idleCollector, type IdleCollectorOptions } from './idle-gc.ts';
import { readWranglerConfig } from './wrangler-config.ts';
import { devRegistryDir, queueRelayWorker, startApiReplicas } from './api-processes.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface StartOptions {
  dataDir: string;
  /** default 6443; 0 picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  compactionWindowSeconds?: number;
  /** controller settings (e.g. NODE_MONITOR_GRACE_SECONDS), to shorten periods in tests */
  controllerSettings?: Record<string, string>;
  /** apiserver settings (workers/apiserver/env.ts, e.g. FAIR_SHARE_QPS), for tests and benchmarks */
  apiserverSettings?: Record<string, string>;
  /** only errors from miniflare and the workers (default false) */
  quiet?: boolean;
  /** a Kubernetes AuthenticationConfiguration file (JSON or YAML): OIDC issuers whose tokens are accepted */
  authenticationConfig?: string;
  /** a port for the workers' V8 inspector (Chrome DevTools protocol: CPU profiles, heap snapshots); default $TIMONIER_INSPECTOR_PORT, else a free one (the idle collector uses it) */
  inspectorPort?: number;
  /** workerd processes serving the API worker (default 1); the Durable Objects, the queue and the controllers stay in the first (api-processes.ts) */
  apiProcesses?: number;
  /** with `quiet`: each line workerd writes to stderr, also handed here (tests looking for its warnings) */
  onWorkerdStderr?: (line: string) => void;
}

export interface ControlPlane {
  /** the API's base URL, e.g. https://127.0.0.1:6443 */
  url: string;
  kubeconfigPath: string;
  /** the admin user's bearer token */
  token: string;
  caPem: string;
  dataDir: string;
  mf: Miniflare;
  /** the Hrana server on `<dataDir>/cluster.db`, for tests that look at the log itself */
  database: { url: string; authToken: string };
  /** the workers' names in miniflare, as their wrangler.toml files name them */
  workers: { apiserver: string; controllers: string };
  /** runs the scheduled handler of every worker that declares `cron`, as at `scheduledTime` (ms; default now) */
  triggerCron(cron?: string, scheduledTime?: number): Promise<void>;
  /** resolves once the runtime is at rest: the workers quiet and the idle collection after their last work done */
  settled(): Promise<void>;
  /** the idle collections made so far (idle-gc.ts), by isolate (workerd's inspector id) */
  idleCollections(): Map<string, number>;
  /** stops the TLS front (ending open watches), miniflare, the database server and the cron timer; safe to call twice */
  stop(): Promise<void>;
}

export async function startControlPlane(opts: StartOptions): Promise<ControlPlane> {
  const dataDir = resolve(opts.dataDir);
  const host = opts.host ?? '127.0.0.1';
  await mkdir(dataDir, { recursive: true });
  const [pki, token, signingKey, api, controllers] = await Promise.all([
    ensureCertificates(join(dataDir, 'pki'), serverNames(host)),
    ensureSecret(join(dataDir, 'admin-token')),
    ensureSecret(join(dataDir, 'token-signing-key')),
    readWranglerConfig(join(ROOT, 'wrangler.toml')),
    readWranglerConfig(join(ROOT, 'workers/controllers/wrangler.toml')),
  ]);
  const configs = [api, controllers];
  checkCrons(configs);
  const scripts = await bundleWorkers({ [api.name]: api.entry, [controllers.name]: controllers.entry }, join(dataDir, 'build'));

  // Whatever is started is stopped again if a later step fails.
  const undo: (() => Promise<void>)[] = [];
  const unwind = async () => {
    for (const step of undo.reverse()) await step().catch(() => {});
  };
  try {
    // a fresh secret per start: the database port is open to every local user
    const dbToken = randomBytes(24).toString('base64url');
    const db = await startHranaServer({ file: join(dataDir, 'cluster.db'), host: '127.0.0.1', port: 0, authToken: dbToken });
    undo.push(() => db.close());
    const client = createClient({ url: db.url, authToken: dbToken });
    try {
      await migrate(client);
    } finally {
      client.close();
    }

    const vars: Record<string, string> = { ...opts.apiserverSettings, LIBSQL_URL: db.url, LIBSQL_AUTH_TOKEN: dbToken, ADMIN_TOKEN: token, TOKEN_SIGNING_KEY: signingKey, CLUSTER_CA: pki.caPem };
    if (opts.compactionWindowSeconds !== undefined) vars.COMPACTION_WINDOW_SECONDS = String(opts.compactionWindowSeconds);
    const authn = opts.authenticationConfig ? await readAuthenticationConfig(opts.authenticationConfig) : undefined;
    if (authn) vars.AUTHENTICATION_CONFIG = authn.text;
    const controllerVars: Record<string, string> = { TOKEN_SIGNING_KEY: signingKey, CLUSTER_CA: pki.caPem, ...opts.controllerSettings };
    // 0: a free port, for the idle collector alone
    const inspectorPort = opts.inspectorPort ?? (Number(process.env.TIMONIER_INSPECTOR_PORT) || 0);
    const webhookCaller = await startWebhookCaller();
    undo.push(webhookCaller.close);
    const processes = opts.apiProcesses ?? 1;
    // more than one: the processes find each other's workers (and debug ports) in a registry
    const registry = processes > 1 ? await devRegistryDir(dataDir) : undefined;
    if (registry) undo.push(registry.remove);
    const shared = { log: new Log(opts.quiet ? LogLevel.ERROR : LogLevel.INFO), ...(opts.quiet ? { handleRuntimeStdio: errorsOnly(opts.onWorkerdStderr) } : {}) };
    // WEBHOOK_CALLER: admission webhooks' `url` calls, made by Node with their caBundle (webhook-caller.ts)
    // unsafeDirectSockets: the API worker on a plain-HTTP socket of its own, for the TLS front
    const apiOptions = webhookCaller.bind({ ...workerOptions(api, scripts[api.name], vars), ...outboundTrusting(authn?.certificateAuthorities ?? []), unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }] });
    // miniflare's own entry socket (its entry worker in front of the first worker) stays on the
    // loopback, unused by clients: the API is served by the TLS front below
    const mf = new Miniflare({
      host: '127.0.0.1',
      port: 0,
      // the default downloads Cloudflare's request.cf sample: no network needed here
      cf: false,
      ...shared,
      durableObjectsPersist: join(dataDir, 'do'),
      inspectorPort,
      ...(registry ? { unsafeDevRegistryPath: registry.path } : {}),
      // the cron's trigger (cron.ts), on the loopback entry socket only
      unsafeTriggerHandlers: true,
      workers: [apiOptions, workerOptions(controllers, scripts[controllers.name], controllerVars), ...(registry ? [queueRelayWorker(api)] : [])],
    });
    undo.push(() => mf.dispose());
    const direct = await mf.unsafeGetDirectURL(api.name);
    const replicas = registry ? await startApiReplicas({ apiOptions, api, count: processes - 1, registryPath: registry.path, shared }) : undefined;
    if (replicas) undo.push(replicas.dispose);
    const targets = [{ host: direct.hostname, port: Number(direct.port) }, ...(replicas?.sockets ?? [])];
    const front = await startTlsFront({ host, port: opts.port ?? 6443, keyPem: pki.keyPem, certPem: pki.certPem, targets });
    undo.push(front.close);
    const url = `https://${urlHost(host)}:${front.port}`;
    await waitUntilServing(url, pki.caPem, token);

    const kubeconfigPath = join(dataDir, 'kubeconfig');
    await writeKubeconfig(kubeconfigPath, { server: url, caPem: pki.caPem, token });

    const triggerCron = cronTrigger(mf, configs);
    const cron = everyMinute(triggerCron);
    undo.push(cron.stop);

    collectGarbage();
    const collectors = [
      await collectorOf(mf, db.served, {
        workers: [api.name, controllers.name],
        queueVia: controllers.name,
        collectNode: collectGarbage,
        onQuiet: () => {
          // the dropped statements' memory comes back with their objects: a cron tick prepares a few, a burst of work hundreds
          if (db.releaseMemory() >= 64) collectGarbage();
        },
      }),
      ...(await Promise.all((replicas?.instances ?? []).map((r) => collectorOf(r.mf, db.served, { workers: [r.worker] })))),
    ];
    undo.push(async () => collectors.forEach((c) => c.stop()));
    let stopping: Promise<void> | undefined;
    return {
      url,
      kubeconfigPath,
      token,
      caPem: pki.caPem,
      dataDir,
      mf,
      database: { url: db.url, authToken: dbToken },
      workers: { apiserver: api.name, controllers: controllers.name },
      triggerCron,
      settled: async () => void (await Promise.all(collectors.map((c) => c.settled()))),
      idleCollections: () => new Map(collectors.flatMap((c) => [...c.collections])),
      stop: () => (stopping ??= unwind()),
    };
  } catch (e) {
    await unwind();
    throw e;
  }
}

/** workerd's inspector ids: a worker's isolate, and (prefix) those of miniflare's queue broker */
const WORKER_ISOLATE = 'core:user:';
const QUEUE_ISOLATES = 'queues:queue';

/**
 * The idle collector of one workerd process (idle-gc.ts): its `workers`' isolates, each run by a
 * request to it, and, in the process that holds the change queue, the queue's isolates, run by a
 * look at its backlog through the worker `queueVia`.
 */
async function collectorOf(mf: Miniflare, activity: () => number, o: Pick<IdleCollectorOptions, 'collectNode' | 'onQuiet'> & { workers: readonly string[]; queueVia?: string }) {
  const run = (worker: string, path: string) => async () => (await workerRequest(mf, worker, path)).arrayBuffer();
  return idleCollector({
    ...o,
    activity,
    inspector: await mf.getInspectorURL(),
    nudgeFor(isolate) {
      const worker = isolate.startsWith(WORKER_ISOLATE) ? isolate.slice(WORKER_ISOLATE.length) : undefined;
      // the one health check that reads nothing: a nudge must not look like work
      if (worker && o.workers.includes(worker)) return run(worker, '/livez/ping');
      if (isolate.startsWith(QUEUE_ISOLATES) && o.queueVia) return run(o.queueVia, '/backlog');
      return undefined;
    },
  });
}

function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return isIPv6(host) ? `[${host}]` : host;
}
