/**
 * Admission webhooks' `url` calls, made by Node for the apiserver worker (locally only).
 *
 * A Worker's fetch trusts public roots only and takes no per-request CA, so a webhook with its own
 * caBundle (a student's self-signed certificate) cannot be called from workerd directly. Rather
 * than reroute all of the worker's outbound traffic through Node (the database calls too), the
 * apiserver gets one more binding, WEBHOOK_CALLER, answered by this function: the apiserver sends
 * the review through it with the webhook's URL, caBundle and deadline in headers
 * (admission/webhooks/caller-protocol.ts), and this makes the HTTPS call with that CA.
 *
 * The binding is an HTTP server of Node's on a Unix socket (in a directory only this user can
 * enter), which workerd reaches as an `external` service: the review and the answer pass as
 * bytes over a kept-alive connection. miniflare's `{ node }` service did the same through a JS
 * worker of its own in workerd and its loopback server, a third of what a webhook added to a
 * create. Connections to webhooks are kept alive and reused between calls
 * (lib/webhooks/agents.ts), as kube-apiserver's are.
 *
 * In production there is no such binding: `url` webhooks are called with the Worker's fetch, so
 * they need a certificate from a public CA; `service` webhooks go through a node's tunnel and
 * work with any caBundle.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkerOptions } from 'miniflare';
import { CA_BUNDLE_HEADER, ERROR_HEADER, TIMEOUT_HEADER, URL_HEADER } from '../workers/apiserver/admission/webhooks/caller-protocol.ts';
import { httpsCall } from '../lib/webhooks/https-call.ts';
import { WebhookAgents } from '../lib/webhooks/agents.ts';

const DEFAULT_TIMEOUT_MS = 10_000;

/** What the caller was asked: the webhook's URL, its CA (PEM) and deadline, the review. */
export interface CallerRequest {
  url: string;
  caPem?: string;
  timeoutMs: number;
  body: string;
}

export type CallerAnswer = { status: number; body: string } | { error: string };

/** Makes one call; `agents` keeps its connection for the next. */
export async function callWebhook(r: CallerRequest, agents?: WebhookAgents): Promise<CallerAnswer> {
  let url: URL;
  try {
    url = new URL(r.url);
  } catch {
    return { error: `parse ${JSON.stringify(r.url)}: invalid URL` };
  }
  if (url.protocol !== 'https:') return { error: `unsupported protocol scheme "${url.protocol.replace(/:$/, '')}"` };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const res = await httpsCall({ host, port: Number(url.port || 443), path: `${url.pathname}${url.search}`, caPem: r.caPem, body: r.body, timeoutMs: r.timeoutMs, agents });
  return res.ok ? { status: res.status, body: res.body } : { error: res.error };
}

/** The binding's handler: reads the caller protocol's headers and the review, answers with the webhook's answer. */
export function webhookCallerHandler(agents: WebhookAgents) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const header = (name: string) => {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v[0] : v;
    };
    const ca = header(CA_BUNDLE_HEADER);
    const answer = await callWebhook(
      {
        url: header(URL_HEADER) ?? '',
        caPem: ca ? Buffer.from(ca, 'base64').toString('utf8') : undefined,
        timeoutMs: Number(header(TIMEOUT_HEADER)) || DEFAULT_TIMEOUT_MS,
        body: Buffer.concat(chunks).toString('utf8'),
      },
      agents,
    );
    if ('error' in answer) {
      res.writeHead(502, { [ERROR_HEADER]: '1', 'Content-Type': 'text/plain' }).end(answer.error);
      return;
    }
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
  };
}

export interface WebhookCaller {
  /** the apiserver's worker options with the WEBHOOK_CALLER binding added */
  bind(opts: WorkerOptions): WorkerOptions;
  /** stops the server, its connections and those to webhooks */
  close(): Promise<void>;
}

const DIR_PREFIX = 'timonier-webhooks-';

/** Removes the socket directories of runtimes that were killed (their pid, in the name, is gone). */
async function sweepOrphans(): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM'; // another user's: not ours to remove
    }
  };
  for (const name of await readdir(tmpdir()).catch(() => [] as string[])) {
    const pid = Number(new RegExp(`^${DIR_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (pid && !alive(pid)) await rm(join(tmpdir(), name), { recursive: true, force: true }).catch(() => {});
  }
}

/** Starts the caller's server (`agents`: its connections to webhooks). */
export async function startWebhookCaller(agents = new WebhookAgents()): Promise<WebhookCaller> {
  // a short path (a socket's is limited to 108 bytes), in a directory of mode 0700: no other
  // local user can have calls made through it
  await sweepOrphans();
  const dir = await mkdtemp(join(tmpdir(), `${DIR_PREFIX}${process.pid}-`));
  const path = join(dir, 'caller.sock');
  const handle = webhookCallerHandler(agents);
  const open = new Set<Socket>();
  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  server.on('connection', (s) => (open.add(s), s.once('close', () => open.delete(s))));
  // workerd keeps its connection for the next call; Node's 5 s default would close it between bursts
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((ok, fail) => (server.once('error', fail), server.listen(path, ok)));
  return {
    bind(opts) {
      const bindings = (opts.serviceBindings ?? {}) as Record<string, unknown>;
      return { ...opts, serviceBindings: { ...bindings, WEBHOOK_CALLER: { external: { address: `unix:${path}`, http: {} } } } as WorkerOptions['serviceBindings'] };
    },
    async close() {
      for (const s of open) s.destroy();
      await new Promise<void>((ok) => server.close(() => ok()));
      agents.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
