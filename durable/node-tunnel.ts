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
 * - An interactive stream (`/stream`: exec, attach, port-forward) is the client's WebSocket,
 *   accepted here with the tag `stream:<id>`; its messages and the agent's frames for that id are
 *   relayed as they are, without state in memory, so an idle shell lets the object hibernate.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../workers/apiserver/env.ts';
import { errorResponse, LogFeed } from './log-feed.ts';
import { dataFrame, fromBase64, parseDataFrame, PING, PONG, REPLACED, STREAM_HEADER, type ExecRequest, type ExecResult, type FromAgent, type LogsRequest, type NodeStats, type StreamRequest, type ToAgent, type TunnelError, type WebhookCall } from '../lib/tunnel/protocol.ts';

const AGENT = 'agent';
const STREAM = 'stream:';

/** kubectl gets the response headers at the first log byte, or after this long with none */
const FIRST_BYTE_WAIT_MS = 1000;
/** log bytes held for a client that reads slower than the node writes (there is no flow control) */
const MAX_QUEUED_BYTES = 16 << 20;

export type TunnelReply<T> = { ok: true; value: T } | { ok: false; error: TunnelError };

interface Pending {
  ws: WebSocket;
  data?(bytes: Uint8Array): void;
  result?(msg: Extract<FromAgent, { type: 'exec-result' }>): void;
  webhook?(msg: Extract<FromAgent, { type: 'webhook-result' }>): void;
  stats?(msg: Extract<FromAgent, { type: 'stats-result' }>): void;
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
    if (path === '/stream') return this.stream(request);
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

  /**
   * Calls an admission webhook served on the node (the agent makes the HTTPS call); resolves with
   * its answer, or the agent's transport error, or a timeout a second after the webhook's own.
   */
  async webhook(node: string, req: WebhookCall): Promise<TunnelReply<{ status: number; body: string }>> {
    const ws = this.agent();
    if (!ws) return { ok: false, error: notConnected(node) };
    const id = this.newId();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.pending.get(id)?.end({ code: 504, message: 'context deadline exceeded' }), req.timeoutMs + 1000);
      this.pending.set(id, {
        ws,
        webhook: (m) => {
          clearTimeout(timer);
          this.pending.delete(id);
          resolve({ ok: true, value: { status: m.status, body: m.body } });
        },
        end: (error) => {
          clearTimeout(timer);
          if (!this.pending.delete(id)) return;
          resolve({ ok: false, error: error ?? { code: 500, message: 'the node agent ended the webhook call without an answer' } });
        },
      });
      this.send(ws, id, { type: 'webhook', id, req });
    });
  }

  /** The node's and its pods' resource usage (metrics.k8s.io); an agent that does not answer within `timeoutMs` is a 504. */
  async stats(node: string, timeoutMs = 5000): Promise<TunnelReply<NodeStats>> {
    const ws = this.agent();
    if (!ws) return { ok: false, error: notConnected(node) };
    const id = this.newId();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.pending.get(id)?.end({ code: 504, message: `node "${node}" did not report its usage in time` }), timeoutMs);
      this.pending.set(id, {
        ws,
        stats: (m) => {
          clearTimeout(timer);
          this.pending.delete(id);
          resolve({ ok: true, value: m.stats });
        },
        end: (error) => {
          clearTimeout(timer);
          if (!this.pending.delete(id)) return;
          resolve({ ok: false, error: error ?? { code: 500, message: 'the node agent ended the stats request without an answer' } });
        },
      });
      this.send(ws, id, { type: 'stats', id });
    });
  }

  private accept(request: Request): Response {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('expected a WebSocket upgrade', { status: 426 });
    for (const old of this.ctx.getWebSockets(AGENT)) old.close(REPLACED, 'replaced by a newer connection');
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [AGENT]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The client's WebSocket of an interactive stream, relayed to the agent under a fresh id. */
  private stream(request: Request): Response {
    const { node, req } = JSON.parse(request.headers.get(STREAM_HEADER) ?? '{}') as { node: string; req: StreamRequest };
    const ws = this.agent();
    if (!ws) return errorResponse(notConnected(node));
    const id = this.newId();
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [`${STREAM}${id}`]);
    try {
      ws.send(JSON.stringify({ type: 'stream', id, req } satisfies ToAgent));
    } catch (e) {
      return errorResponse({ code: 503, message: `the node's tunnel is closing: ${e instanceof Error ? e.message : String(e)}` });
    }
    return new Response(null, { status: 101, webSocket: client, headers: { 'Sec-WebSocket-Protocol': req.protocol } });
  }

  /** The stream id of a client socket, or undefined for the agent's. */
  private streamId(ws: WebSocket): number | undefined {
    const tag = this.ctx.getTags(ws).find((t) => t.startsWith(STREAM));
    return tag === undefined ? undefined : Number(tag.slice(STREAM.length));
  }

  private client(id: number): WebSocket | undefined {
    return this.ctx.getWebSockets(`${STREAM}${id}`)[0];
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
    const stream = this.streamId(ws);
    if (stream !== undefined) {
      // the client's message, as it is, to the agent
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : new Uint8Array(message);
      const agent = this.agent();
      if (!agent) return ws.close(1011, 'the node is no longer connected');
      try {
        agent.send(dataFrame(stream, bytes));
      } catch {
        ws.close(1011, 'the node is no longer connected');
      }
      return;
    }
    if (typeof message !== 'string') {
      const frame = parseDataFrame(new Uint8Array(message));
      if (!frame) return;
      const p = this.pending.get(frame.id);
      if (p) p.data?.(frame.bytes);
      else this.sendToClient(frame.id, frame.bytes);
      return;
    }
    let msg: FromAgent;
    try {
      msg = JSON.parse(message) as FromAgent;
    } catch {
      return ws.close(1007, 'messages must be JSON');
    }
    const p = this.pending.get(msg.id);
    if (!p && msg.type === 'end') return this.closeClient(msg.id, msg.error);
    if (!p || p.ws !== ws) return;
    if (msg.type === 'exec-result') p.result?.(msg);
    else if (msg.type === 'webhook-result') p.webhook?.(msg);
    else if (msg.type === 'stats-result') p.stats?.(msg);
    else if (msg.type === 'end') p.end(msg.error);
  }

  private sendToClient(id: number, bytes: Uint8Array) {
    try {
      this.client(id)?.send(bytes);
    } catch {
      // the client left; its close tells the agent
    }
  }

  private closeClient(id: number, error?: TunnelError) {
    try {
      this.client(id)?.close(error ? 1011 : 1000, error?.message.slice(0, 120) ?? '');
    } catch {
      // already closed
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    const stream = this.streamId(ws);
    if (stream !== undefined) {
      // the client left: the agent stops the process or connection
      try {
        this.agent()?.send(JSON.stringify({ type: 'cancel', id: stream } satisfies ToAgent));
      } catch {
        // the agent is gone too
      }
      try {
        ws.close(1000, '');
      } catch {
        // already closed
      }
      return;
    }
    this.dropSocket(ws, `the node's tunnel closed (${code}${reason ? ` ${reason}` : ''})`);
    for (const c of this.ctx.getWebSockets()) if (this.streamId(c) !== undefined) c.close(1011, 'the node disconnected');
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    if (this.streamId(ws) !== undefined) return this.webSocketClose(ws, 1006, '');
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
