/**
 * The agent's end of an interactive stream: the client's WebSocket messages come in one by one
 * (relayed verbatim by the tunnel), and what the agent sends goes out as messages. Two protocols:
 * - exec and attach: the channel protocol (v5 or v4.channel.k8s.io) in front of a RemoteProcess;
 * - port-forward: SPDY/3.1 as a server (kubectl's tunnelled port-forward), each pair of streams
 *   (error, data) with one request id being one TCP connection to a port of the pod.
 */
import { CHANNEL, channelFrame, failureStatus, V5 } from '../../lib/tunnel/channels.ts';
import type { PortConnection, ProcessOutput, RemoteProcess } from '../runtime/types.ts';
import { SpdySession, type SpdyStream } from './spdy.ts';

export interface StreamIO {
  /** one message to the client */
  send(bytes: Uint8Array): void;
  /** the stream is over: the client's socket closes */
  end(): void;
}

export interface StreamSession {
  /** one message from the client */
  receive(message: Uint8Array): void;
  /** the client left */
  cancel(): void;
}

const enc = new TextEncoder();
const SUCCESS = enc.encode(JSON.stringify({ metadata: {}, status: 'Success' }));

/** exec or attach: `start` runs the process once the session exists (messages wait for it). */
export function channelSession(protocol: string, io: StreamIO, start: (out: ProcessOutput) => Promise<RemoteProcess>): StreamSession {
  const v5 = protocol === V5;
  let proc: RemoteProcess | undefined;
  let cancelled = false;
  let over = false;
  const early: Uint8Array[] = [];
  const finish = (status: Uint8Array) => {
    if (over) return;
    over = true;
    io.send(channelFrame(CHANNEL.error, status));
    io.end();
  };
  const handle = (p: RemoteProcess, m: Uint8Array) => {
    if (!m.byteLength) return;
    const data = m.subarray(1);
    if (m[0] === CHANNEL.stdin) p.write(data);
    else if (m[0] === CHANNEL.resize) p.resize(data);
    // v5: [255, 0] closes stdin
    else if (v5 && m[0] === CHANNEL.close && data[0] === CHANNEL.stdin) p.endInput();
  };
  const out: ProcessOutput = {
    stdout: (b) => !over && io.send(channelFrame(CHANNEL.stdout, b)),
    stderr: (b) => !over && io.send(channelFrame(CHANNEL.stderr, b)),
  };
  start(out).then(
    (p) => {
      if (cancelled) return p.close();
      proc = p;
      for (const m of early.splice(0)) handle(p, m);
      void p.done.then((status) => finish(status ?? SUCCESS));
    },
    (e: Error & { code?: number }) => finish(enc.encode(JSON.stringify(failureStatus(e.message, e.code)))),
  );
  return {
    receive(m) {
      if (proc) handle(proc, m);
      else early.push(m);
    },
    cancel() {
      cancelled = true;
      over = true;
      proc?.close();
    },
  };
}

/** port-forward: SPDY served over the client's messages; `connect` dials a port of the pod. */
export function portForwardSession(io: StreamIO, pod: string, connect: (port: number) => Promise<PortConnection>): StreamSession {
  const waiting = new Map<string, { error?: SpdyStream; data?: SpdyStream }>();
  const open = new Set<PortConnection>();
  const session = new SpdySession({
    role: 'server',
    write: (b) => io.send(b),
    onClose: () => {
      for (const c of open) c.close();
      io.end();
    },
    onStream(s) {
      const id = s.headers.requestid ?? '';
      const type = s.headers.streamtype;
      if (type !== 'error' && type !== 'data') return s.reset();
      const pair = waiting.get(id) ?? {};
      pair[type] = s;
      waiting.set(id, pair);
      if (pair.error && pair.data) {
        waiting.delete(id);
        forward(pair.error, pair.data);
      }
    },
  });

  function forward(error: SpdyStream, data: SpdyStream) {
    const port = Number(data.headers.port);
    const fail = (message: string) => {
      error.write(enc.encode(message));
      error.end();
      data.end();
    };
    if (!Number.isInteger(port) || port < 1 || port > 65535) return fail(`invalid port: ${JSON.stringify(data.headers.port ?? '')}`);
    connect(port).then(
      (conn) => {
        open.add(conn);
        data.onData((b) => conn.write(b));
        data.onEnd(() => conn.end());
        conn.onData((b) => data.write(b));
        conn.onEnd((e) => {
          open.delete(conn);
          if (e) error.write(enc.encode(`error forwarding port ${port} to pod ${pod}: ${e}`));
          error.end();
          data.end();
        });
      },
      (e: Error) => fail(`error forwarding port ${port} to pod ${pod}: ${e.message}`),
    );
  }

  return {
    receive: (m) => session.receive(m),
    cancel() {
      for (const c of open) c.close();
      session.transportClosed();
    },
  };
}
