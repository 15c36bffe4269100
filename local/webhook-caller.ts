/**
 * Admission webhooks' `url` calls, made by Node for the apiserver worker (locally only).
 *
 * A Worker's fetch trusts public roots only and takes no per-request CA, so a webhook with its own
 * caBundle (a student's self-signed certificate) cannot be called from workerd directly. Rather
 * than reroute all of the worker's outbound traffic through Node (the database calls too), the
 * apiserver gets one more binding, WEBHOOK_CALLER, answered by this function: the apiserver sends
 * the review to the webhook's URL through it, with the caBundle and the deadline in two headers
 * (admission/webhooks/caller-protocol.ts), and this makes the HTTPS call with that CA.
 *
 * In production there is no such binding: `url` webhooks are called with the Worker's fetch, so
 * they need a certificate from a public CA; `service` webhooks go through a node's tunnel and
 * work with any caBundle.
 */
import { Response, type Request, type WorkerOptions } from 'miniflare';
import { CA_BUNDLE_HEADER, ERROR_HEADER, TIMEOUT_HEADER } from '../workers/apiserver/admission/webhooks/caller-protocol.ts';
import { httpsCall } from '../lib/webhooks/https-call.ts';

const DEFAULT_TIMEOUT_MS = 10_000;

export async function callWebhookFromNode(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const ca = request.headers.get(CA_BUNDLE_HEADER);
  const timeoutMs = Number(request.headers.get(TIMEOUT_HEADER)) || DEFAULT_TIMEOUT_MS;
  if (url.protocol !== 'https:') return failed(`unsupported protocol scheme "${url.protocol.replace(/:$/, '')}"`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const r = await httpsCall({
    host,
    port: Number(url.port || 443),
    path: `${url.pathname}${url.search}`,
    caPem: ca ? Buffer.from(ca, 'base64').toString('utf8') : undefined,
    body: await request.text(),
    timeoutMs,
  });
  if (!r.ok) return failed(r.error);
  return new Response(r.body, { status: r.status, headers: { 'Content-Type': 'application/json' } });
}

const failed = (error: string) => new Response(error, { status: 502, headers: { [ERROR_HEADER]: '1', 'Content-Type': 'text/plain' } });

/** The apiserver's worker options with the WEBHOOK_CALLER binding added. */
export function withWebhookCaller(opts: WorkerOptions): WorkerOptions {
  const bindings = (opts.serviceBindings ?? {}) as Record<string, unknown>;
  return { ...opts, serviceBindings: { ...bindings, WEBHOOK_CALLER: callWebhookFromNode } as WorkerOptions['serviceBindings'] };
}
