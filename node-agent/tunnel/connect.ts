/**
 * The agent's end of the tunnel: one outbound WebSocket to its node's NodeTunnel Durable Object
 * (lib/tunnel/protocol.ts), kept open for as long as the agent runs.
 *
 * Resume rules:
 * - a dropped connection is reopened after 1 s, doubling to 30 s (with jitter), reset once a
 *   connection has stayed up for a minute;
 * - a ping goes out every 20 s; no pong within 10 s means the connection is dead (a NAT forgot
 *   it, a laptop slept), so it is dropped and reopened;
 * - requests in flight when a connection drops are abandoned (their clients see the error from
 *   the tunnel's side); nothing is replayed.
 */
import WebSocket from 'ws';
import { dataFrame, parseDataFrame, PING, PONG, REPLACED, toBase64, tunnelPath, type FromAgent, type ToAgent, type TunnelError } from '../../lib/tunnel/protocol.ts';
import { CHANNEL, channelFrame, exitStatus, failureStatus } from '../../lib/tunnel/channels.ts';
import type { StreamSession } from '../streams/sessions.ts';
import type { Tunnel, TunnelHandlers, TunnelOptions } from './types.ts';
import { apiUrl } from '../../lib/client/url.ts';

const PING_EVERY_MS = 20_000;
const PONG_WITHIN_MS = 10_000;
const BACKOFF = { firstMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 };

export function openTunnel(opts: TunnelOptions): Tunnel {
  const log = opts.log ?? (() => undefined);
  const url = apiUrl(opts.server, tunnelPath(opts.nodeName));
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  let closed = false;
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = BACKOFF.firstMs;
  let markReady!: () => void;
  const ready = new Promise<void>((r) => (markReady = r));

  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${opts.credential}` }, ca: opts.caPem });
    socket = ws;
    const session = serve(ws, opts.handlers);
    let opened = 0;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;
    ws.on('unexpected-response', (_req, res) => {
      log(`tunnel: the API answered ${res.statusCode} ${res.statusMessage ?? ''} instead of opening the tunnel`);
      ws.terminate();
    });
    ws.on('open', () => {
      opened = Date.now();
      log(`tunnel: connected to ${url.origin}`);
      markReady();
      pingTimer = setInterval(() => {
        ws.send(PING);
        pongTimer ??= setTimeout(() => {
          log('tunnel: no answer to ping, reconnecting');
          ws.terminate();
        }, PONG_WITHIN_MS);
      }, PING_EVERY_MS);
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return session.data(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer));
      const text = data.toString();
      if (text === PONG) {
        clearTimeout(pongTimer);
        pongTimer = undefined;
      } else if (text !== undefined) session.receive(text);
    });
    ws.on('error', (e) => log(`tunnel: ${e.message}`));
    ws.on('close', (code, reason) => {
      clearInterval(pingTimer);
      clearTimeout(pongTimer);
      session.abandon();
      if (socket === ws) socket = undefined;
      if (closed) return;
      if (opened && Date.now() - opened > BACKOFF.resetAfterMs) delay = BACKOFF.firstMs;
      // another agent took this node's tunnel: two agents with one name is a mistake, not a blip
      if (code === REPLACED) {
        log(`tunnel: another agent connected as node "${opts.nodeName}"; each agent needs its own node name`);
        delay = BACKOFF.maxMs;
      }
      const wait = Math.round(delay * (0.8 + Math.random() * 0.4));
      delay = Math.min(delay * 2, BACKOFF.maxMs);
      log(`tunnel: disconnected (${code}${reason.length ? ` ${reason.toString()}` : ''}), reconnecting in ${(wait / 1000).toFixed(1)} s`);
      retry = setTimeout(connect, wait);
    });
  };

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(retry);
    socket?.close(1000, 'agent stopping');
  };
  opts.signal?.addEventListener('abort', close, { once: true });
  if (opts.signal?.aborted) close();
  else connect();
  return { ready, close };
}

/** The requests of one connection: dispatch to the handlers, stream their answers back. */
function serve(ws: WebSocket, handlers: TunnelHandlers) {
  const running = new Map<number, AbortController>();
  const streams = new Map<number, StreamSession>();
  const send = (msg: FromAgent) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify(msg));
  const finish = (id: number, error?: unknown) => {
    if (!running.delete(id)) return; // cancelled: the tunnel expects nothing more
    send({ type: 'end', id, ...(error === undefined ? {} : { error: asTunnelError(error) }) });
  };

  async function logs(id: number, msg: Extract<ToAgent, { type: 'logs' }>, signal: AbortSignal) {
    const out = new WritableStream<Uint8Array>({
      // resolves once the frame is handed to the socket: a fast log waits for a slow network
      write: (chunk) =>
        new Promise<void>((resolve, reject) => {
          if (signal.aborted || ws.readyState !== WebSocket.OPEN) return reject(new Error('the client went away'));
          ws.send(dataFrame(id, chunk), (err) => (err ? reject(err) : resolve()));
        }),
    }).getWriter();
    try {
      await handlers.logs(msg.req, out, signal);
      finish(id);
    } catch (e) {
      finish(id, signal.aborted ? undefined : e);
    } finally {
      out.close().catch(() => undefined);
    }
  }

  async function exec(id: number, msg: Extract<ToAgent, { type: 'exec' }>) {
    try {
      const r = await handlers.exec(msg.req);
      if (running.delete(id)) send({ type: 'exec-result', id, exitCode: r.exitCode, stdout: toBase64(r.stdout), stderr: toBase64(r.stderr) });
    } catch (e) {
      finish(id, e);
    }
  }

  async function webhook(id: number, msg: Extract<ToAgent, { type: 'webhook' }>) {
    try {
      if (!handlers.webhook) throw Object.assign(new Error('this node serves no admission webhooks'), { code: 502 });
      const r = await handlers.webhook(msg.req);
      if (running.delete(id)) send({ type: 'webhook-result', id, status: r.status, body: r.body });
    } catch (e) {
      finish(id, e);
    }
  }

  async function stats(id: number) {
    try {
      if (!handlers.stats) throw Object.assign(new Error('this node reports no resource usage'), { code: 503 });
      const r = await handlers.stats();
      if (running.delete(id)) send({ type: 'stats-result', id, stats: r });
    } catch (e) {
      finish(id, e);
    }
  }

  function stream(id: number, msg: Extract<ToAgent, { type: 'stream' }>) {
    const io = {
      send: (bytes: Uint8Array) => ws.readyState === WebSocket.OPEN && ws.send(dataFrame(id, bytes)),
      end: () => {
        streams.delete(id);
        finish(id);
      },
    };
    if (!handlers.stream) {
      // handlers without streams: a command without stdin still runs to completion (ExecSync)
      const req = msg.req;
      const json = (x: unknown) => new TextEncoder().encode(JSON.stringify(x));
      if (req.kind === 'exec' && !req.stdin) {
        streams.set(id, { receive: () => undefined, cancel: () => undefined });
        void handlers.exec({ namespace: req.namespace, pod: req.pod, container: req.container, command: req.command, stdin: false, tty: req.tty }).then(
          (r) => {
            if (req.stdout && r.stdout.byteLength) io.send(channelFrame(CHANNEL.stdout, r.stdout));
            if (req.stderr && r.stderr.byteLength) io.send(channelFrame(CHANNEL.stderr, r.stderr));
            io.send(channelFrame(CHANNEL.error, json(exitStatus(req.command, r.exitCode))));
            io.end();
          },
          (e: unknown) => {
            const err = asTunnelError(e);
            io.send(channelFrame(CHANNEL.error, json(failureStatus(err.message, err.code))));
            io.end();
          },
        );
        return;
      }
      if (req.kind !== 'portforward') io.send(channelFrame(CHANNEL.error, json(failureStatus('this node serves no interactive streams', 400))));
      return io.end();
    }
    streams.set(id, handlers.stream(msg.req, io));
  }

  return {
    /** a client's message of stream `id` */
    data(frame: Uint8Array) {
      const f = parseDataFrame(frame);
      if (f) streams.get(f.id)?.receive(f.bytes);
    },
    receive(text: string) {
      let msg: ToAgent;
      try {
        msg = JSON.parse(text) as ToAgent;
      } catch {
        return;
      }
      if (msg.type === 'cancel') {
        running.get(msg.id)?.abort();
        running.delete(msg.id);
        streams.get(msg.id)?.cancel();
        streams.delete(msg.id);
        return;
      }
      const ctl = new AbortController();
      running.set(msg.id, ctl);
      if (msg.type === 'logs') void logs(msg.id, msg, ctl.signal);
      else if (msg.type === 'exec') void exec(msg.id, msg);
      else if (msg.type === 'stream') stream(msg.id, msg);
      else if (msg.type === 'webhook') void webhook(msg.id, msg);
      else if (msg.type === 'stats') void stats(msg.id);
    },
    abandon() {
      for (const ctl of running.values()) ctl.abort();
      running.clear();
      for (const s of streams.values()) s.cancel();
      streams.clear();
    },
  };
}

/** A handler's error as the client will see it: a `code` property (e.g. 404) is kept, else 400. */
function asTunnelError(e: unknown): TunnelError {
  const code = (e as { code?: unknown } | undefined)?.code;
  return { code: typeof code === 'number' && code >= 400 && code < 600 ? code : 400, message: e instanceof Error ? e.message : String(e) };
}
