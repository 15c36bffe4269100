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
 * Ordering: one WebSocket, so an id's data messages arrive before its `end`.
 */

export const TUNNEL_PREFIX = '/timonier/v1/nodes/';
/** where the agent opens its tunnel */
export const tunnelPath = (node: string) => `${TUNNEL_PREFIX}${encodeURIComponent(node)}/tunnel`;
/** where a join token (or a node's own credential) is exchanged for a node credential */
export const JOIN_PATH = '/timonier/v1/node-credentials';

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

export type ToAgent =
  | { type: 'logs'; id: number; req: LogsRequest }
  | { type: 'exec'; id: number; req: ExecRequest }
  /** the client went away: stop the request */
  | { type: 'cancel'; id: number };

export type FromAgent =
  /** a logs request is over (with `error`: it failed; for exec: it failed before a result) */
  | { type: 'end'; id: number; error?: TunnelError }
  | { type: 'exec-result'; id: number; exitCode: number; stdout: string; stderr: string };

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
