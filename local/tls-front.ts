/**
 * The API's HTTPS port. Node terminates TLS with the runtime's certificate and pipes each
 * connection's plaintext bytes, unchanged, to the API worker's own plain-HTTP socket in workerd
 * (miniflare's `unsafeDirectSockets`). Requests then skip miniflare's entry worker, a JS isolate
 * that costs about a fifth of workerd's CPU per request, and workerd's single thread no longer
 * does the TLS either: both move to Node, on the other core.
 *
 * With `--api-processes N` (api-processes.ts) there are N such sockets, one per workerd process:
 * each new connection goes to the next in turn. A connection stays with its process, so a
 * keep-alive client's requests, a watch or a WebSocket are served by one process throughout.
 *
 * A byte pipe, not a proxy: keep-alive, chunked watch streams and WebSocket upgrades (exec,
 * attach, port-forward, the node agents' tunnel) pass as they are, and the Host header is the
 * client's.
 */
import { connect, type Socket } from 'node:net';
import { createServer, type TLSSocket } from 'node:tls';

export interface TlsFrontOptions {
  host: string;
  /** 0 picks a free port */
  port: number;
  keyPem: string;
  certPem: string;
  /** the plain-HTTP sockets the bytes go to, one connection to each in turn */
  targets: { host: string; port: number }[];
}

export interface TlsFront {
  port: number;
  /** stops listening and ends every open connection (watches included) */
  close(): Promise<void>;
}

export async function startTlsFront(opts: TlsFrontOptions): Promise<TlsFront> {
  if (opts.targets.length === 0) throw new Error('the TLS front needs at least one target');
  let turn = 0;
  const open = new Set<Socket>();
  const track = (s: Socket) => {
    open.add(s);
    s.once('close', () => open.delete(s));
  };
  // allowHalfOpen: a client that half-closes after its request still gets the answer; pipe()
  // forwards each side's end to the other
  const server = createServer({ key: opts.keyPem, cert: opts.certPem, allowHalfOpen: true }, (client: TLSSocket) => {
    const target = opts.targets[turn++ % opts.targets.length]!;
    const upstream = connect({ host: target.host, port: target.port, allowHalfOpen: true, noDelay: true });
    track(client);
    track(upstream);
    client.setNoDelay(true);
    client.pipe(upstream);
    upstream.pipe(client);
    // either side gone for good (closed, reset, refused): the other goes too
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      a.on('error', () => b.destroy());
      a.once('close', () => b.destroy());
    }
  });
  // every connection from its first byte, so that close() also ends those still in their handshake
  server.on('connection', track);
  // a failed handshake (a plain-HTTP client, an untrusted CA) concerns that connection alone
  server.on('tlsClientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    // the words workerd used when it held the port, for `npm start`'s "could not start" line
    const failed = (e: NodeJS.ErrnoException) => reject(e.code === 'EADDRINUSE' ? new Error(`Address already in use: ${opts.host}:${opts.port}`) : e);
    server.once('error', failed);
    server.listen(opts.port, opts.host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  let closing: Promise<void> | undefined;
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of open) s.destroy();
      })),
  };
}
