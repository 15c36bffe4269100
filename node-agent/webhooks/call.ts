/**
 * An admission webhook call the apiserver asks of this node (a `service` webhook whose endpoint
 * runs here, lib/tunnel/protocol.ts WebhookCall): the agent makes the HTTPS call itself, trusting
 * the webhook's caBundle and checking the name `<service>.<namespace>.svc`, as kube-apiserver
 * would. A transport failure is thrown with Go's words, which the apiserver quotes.
 */
import type { WebhookCall } from '../../lib/tunnel/protocol.ts';
import { httpsCall } from '../../lib/webhooks/https-call.ts';

export interface WebhookReply {
  status: number;
  body: string;
}

/** `dial` maps the endpoint's address to where to connect (tests: a local server); default: as is. */
export async function callWebhook(req: WebhookCall, dial: (host: string, port: number) => { host: string; port: number } = (host, port) => ({ host, port })): Promise<WebhookReply> {
  const to = dial(req.host, req.port);
  const r = await httpsCall({ host: to.host, port: to.port, path: req.path, serverName: req.serverName, caPem: req.caPem, body: req.body, timeoutMs: req.timeoutMs });
  if (!r.ok) throw Object.assign(new Error(r.error), { code: 502 });
  return { status: r.status, body: r.body };
}
