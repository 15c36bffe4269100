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
 * The binding is a Node-style handler (miniflare's `{ node }` service): the review and the answer
 * pass as bytes, not through fetch's Request and Response. Connections to webhooks are kept alive
 * and reused between calls (lib/webhooks/agents.ts), as kube-apiserver's are.
 *
 * In production there is no such binding: `url` webhooks are called with the Worker's fetch, so
 * they need a certificate from a public CA; `service` webhooks go through a node's tunnel and
 * work with any caBundle.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** The apiserver's worker options with the WEBHOOK_CALLER binding added (its connections: `agents`). */
export function withWebhookCaller(opts: WorkerOptions, agents = new WebhookAgents()): WorkerOptions {
  const bindings = (opts.serviceBindings ?? {}) as Record<string, unknown>;
  return { ...opts, serviceBindings: { ...bindings, WEBHOOK_CALLER: { node: webhookCallerHandler(agents) } } as WorkerOptions['serviceBindings'] };
}
