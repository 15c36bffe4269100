/**
 * What the webhook admission plugins need from a request beyond the built-ins' context: how to
 * reach webhooks (bindings), the request's options, and where warnings go. A store context
 * without it (the server's own writes: bootstrap, cluster creation) calls no webhook.
 */
import type { NodeTunnel } from '../../../../durable/node-tunnel.ts';
import type { Background } from '../../cache/followed.ts';

export interface WebhookBindings {
  NODE_TUNNEL: DurableObjectNamespace<NodeTunnel>;
  /**
   * Local runtime only (local/webhook-caller.ts): makes a `url` webhook's call from Node, which
   * can trust the webhook's caBundle; a Worker's own fetch trusts only public roots.
   */
  WEBHOOK_CALLER?: Fetcher;
}

export interface WebhookAttributes {
  env: WebhookBindings;
  /** the request's `fieldManager`, `fieldValidation` and `dryRun` query parameters, for the review's options */
  query: { fieldManager?: string; fieldValidation?: string; dryRun?: string[] };
  /** adds a `Warning` header to the response */
  warn(text: string): void;
  /** the request's waitUntil: the configurations' copy is refreshed there rather than before the answer */
  background?: Background;
}

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';
