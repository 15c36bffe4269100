/**
 * The contract between the node agent and its tunnel: what the apiserver may ask of a node
 * (pods/log, pods/exec) and the handlers the agent gives to serve it. The agent only dials out;
 * every request reaches it over the one WebSocket it opened (openTunnel).
 */

import type { ExecRequest, ExecResult, LogsRequest, NodeStats, StreamRequest, WebhookCall } from '../../lib/tunnel/protocol.ts';
import type { StreamIO, StreamSession } from '../streams/sessions.ts';

export type { ExecRequest, ExecResult, LogsRequest, NodeStats, StreamIO, StreamRequest, StreamSession, WebhookCall };

export interface TunnelHandlers {
  /**
   * Writes the log to `out` and resolves when done (at once without `follow`; with `follow` when
   * the container stops or `signal` aborts because the client went away). A thrown error is
   * reported to the client; the tunnel closes `out` itself.
   */
  logs(req: LogsRequest, out: WritableStreamDefaultWriter<Uint8Array>, signal: AbortSignal): Promise<void>;
  exec(req: ExecRequest): Promise<ExecResult>;
  /**
   * An interactive stream (exec, attach, port-forward): the session speaks the client's protocol
   * over `io`, and receives the client's messages. Optional: a node without it refuses streams.
   */
  stream?(req: StreamRequest, io: StreamIO): StreamSession;
  /**
   * An admission webhook served on this node (node-agent/webhooks/call.ts): the webhook's status
   * and body; a thrown error is a transport failure, in Go's words. Optional: a node without it
   * answers that it serves no webhooks.
   */
  webhook?(req: WebhookCall): Promise<{ status: number; body: string }>;
  /** The node's and its pods' usage (metrics.k8s.io, node-agent/metrics/). Optional: a node without it reports none. */
  stats?(): Promise<NodeStats>;
}

export interface JoinOptions {
  /** the API's base URL, e.g. https://203.0.113.7:6443 */
  server: string;
  /** a bootstrap token, `<6 chars>.<16 chars>` (timonier token create); not needed once joined */
  token?: string;
  nodeName: string;
  /** where the credential is kept (credential.json, mode 0600) */
  stateDir: string;
  /** the cluster CA; without it the CA comes from kube-public/cluster-info, checked with the token */
  caPem?: string;
}

export interface NodeCredential {
  /** bearer token of system:node:<name> (group system:nodes) */
  credential: string;
  caPem: string;
}

export interface TunnelOptions {
  server: string;
  credential: string;
  caPem: string;
  nodeName: string;
  handlers: TunnelHandlers;
  /** aborting closes the tunnel for good */
  signal?: AbortSignal;
  /** progress lines (connected, reconnecting in Ns); default: none */
  log?: (line: string) => void;
}

export interface Tunnel {
  /** resolves once the tunnel is connected (the first time) */
  ready: Promise<void>;
  /** closes the tunnel and stops reconnecting */
  close(): void;
}
