/**
 * The node tunnel's wire protocol, shared by the NodeTunnel Durable Object and the node agent.
 *
 * The agent dials out once: a WebSocket to `tunnelPath(node)` on the apiserver, authenticated as
 * system:node:<node>, which the apiserver hands to that node's NodeTunnel object. Over it:
 * - the tunnel sends requests as JSON text messages (`ToAgent`), each with a fresh id;
 * - the agent answers with JSON text messages (`FromAgent`), and streams log bytes as binary
 *   messages: a 4-byte big-endian request id, then the bytes;
 * - `"ping"` from the agent is answered `"pong"` by the platform without waking the object, which
 *   keeps NAT mappings open and tells the agent its connection is alive.
 * - interactive streams (exec and attach with stdin and a terminal, port-forward) are relayed
 *   verbatim: each WebSocket message of the client becomes one binary frame to the agent (the
 *   same 4-byte id, then the message), and each of the agent's frames for that id becomes one
 *   message to the client. The agent speaks the client's protocol (`StreamRequest.protocol`:
 *   v5/v4.channel.k8s.io, SPDY/3.1 tunnelled for port-forward); the tunnel only carries bytes.
 *   `end` from the agent closes the client's socket; `cancel` tells the agent the client left.
 * Ordering: one WebSocket, so an id's data messages arrive before its `end`.
 */

export const TUNNEL_PREFIX = '/timonier/v1/nodes/';
/** where the agent opens its tunnel */
export const tunnelPath = (node: string) => `${TUNNEL_PREFIX}${encodeURIComponent(node)}/tunnel`;
/** where a join token (or a node's own credential) is exchanged for a node credential */
export const JOIN_PATH = '/timonier/v1/node-credentials';

/** the header carrying an interactive stream's node and request from the apiserver to the tunnel */
export const STREAM_HEADER = 'X-Timonier-Stream';

export const PING = 'ping';
/** the close code of an agent socket that a newer connection of the same node replaced */
export const REPLACED = 4000;
export const PONG = 'pong';

/** `kubectl logs` parameters, as the apiserver received them on pods/log. */
export interface LogsRequest {
  namespace: string;
  pod: string;
  container: string;
  follow: boolean;
  /** the previous (terminated) instance of the container */
  previous: boolean;
  tailLines?: number;
  sinceSeconds?: number;
  timestamps: boolean;
  limitBytes?: number;
}

/** `kubectl exec` parameters. The command runs to completion (CRI ExecSync); no interactive stdin. */
export interface ExecRequest {
  namespace: string;
  pod: string;
  container: string;
  command: string[];
  stdin: boolean;
  tty: boolean;
}

export interface ExecResult {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number;
}

/** An error the agent reports: `code` is the HTTP status the client sees (default 400, as the kubelet's). */
export interface TunnelError {
  code?: number;
  message: string;
}

/** An interactive stream: what the client asked for and the subprotocol the API agreed with it. */
export interface StreamRequest {
  kind: 'exec' | 'attach' | 'portforward';
  namespace: string;
  pod: string;
  /** '' for port-forward */
  container: string;
  /** exec only */
  command: string[];
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  tty: boolean;
  /** the negotiated WebSocket subprotocol, e.g. v5.channel.k8s.io or SPDY/3.1+portforward.k8s.io */
  protocol: string;
}

/**
 * An admission webhook served on this node (a `service` webhook whose endpoint is here): the agent
 * POSTs the review over HTTPS to the endpoint itself, trusting `caPem` and checking `serverName`,
 * as kube-apiserver would. Works behind NAT: the agent dialled out.
 */
export interface WebhookCall {
  /** the endpoint's address and port (from its EndpointSlice) */
  host: string;
  port: number;
  /** path and query, e.g. `/validate?timeout=10s` */
  path: string;
  /** the name the certificate must carry: `<service>.<namespace>.svc` */
  serverName: string;
  /** the webhook's caBundle (PEM); none: the node's system roots */
  caPem?: string;
  body: string;
  timeoutMs: number;
}

/**
 * A node's resource usage (metrics.k8s.io, as the kubelet's summary feeds metrics-server): CPU as
 * a rate over the window between two of the agent's samples, memory as the working set.
 */
export interface UsageSample {
  /** the end of the window (RFC 3339) */
  timestamp: string;
  windowSeconds: number;
  cpuNanoCores: number;
  memoryBytes: number;
}

export interface NodeStats {
  /** absent until the agent has two samples of the node */
  node?: UsageSample;
  /** running pods with a rate for every container (a container seen once is left out, as metrics-server does) */
  pods: { namespace: string; name: string; timestamp: string; windowSeconds: number; containers: ({ name: string } & Omit<UsageSample, 'timestamp' | 'windowSeconds'>)[] }[];
}

export type ToAgent =
  | { type: 'logs'; id: number; req: LogsRequest }
  /** the node's and its pods' usage (metrics.k8s.io) */
  | { type: 'stats'; id: number }
  | { type: 'exec'; id: number; req: ExecRequest }
  | { type: 'webhook'; id: number; req: WebhookCall }
  | { type: 'stream'; id: number; req: StreamRequest }
  /** the client went away: stop the request */
  | { type: 'cancel'; id: number };

export type FromAgent =
  /** a logs request is over (with `error`: it failed; for exec: it failed before a result) */
  | { type: 'end'; id: number; error?: TunnelError }
  | { type: 'exec-result'; id: number; exitCode: number; stdout: string; stderr: string }
  /** the webhook's answer; a transport failure is an `end` with the error (Go's words) */
  | { type: 'webhook-result'; id: number; status: number; body: string }
  | { type: 'stats-result'; id: number; stats: NodeStats };

/** A log chunk of request `id`, as one binary message. */
export function dataFrame(id: number, bytes: Uint8Array): Uint8Array {
  const frame = new Uint8Array(4 + bytes.byteLength);
  new DataView(frame.buffer).setUint32(0, id);
  frame.set(bytes, 4);
  return frame;
}

export function parseDataFrame(frame: Uint8Array): { id: number; bytes: Uint8Array } | undefined {
  if (frame.byteLength < 4) return undefined;
  return { id: new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0), bytes: frame.subarray(4) };
}

/** base64 without Node's Buffer (exec output travels in JSON). */
export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
