/**
 * NodeTunnel: one per cluster and node, the far end of the WebSocket its agent opened
 * (lib/tunnel/protocol.ts), through which the apiserver reaches a node that accepts no
 * connection of its own (a laptop behind NAT).
 *
 * Contract:
 * - At most one agent socket is live: a new connection replaces the old one, whose requests fail.
 * - The agent socket is accepted through the hibernation API: an idle tunnel costs nothing, and
 *   the agent's pings are answered by the platform without waking the object.
 * - A request in flight keeps the object awake, so `pending` (in memory) is complete whenever a
 *   reply can arrive; a reply for an unknown id (its client left) is dropped.
 * - Every request ends exactly once: with the agent's answer, its error, the client leaving, or
 *   the socket closing.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../workers/apiserver/env.ts';
import { errorResponse, LogFeed } from './log-feed.ts';
import { fromBase64, parseDataFrame, PING, PONG, REPLACED, type ExecRequest, type ExecResult, type FromAgent, type LogsRequest, type ToAgent, type TunnelError } from '../lib/tunnel/protocol.ts';

const AGENT = 'agent';
/** kubectl gets the response headers at the first log byte, or after this long with none */
const FIRST_BYTE_WAIT_MS = 1000;
/** log bytes held for a client that reads slower than the node writes (there is no flow control) */
const MAX_QUEUED_BYTES = 16 << 20;

export type TunnelReply<T> = { ok: true; value: T } | { ok: false; error: TunnelError };

interface Pending {
  ws: WebSocket;
  data?(bytes: Uint8Array): void;
  result?(msg: Extract<FromAgent, { type: 'exec-result' }>): void;
  end(error?: TunnelError): void;
}

export const notConnected = (node: string): TunnelError => ({ code: 503, message: `node "${node}" has no tunnel open: its agent is not running or cannot reach the API` });

export class NodeTunnel extends DurableObject<Env> {
  private pending = new Map<number, Pending>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** `/connect`: the agent's WebSocket (authorized by the apiserver); `/logs`: a log stream. */
  override async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === '/connect') return this.accept(request);
    if (path === '/logs' && request.method === 'POST') {
      const { node, req } = (await request.json()) as { node: string; req: LogsRequest };
      return this.logs(node, req);
    }
    return new Response('not found', { status: 404 });
  }

  /** Whether an agent is connected. */
  connected(): boolean {
    return this.agent() !== undefined;
  }

  /** Runs a command in a container on the node; resolves when it has exited. */
  async exec(node: string, req: ExecRequest): Promise<TunnelReply<ExecResult>> {
    const ws = this.agent();
    if (!ws) return { ok: false, error: notConnected(node) };
    const id = this.newId();
    return new Promise((resolve) => {
      this.pending.set(id, {
        ws,
        result: (m) => {
          this.pending.delete(id);
          resolve({ ok: true, value: { exitCode: m.exitCode, stdout: fromBase64(m.stdout), stderr: fromBase64(m.stderr) } });
        },
        end: (error) => {
          this.pending.delete(id);
          resolve({ ok: false, error: error ?? { code: 500, message: 'the node agent ended the exec without a result' } });
        },
      });
      this.send(ws, id, { type: 'exec', id, req });
    });
  }

  private accept(request: Request): Response {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('expected a WebSocket upgrade', { status: 426 });
    for (const old of this.ctx.getWebSockets(AGENT)) old.close(REPLACED, 'replaced by a newer connection');
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [AGENT]);
    return new Response(null, { status: 101, webSocket: client });
  }

  private logs(node: string, req: LogsRequest): Promise<Response> {
    const ws = this.agent();
    if (!ws) return Promise.resolve(errorResponse(notConnected(node)));
    const id = this.newId();
    const feed = new LogFeed();
    // the client went away (or cannot keep up): tell the agent to stop
    const cancel = () => {
      if (this.pending.delete(id)) this.send(ws, id, { type: 'cancel', id });
    };
    this.pending.set(id, {
      ws,
      data: (bytes) => {
        if (feed.push(bytes) > MAX_QUEUED_BYTES) {
          cancel(); // the client cannot keep up: end its log rather than hold the node's in memory
          feed.end();
        }
      },
      end: (error) => {
        this.pending.delete(id);
        feed.end(error);
      },
    });
    this.send(ws, id, { type: 'logs', id, req });
    return feed.response(FIRST_BYTE_WAIT_MS, cancel);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message !== 'string') {
      const frame = parseDataFrame(new Uint8Array(message));
      if (frame) this.pending.get(frame.id)?.data?.(frame.bytes);
      return;
    }
    let msg: FromAgent;
    try {
      msg = JSON.parse(message) as FromAgent;
    } catch {
      return ws.close(1007, 'messages must be JSON');
    }
    const p = this.pending.get(msg.id);
    if (!p || p.ws !== ws) return;
    if (msg.type === 'exec-result') p.result?.(msg);
    else if (msg.type === 'end') p.end(msg.error);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.dropSocket(ws, `the node's tunnel closed (${code}${reason ? ` ${reason}` : ''})`);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    this.dropSocket(ws, `the node's tunnel failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  private dropSocket(ws: WebSocket, message: string) {
    for (const p of [...this.pending.values()]) if (p.ws === ws) p.end({ code: 503, message });
  }

  /** Sends to the agent; a socket that cannot take it ends the request. */
  private send(ws: WebSocket, id: number, msg: ToAgent) {
    try {
      ws.send(JSON.stringify(msg));
    } catch (e) {
      this.pending.get(id)?.end({ code: 503, message: `the node's tunnel is closing: ${e instanceof Error ? e.message : String(e)}` });
    }
  }

  private agent(): WebSocket | undefined {
    return this.ctx.getWebSockets(AGENT).findLast((ws) => ws.readyState === WebSocket.OPEN);
  }

  private newId(): number {
    for (;;) {
      const id = crypto.getRandomValues(new Uint32Array(1))[0];
      if (id !== 0 && !this.pending.has(id)) return id;
    }
  }
}
